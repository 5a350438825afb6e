#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# check-ws-versions.sh: compile-check the plugin and the analysis core against the Wireshark
# headers of newer Debian releases (4.4 from trixie, 4.6 from sid), without touching the
# host's apt configuration: the -dev packages are downloaded with a private apt state and
# unpacked into a temporary prefix. Syntax and warnings only (the libraries are not runnable here).
#   scripts/check-ws-versions.sh [trixie] [sid]
#   scripts/check-ws-versions.sh --run [trixie] [sid]   build and run the tests there (check-ws-versions-run.sh)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --run ]; then shift; exec "$top/scripts/check-ws-versions-run.sh" "$@"; fi
suites=("$@"); [ ${#suites[@]} -gt 0 ] || suites=(trixie sid)
work=$(mktemp -d /tmp/amfol-wsver.XXXXXX)
trap 'rm -rf "$work"' EXIT
status=0
for suite in "${suites[@]}"; do
  d=$work/$suite
  mkdir -p "$d/lists/partial" "$d/cache/archives/partial" "$d/root"
  echo "deb http://deb.debian.org/debian $suite main" >"$d/sources.list"
  opts=(-o Dir::Etc::SourceList="$d/sources.list" -o Dir::Etc::SourceParts=/dev/null
        -o Dir::State::Lists="$d/lists" -o Dir::Cache="$d/cache" -o Dir::State::Status=/dev/null
        -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
  # No archive, no verdict: exit 77 (CTest "skipped") rather than pretend.
  if ! apt-get "${opts[@]}" -qq update ||
     ! (cd "$d" && apt-get "${opts[@]}" -qq download libwireshark-dev libwsutil-dev libwiretap-dev); then
    echo "SKIP: could not download the $suite Wireshark headers"; exit 77
  fi
  for deb in "$d"/*.deb; do dpkg-deb -x "$deb" "$d/root"; done
  ver=$(sed -n 's/#define VERSION_RELEASE "\(.*\)"/\1/p; s/#define WIRESHARK_VERSION_MINOR \(.*\)/4.\1/p' \
        "$d/root/usr/include/wireshark/ws_version.h" | head -1)
  echo "== $suite: Wireshark headers $ver"
  for f in "$top"/plugin/*.c "$top"/plugin/*/*.c "$top"/tap/*/*.c; do
    if ! gcc -std=c11 -fsyntax-only -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers -DWS_BUILD_DLL \
         -I"$top/plugin" -I"$top/tap" -I"$d/root/usr/include/wireshark" \
         $(pkg-config --cflags glib-2.0) "$f" 2>"$d/err"; then
      status=1
    fi
    if [ -s "$d/err" ]; then echo "-- ${f#$top/}"; cat "$d/err"; fi
  done
done
[ $status = 0 ] && echo "all files compile against: ${suites[*]}"
exit $status
