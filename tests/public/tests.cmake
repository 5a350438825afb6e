# SPDX-License-Identifier: GPL-2.0-or-later
# tests/public: the public captures (shared/captures/public) through the real tshark ONCE per run:
# public.tshark_runs (fixture public_runs) runs every capture once, with the MANIFEST's options,
# two passes and all the reports (-z amfol,html/json/diagnosis/timeline), into
# build/tests/public/runs; n2.public, pictures.page.public and symptoms.public_captures_calm
# check those outputs instead of running tshark 27 times each (tests/lib/amfol_outputs.py).
if(DEFINED AMFOL_PLUGIN_SO)
  find_package(Python3 COMPONENTS Interpreter REQUIRED)
  amfol_public_test(NAME public.tshark_runs TIMEOUT 600
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/run_public.py ${AMFOL_TSHARK}
            ${AMFOL_PLUGIN_SO} @PUBLIC@ ${AMFOL_PUBLIC_RUNS})
  # COST: the public tests wait for it, so it starts early.
  set_tests_properties(public.tshark_runs PROPERTIES FIXTURES_SETUP public_runs COST 400)
  # "What this capture can tell" (JSON coverage) against what each capture holds.
  amfol_public_test(NAME public.coverage
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_coverage.py @PUBLIC@ ${AMFOL_PUBLIC_RUNS})
  set_tests_properties(public.coverage PROPERTIES FIXTURES_REQUIRED public_runs)
endif()
