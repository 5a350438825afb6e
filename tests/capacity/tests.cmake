# SPDX-License-Identifier: GPL-2.0-or-later
# tests/capacity: UE capacity of the core (amfol.max_ues): 250 000 distinct UEs through a 125 000
# cap must evict and count exactly, and the UEs followed may cost at most 200 bytes each of peak
# heap (glibc's own count, exact at any scale: 183 bytes at this scale, 185.5 at 2 M through 1 M;
# the key index is as full at 125 000 as at 1 M). The 2 M run (19 s of CPU) and the 10 M one,
# where the capped tables besides the UEs reach their caps (the rest stays under 150 MB), are
# tests/bench/bench-ues.sh. The heap is the test process's own, so other tests may run beside it.
add_executable(amfol_ue_capacity ${CMAKE_CURRENT_LIST_DIR}/ue_capacity.c)
target_link_libraries(amfol_ue_capacity PRIVATE amfol_core)
add_test(NAME capacity.core_250k_ues COMMAND amfol_ue_capacity 250000 125000 200)
set_tests_properties(capacity.core_250k_ues PROPERTIES TIMEOUT 300)
# The preference itself, through the real tshark.
# On the scenario capture of the fixture synth_t3346-synchronised and its one tshark run (tests/e2e,
# fixture e2e_run_t3346-synchronised: the default run's JSON); one more run with the cap.
if(DEFINED AMFOL_PLUGIN_SO AND DEFINED AMFOL_SYNTH AND AMFOL_E2E_RUNS)
  add_test(NAME capacity.max_ues_preference
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/check_max_ues.sh ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
            ${CMAKE_BINARY_DIR}/testcaptures/out/t3346-synchronised.pcapng
            ${AMFOL_E2E_RUNS}/t3346-synchronised/amfol.json)
  set_tests_properties(capacity.max_ues_preference PROPERTIES TIMEOUT 120
    FIXTURES_REQUIRED "synth_t3346-synchronised;e2e_run_t3346-synchronised")
endif()
