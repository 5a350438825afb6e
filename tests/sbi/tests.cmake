# SPDX-License-Identifier: GPL-2.0-or-later
# tests/sbi: end-to-end tests of the SBI side (issue 6) with the real tshark and the plugin:
# a crafted h2c conversation on a non-HTTP port (Decode As, OCI/LCI, 503 + Retry-After), the real
# Open5GS captures with NRF NFUpdate "replace /load" checked against an oracle from Wireshark's own
# fields, and the synthesizer's scenarios checked against their ground truth.
if(NOT AMFOL_PLUGIN_SO)
  return()
endif()
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(SBI_TESTS ${CMAKE_CURRENT_LIST_DIR})
set(SBI_OUT ${CMAKE_BINARY_DIR}/tests/sbi)
file(MAKE_DIRECTORY ${SBI_OUT})

find_program(SBI_TEXT2PCAP text2pcap)
if(SBI_TEXT2PCAP)
  add_test(NAME sbi.crafted_h2c
           COMMAND ${Python3_EXECUTABLE} ${SBI_TESTS}/crafted_h2c.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
                   ${SBI_OUT}/crafted)
  set_tests_properties(sbi.crafted_h2c PROPERTIES TIMEOUT 120)
endif()

# sbi-overload-ignored by overload scope (issue 9 item 14, issue 10 SCP): per case a compliant
# look-alike (requests outside the scope or high priority keep their rate) and the violation.
foreach(case scp scp-fqdn slice priority set service service-set callback)
  add_test(NAME sbi.scope.${case}
           COMMAND ${Python3_EXECUTABLE} ${SBI_TESTS}/check_scope.py ${case} ${AMFOL_TSHARK}
                   ${AMFOL_PLUGIN_SO} ${SBI_OUT}/scope-${case})
  set_tests_properties(sbi.scope.${case} PROPERTIES TIMEOUT 120)
endforeach()

# SBI over TLS (issue 10 point 7): a real TLS 1.3 handshake made in memory by Python's ssl with a
# key log; unread without it (named, with the key-log hint), analysed like h2c with it.
add_test(NAME sbi.tls_keylog
         COMMAND ${Python3_EXECUTABLE} ${SBI_TESTS}/check_tls.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
                 ${SBI_OUT}/tls)
set_tests_properties(sbi.tls_keylog PROPERTIES TIMEOUT 120)

# Real captures: path, NRF /load reports per shared/captures/public/MANIFEST.md, Decode As
# (for OAI the default http on 8080, made explicit).
foreach(spec "sandbox_sbi|adriandonohoe-5g-pcap/sandbox_sbi.pcap|18|tcp.port==7777,http2"
             "nssf_reject_sbi|adriandonohoe-5g-pcap/sbi_nssf_reject_sbi.pcap|57|tcp.port==7777,http2"
             "open5gs_roaming_hr|open5gs/5g-roaming-hr.pcapng|17|tcp.port==7777,http2"
             # OAI: SBI over HTTP/1.1 on 8080 (decoded as http by default), heart-beats without load
             "oai_basic_nrf|oai-cn5g-fed/basic-nrf.pcap|0|tcp.port==8080,http"
             "oai_slicing|oai-cn5g-fed/slicing.pcap|0|tcp.port==8080,http")
  string(REPLACE "|" ";" parts "${spec}")
  list(GET parts 0 name)
  list(GET parts 1 file)
  list(GET parts 2 loads)
  list(GET parts 3 decode_as)
  amfol_public_test(NAME sbi.public.${name} TIMEOUT 120
    COMMAND ${Python3_EXECUTABLE} ${SBI_TESTS}/check_public.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
            @PUBLIC@/${file} ${loads} -d ${decode_as})
endforeach()

# The synthesizer's scenarios (generated here, own copies): the SBI findings must be exactly those
# of the truth (none for calm and compliant ones), with the truth's SBI counters.
if(AMFOL_SYNTH)
  foreach(name nrf-lag cascade mixed-storm calm clean-episode)
    add_test(NAME sbi.synth.${name}
             COMMAND ${Python3_EXECUTABLE} ${SBI_TESTS}/check_synth.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
                     ${AMFOL_SYNTH} ${PROJECT_SOURCE_DIR}/testcaptures/scenarios/${name}.ini ${SBI_OUT})
    set_tests_properties(sbi.synth.${name} PROPERTIES TIMEOUT 120)
  endforeach()
  # Our own scenario: re-balancing to an AMF of the set that already reports a high load.
  add_test(NAME sbi.synth.rebalance-loaded
           COMMAND ${Python3_EXECUTABLE} ${SBI_TESTS}/check_synth.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
                   ${AMFOL_SYNTH} ${SBI_TESTS}/scenarios/rebalance-loaded.ini ${SBI_OUT})
  set_tests_properties(sbi.synth.rebalance-loaded PROPERTIES TIMEOUT 120)
endif()
