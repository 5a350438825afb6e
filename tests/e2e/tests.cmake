# SPDX-License-Identifier: GPL-2.0-or-later
# tests/e2e: the real tshark over every scenario capture, made once per run by the synthesizer's
# fixtures (testcaptures/tests: synth.generate.<scenario> -> build/testcaptures/out, fixture
# synth_<scenario>); one test per scenario compares every finding of -z amfol,json with the ground
# truth (check_findings.py), and on the scenarios listed below the area counters as well.
# Area tests that check what this does not (per-frame fields, tables, pages) use the same
# captures through the same fixtures; they do not make their own.
# Each scenario capture goes through tshark ONCE (e2e.tshark_run.<scenario>, fixture
# e2e_run_<scenario>, run_scenario.py into build/testcaptures/out/runs/<scenario>): the fields of
# synth.tshark_matches_truth.<scenario>, the -z amfol,json of e2e.findings.<scenario> (and of the
# whole capture in scale.*), in one run.
# same-output.sh (refactoring proof against main) is run by hand, not by ctest.
find_package(Python3 COMPONENTS Interpreter)
# Where e2e.tshark_run.<scenario> writes: AMFOL_E2E_RUNS (tests/CMakeLists.txt; also read by
# testcaptures/tests, tests/capacity, tests/field, tests/scale).
# Scenarios whose run also prints the one-pass outputs that pictures.page/flow and tables.radio
# compare with the -2 run of scenario_taps_<name> (run_scenario.py --one-pass-taps: -z amfol,radio,
# flow,amfol,network, amfol,html, kept whole as RUN_DIR/one.out): one tshark start for both.
# A consumer of RUN_DIR/one.out needs FIXTURES_REQUIRED e2e_run_<name> and its scenario listed here.
set(AMFOL_E2E_ONE_PASS_TAPS mixed-storm clean-episode cascade backoff-storm nrf-lag calm storm-no-control
                            rejects-after-stop exempt-rejected)
# The area counters also compared with the truth (check_findings.py --expect <area>) are each
# scenario's [expect] counters (tests/lib/scenario-expect.cmake):
#  n2: N2 episodes / initial-UE counts; nas: NAS counters; rrc: RRCSetupRequest/Setup/Reject
#  counts; sbi: SBI counters, NFUpdate load series, NRF profile ties.
include(${PROJECT_SOURCE_DIR}/tests/lib/scenario-expect.cmake)

# Scenarios that areas keep beside their tests (tests/<area>/scenarios/<name>.ini) and that are
# compared like the synthesizer's own: generated once here, fixture synth_<name>.
set(_e2e_area_scenarios ${PROJECT_SOURCE_DIR}/tests/sbi/scenarios/rebalance-loaded.ini)
if(AMFOL_SYNTH)
  foreach(ini ${_e2e_area_scenarios})
    get_filename_component(name ${ini} NAME_WE)
    add_test(NAME synth.generate.${name}
             COMMAND ${AMFOL_SYNTH} ${ini} -o ${CMAKE_BINARY_DIR}/testcaptures/out/${name}.pcapng)
    set_tests_properties(synth.generate.${name} PROPERTIES FIXTURES_SETUP synth_${name})
    set_property(GLOBAL APPEND PROPERTY AMFOL_SYNTH_FIXTURES ${name})
  endforeach()
endif()

get_property(_e2e_fixtures GLOBAL PROPERTY AMFOL_SYNTH_FIXTURES)   # testcaptures/tests + above
if(AMFOL_PLUGIN_SO AND AMFOL_SYNTH AND Python3_FOUND)
  file(GLOB _e2e_scenarios CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/testcaptures/scenarios/*.ini)
  foreach(ini ${_e2e_scenarios} ${_e2e_area_scenarios})
    get_filename_component(name ${ini} NAME_WE)
    if(NOT name IN_LIST _e2e_fixtures)
      # big-storm (benchmark only: no [expect]), or a flood (tests/n2)
      message(STATUS "amfol e2e: no synth.generate.${name} fixture, scenario ${name} not tested")
      continue()
    endif()
    amfol_scenario_expect(${ini} counters _expect)
    set(_args "")
    if(_expect)
      string(REPLACE ";" "," _expect "${_expect}")
      set(_args --expect ${_expect})
    endif()
    # The one tshark run over the scenario (fixture e2e_run_<name>, run_scenario.py): -T fields for
    # synth.tshark_matches_truth.<name>, -z amfol,json for e2e.findings.<name> and scale.*.
    set(_taps "")
    if(name IN_LIST AMFOL_E2E_ONE_PASS_TAPS)
      set(_taps --one-pass-taps)
    endif()
    add_test(NAME e2e.tshark_run.${name}
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/run_scenario.py ${AMFOL_TSHARK}
              ${AMFOL_PLUGIN_SO} ${CMAKE_BINARY_DIR}/testcaptures/out/${name}.pcapng
              ${AMFOL_E2E_RUNS}/${name} ${_taps})
    set_tests_properties(e2e.tshark_run.${name} PROPERTIES FIXTURES_REQUIRED synth_${name}
                         FIXTURES_SETUP e2e_run_${name} TIMEOUT 300)
    add_test(NAME e2e.findings.${name}
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_findings.py ${AMFOL_TSHARK}
              ${AMFOL_PLUGIN_SO} ${CMAKE_BINARY_DIR}/testcaptures/out/${name}.pcapng ${_args}
              --run ${AMFOL_E2E_RUNS}/${name})
    set_tests_properties(e2e.findings.${name} PROPERTIES FIXTURES_REQUIRED "synth_${name};e2e_run_${name}"
                         TIMEOUT 180)
  endforeach()
endif()

# plugin/frame/amfol_prime.c re-primes only what the last tree held: a plain run's events must equal a
# -V run's (a visible tree holds every item), on synthesized captures of every domain (NGAP with
# names and overload lists, NAS, F1AP/RRC, SBI) and public ones (HTTP/2 SBI, MAC-NR, HTTP/1.1).
if(AMFOL_PLUGIN_SO AND Python3_FOUND)
  amfol_public_test(NAME e2e.priming TIMEOUT 600
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_priming.py ${AMFOL_TSHARK}
            ${AMFOL_PLUGIN_SO} @PUBLIC@
            ${CMAKE_BINARY_DIR}/testcaptures/out/message-zoo.pcapng
            ${CMAKE_BINARY_DIR}/testcaptures/out/mixed-storm.pcapng
            ${CMAKE_BINARY_DIR}/testcaptures/out/rebalance-loaded.pcapng
            telekom-5g-trace-visualizer/free5gc.pcap srsran-ic-usp/gnb_mac.pcap
            open5gs/5g-roaming-lbo.pcapng)
  set_tests_properties(e2e.priming PROPERTIES
    FIXTURES_REQUIRED "synth_message-zoo;synth_mixed-storm;synth_rebalance-loaded")
endif()
