# SPDX-License-Identifier: GPL-2.0-or-later
# tests/fuzz: fuzzing and sanitizers in the suite.
#  - fuzz.editcap_mutate: ~20k frames of synthesized storms (the last argument; 50k before)
#    mutated by editcap -E (fixed seeds)
#    through the real tshark with the plugin: exit status < 128 and valid JSON every time;
#  - fuzz.sanitized_build: the core rebuilt with clang + ASan/UBSan (tests/fuzz/CMakeLists.txt);
#  - fuzz.libfuzzer.*: each harness replays the corpus in tests/fuzz/corpus, then fuzzes for
#    AMFOL_FUZZ_SECONDS (1 in the suite; the inputs it finds are kept in the build for the next run);
#  - asan.core.*: the core's unit tests once more, under ASan/UBSan.
set(FUZZ_DIR ${CMAKE_CURRENT_LIST_DIR})
set(FUZZ_OUT ${CMAKE_BINARY_DIR}/tests/fuzz)
if(DEFINED AMFOL_PLUGIN_SO AND DEFINED AMFOL_SYNTH)
  add_test(NAME fuzz.editcap_mutate
    COMMAND ${FUZZ_DIR}/editcap_mutate.sh ${AMFOL_TSHARK} ${AMFOL_PLUGIN_SO} ${AMFOL_SYNTH}
            ${PROJECT_SOURCE_DIR}/testcaptures/scenarios 20000)
  set_tests_properties(fuzz.editcap_mutate PROPERTIES TIMEOUT 120)
endif()

add_test(NAME fuzz.sanitized_build
  COMMAND ${FUZZ_DIR}/build-sanitized.sh ${PROJECT_SOURCE_DIR} ${FUZZ_OUT}/build)
set_tests_properties(fuzz.sanitized_build PROPERTIES FIXTURES_SETUP amfol_sanitized
  SKIP_RETURN_CODE 77 TIMEOUT 600 COST 500 LABELS slow)   # long, and asan.* wait for it: start it early
# Seconds per harness in the suite: the seed corpus (tests/fuzz/corpus, every input that once
# widened coverage or crashed) is always replayed in full first, then new inputs for this long.
# A longer hunt: cmake -DAMFOL_FUZZ_SECONDS=300 build && ctest -R fuzz.libfuzzer. (3 s before: a
# second per harness keeps the full replay and a short search, for 10 s less CPU per suite run.)
set(AMFOL_FUZZ_SECONDS 1 CACHE STRING "seconds of new libFuzzer inputs per harness in the test suite")
foreach(h nas olc retry_after nf_profile engine per events_bin rrc_wire)
  add_test(NAME fuzz.libfuzzer.${h}
    COMMAND ${FUZZ_DIR}/run-fuzzer.sh ${FUZZ_OUT}/build/fuzz_${h} ${FUZZ_DIR}/corpus/${h}
            ${FUZZ_OUT}/run-${h} ${AMFOL_FUZZ_SECONDS})
  set_tests_properties(fuzz.libfuzzer.${h} PROPERTIES FIXTURES_REQUIRED amfol_sanitized TIMEOUT 120 LABELS slow)
endforeach()
include(${PROJECT_SOURCE_DIR}/tests/unit/list.cmake)
foreach(src ${AMFOL_UNIT_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME asan.core.${name} COMMAND ${FUZZ_OUT}/build/tests/unit/core_${name})
  set_tests_properties(asan.core.${name} PROPERTIES FIXTURES_REQUIRED amfol_sanitized TIMEOUT 300 LABELS slow)
endforeach()
