#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_tags.py: the radio findings as the plugin tags them per frame (amfol.finding, second pass)
# on a synthesized capture, against the synthesizer's ground truth: every tagged frame is truth
# evidence of that rule, and the first 32 evidence frames of every truth fault are tagged. On
# slice-overload-blocks-slice scenarios the truth's evidence is also recomputed from raw fields.
# The findings of -z amfol,json themselves (rule, entities, frames, count) and the radio counters
# are compared by tests/e2e (check_findings.py) on the same capture.
#
# Usage: check_tags.py TSHARK_WRAPPER PLUGIN_SO CAPTURE TRUTH_JSON [--rules r1,r2] [--taps DIR]
#   --rules: the rule ids this check owns (default: the radio rules of the catalogue + SHARED)
#   --taps DIR: the -2 run of CAPTURE's fixture scenario_taps_<name> (amfol.finding of every frame
#   and -z amfol,json), else the same run is made here.
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from amfol_catalogue import rule_ids  # noqa: E402
import amfol_taps  # noqa: E402
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
    ap.add_argument("--taps", default="")
    args = ap.parse_args()
    fails = []
    # One run: the per-frame tags (second pass, findings known; a row per frame, empty when the
    # frame has no amfol.finding) and, after them, the JSON report for the rule catalogue.
    two = amfol_taps.runs(args.wrapper, args.plugin, args.capture, args.taps, names=("two",))["two"]
    rows, doc = two["fields"], two["json"] or {}
    rules = [r for r in args.rules.split(",") if r] or sorted(rule_ids(doc, "rrc") | SHARED)
    truth = json.load(open(args.truth))
    # Not ours: NAS-layer exempt rejects (no gNB); gnb-ignores-overload is the N2 module's while the
    # N2 link is captured (the radio side only speaks when N2 does not show it).
    want = [f for f in truth["faults"] if f["rule"] in rules and
            not (f["rule"] == "exempt-access-rejected" and f.get("gnb") is None) and
            f["rule"] != "gnb-ignores-overload" and f["rule"] != SLICE]
    if SLICE in rules:
        want += check_slice_truth(args.wrapper, args.plugin, args.capture, truth, fails)

    tagged = {}
    for num, rs in amfol_taps.columns(rows, amfol_taps.TWO_PASS_FIELDS, "frame.number", "amfol.finding"):
        for r in rs.split(","):
            if r in rules:
                tagged.setdefault(r, set()).add(int(num))
    for r in rules:
        if r in SHARED:
            continue   # other layers tag frames with this rule too: e2e compares the JSON per layer
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
    if not doc.get("rules"):
        fails.append("no rule catalogue in -z amfol,json")
    for x in fails:
        print("FAIL:", x)
    if fails:
        sys.exit(1)
    print("ok: the radio evidence frames of %d truth faults are tagged, nothing else" % len(want))


if __name__ == "__main__":
    main()
