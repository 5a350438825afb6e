# SPDX-License-Identifier: GPL-2.0-or-later
# tests/scenario_taps: the synthesized captures through tshark ONCE per mode for all the tests of
# tests/pictures, tests/rrc (rrc.tags), tests/tables and tests/sbi (sbi.table) that read
# them: a tshark start costs ~0.4 s of CPU whatever the capture, and those tests used to start it 50
# times on 15 captures. scenario_taps.<name> (fixture scenario_taps_<name>) runs <name>.pcapng with -2
# and every output (the rows of amfol_taps.TWO_PASS_FIELDS, -z amfol,json/html/sbi/radio and
# flow,amfol,network) into build/tests/scenario-taps/<name>/two.{out,err,rc}; the tests read them
# with tests/lib/amfol_taps.py (load()). A consumer needs FIXTURES_REQUIRED
# "synth_<name>;scenario_taps_<name>" and its scenario listed here.
# The one-pass outputs that pictures.page/flow and tables.radio compare with them (html, flow, radio)
# come from the one one-pass run per scenario of tests/e2e (e2e.tshark_run.<name>, fixture
# e2e_run_<name>, scenarios AMFOL_E2E_ONE_PASS_TAPS): such a consumer also passes
# --one-pass-run ${AMFOL_E2E_RUNS}/<name> and requires e2e_run_<name>.
if(DEFINED AMFOL_PLUGIN_SO AND DEFINED AMFOL_SYNTH)
  set(AMFOL_SCENARIO_TAPS ${CMAKE_BINARY_DIR}/tests/scenario-taps)
  # pictures.page (page one pass = -2), pictures.flow, tables.radio (their one-pass run: tests/e2e).
  set(_taps_one_pass mixed-storm clean-episode cascade backoff-storm nrf-lag calm storm-no-control
                     rejects-after-stop exempt-rejected)
  # rrc.tags, sbi.table.
  set(_taps_two_pass gnb-ignores-start gnb-over-sheds rrc-reject-without-start slice-blocked
                     rebalance-loaded)
  foreach(name ${_taps_one_pass} ${_taps_two_pass})
    add_test(NAME scenario_taps.${name}
      COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/scenario_taps.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
              ${CMAKE_BINARY_DIR}/testcaptures/out/${name}.pcapng ${AMFOL_SCENARIO_TAPS}/${name})
    set_tests_properties(scenario_taps.${name} PROPERTIES FIXTURES_REQUIRED synth_${name}
                         FIXTURES_SETUP scenario_taps_${name} TIMEOUT 180)
  endforeach()
endif()
