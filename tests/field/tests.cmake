# SPDX-License-Identifier: GPL-2.0-or-later
# tests/field: captures as they come from the field (issue 10), crafted by make_field_captures.py,
# through the real tshark with the built plugin (as an unprivileged user).
find_package(Python3 COMPONENTS Interpreter)
if(AMFOL_PLUGIN_SO AND Python3_FOUND)
  foreach(mode midstream repeats ties scp)
    add_test(NAME field.${mode}
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/check_field.py ${mode} ${AMFOL_TSHARK}
              ${AMFOL_PLUGIN_SO} ${CMAKE_CURRENT_BINARY_DIR}/field-work-${mode} ${AMFOL_SHARED})
    set_tests_properties(field.${mode} PROPERTIES TIMEOUT 300)
  endforeach()
endif()
