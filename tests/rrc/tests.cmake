# SPDX-License-Identifier: GPL-2.0-or-later
# tests/rrc: end-to-end tests of the radio side with the real tshark and the plugin:
# crafted F1AP from the verified vectors, the real srsRAN MAC-NR capture, and the per-frame tags of
# the synthesizer's gNB scenarios against their ground truth.
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

# The F1AP UE IDs, SRB ID, C-RNTI and NR CGI read from an F1AP PDU's bytes (rrc_glue.c f1_read)
# against tshark's own decode of hand-made PDUs and every truncation of them.
add_test(NAME rrc.f1_bytes
         COMMAND ${Python3_EXECUTABLE} ${RRC_TESTS}/check_f1_bytes.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
                 ${RRC_OUT}/f1-bytes)
set_tests_properties(rrc.f1_bytes PROPERTIES TIMEOUT 180)

amfol_public_test(NAME rrc.srsran_mac TIMEOUT 120
  COMMAND ${Python3_EXECUTABLE} ${RRC_TESTS}/srsran_mac.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
          @PUBLIC@/srsran-ic-usp/gnb_mac.pcap)

# The synthesizer's scenarios, on the captures the fixtures make once per run (synth_<name>,
# build/testcaptures/out):
# every radio evidence frame tagged per frame (amfol.finding), nothing else tagged (on the -2 run of
# the fixture scenario_taps_<name>, tests/scenario_taps). Their findings
# and radio counters against the truth: e2e.findings.<name>.
if(AMFOL_SYNTH)
  set(_rrc_caps ${CMAKE_BINARY_DIR}/testcaptures/out)
  foreach(name clean-episode calm rejects-after-stop rrc-reject-without-start exempt-rejected
               slice-blocked mixed-storm gnb-ignores-start gnb-over-sheds)
    add_test(NAME rrc.tags.${name}
             COMMAND ${Python3_EXECUTABLE} ${RRC_TESTS}/check_tags.py ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO}
                     ${_rrc_caps}/${name}.pcapng ${_rrc_caps}/${name}.truth.json
                     --taps ${CMAKE_BINARY_DIR}/tests/scenario-taps/${name})
    set_tests_properties(rrc.tags.${name} PROPERTIES
                         FIXTURES_REQUIRED "synth_${name};scenario_taps_${name}" TIMEOUT 120)
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
                   ${_rrc_caps}/rejects-after-stop.pcapng ${RRC_OUT}/fuzz)
  set_tests_properties(rrc.fuzz PROPERTIES FIXTURES_REQUIRED synth_rejects-after-stop TIMEOUT 120)
endif()

# The NR RRC byte reader (tap/wire/amfol_rrc_wire.c) against tshark's own nr-rrc decode of every
# F1AP RRC container of every scenario and public capture (messages, causes, waitTime,
# ng-5G-S-TMSI-Part1, s-NSSAI-List): exact match. The reader runs as core_test_rrc_wire --dump.
if(DEFINED AMFOL_SYNTH)
  amfol_public_test(NAME rrc.wire_oracle TIMEOUT 900
    COMMAND ${Python3_EXECUTABLE} ${RRC_TESTS}/check_rrc_wire.py ${AMFOL_TSHARK} ${AMFOL_SYNTH}
            $<TARGET_FILE:core_test_rrc_wire> ${PROJECT_SOURCE_DIR}/testcaptures/scenarios @PUBLIC@
            ${RRC_OUT}/wire-oracle)
endif()
