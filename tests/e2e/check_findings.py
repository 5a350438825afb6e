#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_findings.py: one end-to-end test per scenario. Runs -z amfol,json through the real tshark
# over a capture the synthesizer made (once per run, ctest fixture synth_<scenario>) and compares
# EVERY finding with the scenario's ground truth: rule, entities (amf, gnb, cell, ue: any identity
# the truth lists for the UE), first_frame, frames (the first 32 of the truth's, docs/faults.md)
# and count. Extra findings and missing ones both fail, except the undecided extras listed in
# known-differences.json (which must still be there).
#   check_findings.py TSHARK_WRAPPER PLUGIN_SO CAPTURE.pcapng
import json
import os
import subprocess
import sys

CAP = 32   # evidence frames a finding keeps (AMFOL_FINDING_MAX_FRAMES)


def main():
    wrapper, plugin, cap = sys.argv[1:4]
    truth = json.load(open(cap[: -len(".pcapng")] + ".truth.json"))
    out = subprocess.run([wrapper, plugin, "-r", cap, "-q", "-z", "amfol,json"],
                         capture_output=True, text=True, timeout=170)
    if out.returncode != 0:
        sys.exit("tshark failed: %s" % out.stderr[-2000:])
    doc = json.loads(out.stdout[out.stdout.index("{"):])
    catalogue = {r["id"] for r in doc["rules"]}

    aliases = {}
    for ue in truth.get("ues", []):
        for i in ue["ids"]:
            aliases[i] = set(ue["ids"])

    def same_ue(want, have):
        return want == have or (want is not None and have in aliases.get(want, {want}))

    def entities_match(t, f):
        return (t.get("amf") == f.get("amf") and t.get("gnb") == f.get("gnb") and
                t.get("cell") == f.get("cell") and same_ue(t.get("ue"), f.get("ue")))

    errors = []
    for t in truth["faults"]:
        if t["rule"] not in catalogue:
            errors.append("truth rule %s is not in the catalogue" % t["rule"])
    have = list(doc["findings"])
    for t in truth["faults"]:
        want = (t["first_frame"], sorted(t["frames"])[:CAP], t["count"])
        m = [f for f in have if f["rule"] == t["rule"] and entities_match(t, f)]
        exact = [f for f in m if (f["first_frame"], f["frames"], f["count"]) == want]
        if exact:
            have.remove(exact[0])
        elif m:
            f = m[0]
            errors.append("%s %s/%s/%s/%s: first_frame %s count %s frames %s..., truth %s %s %s..."
                          % (t["rule"], t.get("amf"), t.get("gnb"), t.get("cell"), t.get("ue"),
                             f["first_frame"], f["count"], f["frames"][:5], want[0], want[2], want[1][:5]))
            have.remove(f)
        else:
            errors.append("missing: %s %s/%s/%s/%s first_frame %s count %s"
                          % (t["rule"], t.get("amf"), t.get("gnb"), t.get("cell"), t.get("ue"),
                             want[0], want[2]))
    scenario = os.path.basename(cap)[: -len(".pcapng")]
    known = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                        "known-differences.json")))["extra"]
    for k in [k for k in known if k["scenario"] == scenario]:
        key = ("rule", "amf", "gnb", "cell", "ue", "first_frame", "count")
        m = [f for f in have if all(f.get(x) == k[x] for x in key)]
        if m:
            have.remove(m[0])
        else:
            errors.append("known difference gone (delete it from known-differences.json): %s"
                          % {x: k[x] for x in key})
    for f in have:
        errors.append("not in the truth: %s %s/%s/%s/%s first_frame %s count %s"
                      % (f["rule"], f.get("amf"), f.get("gnb"), f.get("cell"), f.get("ue"),
                         f["first_frame"], f["count"]))
    name = os.path.basename(cap)
    if errors:
        print("%s: %d of %d truth faults differ" % (name, len(errors), len(truth["faults"])))
        for e in errors[:40]:
            print("  " + e)
        sys.exit(1)
    print("%s: all %d findings equal the truth" % (name, len(truth["faults"])))


if __name__ == "__main__":
    main()
