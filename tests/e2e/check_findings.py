#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_findings.py: one end-to-end test per scenario. Runs -z amfol,json through the real tshark
# over a capture the synthesizer made (once per run, ctest fixture synth_<scenario>) and compares
# EVERY finding with the scenario's ground truth: rule, entities (amf, gnb, cell, ue: any identity
# the truth lists for the UE), first_frame, frames (the first 32 of the truth's, docs/faults.md)
# and count. Extra findings and missing ones both fail, except the undecided extras listed in
# known-differences.json (which must still be there). With --expect n2,nas,rrc,sbi the same JSON is
# also checked against the truth's N2 episodes and initial-UE counts (n2), its NAS counters (nas),
# its radio counters (rrc), its SBI counters, NFUpdate loads and NRF ties (sbi), as the per-area
# synth tests did with a tshark run and a capture of their own each (on the scenarios they covered;
# other scenarios' counters follow other window definitions).
# With --run RUN_DIR the report is the one RUN_DIR/amfol.json holds (tests/e2e/run_scenario.py,
# fixture e2e_run_<scenario>: the one tshark run per scenario that also gives the synth checks their
# fields) instead of a tshark run of its own.
#   check_findings.py TSHARK_WRAPPER PLUGIN_SO CAPTURE.pcapng [--expect n2,nas,rrc,sbi] [--run RUN_DIR]
import json
import os
import subprocess
import sys

CAP = 32   # evidence frames a finding keeps (AMFOL_FINDING_MAX_FRAMES)


def check_n2(truth, got, errors):
    if got["capture"]["frames"] != truth["frames"]:
        errors.append("frames %s != %s" % (got["capture"]["frames"], truth["frames"]))
    amfs = {a["id"]: a for a in got["amfs"]}
    for ta in truth["amfs"]:
        a = amfs.get(ta["name"])
        if a is None:
            errors.append("AMF %s not found (have %s)" % (ta["name"], list(amfs)))
            continue
        if len(a["episodes"]) != len(ta["episodes"]):
            errors.append("%s: %d episodes, truth %d" % (ta["name"], len(a["episodes"]), len(ta["episodes"])))
        for e, te in zip(a["episodes"], ta["episodes"]):
            if (e["start_frame"], e["stop_frame"]) != (te["start_frame"], te["stop_frame"]):
                errors.append("episode frames %s/%s truth %s/%s" % (e["start_frame"], e["stop_frame"],
                                                                    te["start_frame"], te["stop_frame"]))
            ups = [(u["frame"], u["gnb"], u["action"], u["reduction_pct"]) for u in e["updates"]]
            tups = [(u["frame"], u["gnb"], u["action"], u["reduction_pct"]) for u in te["updates"]]
            if ups != tups:
                errors.append("updates\n got  %s\n want %s" % (ups, tups))
            for u, tu in zip(e["updates"], te["updates"]):
                ts = sorted((x["snssai"], x.get("action"), x.get("reduction_pct")) for x in tu.get("slices", []))
                gs = sorted((x["snssai"], x["action"], x["reduction_pct"]) for x in u["slices"])
                if gs != ts:
                    errors.append("slices of frame %d: %s truth %s" % (u["frame"], gs, ts))
            parts = sorted((g["id"], g["start_frame"], g["stop_frame"]) for g in e["gnbs"])
            tparts = sorted((g["gnb"], g["start_frame"], g["stop_frame"]) for g in te["gnbs"])
            if parts != tparts:
                errors.append("episode gNBs %s truth %s" % (parts, tparts))
    gnbs = {g["id"]: g for a in got["amfs"] for g in a["gnbs"]}
    for gnb, counts in truth.get("expected", {}).get("initial_ue_messages", {}).items():
        g = gnbs.get(gnb)
        if g is None:
            errors.append("gNB %s not found" % gnb)
            continue
        for k in ("before", "during", "after"):
            if g["initial_ue"][k] != counts.get(k, {}):
                errors.append("%s %s: %s truth %s" % (gnb, k, g["initial_ue"][k], counts.get(k)))


