#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# run-fuzzer.sh: run one libFuzzer harness for a fixed time from the seed corpus kept in the
# repository (tests/fuzz/corpus/NAME, read only); new inputs go to WORK_DIR/corpus and stay there
# for the next run in the same build (short runs in the suite add up). Fails on any crash,
# sanitizer report, leak, timeout or out-of-memory, keeping the input in WORK_DIR.
# Usage: run-fuzzer.sh HARNESS SEED_CORPUS WORK_DIR SECONDS
set -euo pipefail
bin=$1 seeds=$2 work=$3 secs=$4
mkdir -p "$work/corpus"
rm -f "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* "$work/log"
set +e
"$bin" -seed=1 -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix="$work/" "$work/corpus" "$seeds" >"$work/log" 2>&1
rc=$?
set -e
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
cov=$(grep -o 'cov: [0-9]*' "$work/log" | tail -1)
echo "$(basename "$bin"): $runs executions in $secs s, $cov, corpus $(ls "$work/corpus" | wc -l) new + $(ls "$seeds" | wc -l) seeds, exit $rc"
if [ "$rc" != 0 ]; then
  grep -A30 -E "^==[0-9]+==ERROR|runtime error|SUMMARY" "$work/log" | head -60
  echo "FAIL: input kept in $work (crash-*/leak-*/timeout-*); once fixed, add it to $seeds"
  exit 1
fi
