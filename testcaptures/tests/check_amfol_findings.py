#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Usage: check_amfol_findings.py WRAPPER PLUGIN_SO PCAP

Runs amfol (tshark -z amfol,json through WRAPPER) on a synthesized capture and checks that its
findings are exactly the truth's faults: the same (rule, first_frame) pairs, nothing more, and
every evidence frame of a truth fault is among the finding's frames. For message-zoo and calm (no
injected fault) that means no finding at all.
"""
import json
import subprocess
import sys


def main():
    wrapper, plugin, cap = sys.argv[1:4]
    truth = json.load(open(cap[: -len(".pcapng")] + ".truth.json"))
    out = subprocess.run([wrapper, plugin, "-r", cap, "-q", "-z", "amfol,json"],
                         capture_output=True, text=True, timeout=110)
    if out.returncode != 0:
        sys.exit("tshark failed: %s" % out.stderr[-2000:])
    got = json.loads(out.stdout[out.stdout.index("{"):])
    have = sorted((f["rule"], f["first_frame"]) for f in got.get("findings", []))
    want = sorted((f["rule"], f["first_frame"]) for f in truth["faults"])
    print("amfol findings %s" % have)
    print("truth faults   %s" % want)
    if have != want:
        print("MISMATCH")
        sys.exit(1)
    # Each truth evidence frame (e.g. the onset and the late START) is in amfol's evidence.
    for t in truth["faults"]:
        mine = [f for f in got["findings"] if (f["rule"], f["first_frame"]) == (t["rule"], t["first_frame"])]
        missing = [x for x in t["frames"] if not any(x in f["frames"] for f in mine)]
        print("%s: truth frames %s, missing from amfol's evidence: %s" % (t["rule"], t["frames"], missing))
        if missing:
            sys.exit(1)
    print("amfol's findings equal the truth's faults")


if __name__ == "__main__":
    main()
