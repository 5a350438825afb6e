# SPDX-License-Identifier: GPL-2.0-or-later
# tests/symptoms: overload symptoms on the 27 public captures with the real tshark:
# calm lab traffic, so neither overload-control-absent nor overload-control-late may fire. The
# captures are read in place ($AMFOL_PUBLIC_CAPTURES, else ../shared/captures/public).
if(NOT AMFOL_PLUGIN_SO)
  return()
endif()
find_package(Python3 COMPONENTS Interpreter REQUIRED)
# On the one tshark run per public capture of the fixture public_runs (tests/public).
amfol_public_test(NAME symptoms.public_captures_calm
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_public.py @PUBLIC@ ${AMFOL_PUBLIC_RUNS})
set_tests_properties(symptoms.public_captures_calm PROPERTIES FIXTURES_REQUIRED public_runs)

# The table against an oracle from plain tshark fields, on the synthesizer's storm.
if(AMFOL_SYNTH)
  add_test(NAME symptoms.table_vs_oracle.storm-no-control
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_table.py ${AMFOL_TSHARK}
                   ${AMFOL_PLUGIN_SO} ${CMAKE_BINARY_DIR}/testcaptures/out/storm-no-control.pcapng 70)
  set_tests_properties(symptoms.table_vs_oracle.storm-no-control PROPERTIES
    FIXTURES_REQUIRED synth_storm-no-control TIMEOUT 120)
endif()
