# SPDX-License-Identifier: GPL-2.0-or-later
# AMFOL_UNIT_TESTS: the sources of the core's unit tests, one test each (tests/unit/test_*.c).
# Used by tests/unit/tests.cmake, the sanitized build (tests/fuzz) and its asan.core.* tests.
get_filename_component(_unit_top ${CMAKE_CURRENT_LIST_DIR}/../.. ABSOLUTE)
file(GLOB AMFOL_UNIT_TESTS CONFIGURE_DEPENDS ${_unit_top}/tests/unit/test_*.c)
# Unit tests were kept in tap/tests before; one that a branch still adds there keeps running
# (move it to tests/unit).
file(GLOB _unit_legacy CONFIGURE_DEPENDS ${_unit_top}/tap/tests/test_*.c)
if(_unit_legacy)
  message(STATUS "amfol: unit tests still in tap/tests, move them to tests/unit: ${_unit_legacy}")
  list(APPEND AMFOL_UNIT_TESTS ${_unit_legacy})
endif()
