# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tables: the statistics tables (GUI Statistics menu, tshark -z amfol,<table>) against
# the synthesizer's ground truth, on the captures its fixtures make once per run (the tables of the
# -2 runs of the fixtures scenario_taps_<name>, tests/scenario_taps, and the one-pass runs of
# e2e_run_<name>, tests/e2e).
if(DEFINED AMFOL_PLUGIN_SO AND DEFINED AMFOL_SYNTH)
  foreach(scenario rejects-after-stop exempt-rejected calm)
    add_test(NAME tables.radio.${scenario}
      COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_radio_table.py ${AMFOL_TSHARK}
              ${AMFOL_PLUGIN_SO} ${CMAKE_BINARY_DIR}/testcaptures/out/${scenario}.pcapng
              --taps ${CMAKE_BINARY_DIR}/tests/scenario-taps/${scenario} --one-pass-run ${AMFOL_E2E_RUNS}/${scenario})
    set_tests_properties(tables.radio.${scenario} PROPERTIES
                         FIXTURES_REQUIRED "synth_${scenario};scenario_taps_${scenario};e2e_run_${scenario}")
  endforeach()
endif()
