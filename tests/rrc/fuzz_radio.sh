#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# fuzz_radio.sh: corrupted, truncated and reordered copies of a radio capture must go through
# tshark + amfol (both passes, all reports) without a crash; the radio counts stay bounded.
# Usage: fuzz_radio.sh TSHARK_WRAPPER PLUGIN_SO CAPTURE WORKDIR
set -euo pipefail
wrapper=$1 plugin=$2 cap=$3 work=$4
mkdir -p "$work"
export AMFOL_STAGE
AMFOL_STAGE=$(mktemp -d /tmp/amfol-rrc-fuzz.XXXXXX)
trap 'rm -rf "$AMFOL_STAGE"' EXIT
run() {   # tshark must exit 0 and the JSON must parse
  "$wrapper" "$plugin" -r "$1" -2 -q -z amfol,json > "$work/out.json" 2> "$work/err.txt" ||
    { echo "FAIL: tshark exit $? on $1"; cat "$work/err.txt"; exit 1; }
  python3 - "$work/out.json" "$1" <<'PY'
import json, sys
t = open(sys.argv[1]).read()
d = json.loads(t[t.find("{"):])
r = d.get("radio", {})
print("%s: requests %s setups %s rejects %s findings %d" % (sys.argv[2].split("/")[-1], r.get("requests"),
      r.get("setups"), r.get("rejects"), len(d.get("findings", []))))
PY
}
for seed in 1 2 3; do
  editcap --seed $seed -E 0.005 "$cap" "$work/corrupt-$seed.pcapng"
  run "$work/corrupt-$seed.pcapng"
done
editcap -s 60 "$cap" "$work/truncated.pcapng"          # every frame cut to 60 bytes
run "$work/truncated.pcapng"
editcap -r "$cap" "$work/tail.pcapng" 2000-1000000      # starts mid-episode: answers without requests
run "$work/tail.pcapng"
# out of order: the second half before the first
editcap -r "$cap" "$work/a.pcapng" 1-1500
editcap -r "$cap" "$work/b.pcapng" 1501-1000000
mergecap -a -w "$work/reordered.pcapng" "$work/b.pcapng" "$work/a.pcapng"
run "$work/reordered.pcapng"
echo "ok: no crash on corrupted, truncated, partial and reordered captures"
