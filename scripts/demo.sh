#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# demo.sh: the main job on a built-in example (README's first command): build, synthesize a
# storm capture, run tshark with the freshly built plugin, print the timeline and the diagnosis.
#   scripts/demo.sh [SCENARIO]   (default: testcaptures/scenarios/mixed-storm.ini)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${AMFOL_BUILD:-$top/build}
scenario=${1:-$top/testcaptures/scenarios/mixed-storm.ini}
"$top/scripts/build.sh"
out=$build/demo
mkdir -p "$out"
cap=$out/$(basename "${scenario%.ini}").pcapng
"$build/testcaptures/amfol-synth" "$scenario" -o "$cap"
echo "== capture: $cap ($(wc -c <"$cap") bytes); ground truth: ${cap%.pcapng}.truth.json"
plugin=$(ls "$build"/plugins/*/epan/amfol.so)
# tshark prints -z outputs in reverse order: this shows the timeline, then the diagnosis.
"$top/tests/lib/tshark-as-user.sh" "$plugin" -r "$cap" -2 -q \
  -z amfol,diagnosis -z amfol,timeline
