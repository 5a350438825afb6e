#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# gui-screenshot.sh: open a capture in the real Wireshark GUI (Qt, under Xvfb) with the built
# plugin, as an unprivileged user, and save a screenshot: how we check what a person sees.
#   scripts/gui-screenshot.sh CAPTURE OUT.png [extra wireshark args, e.g. -z amfol,table -Y amfol]
# Optional: AMFOL_GUI_PROFILE=DIR copies DIR's files into the profile (e.g. docs/iograph/io_graphs),
# AMFOL_GUI_ACTIONS="mousemove 325 10 click 1; key Down" runs xdotool commands (separated by ';',
# one second apart) before the shot, e.g. to open a menu and a dialog,
# AMFOL_GUI_DISPLAY=:57 picks the X display.
# Needs: apt-get install wireshark-qt xvfb imagemagick (xdotool for AMFOL_GUI_KEYS)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${AMFOL_BUILD:-$top/build}
cap=$1; png=$2; shift 2
so=$(ls "$build"/plugins/*/epan/amfol.so | head -1)
xy=$(basename "$(dirname "$(dirname "$so")")")
stage=$(mktemp -d /tmp/amfol-gui.XXXXXX); chmod 755 "$stage"
mkdir -p "$stage/home/.local/lib/wireshark/plugins/$xy/epan" "$stage/home/.config/wireshark"
cp "$so" "$stage/home/.local/lib/wireshark/plugins/$xy/epan/"
cp "$cap" "$stage/capture.pcapng"
# Skip the welcome-page update check and keep the layout predictable.
printf 'gui.update.enabled: FALSE\n' > "$stage/home/.config/wireshark/preferences"
printf 'gui.geometry_main_x: 0\ngui.geometry_main_y: 0\ngui.geometry_main_width: 1580\ngui.geometry_main_height: 980\ngui.geometry_main_maximized: TRUE\n' \
  > "$stage/home/.config/wireshark/recent_common"
[ -n "${AMFOL_GUI_PROFILE:-}" ] && cp "$AMFOL_GUI_PROFILE"/* "$stage/home/.config/wireshark/"
chmod -R a+rwX "$stage"
disp=${AMFOL_GUI_DISPLAY:-:$((90 + RANDOM % 9))}
Xvfb "$disp" -screen 0 1600x1000x24 >/dev/null 2>&1 & xpid=$!
sleep 1
run=(env -i PATH=/usr/bin:/bin HOME="$stage/home" DISPLAY="$disp" LANG=C.UTF-8 QT_QPA_PLATFORM=xcb
     wireshark -r "$stage/capture.pcapng" "$@")
if [ "$(id -u)" = 0 ]; then
  chown -R 65534:65534 "$stage"
  setpriv --reuid=65534 --regid=65534 --clear-groups "${run[@]}" >"$stage/ws.log" 2>&1 & wpid=$!
else
  "${run[@]}" >"$stage/ws.log" 2>&1 & wpid=$!
fi
sleep "${AMFOL_GUI_WAIT:-8}"
if [ -n "${AMFOL_GUI_ACTIONS:-}" ]; then
  IFS=';' read -ra actions <<<"$AMFOL_GUI_ACTIONS"
  for a in "${actions[@]}"; do read -ra words <<<"$a"; DISPLAY=$disp xdotool "${words[@]}"; sleep 1; done
  sleep "${AMFOL_GUI_ACTIONS_WAIT:-6}"
fi
DISPLAY=$disp import -window root "$png"
kill "$wpid" 2>/dev/null || true; kill "$xpid" 2>/dev/null || true
echo "screenshot: $png (log: $stage/ws.log)"
