#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_tags.py: the radio findings as the plugin tags them per frame (amfol.finding, second pass)
# on a synthesized capture, against the synthesizer's ground truth: every tagged frame is truth
# evidence of that rule, and the first 32 evidence frames of every truth fault are tagged. On
# slice-overload-blocks-slice scenarios the truth's evidence is also recomputed from raw fields.
# The findings of -z amfol,json themselves (rule, entities, frames, count) and the radio counters
# are compared by tests/e2e (check_findings.py) on the same capture.
#
# Usage: check_tags.py TSHARK_WRAPPER PLUGIN_SO CAPTURE TRUTH_JSON [--rules r1,r2]
#   --rules: the rule ids this check owns (default: the radio rules of the catalogue + SHARED)
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


def s_tmsi_key(set_id, pointer, tmsi):
    """The 39-bit ng-5G-S-TMSI-Part1 of AMF Set ID (10) | AMF Pointer (6) | 5G-TMSI (32)."""
    return ((set_id & 0x3FF) << 38 | (pointer & 0x3F) << 32 | tmsi) & ((1 << 39) - 1)


def bits(hexstr, width):
    """Value of a left-aligned BIT STRING of `width` bits printed as hex octets."""
    h = hexstr.replace(":", "")
    return int(h, 16) >> (len(h) * 4 - width)


def check_slice_truth(wrapper, plugin, capture, truth, fails):
    """docs/faults.md: the evidence of the rule is the RRCRejects of blocked UEs whose requested
    NSSAI the capture shows (a REGISTRATION REQUEST whose 5G-GUTI / 5G-S-TMSI / NGAP FiveG-S-TMSI
    equals the ng-5G-S-TMSI-Part1 of the RRCSetupRequest), and the synthesizer's truth lists exactly
    those. Cross-check of the truth from raw fields: every truth frame is such a reject, of at
    least 5 distinct UEs. Returns the truth faults of the rule (compared exactly below)."""
    faults = [f for f in truth["faults"] if f["rule"] == SLICE]
    if not faults:
        return []
    known = set()
    out = tshark(wrapper, plugin, capture, "-Y", "nas_5gs.mm.message_type == 0x41 && nas_5gs.mm.sst",
                 "-T", "fields", "-E", "separator=\t", "-E", "occurrence=f", "-e", "nas_5gs.amf_set_id",
                 "-e", "nas_5gs.amf_pointer", "-e", "nas_5gs.5g_tmsi", "-e", "ngap.aMFSetID",
                 "-e", "ngap.aMFPointer", "-e", "ngap.fiveG_TMSI", fails=fails)
    for line in out.splitlines():
        c = (line.split("\t") + [""] * 6)[:6]
        if c[0] and c[1] and c[2]:
            known.add(s_tmsi_key(int(c[0], 0), int(c[1], 0), int(c[2], 0)))
        if c[3] and c[4] and c[5]:
            known.add(s_tmsi_key(bits(c[3], 10), bits(c[4], 6), int(c[5], 0)))
    # RRCReject -> the part1 of the request it answers (same gNB-DU UE F1AP ID, latest request)
    out = tshark(wrapper, plugin, capture, "-Y", "nr-rrc", "-T", "fields", "-E", "separator=\t",
                 "-E", "occurrence=f", "-e", "frame.number", "-e", "f1ap.GNB_DU_UE_F1AP_ID",
                 "-e", "nr-rrc.ng_5G_S_TMSI_Part1", "-e", "nr-rrc.randomValue", fails=fails)
    last, part1_of_reject = {}, {}
    for line in out.splitlines():
        c = (line.split("\t") + [""] * 4)[:4]
        if c[2] or c[3]:
            last[c[1]] = bits(c[2], 39) if c[2] else None
        elif c[0]:
            part1_of_reject[int(c[0])] = last.get(c[1])
    want = []
    for f in faults:
        frames = sorted(x for x in f["frames"] if part1_of_reject.get(x) in known)
        ues = {part1_of_reject[x] for x in frames}
        print("%s: %d truth rejects, %d of them RRCRejects of UEs whose NSSAI the capture shows (%d UEs)" %
              (SLICE, f["count"], len(frames), len(ues)))
        if frames != sorted(f["frames"]) or f["count"] != len(frames) or len(ues) < MIN_SLICE_UES:
            fails.append("%s: truth evidence is not the observable set (%d frames, %d observable, %d UEs)" %
                         (SLICE, len(f["frames"]), len(frames), len(ues)))
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
    args = ap.parse_args()
    fails = []
    # One run: the per-frame tags (second pass, findings known) and, after them, the JSON report
    # for the rule catalogue.
    out = tshark(args.wrapper, args.plugin, args.capture, "-2", "-Y", "amfol.finding",
                 "-T", "fields", "-E", "separator=\t", "-e", "frame.number", "-e", "amfol.finding",
                 "-z", "amfol,json")
    lines = out.splitlines(keepends=True)
    at = next((i for i, line in enumerate(lines) if line.startswith("{")), len(lines))
    doc = json.loads("".join(lines[at:])) if at < len(lines) else {}
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
    for line in lines[:at]:
        num, _, rs = line.rstrip("\n").partition("\t")
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
