#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# install-plugin.sh: copy the built plugin into your personal Wireshark plugin folder
# (~/.local/lib/wireshark/plugins/X.Y/epan). For the system folder use: sudo cmake --install build
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${AMFOL_BUILD:-$top/build}
so=$(ls "$build"/plugins/*/epan/amfol.so 2>/dev/null | head -1)
[ -n "$so" ] || { echo "build first: scripts/build.sh" >&2; exit 1; }
xy=$(basename "$(dirname "$(dirname "$so")")")
dest=${HOME}/.local/lib/wireshark/plugins/$xy/epan
mkdir -p "$dest"
cp "$so" "$dest/"
echo "installed $dest/amfol.so"
[ "$(id -u)" = 0 ] && echo "note: tshark/Wireshark ignore personal plugin folders when run as root" >&2
# Another amfol.so in the system folder (the .deb, cmake --install) makes Wireshark complain that
# it was "found in multiple directories" and load only one of them: say which to remove.
sys=$(env -u WIRESHARK_PLUGIN_DIR tshark -G folders 2>/dev/null | sed -n 's/^Global Plugins:[[:space:]]*//p')
if [ -n "$sys" ] && [ -e "$sys/epan/amfol.so" ]; then
  echo "warning: $sys/epan/amfol.so is installed too (package amfol: apt remove amfol; or delete it):" \
       "Wireshark loads only one of the two" >&2
fi
exit 0
