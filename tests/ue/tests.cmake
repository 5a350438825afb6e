# SPDX-License-Identifier: GPL-2.0-or-later
# tests/ue: the story of one UE (-z amfol,ue,<id>, amfol.ue, the `ues` JSON member) against an
# oracle made from Wireshark's own fields, on three synthesized captures (their fixtures make them
# once per run) and a public one.
if(DEFINED AMFOL_PLUGIN_SO AND DEFINED AMFOL_SYNTH)
  set(UE_OUT ${CMAKE_BINARY_DIR}/testcaptures/out)
  add_test(NAME ue.stories
    COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_stories.py synth ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
            ${CMAKE_BINARY_DIR}/tests/ue early=${UE_OUT}/ue-early-retry.pcapng
            waits=${UE_OUT}/t3346-synchronised.pcapng rrc=${UE_OUT}/waittime-synchronised.pcapng)
  set_tests_properties(ue.stories PROPERTIES TIMEOUT 300
    FIXTURES_REQUIRED "synth_ue-early-retry;synth_t3346-synchronised;synth_waittime-synchronised")
  amfol_public_test(NAME ue.public TIMEOUT 120
    COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_stories.py public ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
            ${CMAKE_BINARY_DIR}/tests/ue @PUBLIC@)
endif()
