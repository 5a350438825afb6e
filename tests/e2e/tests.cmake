# SPDX-License-Identifier: GPL-2.0-or-later
# tests/e2e: the real tshark over every scenario capture, made once per run by the synthesizer's
# fixtures (testcaptures/tests, synth.generate.<scenario> -> build/testcaptures/out); one test
# per scenario compares every finding of -z amfol,json with the ground truth (check_findings.py).
# same-output.sh (refactoring proof against main) is run by hand, not by ctest.
find_package(Python3 COMPONENTS Interpreter)
# Scenarios whose N2 episodes / initial-UE counts (n2) and NAS counters (nas) are also compared.
set(_e2e_expect_n2 clean-episode gnb-ignores-start start-partial stop-missing calm)
set(_e2e_expect_nas ue-early-retry t3346-missing t3346-synchronised exempt-rejected mixed-storm calm
                    clean-episode)
get_property(_e2e_fixtures GLOBAL PROPERTY AMFOL_SYNTH_FIXTURES)   # testcaptures/tests
if(AMFOL_PLUGIN_SO AND AMFOL_SYNTH AND Python3_FOUND)
  file(GLOB _e2e_scenarios CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/testcaptures/scenarios/*.ini)
  foreach(ini ${_e2e_scenarios})
    get_filename_component(name ${ini} NAME_WE)
    if(NOT name IN_LIST _e2e_fixtures)
      # big-storm (benchmark only), or a new scenario not yet in testcaptures/tests/CMakeLists.txt
      message(STATUS "amfol e2e: no synth.generate.${name} fixture, scenario ${name} not tested")
      continue()
    endif()
    set(_expect "")
    if(name IN_LIST _e2e_expect_n2)
      list(APPEND _expect n2)
    endif()
    if(name IN_LIST _e2e_expect_nas)
      list(APPEND _expect nas)
    endif()
    set(_args "")
    if(_expect)
      string(REPLACE ";" "," _expect "${_expect}")
      set(_args --expect ${_expect})
    endif()
    add_test(NAME e2e.findings.${name}
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_findings.py ${AMFOL_TSHARK}
              ${AMFOL_PLUGIN_SO} ${CMAKE_BINARY_DIR}/testcaptures/out/${name}.pcapng ${_args})
    set_tests_properties(e2e.findings.${name} PROPERTIES FIXTURES_REQUIRED synth_${name} TIMEOUT 180)
  endforeach()
endif()
