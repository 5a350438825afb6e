# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tools: the user-facing scripts (folder runs), end to end with the real tshark.
if(DEFINED AMFOL_PLUGIN_SO AND DEFINED AMFOL_SYNTH)
  amfol_public_test(NAME tools.folder_run
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/test-folder-run.sh ${PROJECT_SOURCE_DIR} ${AMFOL_PLUGIN_SO}
            ${AMFOL_SYNTH} @PUBLIC@)
endif()
# Every dissector field and protocol the plugin looks up by name is registered in this tshark
# (a renamed one would silently never be seen); run here and in the 4.4 / 4.6 roots.
if(DEFINED AMFOL_PLUGIN_SO)
  add_test(NAME tools.wanted_fields
    COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_wanted_fields.py ${PROJECT_SOURCE_DIR})
endif()
# The plugin must build and pass the suite with Wireshark 4.4 (trixie) and 4.6 (sid): built and
# run inside minimal Debian roots (cached); skipped (77) when not root or when Debian's archive
# cannot be reached, with that reason.
# One test per release. Each builds and runs its tests with -j$(nproc) inside, so one at a time
# (RESOURCE_LOCK): together they took both CTest slots for their whole run and the rest of the
# suite waited; one at a time, the other slot keeps running the rest beside them.
foreach(suite trixie sid)
  add_test(NAME tools.ws_versions_run.${suite}
           COMMAND ${PROJECT_SOURCE_DIR}/scripts/check-ws-versions.sh --run ${suite})
  # COST: the longest tests start first (CTest orders by cost; a fresh clone has no timing history,
  # and started last they would run alone at the end).
  set_tests_properties(tools.ws_versions_run.${suite} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 2400
                       COST 1000 RESOURCE_LOCK amfol_ws_roots LABELS slow)
endforeach()
# The suite loads the build's plugin even with a stale amfol.so in the system and personal plugin
# folders (planted in a private mount namespace: nothing outside the test sees it).
if(DEFINED AMFOL_PLUGIN_SO)
  add_test(NAME tools.loaded_plugin
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/check-loaded-plugin.sh ${PROJECT_SOURCE_DIR} ${AMFOL_PLUGIN_SO})
  # Its tshark runs are what it tests: never replayed from the cache (tests/lib/tshark-as-user.sh).
  set_tests_properties(tools.loaded_plugin PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 120
                       ENVIRONMENT AMFOL_TSHARK_CACHE=)
endif()
