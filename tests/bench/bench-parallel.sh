#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench-parallel.sh: the scale-out speed-up on this machine (a benchmark, not a test). Cuts
# FRAMES frames of the big storm into PARTS files with editcap -c (a probe's ring buffer), then
# times, wall clock and CPU (user + sys of every process, from /usr/bin/time), with the load
# average before each run:
#   whole : tshark -q -z amfol,json on the uncut capture
#   j1    : scripts/amfol-parallel.sh -j 1 over the parts (export one by one, then replay)
#   jN    : the same with one job per core
# and checks that both give the whole capture's findings.
#   tests/bench/bench-parallel.sh [BUILD_DIR] [FRAMES (300000)] [PARTS (8)]
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$top/build}
frames=${2:-300000}
parts=${3:-8}
work=$(mktemp -d /tmp/amfol-bench.XXXXXX)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
cp "$(ls "$build"/plugins/*/epan/amfol.so | head -1)" "$work/amfol.so"
cp "$build/replay/amfol-replay" "$work/amfol-replay"
"$build/testcaptures/amfol-synth" "$top/testcaptures/scenarios/big-storm.ini" -o "$work/big.pcapng" >/dev/null
editcap -r "$work/big.pcapng" "$work/cap.pcapng" "1-$frames"
rm "$work/big.pcapng"
mkdir -m 755 "$work/ring"
editcap -c $(( (frames + parts - 1) / parts )) "$work/cap.pcapng" "$work/ring/ring.pcapng"
export AMFOL_PLUGIN_SO=$work/amfol.so AMFOL_REPLAY=$work/amfol-replay
cores=$(nproc)
wall() { # LABEL CMD... -> prints "wall s (CPU s, load L)", output in $work/LABEL.json
  local label=$1; shift
  local load
  load=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f "%e %U %S" -o "$work/$label.time" "$@" >"$work/$label.json"
  awk -v l="$load" '{ printf "%.2f s (CPU %.2f s, load %s)", $1, $2 + $3, l }' "$work/$label.time"
}
AMFOL_STAGE=$work/stage "$top/tests/lib/tshark-as-user.sh" "$AMFOL_PLUGIN_SO" -q -r "$work/cap.pcapng" -c 1 >/dev/null
w=$(wall whole env AMFOL_STAGE="$work/stage" "$top/tests/lib/tshark-as-user.sh" "$AMFOL_PLUGIN_SO" -q -r "$work/cap.pcapng" -z amfol,json)
j1=$(wall j1 "$top/scripts/amfol-parallel.sh" -j 1 --format json "$work/ring")
jn=$(wall jn "$top/scripts/amfol-parallel.sh" -j "$cores" --format json "$work/ring")
same=$(python3 - "$work" <<'PY'
import json, sys
w = sys.argv[1]
f = lambda n: sorted((x["rule"], x["first_frame"], x["count"]) for x in json.load(open(f"{w}/{n}.json"))["findings"])
print("same findings" if f("whole") == f("j1") == f("jn") else "FINDINGS DIFFER")
PY
)
echo "$frames frames in $parts files, $cores cores ($same):"
echo "  whole (one tshark, uncut file): $w"
echo "  amfol-parallel.sh -j 1:         $j1"
echo "  amfol-parallel.sh -j $cores:         $jn"
