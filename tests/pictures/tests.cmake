# SPDX-License-Identifier: GPL-2.0-or-later
# tests/pictures: the timeline page (-z amfol,html) against the JSON report, rendered by headless
# Chromium (storm-no-control gives a symptoms band with an onset); the "amfol" Flow Graph
# (-z flow,amfol,network) against the synthesizer's ground truth.
# Scenario captures come from the synthesizer's fixtures (testcaptures/tests: synth.generate.<name>
# writes build/testcaptures/out/<name>.pcapng and its .truth.json once per run); their tshark runs
# (-2, every output at once) from the fixtures scenario_taps_<name> (tests/scenario_taps), the
# one-pass page and flow from the one run per scenario of e2e_run_<name> (tests/e2e).
set(_pictures_out ${CMAKE_BINARY_DIR}/testcaptures/out)
# The page tests write their pages to _pictures_pages (fixture pictures_pages); pictures.render
# renders them all in one headless Chromium (a Chromium start per page cost ~0.6 s of CPU).
set(_pictures_pages ${CMAKE_BINARY_DIR}/tests/pictures/pages)
set(_pictures_rendered "")
if(DEFINED AMFOL_PLUGIN_SO AND DEFINED AMFOL_SYNTH)
  foreach(scenario mixed-storm clean-episode cascade backoff-storm nrf-lag calm storm-no-control)
    add_test(NAME pictures.page.${scenario}
      COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_page.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
              --taps ${CMAKE_BINARY_DIR}/tests/scenario-taps/${scenario} --one-pass-run ${AMFOL_E2E_RUNS}/${scenario}
              --render-later ${_pictures_pages} ${scenario})
    set_tests_properties(pictures.page.${scenario} PROPERTIES
                         FIXTURES_REQUIRED "synth_${scenario};scenario_taps_${scenario};e2e_run_${scenario}" TIMEOUT 180
                         FIXTURES_SETUP pictures_pages)
    list(APPEND _pictures_rendered ${scenario})
  endforeach()
  foreach(scenario mixed-storm clean-episode cascade rejects-after-stop)
    add_test(NAME pictures.flow.${scenario}
      COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_flow.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
              ${_pictures_out}/${scenario}.pcapng --taps ${CMAKE_BINARY_DIR}/tests/scenario-taps/${scenario}
              --one-pass-run ${AMFOL_E2E_RUNS}/${scenario})
    set_tests_properties(pictures.flow.${scenario} PROPERTIES
                         FIXTURES_REQUIRED "synth_${scenario};scenario_taps_${scenario};e2e_run_${scenario}" TIMEOUT 180)
  endforeach()
endif()
if(DEFINED AMFOL_PLUGIN_SO)
  foreach(crafted storm clean late)
    add_test(NAME pictures.page.n2-${crafted}
      COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_page.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
              --taps ${CMAKE_BINARY_DIR}/tests/n2/taps/${crafted} --render-later ${_pictures_pages} n2-${crafted})
    # tests/n2's crafted captures, on the runs of their fixtures n2_taps_<name> (tests/n2/tests.cmake).
    set_tests_properties(pictures.page.n2-${crafted} PROPERTIES FIXTURES_SETUP pictures_pages
                         FIXTURES_REQUIRED "n2_caps;n2_taps_${crafted}")
    list(APPEND _pictures_rendered n2-${crafted})
  endforeach()
  add_test(NAME pictures.render
    COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/render_pages.py ${_pictures_pages} ${_pictures_rendered})
  set_tests_properties(pictures.render PROPERTIES FIXTURES_REQUIRED pictures_pages TIMEOUT 300)
endif()
if(DEFINED AMFOL_PLUGIN_SO)
  # A capture without NGAP (SBI only) gives a page that says so.
  amfol_public_test(NAME pictures.page.no-ngap
    COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_page.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
            --capture @PUBLIC@/adriandonohoe-5g-pcap/sandbox_sbi.pcap --no-ngap)
  # Real captures, some truncated or malformed: a complete page each, never a crash (on the one
  # tshark run per public capture of the fixture public_runs, tests/public).
  amfol_public_test(NAME pictures.page.public
    COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_public_pages.py @PUBLIC@ ${AMFOL_PUBLIC_RUNS})
  set_tests_properties(pictures.page.public PROPERTIES FIXTURES_REQUIRED public_runs)
endif()
