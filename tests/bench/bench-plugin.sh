#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench-plugin.sh: what amfol costs on top of tshark's own dissection (a benchmark, not a test).
# Writes the big storm (>1M frames) with the synthesizer, then runs tshark on it, in one run:
#   base : tshark -q -z io,phs --disable-protocol amfol   (full dissection, amfol off)
#   amfol: tshark -q -z io,phs -z amfol,diagnosis        (same, amfol on)
#   amfol2: the same with -2 (two passes, findings as Expert Info)
# and prints user CPU seconds, wall seconds, max RSS and the ratios amfol/base.
#   tests/bench/bench-plugin.sh [BUILD_DIR] [FRAMES_LIMIT]
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$top/build}
limit=${2:-0}
so=$(ls "$build"/plugins/*/epan/amfol.so | head -1)
synth=$build/testcaptures/amfol-synth
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package 'time')"; exit 2; }
work=$(mktemp -d /tmp/amfol-bench.XXXXXX)
chmod 755 "$work"   # the unprivileged tshark reads the staged files below it
trap 'rm -rf "$work"' EXIT
cap=$work/big-storm.pcapng
"$synth" "$top/testcaptures/scenarios/big-storm.ini" -o "$cap" >/dev/null
if [ "$limit" != 0 ]; then
  editcap -r "$cap" "$work/cut.pcapng" "1-$limit" && mv "$work/cut.pcapng" "$cap"
fi
frames=$(capinfos -c -M "$cap" | sed -n 's/^Number of packets: *//p')
export AMFOL_STAGE=$work/stage
run() { # LABEL ARGS...
  local label=$1; shift
  /usr/bin/time -f "%U %e %M" -o "$work/$label.time" \
    "$top/tests/lib/tshark-as-user.sh" "$so" -r "$cap" "$@" >"$work/$label.out" 2>&1
  read -r u w m <"$work/$label.time"
  printf '%-6s user %7.2f s  wall %7.2f s  max RSS %7.1f MiB\n' "$label" "$u" "$w" "$(awk -v m="$m" 'BEGIN { print m / 1024 }')"
  eval "${label}_u=$u; ${label}_m=$m"
}
echo "big storm: $frames frames ($(du -h "$cap" | cut -f1))"
run base -q -z io,phs --disable-protocol amfol
run amfol -q -z io,phs -z amfol,diagnosis
run amfol2 -2 -q -z io,phs -z amfol,diagnosis
awk -v b="$base_u" -v a="$amfol_u" -v a2="$amfol2_u" -v bm="$base_m" -v am="$amfol_m" \
  'BEGIN { printf "ratio amfol/base: CPU %.2f, memory %.2f; -2 CPU %.2f\n", a / b, am / bm, a2 / b }'
grep -E '^AMF |findings' "$work/amfol.out" | head -5
