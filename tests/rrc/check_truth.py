#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_truth.py: run tshark with the amfol plugin on a synthesized capture and compare the radio
# findings (rule ids, evidence frames, counts) with the synthesizer's ground truth.
#
# Usage: check_truth.py TSHARK_WRAPPER PLUGIN_SO CAPTURE TRUTH_JSON [--rules r1,r2] [--expect r1,r2]
#   --rules: the rule ids this check owns (default: the radio rules of docs/faults.md)
#   --expect: rule ids that must be reported (default: those of the truth within --rules)
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from amfol_catalogue import rule_ids  # noqa: E402
CAP = 32   # evidence frames kept per finding (docs/faults.md)
SHARED = {"exempt-access-rejected", "gnb-ignores-overload"}   # also raised by the NAS / N2 modules
SLICE = "slice-overload-blocks-slice"
MIN_SLICE_UES = 5


def check_slice_truth(wrapper, plugin, capture, truth, fails):
    """docs/faults.md: the evidence of the rule is the RRCReleases the gNB sent right after the
    RRCSetupComplete of UEs whose s-NSSAI-List is only the slice (listed) or holds it (unlisted).
    Cross-check of the truth from raw fields: every truth frame is an RRCRelease (DL-DCCH c1 2 on
    SRB1) of a UE (gNB-DU UE F1AP ID) whose RRCSetupComplete (UL-DCCH c1 2) named the slice, at
    least 5 of them. Returns the truth faults of the rule (compared exactly below)."""
    faults = [f for f in truth["faults"] if f["rule"] == SLICE]
    if not faults:
        return []
    out = tshark(wrapper, plugin, capture, "-Y", "f1ap.SRBID == 1 && nr-rrc", "-T", "fields",
                 "-E", "separator=\t", "-e", "frame.number", "-e", "f1ap.procedureCode",
                 "-e", "f1ap.GNB_DU_UE_F1AP_ID", "-e", "nr-rrc.c1", "-e", "nr-rrc.sst",
                 "-e", "nr-rrc.sst_SD", fails=fails)
    slices_of, released = {}, {}
    for line in out.splitlines():
        c = (line.split("\t") + [""] * 6)[:6]
        if c[3] != "2":
            continue
        if c[1] == "13":     # RRCSetupComplete
            sds = [x.replace(":", "") for x in c[5].split(",") if x]
            slices_of[c[2]] = {"%d" % int(x, 16) for x in c[4].split(",") if x} | \
                              {"%d-%s" % (int(x[:2], 16), x[2:]) for x in sds}
        elif c[1] == "12":   # RRCRelease
            released[int(c[0])] = slices_of.get(c[2], set())
    want = []
    for f in faults:
        sn = f["details"]["snssai"]
        frames = sorted(x for x in f["frames"] if sn in released.get(x, ()))
        print("%s %s: %d truth frames, %d of them RRCReleases of UEs that requested it" %
              (SLICE, sn, f["count"], len(frames)))
        if frames != sorted(f["frames"]) or f["count"] != len(frames) or len(frames) < MIN_SLICE_UES:
            fails.append("%s: truth evidence is not those RRCReleases (%d frames, %d releases)" %
                         (SLICE, len(f["frames"]), len(frames)))
        want.append(f)
    return want


