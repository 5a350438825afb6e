#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_synth.py: run amfol on a synthesized storm and compare its N2 view with the truth JSON
# the synthesizer wrote (docs/ground-truth.md): episodes (first START, last STOP, every START,
# per-gNB START/STOP), per-gNB InitialUEMessage counts before/during/after, and the N2 findings
# (rule, amf, gnb, first_frame, count exact; frames a subset of the truth's frames; nothing extra).
#   check_synth.py TSHARK_WRAPPER PLUGIN_SO SYNTH SCENARIO.ini WORKDIR
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from amfol_catalogue import rule_ids  # noqa: E402

WRAPPER, PLUGIN, SYNTH, SCENARIO, WORK = sys.argv[1:6]
FAILS = []


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print("FAIL:", what)


os.makedirs(WORK, exist_ok=True)
name = os.path.splitext(os.path.basename(SCENARIO))[0]
pcap = os.path.join(WORK, name + ".pcapng")
subprocess.run([SYNTH, SCENARIO, "-o", pcap], check=True, capture_output=True, timeout=120)
with open(os.path.join(WORK, name + ".truth.json")) as f:
    truth = json.load(f)
p = subprocess.run([WRAPPER, PLUGIN, "-r", pcap, "-q", "-2", "-z", "amfol,json"], capture_output=True, timeout=150)
check(p.returncode == 0, "tshark rc %d: %s" % (p.returncode, p.stderr.decode(errors="replace")[-300:]))
got = json.loads(p.stdout)
N2_RULES = rule_ids(got, "n2")
check(got["capture"]["frames"] == truth["frames"], "frames %s != %s" % (got["capture"]["frames"], truth["frames"]))

amfs = {a["id"]: a for a in got["amfs"]}
for ta in truth["amfs"]:
    a = amfs.get(ta["name"])
    check(a is not None, "AMF %s not found (have %s)" % (ta["name"], list(amfs)))
    if not a:
        continue
    check(len(a["episodes"]) == len(ta["episodes"]), "%s: %d episodes, truth %d" % (ta["name"], len(a["episodes"]), len(ta["episodes"])))
    for e, te in zip(a["episodes"], ta["episodes"]):
        check((e["start_frame"], e["stop_frame"]) == (te["start_frame"], te["stop_frame"]),
              "episode frames %s/%s truth %s/%s" % (e["start_frame"], e["stop_frame"], te["start_frame"], te["stop_frame"]))
        ups = [(u["frame"], u["gnb"], u["action"], u["reduction_pct"]) for u in e["updates"]]
        tups = [(u["frame"], u["gnb"], u["action"], u["reduction_pct"]) for u in te["updates"]]
        check(ups == tups, "updates\n got  %s\n want %s" % (ups, tups))
        for u, tu in zip(e["updates"], te["updates"]):
            ts = sorted((s["snssai"], s.get("action"), s.get("reduction_pct")) for s in tu.get("slices", []))
            gs = sorted((s["snssai"], s["action"], s["reduction_pct"]) for s in u["slices"])
            check(gs == ts, "slices of frame %d: %s truth %s" % (u["frame"], gs, ts))
        parts = sorted((g["id"], g["start_frame"], g["stop_frame"]) for g in e["gnbs"])
        tparts = sorted((g["gnb"], g["start_frame"], g["stop_frame"]) for g in te["gnbs"])
        check(parts == tparts, "episode gNBs %s truth %s" % (parts, tparts))

exp = truth.get("expected", {}).get("initial_ue_messages", {})
gnbs = {g["id"]: g for a in got["amfs"] for g in a["gnbs"]}
for gnb, counts in exp.items():
    g = gnbs.get(gnb)
    check(g is not None, "gNB %s not found" % gnb)
    if g:
        for k in ("before", "during", "after"):
            check(g["initial_ue"][k] == counts.get(k, {}), "%s %s: %s truth %s" % (gnb, k, g["initial_ue"][k], counts.get(k)))

tf = [f for f in truth["faults"] if f["rule"] in N2_RULES]
gf = [f for f in got["findings"] if f["rule"] in N2_RULES]
for t in tf:
    m = [f for f in gf if (f["rule"], f["amf"], f["gnb"]) == (t["rule"], t["amf"], t["gnb"])]
    check(len(m) == 1, "truth fault %s %s %s: %d amfol findings" % (t["rule"], t["amf"], t["gnb"], len(m)))
    if m:
        f = m[0]
        check(f["first_frame"] == t["first_frame"], "%s first_frame %d truth %d" % (t["rule"], f["first_frame"], t["first_frame"]))
        check(set(f["frames"]) <= set(t["frames"]), "%s frames not in truth: %s" % (t["rule"], sorted(set(f["frames"]) - set(t["frames"]))))
        check(f["count"] == t["count"], "%s count %d truth %d" % (t["rule"], f["count"], t["count"]))
extra = [(f["rule"], f["gnb"]) for f in gf if not any((f["rule"], f["amf"], f["gnb"]) == (t["rule"], t["amf"], t["gnb"]) for t in tf)]
check(extra == [], "amfol N2 findings not in the truth: %s" % extra)
if FAILS:
    print("%d checks failed" % len(FAILS))
    sys.exit(1)
print("check_synth %s: ok (%d episodes, %d N2 findings)" % (name, sum(len(a["episodes"]) for a in got["amfs"]), len(gf)))
