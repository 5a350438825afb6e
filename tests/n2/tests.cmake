# SPDX-License-Identifier: GPL-2.0-or-later
# tests/n2: end-to-end N2 tests: crafted captures (make_captures.py) through the real tshark with
# the built plugin, run as an unprivileged user by tests/lib/tshark-as-user.sh.
find_package(Python3 COMPONENTS Interpreter)
if(AMFOL_PLUGIN_SO AND Python3_FOUND)
  set(_n2_dir ${CMAKE_CURRENT_LIST_DIR})
  foreach(mode fields json timeline diagnosis expert twopass robust docs)
    add_test(NAME n2.${mode}
      COMMAND ${Python3_EXECUTABLE} ${_n2_dir}/check_n2.py ${mode} ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
              ${CMAKE_CURRENT_BINARY_DIR}/n2-work-${mode})
    set_tests_properties(n2.${mode} PROPERTIES TIMEOUT 180)
  endforeach()
  # The UE NGAP IDs, RRC establishment cause and UEContextRequest read from a message's IE bytes
  # against tshark's own decode of hand-made PDUs and every truncation of them.
  add_test(NAME n2.ie_bytes
    COMMAND ${Python3_EXECUTABLE} ${_n2_dir}/check_ie_bytes.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
            ${CMAKE_CURRENT_BINARY_DIR}/n2-work-ie-bytes)
  set_tests_properties(n2.ie_bytes PROPERTIES TIMEOUT 180)
  # On the one tshark run per public capture of the fixture public_runs (tests/public).
  amfol_public_test(NAME n2.public
    COMMAND ${Python3_EXECUTABLE} ${_n2_dir}/check_n2.py public ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
            ${CMAKE_CURRENT_BINARY_DIR}/n2-work-public @PUBLIC@ ${AMFOL_PUBLIC_RUNS})
  set_tests_properties(n2.public PROPERTIES FIXTURES_REQUIRED public_runs)
  # The synthesizer's scenarios (findings, episodes, initial-UE counts): tests/e2e.
endif()