def tshark(wrapper, plugin, capture, *args, fails=None):
    r = subprocess.run([wrapper, plugin, "-r", capture] + list(args), capture_output=True, text=True,
                       timeout=110)
    if r.returncode != 0:
        msg = "tshark %s failed (%d): %s" % (" ".join(args), r.returncode, r.stderr.splitlines()[0] if r.stderr else "")
        if fails is None:
            sys.exit(msg)
        fails.append(msg)
        return ""
    return r.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("wrapper")
    ap.add_argument("plugin")
    ap.add_argument("capture")
    ap.add_argument("truth")
    ap.add_argument("--rules", default="")   # default: the radio module's rules + SHARED
    ap.add_argument("--expect", default="")
    args = ap.parse_args()
    fails = []
    js = tshark(args.wrapper, args.plugin, args.capture, "-q", "-z", "amfol,json", fails=fails)
    start = js.find("{")
    doc = json.loads(js[start:]) if start >= 0 else {}
    rules = [r for r in args.rules.split(",") if r] or sorted(rule_ids(doc, "rrc") | SHARED)
    truth = json.load(open(args.truth))
    # Not ours: NAS-layer exempt rejects (no gNB); gnb-ignores-overload is the N2 module's while the
    # N2 link is captured (the radio side only speaks when N2 does not show it).
    want = [f for f in truth["faults"] if f["rule"] in rules and
            not (f["rule"] == "exempt-access-rejected" and f.get("gnb") is None) and
            f["rule"] != "gnb-ignores-overload" and f["rule"] != SLICE]
    if SLICE in rules:
        want += check_slice_truth(args.wrapper, args.plugin, args.capture, truth, fails)

    # 1. Evidence frames per rule, as the plugin tags them (second pass, findings known).
    out = tshark(args.wrapper, args.plugin, args.capture, "-2", "-Y", "amfol.finding",
                 "-T", "fields", "-E", "separator=\t", "-e", "frame.number", "-e", "amfol.finding")
    tagged = {}
    for line in out.splitlines():
        num, _, rs = line.partition("\t")
        for r in rs.split(","):
            if r in rules:
                tagged.setdefault(r, set()).add(int(num))
    for r in rules:
        if r in SHARED:
            continue   # other layers tag frames with this rule too: checked per layer in the JSON below
        truth_frames = set()   # every truth frame of the rule
        expected_tags = set()
        for f in truth["faults"]:
            if f["rule"] == r:
                truth_frames |= set(f["frames"])
        for f in want:
            if f["rule"] == r:
                expected_tags |= set(sorted(f["frames"])[:CAP])
        got = tagged.get(r, set())
        if not truth_frames and got:
            fails.append("%s: not in the truth, but tagged on %d frames (first %s)" % (r, len(got), sorted(got)[:5]))
        extra = got - truth_frames
        if truth_frames and extra:
            fails.append("%s: %d tagged frames are not truth evidence: %s" % (r, len(extra), sorted(extra)[:10]))
        missing = expected_tags - got
        if missing:
            fails.append("%s: %d truth evidence frames (of the first %d per fault) not tagged: %s"
                         % (r, len(missing), CAP, sorted(missing)[:10]))
        print("%-30s truth faults %d, truth frames %d, tagged %d" %
              (r, sum(1 for f in want if f["rule"] == r), len(truth_frames), len(got)))

    # 2. Counts, entities and first frames from -z amfol,json.
    found = [f for f in doc.get("findings", []) if f.get("rule") in rules and f.get("layer") in ("rrc", "n2")
             and not (f["rule"] in SHARED and f.get("layer") != "rrc")]
    for f in want:
        m = [g for g in found if g["rule"] == f["rule"] and g.get("gnb") == f.get("gnb") and g.get("cell") == f.get("cell")
             and g.get("first_frame") == f["first_frame"]]
        if len(m) != 1:
            fails.append("%s %s/%s first %d: %d matching findings in -z amfol,json" %
                         (f["rule"], f.get("gnb"), f.get("cell"), f["first_frame"], len(m)))
        elif m[0].get("frames") != sorted(f["frames"])[:CAP]:
            fails.append("%s %s/%s: frames %s, truth %s" % (f["rule"], f.get("gnb"), f.get("cell"),
                                                           m[0].get("frames")[:8], sorted(f["frames"])[:8]))
        elif m[0].get("count") != f["count"]:
            fails.append("%s %s/%s: count %s, truth %d" % (f["rule"], f.get("gnb"), f.get("cell"), m[0].get("count"), f["count"]))
        elif f.get("amf") and m[0].get("amf") != f["amf"]:
            fails.append("%s: amf %s, truth %s" % (f["rule"], m[0].get("amf"), f["amf"]))
    if len(found) != len(want):
        fails.append("%d radio findings in -z amfol,json, truth has %d: %s" %
                     (len(found), len(want), [(g["rule"], g.get("gnb"), g.get("cell"), g.get("count")) for g in found]))
    for r in [x for x in args.expect.split(",") if x]:
        if not any(g["rule"] == r for g in found):
            fails.append("%s: expected (--expect) but not reported" % r)
    exp = truth.get("expected", {}).get("rrc")
    radio = doc.get("radio")
    if exp is not None:
        if radio is None:
            fails.append("no \"radio\" member in -z amfol,json")
        else:
            for k in ("requests", "setups", "rejects"):
                if radio.get(k) != exp[k]:
                    fails.append("radio.%s = %s, truth %d" % (k, radio.get(k), exp[k]))
            print("radio requests/setups/rejects: %s/%s/%s" % (radio.get("requests"), radio.get("setups"), radio.get("rejects")))
    for x in fails:
        print("FAIL:", x)
    if fails:
        sys.exit(1)
    print("ok: %d radio findings match the truth" % len(want))


if __name__ == "__main__":
    main()
