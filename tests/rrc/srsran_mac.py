#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# srsran_mac.py: the real srsRAN gNB MAC-NR capture (shared/captures/public/srsran-ic-usp, see its
# MANIFEST.md: user DLT 149 -> udp, heuristic mac_nr_udp) runs through amfol with the right
# per-cause counts (2 RRCSetupRequest mo-Signalling, both set up) and no findings. Each UE's
# RRCSetupComplete (UL-DCCH, frames 3 and 965) is tied to its request by the C-RNTI; it carries no
# s-NSSAI-List (the UE gave its AS no requested NSSAI), so no slice is learnt.
#
# Usage: srsran_mac.py TSHARK_WRAPPER PLUGIN_SO CAPTURE
import json
import subprocess
import sys

OPTS = ["-o", 'uat:user_dlts:"User 2 (DLT=149)","udp","0","","0",""', "--enable-heuristic", "mac_nr_udp"]


def run(wrapper, plugin, cap, *args):
    r = subprocess.run([wrapper, plugin, "-r", cap] + OPTS + list(args), capture_output=True, text=True,
                       timeout=110)
    if r.returncode != 0:
        sys.exit("tshark failed: " + r.stderr[:2000])
    return r.stdout


def main():
    wrapper, plugin, cap = sys.argv[1:4]
    fails = []
    out = run(wrapper, plugin, cap, "-2", "-Y", "amfol.rrc || amfol.finding", "-T", "fields",
              "-E", "separator=|", "-e", "frame.number", "-e", "amfol.rrc", "-e", "amfol.rrc.cause",
              "-e", "amfol.rrc.outcome", "-e", "amfol.rrc.response_frame", "-e", "amfol.rrc.request_frame",
              "-e", "amfol.finding")
    rows = [l.split("|") for l in out.splitlines() if l and l[0].isdigit()]
    want = [["1", "1", "3", "1", "2", "", ""], ["2", "3", "3", "", "", "1", ""], ["3", "7", "3", "", "", "1", ""],
            ["963", "1", "3", "1", "964", "", ""], ["964", "3", "3", "", "", "963", ""],
            ["965", "7", "3", "", "", "963", ""]]
    if rows != want:
        fails.append("per-frame verdicts %s, want %s" % (rows, want))
    js = run(wrapper, plugin, cap, "-q", "-z", "amfol,json")
    try:
        doc = json.loads(js[js.find("{"):])
    except ValueError:
        doc = {}
        fails.append("-z amfol,json gave no JSON: %r" % js[:200])
    radio = doc.get("radio", {})
    got = (radio.get("requests"), radio.get("setups"), radio.get("rejects"))
    if got != (2, 2, 0):
        fails.append("radio requests/setups/rejects %s, want (2, 2, 0)" % (got,))
    cells = radio.get("cells", [])
    per_cause = [p.get("requests") for c in cells for p in c.get("periods", [])]
    if per_cause != [{"mo-Signalling": 2}]:
        fails.append("per-cause requests %s, want [{'mo-Signalling': 2}]" % per_cause)
    radio_findings = [f for f in doc.get("findings", []) if f.get("layer") == "rrc"]
    if radio_findings:
        fails.append("false radio findings: %s" % radio_findings)
    for f in fails:
        print("FAIL:", f)
    if fails:
        sys.exit(1)
    print("ok: srsRAN MAC-NR: 2 mo-Signalling requests, 2 set-ups, no findings")


if __name__ == "__main__":
    main()
