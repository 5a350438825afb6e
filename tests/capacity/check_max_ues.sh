#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# check_max_ues.sh: the amfol.max_ues preference in the real tshark. A storm whose rejected UEs
# all come back after T3346 (t3346-synchronised): by default every UE is followed (no eviction,
# no lost reject); with -o amfol.max_ues:20 exactly UEs - 20 are evicted, and the rejects whose UE
# went before its retry are counted in the JSON and said in the timeline.
# The default run is the scenario's one tshark run (tests/e2e: e2e.tshark_run.<scenario>, its
# amfol.json); the capped run prints the JSON and the timeline in one tshark start.
# Usage: check_max_ues.sh TSHARK_WRAPPER PLUGIN_SO CAPTURE DEFAULT_JSON
set -euo pipefail
wrapper=$1 plugin=$2 capture=$3 default_json=$4
work=$(mktemp -d /tmp/amfol-maxues.XXXXXX)
trap 'rm -rf "$work"' EXIT
"$wrapper" "$plugin" -r "$capture" -2 -q -o amfol.max_ues:20 -z amfol,json -z amfol,timeline >"$work/small.txt"
python3 - "$default_json" "$work/small.txt" <<'PY'
import json, re, sys
def load(p):
    """The "nas" member of the -z amfol,json report in P (its object opens on a line "{")."""
    t = open(p).read()
    m = re.search(r"^\{$", t, re.M)
    return json.JSONDecoder().raw_decode(t[m.start():])[0]["nas"]
d, s = load(sys.argv[1]), load(sys.argv[2])
text = open(sys.argv[2]).read()
errors = []
def check(ok, what):
    if not ok:
        errors.append(what)
print("default: max_ues %s, UEs %s, evicted %s, lost %s" % (d["max_ues"], d["ues"], d["ue_evictions"], d["backoffs_lost_to_eviction"]))
print("max_ues 20: UEs %s, evicted %s, lost %s of %s congestion rejects" % (s["ues"], s["ue_evictions"], s["backoffs_lost_to_eviction"], s["congestion_rejects"]))
check(d["max_ues"] == 500000 and d["ue_evictions"] == 0 and d["backoffs_lost_to_eviction"] == 0, "default run")
check(s["max_ues"] == 20, "preference not applied")
check(s["ues"] > 20 and s["ue_evictions"] == s["ues"] - 20, "evictions %s for %s UEs" % (s["ue_evictions"], s["ues"]))
check(0 < s["backoffs_lost_to_eviction"] <= s["congestion_rejects"], "lost rejects %s" % s["backoffs_lost_to_eviction"])
line = "UE cap reached (amfol.max_ues 20): %d reject(s) lost their UE" % s["backoffs_lost_to_eviction"]
check(line in text, "timeline lacks: " + line)
for e in errors:
    print("FAIL: " + e)
sys.exit(1 if errors else 0)
PY
