# SPDX-License-Identifier: GPL-2.0-or-later
# tests/e2e: the real tshark over every scenario capture, made once per run by the synthesizer's
# fixtures (testcaptures/tests, synth.generate.<scenario> -> build/testcaptures/out); one test
# per scenario compares every finding of -z amfol,json with the ground truth (check_findings.py).
# same-output.sh (refactoring proof against main) is run by hand, not by ctest.
find_package(Python3 COMPONENTS Interpreter)
if(AMFOL_PLUGIN_SO AND AMFOL_SYNTH AND Python3_FOUND)
  file(GLOB _e2e_scenarios CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/testcaptures/scenarios/*.ini)
  foreach(ini ${_e2e_scenarios})
    get_filename_component(name ${ini} NAME_WE)
    if(name STREQUAL "big-storm")
      continue()   # benchmark only
    endif()
    add_test(NAME e2e.findings.${name}
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_findings.py ${AMFOL_TSHARK}
              ${AMFOL_PLUGIN_SO} ${CMAKE_BINARY_DIR}/testcaptures/out/${name}.pcapng)
    set_tests_properties(e2e.findings.${name} PROPERTIES FIXTURES_REQUIRED synth_${name} TIMEOUT 180)
  endforeach()
endif()
