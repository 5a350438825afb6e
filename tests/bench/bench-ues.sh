#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench-ues.sh: memory with many distinct UE identities ("bounded with 10M distinct UE
# identities, caps and eviction counts in the report"). A benchmark, not a test: it runs the
# core's capacity check (tests/capacity/ue_capacity.c, CTest capacity.core_250k_ues at 250 k) at N
# UEs through the default cap of amfol.max_ues, and prints its report (evictions, lost back-offs,
# memory per UE followed and of the rest) with the process's peak RSS and CPU.
#   tests/bench/bench-ues.sh [-b BUILD_DIR] [N (default 10000000)] [MAX_UES (default 500000)] [LIMIT (bytes per UE followed, 200)]
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$top/build
[ "${1:-}" = -b ] && { build=$2; shift 2; }
n=${1:-10000000} max=${2:-500000} limit=${3:-200}
bin=$build/tests/amfol_ue_capacity
[ -x "$bin" ] || { echo "build amfol_ue_capacity first (scripts/build.sh)"; exit 2; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package 'time')"; exit 2; }
t=$(mktemp); trap 'rm -f "$t"' EXIT
rc=0
/usr/bin/time -v -o "$t" "$bin" "$n" "$max" "$limit" || rc=$?
awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} /Maximum resident/ {m=$2}
  END { printf "process (this run and its max_ues=1 child): CPU %.1f s, peak RSS %.0f MiB\n", u + s, m / 1024 }' "$t"
exit $rc
