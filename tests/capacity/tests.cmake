# SPDX-License-Identifier: GPL-2.0-or-later
# tests/capacity: UE capacity of the core (amfol.max_ues): 1 million distinct UEs through the
# default cap of 500 000 must evict and count exactly, within 100 MB of added peak memory (the
# per-UE cost is linear: `amfol_ue_capacity 2000000 1000000 200` checks a 1 M cap by hand, 2x
# the time). The peak is the test process's own (VmHWM): other tests may run beside it.
add_executable(amfol_ue_capacity ${CMAKE_CURRENT_LIST_DIR}/ue_capacity.c)
target_link_libraries(amfol_ue_capacity PRIVATE amfol_core)
add_test(NAME capacity.core_1M_ues COMMAND amfol_ue_capacity 1000000 500000 100)
set_tests_properties(capacity.core_1M_ues PROPERTIES TIMEOUT 300)
# The preference itself, through the real tshark.
if(DEFINED AMFOL_PLUGIN_SO AND DEFINED AMFOL_SYNTH)
  add_test(NAME capacity.max_ues_preference
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/check_max_ues.sh ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO} ${AMFOL_SYNTH}
            ${PROJECT_SOURCE_DIR}/testcaptures/scenarios/t3346-synchronised.ini)
  set_tests_properties(capacity.max_ues_preference PROPERTIES TIMEOUT 120)
endif()
