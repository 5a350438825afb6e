# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tools: the user-facing scripts (folder runs), end to end with the real tshark.
if(DEFINED AMFOL_PLUGIN_SO AND DEFINED AMFOL_SYNTH)
  add_test(NAME tools.folder_run
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/test-folder-run.sh ${PROJECT_SOURCE_DIR} ${AMFOL_PLUGIN_SO}
            ${AMFOL_SYNTH} ${AMFOL_SHARED})
endif()
