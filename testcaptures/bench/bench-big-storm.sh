#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark (not a CTest): writes big-storm and prints frames/s and max RSS; then the same storm
# at half and double length, to show that memory does not grow with the capture.
# Usage: bench-big-storm.sh [AMFOL_SYNTH] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
synth=${1:-$here/../../build/testcaptures/amfol-synth}
out=${2:-$(mktemp -d /tmp/amfol-bench.XXXXXX)}
scen=$here/../scenarios/big-storm.ini
[ -x "$synth" ] || { echo "no amfol-synth at $synth (build it first, or pass its path)"; exit 2; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package 'time')"; exit 2; }
mkdir -p "$out"

run() { # run LABEL SCENARIO
  local label=$1 sc=$2 log=$out/$1.time
  /usr/bin/time -v "$synth" "$sc" -o "$out/$label.pcapng" 2>"$log" >/dev/null
  local frames secs rss
  frames=$(sed -n 's/^amfol-synth: [^:]*: \([0-9]*\) frames.*/\1/p' "$log")
  secs=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$log" |
         awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$log")
  awk -v l="$label" -v f="$frames" -v s="$secs" -v r="$rss" -v b="$(stat -c %s "$out/$label.pcapng")" \
    'BEGIN { printf "%-18s %9d frames  %6.2f s  %9.0f frames/s  max RSS %6.1f MiB  file %6.1f MiB\n",
             l, f, s, (s > 0 ? f / s : 0), r / 1024, b / 1048576 }'
}

run big-storm "$scen"
for d in 130 520; do
  sed "s/^duration_s = .*/duration_s = $d/" "$scen" > "$out/big-storm-$d.ini"
  run "big-storm-${d}s" "$out/big-storm-$d.ini"
done
echo "outputs in $out (delete when done)"