def check_nas(truth, got, errors):
    exp = truth.get("expected", {}).get("nas")
    if exp is None:
        return
    nas = got["nas"]
    for k in ("congestion_rejects", "t3346_values_s"):
        if nas[k] != exp[k]:
            errors.append("nas %s %s, want %s" % (k, nas[k], exp[k]))
    if exp.get("ciphered_rejects") and nas["ciphered"] < exp["ciphered_rejects"]:
        errors.append("nas ciphered %d < ciphered rejects %d" % (nas["ciphered"], exp["ciphered_rejects"]))


def check_rrc(truth, got, errors):
    """The radio counters (RRCSetupRequest / RRCSetup / RRCReject) against the truth."""
    exp = truth.get("expected", {}).get("rrc")
    if exp is None:
        return
    radio = got.get("radio")
    if radio is None:
        errors.append("no \"radio\" member in -z amfol,json")
        return
    for k in ("requests", "setups", "rejects"):
        if radio.get(k) != exp[k]:
            errors.append("radio.%s = %s, truth %d" % (k, radio.get(k), exp[k]))


def check_sbi(truth, got, errors):
    """The SBI counters, the NFUpdate load series and the NRF profile <-> N2 AMF tie."""
    exp = truth.get("expected", {}).get("sbi", {})
    sbi = got["sbi"]
    for k in ("nfupdate_load_reports", "oci_headers", "lci_headers", "status_503", "status_429"):
        if k in exp and exp[k] != sbi[k]:
            errors.append("sbi %s: truth %s, amfol %s" % (k, exp[k], sbi[k]))
    if "nfupdate_loads" in exp:
        loads = sorted((p["frame"], p["load"]) for n in sbi["nfs"] for p in n["load_reports"]
                       if p["op"] == "update")
        if [x for _, x in loads] != exp["nfupdate_loads"]:
            errors.append("NFUpdate load series: truth %s, amfol %s"
                          % (exp["nfupdate_loads"], [x for _, x in loads]))
    # Every synthesized AMF's NRF profile is tied to its N2 AMF by GUAMI.
    amfs = {a["name"] for a in truth["amfs"]}
    tied = {n["amf"] for n in sbi["nfs"] if n["tie"] == "guami"}
    if exp and tied != amfs:
        errors.append("sbi tie: truth AMFs %s, tied %s" % (sorted(amfs), sorted(tied)))


def main():
    wrapper, plugin, cap = sys.argv[1:4]
    opts = dict(zip(sys.argv[4::2], sys.argv[5::2]))
    if set(opts) - {"--expect", "--run"} or len(sys.argv[4:]) % 2:
        sys.exit("usage: check_findings.py WRAPPER PLUGIN CAPTURE [--expect AREAS] [--run RUN_DIR]")
    expect = opts["--expect"].split(",") if "--expect" in opts else []
    truth = json.load(open(cap[: -len(".pcapng")] + ".truth.json"))
    if "--run" in opts:
        with open(os.path.join(opts["--run"], "amfol.json")) as f:
            doc = json.load(f)
    else:
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
    if "n2" in expect:
        check_n2(truth, doc, errors)
    if "nas" in expect:
        check_nas(truth, doc, errors)
    if "rrc" in expect:
        check_rrc(truth, doc, errors)
    if "sbi" in expect:
        check_sbi(truth, doc, errors)
    name = os.path.basename(cap)
    if errors:
        print("%s: %d of %d truth faults differ" % (name, len(errors), len(truth["faults"])))
        for e in errors[:40]:
            print("  " + e)
        sys.exit(1)
    print("%s: all %d findings equal the truth%s" % (name, len(truth["faults"]),
                                                    ", and the %s counters" % "/".join(expect) if expect else ""))


if __name__ == "__main__":
    main()
