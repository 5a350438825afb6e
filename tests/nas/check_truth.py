#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_truth.py: compares amfol's NAS findings (-z amfol,json from the real tshark with the
# plugin) with the synthesizer's ground truth: the same NAS rule ids, AMFs, UEs (any identity the
# truth lists for the UE), first frames, evidence frames (first 32) and counts; and the NAS
# counts of "expected.nas". Usage: check_truth.py TSHARK_WRAPPER PLUGIN_SO CAPTURE.pcapng
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from amfol_catalogue import rule_ids  # noqa: E402


def main():
    wrapper, plugin, cap = sys.argv[1:4]
    truth_path = cap[: -len(".pcapng")] + ".truth.json"
    truth = json.load(open(truth_path))
    out = subprocess.run([wrapper, plugin, "-r", cap, "-q", "-z", "amfol,json"],
                         capture_output=True, text=True, timeout=110)
    if out.returncode != 0:
        sys.exit("tshark failed: %s" % out.stderr[-2000:])
    got = json.loads(out.stdout[out.stdout.index("{"):])
    NAS_RULES = rule_ids(got, "nas")

    # UE identity -> every identity of that UE in the truth
    aliases = {}
    for ue in truth.get("ues", []):
        for i in ue["ids"]:
            aliases[i] = set(ue["ids"])

    def is_nas(f):
        return f["rule"] in NAS_RULES or (f["rule"] == "exempt-access-rejected" and f.get("layer") == "nas")

    want = [f for f in truth["faults"] if f["rule"] in NAS_RULES or
            (f["rule"] == "exempt-access-rejected" and f.get("ue"))]
    have = [f for f in got["findings"] if is_nas(f)]
    errors = []

    def key(f):
        return (f["rule"], f["first_frame"])

    have_by = {key(f): f for f in have}
    for w in want:
        h = have_by.pop(key(w), None)
        if not h:
            errors.append("missing %s first_frame %s (ue %s)" % (w["rule"], w["first_frame"], w.get("ue")))
            continue
        if h["amf"] != w["amf"]:
            errors.append("%s@%d: amf %s, want %s" % (w["rule"], w["first_frame"], h["amf"], w["amf"]))
        if w.get("ue") and h.get("ue") not in aliases.get(w["ue"], {w["ue"]}):
            errors.append("%s@%d: ue %s, want %s" % (w["rule"], w["first_frame"], h.get("ue"), w["ue"]))
        wf = sorted(w["frames"])[:32]
        if h["frames"] != wf:
            errors.append("%s@%d: frames %s, want %s" % (w["rule"], w["first_frame"], h["frames"][:8], wf[:8]))
        if h["count"] != w["count"]:
            errors.append("%s@%d: count %d, want %d" % (w["rule"], w["first_frame"], h["count"], w["count"]))
    for h in have_by.values():
        errors.append("unexpected %s first_frame %d (ue %s): %s" % (h["rule"], h["first_frame"], h.get("ue"),
                                                                    h.get("summary")))

    exp = truth.get("expected", {}).get("nas")
    if exp is not None:
        nas = got["nas"]
        if nas["congestion_rejects"] != exp["congestion_rejects"]:
            errors.append("congestion_rejects %d, want %d" % (nas["congestion_rejects"], exp["congestion_rejects"]))
        if nas["t3346_values_s"] != exp["t3346_values_s"]:
            errors.append("t3346_values_s %s, want %s" % (nas["t3346_values_s"], exp["t3346_values_s"]))
        if "ciphered_rejects" in exp and exp["ciphered_rejects"] and nas["ciphered"] < exp["ciphered_rejects"]:
            errors.append("ciphered %d < ciphered rejects %d" % (nas["ciphered"], exp["ciphered_rejects"]))
    print("%s: %d NAS faults expected, %d found, %d errors" % (cap.split("/")[-1], len(want), len(have), len(errors)))
    for e in errors[:40]:
        print("  " + e)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
