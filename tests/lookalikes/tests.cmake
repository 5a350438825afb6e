# SPDX-License-Identifier: GPL-2.0-or-later
# tests/lookalikes: "compliant look-alikes": per case a crafted capture of a compliant
# behaviour that resembles a fault (no finding) and, where one exists, the matching violation
# (the finding, with exact frames), through the real tshark with the plugin.
if(NOT AMFOL_PLUGIN_SO)
  return()
endif()
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(LOOKALIKE_CASES emergency-action3 start-without-action start-proportion rerouted gnb-id-22-bits exempt-mt-follows-paging one-gnb-two-amfs one-gnb-two-amfs-new-ues gnb-global-id damaged-frames radio-midstream two-tnlas exempt-escalation)
foreach(case ${LOOKALIKE_CASES})
  add_test(NAME lookalike.${case}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_lookalikes.py ${case}
                   ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO} ${CMAKE_BINARY_DIR}/tests/lookalikes/${case})
  set_tests_properties(lookalike.${case} PROPERTIES TIMEOUT 120)
endforeach()
# slice-overload-blocks-slice: made with the synthesizer (the gNB reads RRCSetupComplete's
# s-NSSAI-List), compliant release of a listed slice vs release of an unlisted one.
if(AMFOL_SYNTH)
  add_test(NAME lookalike.slice-release
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_slice_release.py
                   ${AMFOL_SYNTH} ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
                   ${CMAKE_BINARY_DIR}/tests/lookalikes/slice-release)
  set_tests_properties(lookalike.slice-release PROPERTIES TIMEOUT 120)
  # gnb-ignores-overload on N2 alone: gNBs without F1 whose turned-away UEs all retry after
  # waitTime; compliant (50 %, waitTime 1 s and 16 s) vs a gNB that ignores a 90 % START.
  add_test(NAME lookalike.retry-storm
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_retry_storm.py
                   ${AMFOL_SYNTH} ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
                   ${CMAKE_BINARY_DIR}/tests/lookalikes/retry-storm)
  set_tests_properties(lookalike.retry-storm PROPERTIES TIMEOUT 240)
  # Radio twins (set-ups released before the
  # AMF; rejects at the gNB's own rate), the AMF's other overload words (a lowered
  # RelativeAMFCapacity, NG SETUP FAILURE), one AMF seen through a relay.
  foreach(case radio_twins pushback relay)
    string(REPLACE "_" "-" _name ${case})
    add_test(NAME lookalike.${_name}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_${case}.py
                     ${AMFOL_SYNTH} ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
                     ${CMAKE_BINARY_DIR}/tests/lookalikes/${_name})
    set_tests_properties(lookalike.${_name} PROPERTIES TIMEOUT 300)
  endforeach()
endif()
# Only what the capture proves (docs/faults.md, "Evidence a rule needs"): a slow UDM alone vs the
# AMF's own slow answers; a ring buffer's lost HTTP/2 vs a late NRF report in a whole capture.
if(AMFOL_SYNTH AND TARGET amfol-replay)
  foreach(case control-producer ring-nrf)
    add_test(NAME lookalike.evidence.${case}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_evidence.py ${case}
                     ${AMFOL_SYNTH} ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO} $<TARGET_FILE:amfol-replay>
                     ${CMAKE_BINARY_DIR}/tests/lookalikes/evidence-${case})
    set_tests_properties(lookalike.evidence.${case} PROPERTIES TIMEOUT 300)
  endforeach()
endif()
