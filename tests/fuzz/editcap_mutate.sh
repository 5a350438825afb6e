#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# editcap_mutate.sh: mutation fuzzing of the whole plugin inside the real tshark. Synthesized
# storms (N2, NAS, RRC, SBI) are mutated by `editcap -E` with fixed seeds until about 50k frames
# have been mutated; every copy goes through tshark (two passes, -z amfol,json). Each run must
# end with an exit status below 128 (no signal: no crash, no abort) and valid JSON, and no
# finding may name a frame amfol marked amfol.damaged as evidence (docs/faults.md).
# Usage: editcap_mutate.sh TSHARK_WRAPPER PLUGIN_SO SYNTH SCENARIO_DIR [TARGET_FRAMES]
set -euo pipefail
wrapper=$1 plugin=$2 synth=$3 scenarios=$4 target=${5:-50000}
work=$(mktemp -d /tmp/amfol-mutate.XXXXXX)
# The stage must be reachable by the unprivileged tshark: its own world-readable folder.
AMFOL_STAGE=$(mktemp -d /tmp/amfol-mutate-stage.XXXXXX)
export AMFOL_STAGE
trap 'rm -rf "$work" "$AMFOL_STAGE"' EXIT
start=$(date +%s)
caps=()
for s in mixed-storm message-zoo cascade nrf-lag rejects-after-stop slice-blocked; do
  "$synth" "$scenarios/$s.ini" -o "$work/$s.pcapng" >/dev/null 2>&1
  caps+=("$work/$s.pcapng")
done
frames=0 runs=0 signals=0 bad_json=0 on_damaged=0 seed=0
while [ "$frames" -lt "$target" ]; do
  for cap in "${caps[@]}"; do
    seed=$((seed + 1))
    m=$work/m-$seed.pcapng     # a new name: the wrapper stages each capture once per path
    editcap --seed "$seed" -E 0.02 "$cap" "$m"
    n=$(capinfos -Mc "$m" | awk '/Number of packets/{print $NF}')
    set +e
    "$wrapper" "$plugin" -r "$m" -2 -Y amfol.damaged -T fields -e frame.number -z amfol,json >"$work/out" 2>"$work/err"
    rc=$?
    set -e
    runs=$((runs + 1)) frames=$((frames + n))
    if [ "$rc" -ge 128 ]; then
      signals=$((signals + 1))
      echo "FAIL: exit $rc on $(basename "$cap") editcap --seed $seed -E 0.02 (rerun that to reproduce)"
      tail -5 "$work/err"
    elif ! python3 -c 'import json,sys; t=open(sys.argv[1]).read(); json.loads(t[t.find("{"):])' "$work/out" 2>/dev/null; then
      bad_json=$((bad_json + 1))
      echo "FAIL: invalid JSON (exit $rc) on $(basename "$cap") editcap --seed $seed -E 0.02"
    elif ! python3 -c '
import json, sys
t = open(sys.argv[1]).read()
damaged = {int(x) for x in t[:t.find("{")].split()}
d = json.loads(t[t.find("{"):])
bad = [(f["rule"], sorted(damaged & set(f["frames"]))) for f in d["findings"] if damaged & set(f["frames"])]
assert d["capture"]["damaged_ignored"] == len(damaged), (d["capture"]["damaged_ignored"], len(damaged))
sys.exit("finding on damaged frames: %s" % bad if bad else 0)' "$work/out"; then
      on_damaged=$((on_damaged + 1))
      echo "FAIL: a finding rests on a damaged frame on $(basename "$cap") editcap --seed $seed -E 0.02"
    fi
    rm -f "$m" "$AMFOL_STAGE"/cap/*
    [ "$frames" -ge "$target" ] && break
  done
done
echo "mutated frames $frames in $runs runs (seeds 1..$seed): $signals crashes, $bad_json invalid JSON, $on_damaged with findings on damaged frames, $(( $(date +%s) - start )) s"
[ "$signals" = 0 ] && [ "$bad_json" = 0 ] && [ "$on_damaged" = 0 ]
