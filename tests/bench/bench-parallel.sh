#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench-parallel.sh: the scale-out speed-up on this machine (a benchmark, not a test). Cuts
# FRAMES frames of the big storm into PARTS files with editcap -c (a probe's ring buffer), then
# times, wall clock:
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
wall() { # LABEL CMD... -> prints seconds, output in $work/LABEL.json
  local label=$1; shift
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >"$work/$label.json"
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'
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
awk -v w="$w" -v a="$j1" -v b="$jn" -v c="$cores" -v n="$frames" -v p="$parts" -v s="$same" 'BEGIN {
  printf "%d frames in %d files, %d cores: whole %.2f s, parallel -j1 %.2f s, -j%d %.2f s: speed-up %.2fx over -j1, %.2fx over the whole file (%s)\n",
    n, p, c, w, a, c, b, a / b, w / b, s }'
