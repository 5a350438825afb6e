# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tables: the statistics tables (GUI Statistics menu, tshark -z amfol,<table>) against
# the synthesizer's ground truth.
if(DEFINED AMFOL_PLUGIN_SO AND DEFINED AMFOL_SYNTH)
  foreach(scenario rejects-after-stop exempt-rejected calm)
    add_test(NAME tables.radio.${scenario}
      COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_radio_table.py ${AMFOL_TSHARK}
              ${AMFOL_PLUGIN_SO} ${AMFOL_SYNTH} ${PROJECT_SOURCE_DIR}/testcaptures/scenarios/${scenario}.ini)
  endforeach()
endif()
