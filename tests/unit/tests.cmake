# SPDX-License-Identifier: GPL-2.0-or-later
# tests/unit: the unit tests of the analysis core (tap/, no epan, no tshark). Every
# tests/unit/test_*.c is one executable core_<name> (in <build>/tests/unit) and one CTest test
# core.<name> (labels "unit" and a domain, tests/lib/labels.cmake). The sanitized build (tests/fuzz/CMakeLists.txt) includes this file
# too and runs the same executables under ASan/UBSan (asan.core.*, tests/fuzz/tests.cmake).
include(${CMAKE_CURRENT_LIST_DIR}/list.cmake)
foreach(src ${AMFOL_UNIT_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_executable(core_${name} ${src})
  target_link_libraries(core_${name} PRIVATE amfol_core)
  target_include_directories(core_${name} PRIVATE ${_unit_top}/tests/unit)
  # Tests use assert(): keep it active whatever the build type (RelWithDebInfo sets NDEBUG).
  target_compile_options(core_${name} PRIVATE -UNDEBUG)
  set_target_properties(core_${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests/unit)
  if(NOT AMFOL_UNIT_NO_CTEST)   # the sanitized build: asan.core.* are defined by tests/fuzz
    add_test(NAME core.${name} COMMAND core_${name})
  endif()
endforeach()
# The structural invariants (docs/ARCHITECTURE.md, "Checked on the sources"): the floors (no
# include upwards, no include cycle between folders, no epan in tap/), no module includes
# another's *_internal.h, one file reads OVERLOAD START/STOP, each rule id once, each 3GPP name
# table once. The self-test injects one violation of each and wants them reported.
if(NOT AMFOL_UNIT_NO_CTEST)
  find_package(Python3 COMPONENTS Interpreter)
  if(Python3_FOUND)
    add_test(NAME core.structure
      COMMAND ${Python3_EXECUTABLE} ${_unit_top}/tests/unit/check_structure.py ${_unit_top})
    add_test(NAME core.structure_selftest
      COMMAND ${Python3_EXECUTABLE} ${_unit_top}/tests/unit/check_structure.py --self-test ${_unit_top})
    # The catalogue and docs/faults.md cite the same clause for each rule.
    add_test(NAME core.catalogue_clauses
      COMMAND ${Python3_EXECUTABLE} ${_unit_top}/tests/unit/check_clauses.py ${_unit_top})
    # Every test has one technique label and one domain label (tests/lib/labels.cmake).
    add_test(NAME core.labels
      COMMAND ${Python3_EXECUTABLE} ${_unit_top}/tests/unit/check_labels.py ${CMAKE_BINARY_DIR})
    add_test(NAME core.labels_selftest
      COMMAND ${Python3_EXECUTABLE} ${_unit_top}/tests/unit/check_labels.py ${CMAKE_BINARY_DIR} --self-test)
    add_test(NAME core.catalogue_clauses_selftest
      COMMAND ${Python3_EXECUTABLE} ${_unit_top}/tests/unit/check_clauses.py --self-test ${_unit_top})
    # No "issue N" tags outside NEWS.md: code and docs say why, not which tracker item.
    add_test(NAME core.no_issue_tags
      COMMAND ${Python3_EXECUTABLE} ${_unit_top}/tests/unit/check_no_issue_tags.py ${_unit_top})
    add_test(NAME core.no_issue_tags_selftest
      COMMAND ${Python3_EXECUTABLE} ${_unit_top}/tests/unit/check_no_issue_tags.py --self-test ${_unit_top})
    # docs/ARCHITECTURE.md names only files, folders and functions that exist.
    add_test(NAME core.architecture
      COMMAND ${Python3_EXECUTABLE} ${_unit_top}/tests/unit/check_architecture.py ${_unit_top})
    add_test(NAME core.architecture_selftest
      COMMAND ${Python3_EXECUTABLE} ${_unit_top}/tests/unit/check_architecture.py --self-test ${_unit_top})
  endif()
endif()
