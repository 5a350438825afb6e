# SPDX-License-Identifier: GPL-2.0-or-later
# tests/package: the .deb (packaging/deb.cmake) built, installed with apt into a fresh minimal
# Debian root and used there as root with the system tshark (skipped, 77, without the archive).
if(DEFINED AMFOL_PLUGIN_SO AND DEFINED AMFOL_SYNTH)
  add_test(NAME package.deb_fresh_root
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/deb-in-fresh-root.sh ${CMAKE_BINARY_DIR} ${PROJECT_SOURCE_DIR})
  set_tests_properties(package.deb_fresh_root PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 900
    RESOURCE_LOCK amfol_debian_roots COST 300)   # long (mostly I/O): started early
endif()
