# SPDX-License-Identifier: GPL-2.0-or-later
# tests/fuzz: fuzzing and sanitizers in the suite.
#  - fuzz.editcap_mutate: ~50k frames of synthesized storms mutated by editcap -E (fixed seeds)
#    through the real tshark with the plugin: exit status < 128 and valid JSON every time;
#  - fuzz.sanitized_build: the core rebuilt with clang + ASan/UBSan (tests/fuzz/CMakeLists.txt);
#  - fuzz.libfuzzer.*: each harness for a fixed time from the corpus in tests/fuzz/corpus;
#  - asan.core.*: the core's unit tests once more, under ASan/UBSan.
set(FUZZ_DIR ${CMAKE_CURRENT_LIST_DIR})
set(FUZZ_OUT ${CMAKE_BINARY_DIR}/tests/fuzz)
if(DEFINED AMFOL_PLUGIN_SO AND DEFINED AMFOL_SYNTH)
  add_test(NAME fuzz.editcap_mutate
    COMMAND ${FUZZ_DIR}/editcap_mutate.sh ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO} ${AMFOL_SYNTH}
            ${PROJECT_SOURCE_DIR}/testcaptures/scenarios 50000)
  set_tests_properties(fuzz.editcap_mutate PROPERTIES TIMEOUT 120)
endif()

add_test(NAME fuzz.sanitized_build
  COMMAND ${FUZZ_DIR}/build-sanitized.sh ${PROJECT_SOURCE_DIR} ${FUZZ_OUT}/build)
set_tests_properties(fuzz.sanitized_build PROPERTIES FIXTURES_SETUP amfol_sanitized
  SKIP_RETURN_CODE 77 TIMEOUT 600)
foreach(h nas olc retry_after nf_profile engine)
  add_test(NAME fuzz.libfuzzer.${h}
    COMMAND ${FUZZ_DIR}/run-fuzzer.sh ${FUZZ_OUT}/build/fuzz_${h} ${FUZZ_DIR}/corpus/${h}
            ${FUZZ_OUT}/run-${h} 12)
  set_tests_properties(fuzz.libfuzzer.${h} PROPERTIES FIXTURES_REQUIRED amfol_sanitized TIMEOUT 120)
endforeach()
file(GLOB _fuzz_unit_tests CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tap/tests/test_*.c)
foreach(src ${_fuzz_unit_tests})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME asan.core.${name} COMMAND ${FUZZ_OUT}/build/tap/core_${name})
  set_tests_properties(asan.core.${name} PROPERTIES FIXTURES_REQUIRED amfol_sanitized TIMEOUT 300)
endforeach()
