# SPDX-License-Identifier: GPL-2.0-or-later
# amfol_public_test(NAME name COMMAND cmd args...): a test that reads the public captures.
# It runs through tests/lib/with-public-captures.sh, which replaces "@PUBLIC@" in the arguments
# by the folder found ($AMFOL_PUBLIC_CAPTURES or ../shared/captures/public) and otherwise skips
# the test (exit 77, shown by CTest as "Skipped" with the reason in the output).
function(amfol_public_test)
  cmake_parse_arguments(T "" "NAME;TIMEOUT" "COMMAND" ${ARGN})
  add_test(NAME ${T_NAME}
           COMMAND ${PROJECT_SOURCE_DIR}/tests/lib/with-public-captures.sh ${T_COMMAND})
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 180)
  endif()
  set_tests_properties(${T_NAME} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT ${T_TIMEOUT})
endfunction()
# AMFOL_PUBLIC_RUNS: where the fixture public_runs (tests/public) keeps the one tshark run per
# public capture that n2.public, pictures.page.public and symptoms.public_captures_calm read.
set(AMFOL_PUBLIC_RUNS ${CMAKE_BINARY_DIR}/tests/public/runs)
