# SPDX-License-Identifier: GPL-2.0-or-later
# tests/field: captures as they come from the field, crafted by make_field_captures.py,
# through the real tshark with the built plugin (as an unprivileged user).
find_package(Python3 COMPONENTS Interpreter)
if(AMFOL_PLUGIN_SO AND Python3_FOUND)
  foreach(mode midstream repeats ties scp problems)
    add_test(NAME field.${mode}
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_field.py ${mode} ${AMFOL_TSHARK}
              ${AMFOL_PLUGIN_SO} ${CMAKE_CURRENT_BINARY_DIR}/field-work-${mode})
    set_tests_properties(field.${mode} PROPERTIES TIMEOUT 300)
  endforeach()
endif()
# ng-5G-S-TMSI-Part1 linking on synthesized storms (the synthesizer's UEs carry 5G-S-TMSIs).
if(AMFOL_PLUGIN_SO AND Python3_FOUND AND AMFOL_SYNTH)
  add_test(NAME field.part1
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_field.py part1 ${AMFOL_TSHARK}
            ${AMFOL_PLUGIN_SO} ${CMAKE_CURRENT_BINARY_DIR}/field-work-part1 ${AMFOL_E2E_RUNS})
  # The synthesizer's captures and their one tshark run each (Wireshark's Part1 / 5G-S-TMSI fields
  # among check_capture.py's, and the JSON report): fixtures synth_<name> and e2e_run_<name> (tests/e2e).
  set_tests_properties(field.part1 PROPERTIES TIMEOUT 300 FIXTURES_REQUIRED
    "synth_ue-early-retry;e2e_run_ue-early-retry;synth_backoff-storm;e2e_run_backoff-storm")
endif()
