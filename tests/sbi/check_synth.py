#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_synth.py: synthesize a scenario, run the real tshark with amfol, and compare the SBI part
# of -z amfol,json with the synthesizer's ground truth: the SBI rule findings (rule, AMF, first
# frame, count, first 32 frames) and the SBI counters, exactly.
import json, os, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from amfol_catalogue import rule_ids  # noqa: E402

def main():
    tshark, plugin, synth, scenario, outdir = sys.argv[1:6]
    name = os.path.splitext(os.path.basename(scenario))[0]
    os.makedirs(outdir, exist_ok=True)
    pcap = os.path.join(outdir, name + ".pcapng")
    subprocess.run([synth, scenario, "-o", pcap], check=True, stdout=subprocess.DEVNULL)
    truth = json.load(open(os.path.join(outdir, name + ".truth.json")))
    out = subprocess.run([tshark, plugin, "-r", pcap, "-q", "-z", "amfol,json"], check=True,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    got = json.loads(out)
    errors = []
    SBI_RULES = rule_ids(got, "sbi")

    def key(f):
        return (f["rule"], f["amf"], f["first_frame"], f["count"], tuple(sorted(f["frames"])[:32]))

    want = sorted(key(f) for f in truth["faults"] if f["rule"] in SBI_RULES)
    have = sorted(key(f) for f in got["findings"] if f["rule"] in SBI_RULES)
    if want != have:
        errors.append("SBI findings differ:\n  truth: %s\n  amfol: %s" % (want, have))

    exp = truth.get("expected", {}).get("sbi", {})
    sbi = got["sbi"]
    for k in ("nfupdate_load_reports", "oci_headers", "lci_headers", "status_503", "status_429"):
        if k in exp and exp[k] != sbi[k]:
            errors.append("%s: truth %s, amfol %s" % (k, exp[k], sbi[k]))
    if "nfupdate_loads" in exp:
        loads = sorted((p["frame"], p["load"]) for n in sbi["nfs"] for p in n["load_reports"]
                       if p["op"] == "update")
        if [l for _, l in loads] != exp["nfupdate_loads"]:
            errors.append("NFUpdate load series: truth %s, amfol %s"
                          % (exp["nfupdate_loads"], [l for _, l in loads]))
    # Every synthesized AMF's NRF profile is tied to its N2 AMF by GUAMI.
    amfs = {a["name"] for a in truth["amfs"]}
    tied = {n["amf"] for n in sbi["nfs"] if n["tie"] == "guami"}
    if exp and tied != amfs:
        errors.append("tie: truth AMFs %s, tied %s" % (sorted(amfs), sorted(tied)))
    # The GUI/CLI table (-z amfol,sbi, exact with -2): its columns add up to the truth's counters.
    table = subprocess.run([tshark, plugin, "-r", pcap, "-2", "-q", "-z", "amfol,sbi"], check=True,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    rows = [[c.strip() for c in line.split("|")] for line in table.splitlines()
            if line.count("|") >= 15 and not line.startswith("NF |")]
    if exp:
        sums = {"nfupdate_load_reports": sum(int(r[4]) for r in rows),
                "status_503": sum(int(r[9]) for r in rows),
                "status_429": sum(int(r[10]) for r in rows),
                "oci_headers": sum(int(r[11]) for r in rows),
                "lci_headers": sum(int(r[12]) for r in rows)}
        for k, v in sums.items():
            if k in exp and exp[k] != v:
                errors.append("table column %s sums to %d, truth %d" % (k, v, exp[k]))
        if sorted(r[0] for r in rows if r[3] == "guami") != sorted(amfs):
            errors.append("table rows tied: %s" % [r[0] for r in rows])
    if errors:
        print("\n".join(errors))
        return 1
    print("%s: %d SBI findings, %d load reports, OCI %d, LCI %d, 503 %d: all as in the truth"
          % (name, len(have), sbi["nfupdate_load_reports"], sbi["oci_headers"],
             sbi["lci_headers"], sbi["status_503"]))
    return 0

if __name__ == "__main__":
    sys.exit(main())
