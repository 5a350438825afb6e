# SPDX-License-Identifier: GPL-2.0-or-later
# cpack-options.cmake (CPACK_PROJECT_CONFIG_FILE, read by cpack after -D options): the libwireshark
# ABI package goes into Depends only when dpkg-shlibdeps does not name it (packaging/deb.cmake).
if(NOT CPACK_DEBIAN_PACKAGE_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "${CPACK_AMFOL_ABI_DEPENDS}")
endif()
