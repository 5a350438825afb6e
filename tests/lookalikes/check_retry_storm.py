#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_retry_storm.py: the look-alike pair of gnb-ignores-overload on N2 alone (docs/faults.md,
# "N2 alone: the retry bound"), made with the synthesizer (scenarios/retry-*.ini): two gNBs without
# F1, 20 shed-class UEs/s each, every UE a gNB turns away retries when its waitTime expires.
#   retry-compliant: both gNBs shed 50 % (waitTime 1 s and 16 s): no warning or error of any rule
#     against either gNB; both forward more than 50 % of their pre-START rate once the rejected UEs
#     come back, which N2 alone cannot settle: a note each that names the bound and asks for F1;
#   retry-ignores: gnb-2 ignores a 90 % START: gnb-ignores-overload, an error equal to the truth
#     (first_frame, the first 32 frames, count); gnb-1 (complies, waitTime 1 s) no warning or error.
# Usage: check_retry_storm.py SYNTH TSHARK_WRAPPER PLUGIN_SO WORKDIR
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from amfol_check import ERRORS, expect, run  # noqa: E402
RULE = "gnb-ignores-overload"


def main():
    synth, wrapper, plugin, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    for name in ("retry-compliant", "retry-ignores"):
        cap = os.path.join(work, name + ".pcapng")
        run([synth, os.path.join(HERE, "scenarios", name + ".ini"), "-o", cap])
        truth = json.load(open(cap[: -len(".pcapng")] + ".truth.json"))
        out = run([wrapper, plugin, "-r", cap, "-q", "-z", "amfol,json"])
        found = json.loads(out[out.index("{"):])["findings"]
        loud = sorted((f["rule"], f["severity"], f["gnb"]) for f in found if f["severity"] != "note")
        ignores = [f for f in found if f["rule"] == RULE]
        if name == "retry-compliant":
            expect(name + ": warnings and errors", loud, [])
            notes = [(f["gnb"], f["severity"]) for f in ignores]
            expect(name + ": what N2 cannot settle", notes, [("gnb-1", "note"), ("gnb-2", "note")])
            if ignores and not ("Capture F1" in ignores[0]["summary"] and "up to" in ignores[0]["summary"]):
                ERRORS.append("%s: the note names neither the bound nor F1: %s" % (name, ignores[0]["summary"]))
        else:
            want = [(t["gnb"], "error", t["first_frame"], sorted(t["frames"])[:32], t["count"])
                    for t in truth["faults"] if t["rule"] == RULE]
            expect(name + ": truth", [w[0] for w in want], ["gnb-2"])
            got = [(f["gnb"], f["severity"], f["first_frame"], f["frames"], f["count"]) for f in ignores
                   if f["severity"] != "note"]
            expect(name + ": " + RULE, got, want)
            expect(name + ": warnings and errors", loud, [(RULE, "error", "gnb-2")])
        print("%s: %s" % (name, [(f["rule"], f["severity"], f["gnb"], f["count"]) for f in found]))
    if ERRORS:
        print("FAIL:\n" + "\n".join(ERRORS))
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
