#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# demo.sh: the main job on a built-in example (README's first command): install what the demo
# needs (scripts/install-deps.sh demo), build the plugin and the synthesizer only, synthesize a
# storm capture, run tshark with the freshly built plugin, print the timeline and the diagnosis.
#   scripts/demo.sh [-o DIR] [SCENARIO]   (default: testcaptures/scenarios/mixed-storm.ini)
#   -o DIR (or AMFOL_DEMO_DIR=DIR): where the capture and its ground truth go. Default: a new
#   folder under /tmp. The files are readable by every user (the capture is no secret, and a demo
#   run as root must leave something the user can open in Wireshark); under sudo they belong to
#   the user who called sudo.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${AMFOL_BUILD:-$top/build}
out=${AMFOL_DEMO_DIR:-}
if [ "${1:-}" = -o ]; then
  [ $# -ge 2 ] || { echo "usage: $0 [-o DIR] [SCENARIO]" >&2; exit 2; }
  out=$2; shift 2
fi
scenario=${1:-$top/testcaptures/scenarios/mixed-storm.ini}
[ -f "$scenario" ] || { echo "demo: no scenario $scenario" >&2; exit 2; }
t0=$SECONDS
AMFOL_DEPS=demo "$top/scripts/build.sh" amfol amfol-synth
if [ -z "$out" ]; then
  out=$(mktemp -d /tmp/amfol-demo.XXXXXX)
  chmod 755 "$out"
fi
mkdir -p "$out"
cap=$out/$(basename "${scenario%.ini}").pcapng
truth=${cap%.pcapng}.truth.json
"$build/testcaptures/amfol-synth" "$scenario" -o "$cap" >/dev/null
chmod a+r "$cap" "$truth"
if [ "$(id -u)" = 0 ] && [ -n "${SUDO_UID:-}" ] && [ -n "${SUDO_GID:-}" ]; then
  chown "$SUDO_UID:$SUDO_GID" "$cap" "$truth"
  case "$out" in /tmp/amfol-demo.*) chown "$SUDO_UID:$SUDO_GID" "$out";; esac
fi
plugin=$(ls "$build"/plugins/*/epan/amfol.so)
echo "== capture: $cap ($(wc -c <"$cap") bytes, readable by every user); ground truth: $truth"
# tshark prints -z outputs in reverse order: this shows the timeline, then the diagnosis.
"$top/tests/lib/tshark-as-user.sh" "$plugin" -r "$cap" -2 -q \
  -z amfol,diagnosis -z amfol,timeline
echo "== demo done in $((SECONDS - t0)) s. Open the capture: wireshark $cap"
echo "   or: tshark -r $cap -2 -q -z amfol,diagnosis   (with the plugin installed: README, \"Using it\")"
