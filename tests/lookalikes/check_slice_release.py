#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_slice_release.py: the look-alike pair of slice-overload-blocks-slice (docs/faults.md),
# made with the synthesizer (scenarios/slice-*.ini). In all a START lists only slice 2-000002
# (nothing AMF-wide) and the gNB reads each UE's requested NSSAI in RRCSetupComplete (s-NSSAI-List)
# before it forwards or releases the UE.
#   slice-listed (compliant, no percentage): the gNB releases the UEs of slice 2 only (TS 38.413
#     §8.7.7.2 asks exactly that): no error; the one finding is the warning about the AMF's list;
#   slice-unlisted (violation): the gNB also releases the UEs of slice 1-000001, which the START
#     does not list: an error naming gnb-1, with the RRCRelease frames of the truth as evidence;
#   slice-pct (compliant, 30 %): the gNB releases about 30 % of slice 2: no finding;
#   slice-pct-over (violation): the gNB releases all of slice 2 though 30 % was asked: an error.
# Both compare amfol's finding with the truth exactly (amf, gnb, first_frame, frames, count) and
# check from raw tshark fields that each evidence frame is an RRCRelease of a UE whose
# RRCSetupComplete requested the slice.
# Usage: check_slice_release.py SYNTH TSHARK_WRAPPER PLUGIN_SO WORKDIR
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from amfol_check import ERRORS, expect, run  # noqa: E402
RULE = "slice-overload-blocks-slice"
CAP = 32


def fields_and_report(wrapper, plugin, cap):
    """One tshark run: the RRC fields of every frame, then the JSON report.

    released: RRCRelease frame -> the S-NSSAIs its UE's RRCSetupComplete requested (by DU UE F1AP
    ID), over the frames of "f1ap.SRBID == 1 && nr-rrc" (the filter applied here, on the fields).
    findings: the JSON report's findings."""
    out = run([wrapper, plugin, "-r", cap, "-T", "fields",
               "-E", "separator=\t", "-e", "frame.number", "-e", "f1ap.procedureCode",
               "-e", "f1ap.GNB_DU_UE_F1AP_ID", "-e", "nr-rrc.c1", "-e", "nr-rrc.sst_SD",
               "-e", "f1ap.SRBID", "-e", "nr-rrc", "-z", "amfol,json"])
    rows, report = out.split("\n{", 1) if "\n{" in out else (out, "")
    asked, released = {}, {}
    for line in rows.splitlines():
        num, proc, ue, c1, sd, srbid, rrc = (line.split("\t") + [""] * 7)[:7]
        if "1" not in srbid.split(",") or not rrc:
            continue
        if c1 != "2":
            continue
        if proc == "13":
            asked[ue] = {"%d-%s" % (int(x[:2], 16), x[2:]) for x in sd.replace(":", "").split(",") if x}
        elif proc == "12":
            released[int(num)] = asked.get(ue, set())
    return released, json.loads("{" + report)["findings"]


def check(name, synth, wrapper, plugin, work):
    cap = os.path.join(work, name + ".pcapng")
    run([synth, os.path.join(HERE, "scenarios", name + ".ini"), "-o", cap])
    truth = json.load(open(os.path.join(work, name + ".truth.json")))
    want = [f for f in truth["faults"] if f["rule"] == RULE]
    released, found = fields_and_report(wrapper, plugin, cap)
    got = [f for f in found if f["rule"] == RULE]
    expect(name + ": findings of the rule", len(got), len(want))
    for t, f in zip(want, got):
        sn = t["details"]["snssai"]
        sev = "warning" if t["details"]["listed"] and not t["details"]["pct"] else "error"
        expect(name + " " + sn + ": entities and severity", (f["amf"], f["gnb"], f["severity"]),
               (t["amf"], t["gnb"], sev))
        expect(name + " " + sn + ": first_frame, count", (f["first_frame"], f["count"]),
               (t["first_frame"], t["count"]))
        expect(name + " " + sn + ": frames", f["frames"], sorted(t["frames"])[:CAP])
        expect(name + " " + sn + ": every frame an RRCRelease of a UE that requested " + sn,
               [x for x in t["frames"] if sn not in released.get(x, ())], [])
        expect(name + " " + sn + ": named in the summary", sn in f["summary"], True)
    return found


def main():
    synth, wrapper, plugin, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    found = check("slice-listed", synth, wrapper, plugin, work)
    expect("slice-listed: no error (a compliant gNB)", [f["rule"] for f in found if f["severity"] == "error"], [])
    expect("slice-listed: the warning is about 2-000002",
           [f["severity"] for f in found if f["rule"] == RULE and "2-000002" in f["summary"]], ["warning"])
    found = check("slice-unlisted", synth, wrapper, plugin, work)
    expect("slice-unlisted: the gNB's error for 1-000001",
           [(f["gnb"], f["severity"]) for f in found if f["rule"] == RULE and "1-000001" in f["summary"]],
           [("gnb-1", "error")])
    found = check("slice-pct", synth, wrapper, plugin, work)
    expect("slice-pct: no finding (the share asked)", [f["rule"] for f in found], [])
    found = check("slice-pct-over", synth, wrapper, plugin, work)
    expect("slice-pct-over: the gNB's error for 2-000002",
           [(f["gnb"], f["severity"]) for f in found if f["rule"] == RULE and "by 30 % only" in f["summary"]],
           [("gnb-1", "error")])
    for e in ERRORS:
        print("FAIL:", e)
    if ERRORS:
        sys.exit(1)
    print("ok: slice release look-alikes (no percentage: warning about the AMF only; 30 %: nothing) and "
          "violations (unlisted slice, more than 30 %: gNB errors, exact frames)")


if __name__ == "__main__":
    main()
