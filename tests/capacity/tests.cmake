# SPDX-License-Identifier: GPL-2.0-or-later
# tests/capacity: UE capacity of the core (amfol.max_ues): 2 million distinct UEs through a
# 1 million cap must evict and count exactly, within 200 MB of added peak memory. (Not scaled
# down: at 500 000 UEs the fixed chunks cost 201 bytes per UE, over the 200-byte budget that
# holds at 1 M.) The peak is the test process's own (VmHWM), so other tests may run beside it.
add_executable(amfol_ue_capacity ${CMAKE_CURRENT_LIST_DIR}/ue_capacity.c)
target_link_libraries(amfol_ue_capacity PRIVATE amfol_core)
add_test(NAME capacity.core_2M_ues COMMAND amfol_ue_capacity 2000000 1000000 200)
# COST: one of the longest tests (two runs of 2 M UEs): started early, not left for the end.
set_tests_properties(capacity.core_2M_ues PROPERTIES TIMEOUT 300 COST 300)
# The preference itself, through the real tshark.
if(DEFINED AMFOL_PLUGIN_SO AND DEFINED AMFOL_SYNTH)
  add_test(NAME capacity.max_ues_preference
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/check_max_ues.sh ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO} ${AMFOL_SYNTH}
            ${PROJECT_SOURCE_DIR}/testcaptures/scenarios/t3346-synchronised.ini)
  set_tests_properties(capacity.max_ues_preference PROPERTIES TIMEOUT 120)
endif()
