# SPDX-License-Identifier: GPL-2.0-or-later
# tests/kpi: the registration KPIs and the cost of the episode (tap/kpi, docs/kpi.md) with the real
# tshark: this folder's scenarios against the synthesizer's ground truth (expected.kpi, exact counts
# and per-chain delays, tests/kpi/check_kpi.py), and the public captures' registration counts
# against an independent count with tshark display filters (check_public_kpi.py).
if(NOT AMFOL_PLUGIN_SO)
  return()
endif()
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(KPI_TESTS ${CMAKE_CURRENT_LIST_DIR})
set(KPI_OUT ${CMAKE_BINARY_DIR}/tests/kpi)
file(MAKE_DIRECTORY ${KPI_OUT})

if(AMFOL_SYNTH)
  foreach(name kpi-storm-retries kpi-emergency-action2 kpi-t3346-long kpi-half-ciphered)
    set(_extra)
    if(name STREQUAL "kpi-half-ciphered")
      set(_extra --ciphered)
    endif()
    add_test(NAME kpi.truth.${name}
             COMMAND ${Python3_EXECUTABLE} ${KPI_TESTS}/check_kpi.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
                     ${AMFOL_SYNTH} ${KPI_TESTS}/scenarios/${name}.ini ${KPI_OUT}/${name} ${_extra})
    set_tests_properties(kpi.truth.${name} PROPERTIES TIMEOUT 240)
  endforeach()
  # Re-balancing: UEs moved per second against the failures during the moves (docs/kpi.md).
  add_test(NAME kpi.truth.rebalance-loaded-target
           COMMAND ${Python3_EXECUTABLE} ${KPI_TESTS}/check_kpi.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
                   ${AMFOL_SYNTH} ${PROJECT_SOURCE_DIR}/testcaptures/scenarios/rebalance-loaded-target.ini
                   ${KPI_OUT}/rebalance-loaded-target --rebalance)
  set_tests_properties(kpi.truth.rebalance-loaded-target PROPERTIES TIMEOUT 240)
endif()

# The public captures' registration counts against tshark display filters (no plugin), on the
# reports of the fixture public_runs (tests/public/run_public.py).
amfol_public_test(NAME kpi.public_counts TIMEOUT 300
  COMMAND ${Python3_EXECUTABLE} ${KPI_TESTS}/check_public_kpi.py @PUBLIC@ ${AMFOL_PUBLIC_RUNS})
set_tests_properties(kpi.public_counts PROPERTIES FIXTURES_REQUIRED public_runs)
