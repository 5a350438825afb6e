# SPDX-License-Identifier: GPL-2.0-or-later
# tests/rrc: end-to-end tests of the radio side (issue 4) with the real tshark and the plugin:
# crafted F1AP from the verified vectors, the real srsRAN MAC-NR capture, and the synthesizer's
# gNB scenarios compared with their ground truth (rule ids, evidence frames, counts).
if(NOT AMFOL_PLUGIN_SO)
  return()
endif()
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(RRC_TESTS ${CMAKE_CURRENT_LIST_DIR})
set(RRC_OUT ${CMAKE_BINARY_DIR}/tests/rrc)
file(MAKE_DIRECTORY ${RRC_OUT})

add_test(NAME rrc.crafted_f1ap
         COMMAND ${Python3_EXECUTABLE} ${RRC_TESTS}/crafted_f1ap.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
                 ${RRC_OUT}/crafted)
set_tests_properties(rrc.crafted_f1ap PROPERTIES TIMEOUT 120)

amfol_public_test(NAME rrc.srsran_mac TIMEOUT 120
  COMMAND ${Python3_EXECUTABLE} ${RRC_TESTS}/srsran_mac.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
          @PUBLIC@/srsran-ic-usp/gnb_mac.pcap)

# The synthesizer's scenarios: each is generated here (own copy) and checked against its truth.
# The radio rules must be exactly those of the truth; compliant and calm scenarios give none.
if(AMFOL_SYNTH)
  set(RRC_SCENARIOS ${PROJECT_SOURCE_DIR}/testcaptures/scenarios)
  foreach(name clean-episode calm rejects-after-stop rrc-reject-without-start exempt-rejected
               slice-blocked mixed-storm gnb-ignores-start gnb-over-sheds)
    add_test(NAME rrc.synth.generate.${name}
             COMMAND ${AMFOL_SYNTH} ${RRC_SCENARIOS}/${name}.ini -o ${RRC_OUT}/${name}.pcapng)
    set_tests_properties(rrc.synth.generate.${name} PROPERTIES FIXTURES_SETUP rrc_synth_${name})
    add_test(NAME rrc.synth.${name}
             COMMAND ${Python3_EXECUTABLE} ${RRC_TESTS}/check_truth.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
                     ${RRC_OUT}/${name}.pcapng ${RRC_OUT}/${name}.truth.json)
    set_tests_properties(rrc.synth.${name} PROPERTIES FIXTURES_REQUIRED rrc_synth_${name} TIMEOUT 120)
  endforeach()
  # Behaviours only RRC shows (own scenarios in tests/rrc/scenarios), recomputed from raw fields.
  foreach(which ignores over-sheds)
    add_test(NAME rrc.behaviours.${which}
             COMMAND ${Python3_EXECUTABLE} ${RRC_TESTS}/radio_behaviours.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
                     ${RRC_OUT}/behaviours-${which} ${AMFOL_SYNTH} ${RRC_TESTS}/scenarios ${which})
    set_tests_properties(rrc.behaviours.${which} PROPERTIES TIMEOUT 120)
  endforeach()
  # Bad input: corrupted / truncated / partial / reordered copies of a storm must not crash.
  add_test(NAME rrc.fuzz
           COMMAND ${RRC_TESTS}/fuzz_radio.sh ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
                   ${RRC_OUT}/rejects-after-stop.pcapng ${RRC_OUT}/fuzz)
  set_tests_properties(rrc.fuzz PROPERTIES FIXTURES_REQUIRED rrc_synth_rejects-after-stop TIMEOUT 120)
endif()
