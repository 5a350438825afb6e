# SPDX-License-Identifier: GPL-2.0-or-later
# tests/nas: end-to-end tests of UE / NAS congestion with the real tshark and the plugin:
# captures crafted by mkcap.py (one of each back-off case, a synchronised T3346, a calm network,
# NEA0 "ciphered" NAS), the public captures (#22 without T3346; #7 and #111 are not congestion),
# and the synthesizer's NAS scenarios compared with their ground truth.
if(NOT AMFOL_PLUGIN_SO)
  return()
endif()
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(NAS_TESTS ${CMAKE_CURRENT_LIST_DIR})
set(NAS_OUT ${CMAKE_BINARY_DIR}/tests/nas)
file(MAKE_DIRECTORY ${NAS_OUT})

foreach(case unprotected mt-reject sm-types backoff causes synchronised calm nea0 garbage)
  add_test(NAME nas.${case}
           COMMAND ${Python3_EXECUTABLE} ${NAS_TESTS}/check_cases.py ${case} ${AMFOL_TSHARK}
                   ${AMFOL_PLUGIN_SO} ${NAS_OUT}/work-${case})
  set_tests_properties(nas.${case} PROPERTIES TIMEOUT 120)
endforeach()
foreach(case public-synthetic public-rejects)
  amfol_public_test(NAME nas.${case} TIMEOUT 120
    COMMAND ${Python3_EXECUTABLE} ${NAS_TESTS}/check_cases.py ${case} ${AMFOL_TSHARK}
            ${AMFOL_PLUGIN_SO} ${NAS_OUT}/work-${case} @PUBLIC@)
endforeach()

# The synthesizer's scenarios (NAS findings and counters): tests/e2e.

# Whether Wireshark deciphered a ciphered NAS-PDU, read from its octets and nas-5gs.null_decipher
# (nas_glue.c wireshark_deciphers) instead of primed message types, against tshark's own decode.
add_test(NAME nas.decipher_bytes
         COMMAND ${Python3_EXECUTABLE} ${NAS_TESTS}/check_decipher_bytes.py ${AMFOL_TSHARK}
                 ${AMFOL_PLUGIN_SO} ${NAS_OUT}/work-decipher-bytes)
set_tests_properties(nas.decipher_bytes PROPERTIES TIMEOUT 180)
