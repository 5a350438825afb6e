#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_pushback.py: the AMF's other overload words (docs/faults.md,
# overload-control-absent), made with the synthesizer, through the real tshark:
#   capacity-lowered (look-alike): an AMF whose answers slow at 70 s lowers its RelativeAMFCapacity
#     255 -> 20 by AMF CONFIGURATION UPDATE at 72 s: that is its control (in time): no
#     overload-control-absent / -late; the symptoms name it, at the first such update's frame;
#   capacity-lowered-late (twin): the same update at 110 s: overload-control-late naming it, with
#     the onset and that frame as evidence;
#   capacity-unchanged (twin): the update repeats 255, which lowers nothing: overload-control-absent;
#   setup-refused: a calm AMF that refuses a gNB twice with NG SETUP FAILURE and Time To Wait:
#     no finding, and the diagnosis' headline names that pushback;
#   flood-pushback (testcaptures/scenarios): the headline names the UE releases for overload, the
#     ERROR INDICATIONs and the NG SETUP FAILUREs.
# Usage: check_pushback.py SYNTH TSHARK_WRAPPER PLUGIN_SO WORKDIR
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.join(HERE, "..", "..")
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from amfol_check import ERRORS, expect, run  # noqa: E402
from amfol_outputs import split_outputs  # noqa: E402

LOWERED = "AMF CONFIGURATION UPDATE lowering RelativeAMFCapacity"


def capture(ctx, name, folder=None):
    cap = os.path.join(ctx["work"], name + ".pcapng")
    run([ctx["synth"], os.path.join(folder or os.path.join(HERE, "scenarios"), name + ".ini"), "-o", cap])
    out = run([ctx["wrapper"], ctx["plugin"], "-r", cap, "-2", "-T", "fields", "-E", "occurrence=a",
               "-E", "aggregator=,", "-E", "separator=/t", "-e", "frame.number", "-e", "ngap.procedureCode",
               "-e", "ngap.RelativeAMFCapacity", "-z", "amfol,json", "-z", "amfol,diagnosis"] +
              (["-o", "gui.max_tree_depth:5000"] if folder else []))
    updates = {}
    for line in out.splitlines():
        cols = line.split("\t")
        if len(cols) == 3 and cols[0].isdigit() and cols[1].split(",")[0] == "0" and cols[2]:
            updates[int(cols[0])] = int(cols[2].split(",")[0])
    got = split_outputs(out)
    return updates, got["json"], got["diagnosis"] or ""


def of(doc, rule):
    return [f for f in doc["findings"] if f["rule"] == rule]


def symptoms(doc, amf):
    return [a for a in doc["amfs"] if a["id"] == amf][0]["symptoms"]


def headline(diag):
    """The lines before "What this capture can tell"."""
    return diag.split("What this capture can tell:")[0]


def main():
    synth, wrapper, plugin, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    os.chmod(work, 0o755)
    ctx = {"synth": synth, "wrapper": wrapper, "plugin": plugin, "work": work}

    updates, doc, diag = capture(ctx, "capacity-lowered")
    first20 = min(f for f, c in updates.items() if c == 20)
    expect("capacity-lowered: overload-control-absent / -late",
           of(doc, "overload-control-absent") + of(doc, "overload-control-late"), [])
    s = symptoms(doc, "amf-1")
    expect("capacity-lowered: the AMF's first control", (s.get("control"), s.get("control_frame")), (LOWERED, first20))
    if "overload control (%s) in time" % LOWERED not in headline(diag):
        ERRORS.append("capacity-lowered: the headline does not name the lowered RelativeAMFCapacity:\n" + headline(diag))

    updates, doc, diag = capture(ctx, "capacity-lowered-late")
    first20 = min(f for f, c in updates.items() if c == 20)
    late = of(doc, "overload-control-late")
    s = symptoms(doc, "amf-1")
    expect("capacity-lowered-late: overload-control-late", [(f["severity"], f["amf"], f["frames"]) for f in late],
           [("warning", "amf-1", [s["onset_frame"], first20])])
    if not late or LOWERED not in late[0]["summary"]:
        ERRORS.append("capacity-lowered-late: the finding does not name the update: %s" % [f["summary"] for f in late])

    updates, doc, diag = capture(ctx, "capacity-unchanged")
    expect("capacity-unchanged: the update repeats 255", sorted(set(updates.values())), [255])
    expect("capacity-unchanged: overload-control-absent",
           [(f["severity"], f["amf"]) for f in of(doc, "overload-control-absent")], [("warning", "amf-1")])

    _, doc, diag = capture(ctx, "setup-refused")
    expect("setup-refused: findings", [f["rule"] for f in doc["findings"]], [])
    want = "AMF amf-1 said overload in other words: first NG SETUP FAILURE with Time To Wait at frame "
    if want not in headline(diag) or "; 2 NG SETUP FAILUREs" not in headline(diag):
        ERRORS.append("setup-refused: the headline does not name the NG SETUP FAILUREs:\n" + headline(diag))

    _, doc, diag = capture(ctx, "flood-pushback", os.path.join(TOP, "testcaptures", "scenarios"))
    for words in ("UE releases for overload", "ERROR INDICATIONs (a report, not a control)", "NG SETUP FAILUREs"):
        if words not in headline(diag):
            ERRORS.append("flood-pushback: the headline does not say %r:\n%s" % (words, headline(diag)))

    for e in ERRORS:
        print("FAIL " + e)
    if ERRORS:
        sys.exit(1)
    print("ok: a lowered RelativeAMFCapacity is the AMF's control (in time: nothing; late: overload-control-late "
          "naming it; unchanged: overload-control-absent); the headline names the AMF's other words")


if __name__ == "__main__":
    main()
