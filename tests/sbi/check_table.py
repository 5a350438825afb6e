#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_table.py: the SBI statistics table (GUI Statistics menu, tshark -2 -z amfol,sbi) of a
# synthesized capture against its ground truth: the columns add up to the truth's SBI counters and
# the rows tied by GUAMI are the truth's AMFs. The SBI findings, counters, NFUpdate load series and
# ties of -z amfol,json are compared by tests/e2e (check_findings.py --expect sbi) on the same
# capture, made once per run by the synthesizer's fixture.
#   check_table.py TSHARK_WRAPPER PLUGIN_SO CAPTURE.pcapng [--taps DIR]   (truth: CAPTURE's .truth.json)
#   --taps DIR: the -2 run of CAPTURE's fixture scenario_taps_<name>, else the same run is made here.
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import amfol_taps  # noqa: E402


def main():
    tshark, plugin, pcap = sys.argv[1:4]
    truth = json.load(open(pcap[: -len(".pcapng")] + ".truth.json"))
    exp = truth.get("expected", {}).get("sbi", {})
    amfs = {a["name"] for a in truth["amfs"]}
    taps = sys.argv[sys.argv.index("--taps") + 1] if "--taps" in sys.argv[4:] else None
    table = amfol_taps.runs(tshark, plugin, pcap, taps, names=("two",))["two"].get("sbi")
    if table is None:
        print("no -z amfol,sbi table in the -2 run")
        return 1
    rows = [[c.strip() for c in line.split("|")] for line in table.splitlines()
            if line.count("|") >= 15 and not line.startswith("NF |")]
    errors = []
    sums = {"nfupdate_load_reports": sum(int(r[4]) for r in rows),
            "status_503": sum(int(r[9]) for r in rows),
            "status_429": sum(int(r[10]) for r in rows),
            "oci_headers": sum(int(r[11]) for r in rows),
            "lci_headers": sum(int(r[12]) for r in rows)}
    for k, v in sums.items():
        if k in exp and exp[k] != v:
            errors.append("table column %s sums to %d, truth %d" % (k, v, exp[k]))
    tied = sorted(r[0] for r in rows if r[3] == "guami")
    if exp and tied != sorted(amfs):
        errors.append("table rows tied: %s, truth AMFs %s" % (tied, sorted(amfs)))
    if not exp and rows:
        errors.append("no SBI in the truth, but %d table rows" % len(rows))
    if errors:
        print("\n".join(errors))
        return 1
    print("%d table rows, columns %s, tied %s: as in the truth" % (len(rows), sums, tied))
    return 0


if __name__ == "__main__":
    sys.exit(main())
