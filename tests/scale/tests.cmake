# SPDX-License-Identifier: GPL-2.0-or-later
# tests/scale: -z amfol,events and amfol-replay end to end. A synthesized storm is cut into parts
# with editcap -c; the replay of the parts' events must give the episodes and findings of the
# whole capture (SBI excepted: HTTP/2 connection state does not survive the cut).
find_package(Python3 COMPONENTS Interpreter)
if(AMFOL_PLUGIN_SO AND AMFOL_SYNTH AND TARGET amfol-replay AND Python3_FOUND AND AMFOL_E2E_RUNS)
  set(_scale_args ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO} ${AMFOL_SYNTH} $<TARGET_FILE:amfol-replay>
                  ${PROJECT_SOURCE_DIR}/testcaptures/scenarios)
  foreach(scenario stop-missing backoff-storm t3346-missing gnb-ignores-start start-partial ue-early-retry
                   rejects-after-stop mixed-storm)
    # The whole capture and its -z amfol,json: the scenario's one tshark run (tests/e2e,
    # fixture e2e_run_<scenario>); the parts' events need runs of their own.
    add_test(NAME scale.replay.${scenario}
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_replay.py split ${scenario}
              ${_scale_args} ${CMAKE_CURRENT_BINARY_DIR}/scale-${scenario} ${AMFOL_E2E_RUNS}/${scenario})
    set_tests_properties(scale.replay.${scenario} PROPERTIES TIMEOUT 300
                         FIXTURES_REQUIRED "synth_${scenario};e2e_run_${scenario}")
  endforeach()
  # Every scenario and public capture: compact events + amfol-replay = the one pass, byte for byte
  # (diagnosis and json; JSON Lines events too on three). Three tshark runs per capture.
  add_test(NAME scale.one-pass-equal COMMAND ${CMAKE_CURRENT_LIST_DIR}/one-pass-equal.sh ${CMAKE_BINARY_DIR})
  set_tests_properties(scale.one-pass-equal PROPERTIES TIMEOUT 1500 COST 300)
  foreach(mode overlap parallel sshlogin bad-input)
    add_test(NAME scale.${mode}
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_replay.py ${mode} stop-missing
              ${_scale_args} ${CMAKE_CURRENT_BINARY_DIR}/scale-${mode} ${AMFOL_E2E_RUNS}/stop-missing)
    set_tests_properties(scale.${mode} PROPERTIES TIMEOUT 300
                         FIXTURES_REQUIRED "synth_stop-missing;e2e_run_stop-missing")
  endforeach()
endif()
