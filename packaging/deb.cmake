# SPDX-License-Identifier: GPL-2.0-or-later
# packaging/deb.cmake: `cpack -G DEB` (in the build folder) makes amfol_<version>_<arch>.deb for
# the Wireshark this build was configured against: the plugin in that version's system plugin
# folder, Depends on the libwireshark ABI package it links to, amfol-synth, amfol-replay (its own
# install rule in replay/), the scenarios and the
# man pages. Included last from the root CMakeLists.txt.
if(NOT Wireshark_FOUND)
  return()
endif()

# Tools, example scenarios, man pages (gzip -9n, as Debian policy asks), README and licence.
if(TARGET amfol-synth)
  install(TARGETS amfol-synth RUNTIME DESTINATION bin)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/testcaptures/scenarios/ DESTINATION share/amfol/scenarios
          FILES_MATCHING PATTERN "*.ini")
endif()
set(_amfol_man_gz)
foreach(page amfol-synth.1 amfol-replay.1 amfol.7)
  set(gz ${CMAKE_BINARY_DIR}/man/${page}.gz)
  add_custom_command(OUTPUT ${gz}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
    COMMAND gzip -9n -c ${PROJECT_SOURCE_DIR}/docs/man/${page} > ${gz}
    DEPENDS ${PROJECT_SOURCE_DIR}/docs/man/${page} VERBATIM)
  string(REGEX REPLACE ".*\\.([0-9])$" "\\1" section ${page})
  install(FILES ${gz} DESTINATION share/man/man${section})
  list(APPEND _amfol_man_gz ${gz})
endforeach()
add_custom_target(amfol-man ALL DEPENDS ${_amfol_man_gz})
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION share/doc/amfol)
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION share/doc/amfol RENAME copyright)

# The ABI package of the libwireshark this plugin links to (libwireshark16 for 4.0, ...): asked
# of dpkg at configure time, else derived from the library's soname number.
get_target_property(_amfol_epan_lib epan IMPORTED_LOCATION)
get_target_property(_amfol_epan_cfgs epan IMPORTED_CONFIGURATIONS)
foreach(cfg ${_amfol_epan_cfgs})               # Debian's export has only "NONE"
  if(NOT _amfol_epan_lib)
    get_target_property(_amfol_epan_lib epan IMPORTED_LOCATION_${cfg})
  endif()
endforeach()
get_filename_component(_amfol_epan_real "${_amfol_epan_lib}" REALPATH)
execute_process(COMMAND dpkg-query -S "${_amfol_epan_real}"
                OUTPUT_VARIABLE _amfol_owner ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
string(REGEX MATCH "^[^:,]+" AMFOL_WS_ABI_PACKAGE "${_amfol_owner}")
if(NOT AMFOL_WS_ABI_PACKAGE)
  execute_process(COMMAND objdump -p "${_amfol_epan_real}" OUTPUT_VARIABLE _amfol_objdump ERROR_QUIET)
  string(REGEX MATCH "SONAME +libwireshark\\.so\\.([0-9]+)" _ "${_amfol_objdump}")
  set(AMFOL_WS_ABI_PACKAGE "libwireshark${CMAKE_MATCH_1}")
endif()
message(STATUS "amfol: package depends on ${AMFOL_WS_ABI_PACKAGE} (Wireshark ${AMFOL_WS_XY})")

execute_process(COMMAND dpkg --print-architecture OUTPUT_VARIABLE _amfol_arch
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME amfol)
# The Wireshark minor version is part of the package version: one package per Wireshark.
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}+ws${AMFOL_WS_XY}")
set(CPACK_PACKAGE_CONTACT "amfol maintainers <amfol@invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "AMF overload diagnosis plugin for Wireshark ${AMFOL_WS_XY}")
set(CPACK_PACKAGE_DESCRIPTION
  "amfol turns captures of a 5G signalling storm into an AMF overload diagnosis: which AMF went into overload and when, which gNBs were told, whether gNBs and UEs obeyed (NGAP, NAS-5GS, NR RRC, SBI), with the frames that prove it. Includes the storm synthesizer amfol-synth.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE "${_amfol_arch}")
set(CPACK_DEBIAN_PACKAGE_SECTION net)
# Depends: dpkg-shlibdeps names the libwireshark ABI package (with the exact minimum version),
# GLib and libc; CPack appends its list to CPACK_DEBIAN_PACKAGE_DEPENDS, so the ABI package is
# named here only where shlibdeps is switched off (cpack -D CPACK_DEBIAN_PACKAGE_SHLIBDEPS=OFF, in
# roots without dpkg-dev): packaging/cpack-options.cmake decides at cpack time. Set both and
# libwireshark16 was listed twice.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_AMFOL_ABI_DEPENDS "${AMFOL_WS_ABI_PACKAGE} (>= ${AMFOL_WS_XY})")
set(CPACK_PROJECT_CONFIG_FILE ${PROJECT_SOURCE_DIR}/packaging/cpack-options.cmake)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "tshark | wireshark")
include(CPack)
