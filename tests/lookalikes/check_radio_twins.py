#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_radio_twins.py: radio-side verdicts bounded by what reached the AMF and by the gNB's own
# baseline (docs/faults.md), each look-alike with its violating twin,
# made with the synthesizer, through the real tshark; the twins' findings equal the truth exactly
# (amf, gnb, severity, first_frame, count, frames):
#   release-not-forwarded (look-alike): under a START without percentage gnb-1 sets up each
#     shed-class UE and releases it after RRCSetupComplete, forwarding nothing: no finding against
#     gnb-1 (what TS 38.413 §8.7.7.2 limits is what the gNB sends to the AMF);
#   setups-forwarded (twin): gnb-1 forwards those set-ups as INITIAL UE MESSAGEs:
#     gnb-ignores-overload (amf-1, gnb-1), error;
#   own-congestion (look-alike): gnb-1 rejects 8 % of every class for its own congestion from the
#     first second on, and sheds 30 % of mo-Data as asked: its wrong-class rejects run at its
#     pre-START rate: no gnb-over-sheds;
#   gnb-over-sheds (testcaptures/scenarios, twin): gnb-1 rejects every mo-Data and mo-Signalling
#     request: gnb-over-sheds for its cell;
#   slice-amf-releases (look-alike, point 5): every UE of slice 2-000002 fails, but the gNB shed
#     only the 30 % the START asks; the AMF rejected the rest with #22 and released them (UE
#     CONTEXT RELEASE COMMAND, then RRCRelease): no warning or error against gnb-1;
#   slice-ignored (twin): a START listing 2-000002 without percentage that gnb-1 ignores: a
#     warning or error against gnb-1 naming 2-000002.
# Usage: check_radio_twins.py SYNTH TSHARK_WRAPPER PLUGIN_SO WORKDIR
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from amfol_check import ERRORS, expect, run  # noqa: E402
TOP = os.path.join(HERE, "..", "..")
CAP = 32


def report(ctx, name, folder):
    cap = os.path.join(ctx["work"], name + ".pcapng")
    run([ctx["synth"], os.path.join(folder, name + ".ini"), "-o", cap])
    truth = json.load(open(os.path.join(ctx["work"], name + ".truth.json")))
    out = run([ctx["wrapper"], ctx["plugin"], "-r", cap, "-q", "-2", "-z", "amfol,json"])
    return truth, json.loads(out[out.index("{"):])


def against_truth(name, truth, doc, rule, severity):
    want = [t for t in truth["faults"] if t["rule"] == rule]
    got = [f for f in doc["findings"] if f["rule"] == rule]
    expect(name + ": findings of " + rule, len(got), len(want))
    for t, f in zip(want, got):
        expect(name + ": " + rule + " (amf, gnb, severity, first_frame, count)",
               (f["amf"], f["gnb"], f["severity"], f["first_frame"], f["count"]),
               (t["amf"], t["gnb"], severity, t["first_frame"], t["count"]))
        expect(name + ": " + rule + " frames", f["frames"], sorted(t["frames"])[:CAP])
    return got


def gnb_findings(doc, gnb):
    return [(f["rule"], f["severity"]) for f in doc["findings"] if f["gnb"] == gnb and f["severity"] != "note"]


def main():
    synth, wrapper, plugin, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    os.chmod(work, 0o755)
    ctx = {"synth": synth, "wrapper": wrapper, "plugin": plugin, "work": work}
    mine, theirs = os.path.join(HERE, "scenarios"), os.path.join(TOP, "testcaptures", "scenarios")

    truth, doc = report(ctx, "release-not-forwarded", mine)
    expect("release-not-forwarded: warnings or errors against gnb-1", gnb_findings(doc, "gnb-1"), [])
    expect("release-not-forwarded: gnb-ignores-overload", [f["gnb"] for f in doc["findings"]
                                                           if f["rule"] == "gnb-ignores-overload"], [])
    truth, doc = report(ctx, "setups-forwarded", mine)
    against_truth("setups-forwarded", truth, doc, "gnb-ignores-overload", "error")

    truth, doc = report(ctx, "own-congestion", mine)
    expect("own-congestion: gnb-over-sheds", [(f["gnb"], f["severity"]) for f in doc["findings"]
                                              if f["rule"] == "gnb-over-sheds"], [])
    truth, doc = report(ctx, "gnb-over-sheds", theirs)
    against_truth("gnb-over-sheds", truth, doc, "gnb-over-sheds", "warning")

    truth, doc = report(ctx, "slice-amf-releases", mine)
    expect("slice-amf-releases: warnings or errors against gnb-1", gnb_findings(doc, "gnb-1"), [])
    truth, doc = report(ctx, "slice-ignored", mine)
    against = [(f["rule"], f["severity"]) for f in doc["findings"] if f["gnb"] == "gnb-1" and
               f["severity"] in ("warning", "error") and "2-000002" in f["summary"]]
    if not against:
        ERRORS.append("slice-ignored: no warning or error against gnb-1 naming 2-000002: %s"
                      % [(f["rule"], f["severity"], f["gnb"], f["summary"][:160]) for f in doc["findings"]])

    for e in ERRORS:
        print("FAIL " + e)
    if ERRORS:
        sys.exit(1)
    print("ok: set-ups released before reaching the AMF are no pass-through (twin: forwarded, error, exact "
          "frames); rejects at the gNB's own pre-START rate are no over-shedding (twin: gnb-over-sheds); "
          "AMF-ordered slice releases are not the gNB's (twin: a listed slice ignored)")


if __name__ == "__main__":
    main()
