# SPDX-License-Identifier: GPL-2.0-or-later
# tests/package: the .deb (packaging/deb.cmake) built, installed with apt into a fresh minimal
# Debian root and used there as root, as a normal user and with sudo (skipped, 77, without the
# archive); and the newcomer check: the README's two commands in a bare root from a clone.
# Label slow: they build Debian roots (minutes, ~0.5-1 GB each under /var/cache/amfol-roots);
# `ctest -LE slow` leaves them out locally, scripts/test.sh (CI) runs them.
if(DEFINED AMFOL_PLUGIN_SO AND DEFINED AMFOL_SYNTH)
  add_test(NAME package.deb_fresh_root
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/deb-in-fresh-root.sh ${CMAKE_BINARY_DIR} ${PROJECT_SOURCE_DIR})
  set_tests_properties(package.deb_fresh_root PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 900 LABELS slow
    RESOURCE_LOCK amfol_debian_roots COST 300)   # long (mostly I/O): started early
endif()
add_test(NAME package.newcomer COMMAND ${CMAKE_CURRENT_LIST_DIR}/newcomer.sh ${PROJECT_SOURCE_DIR})
# Builds and runs the whole suite inside with -j$(nproc): alone with the other Debian-root tests
# (RESOURCE_LOCK amfol_ws_roots), and started first.
set_tests_properties(package.newcomer PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 3000 LABELS slow
  RESOURCE_LOCK amfol_ws_roots COST 2000)
