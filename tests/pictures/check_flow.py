#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_flow.py: the "amfol" Flow Graph (tshark -q -z flow,amfol,network) of a synthesized storm:
# one OVERLOAD START/STOP item per ground-truth START/STOP frame (exact frames), reject bursts
# that add up to the JSON report's RRCReject and NAS congestion counts, only amfol's aggregated
# kinds (no per-UE items), and the same items in one pass and with -2.
#
# Usage: check_flow.py TSHARK_WRAPPER PLUGIN CAPTURE [--taps DIR --one-pass-run RUN_DIR]
#   CAPTURE: a synth fixture's capture, its .truth.json beside it; --taps DIR: the -2 run of its
#   fixture scenario_taps_<name> (flow and JSON), --one-pass-run RUN_DIR: the one-pass run of its
#   fixture e2e_run_<name> (flow); else the same runs are made here.
import os, re, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import amfol_taps  # noqa: E402

tshark, plugin, cap, truth, runs = amfol_taps.scenario_cli(sys.argv)


KINDS = {
    "start": re.compile(r"OVERLOAD START"),
    "stop": re.compile(r"OVERLOAD STOP"),
    "rrc": re.compile(r"RRCReject \u00d7(\d+) in 10 s"),
    "nas": re.compile(r"NAS congestion reject \u00d7(\d+) in 10 s"),
    "load": re.compile(r"NRF load (\d+)%"),
    "503": re.compile(r"SBI 503 \u00d7(\d+) in 10 s"),
    "429": re.compile(r"SBI 429 \u00d7(\d+) in 10 s"),
}


def items(out):
    """(kind, label count, frame) per item: the label line, then the comment at its end."""
    found, unknown = [], []
    for line in out.splitlines():
        if not line.startswith("|") or "----" in line or line.startswith("|Time"):
            continue
        cells = line.split("|")
        label = " ".join(c.strip() for c in cells[2:-1] if c.strip())
        comment = cells[-1].strip()
        if not label or re.fullmatch(r"[0-9a-fA-F.:\[\] ]+", label):   # empty, or the address header
            continue
        for kind, rx in KINDS.items():
            m = rx.search(label)
            if m:
                fm = re.search(r"frames? (\d+)", comment)
                found.append((kind, int(m.group(1)) if m.groups() else 1, int(fm.group(1)) if fm else 0))
                break
        else:
            unknown.append(label)
    return found, unknown


one, unknown = items(runs["one"]["flow"] or "")   # no items: tshark prints no flow graph
two, _ = items(runs["two"]["flow"] or "")
report = runs["two"]["json"]
if report is None:
    sys.exit("FAIL: no -z amfol,json report in the -2 run")
fails = []
if unknown:
    fails.append(f"items that are not amfol's aggregated kinds: {unknown[:5]}")
if one != two:
    fails.append(f"single pass and -2 differ: {len(one)} vs {len(two)} items")

want_start, want_stop = [], []
for amf in truth["amfs"]:
    for ep in amf["episodes"]:
        for u in ep["updates"]:
            want_start.append(u["frame"])
        for g in ep["gnbs"]:
            if g.get("stop_frame"):
                want_stop.append(g["stop_frame"])
got_start = sorted(f for k, _, f in one if k == "start")
got_stop = sorted(f for k, _, f in one if k == "stop")
if got_start != sorted(want_start):
    fails.append(f"START frames {got_start} != truth {sorted(want_start)}")
if got_stop != sorted(want_stop):
    fails.append(f"STOP frames {got_stop} != truth {sorted(want_stop)}")

rrc = sum(n for k, n, _ in one if k == "rrc")
nas = sum(n for k, n, _ in one if k == "nas")
if rrc != report["radio"]["rejects"]:
    fails.append(f"RRCReject bursts add up to {rrc}, JSON has {report['radio']['rejects']}")
if nas != report["nas"]["congestion_rejects"]:
    fails.append(f"NAS congestion bursts add up to {nas}, JSON has {report['nas']['congestion_rejects']}")
frames = report["capture"]["frames"]
print(f"{len(one)} flow items for {frames} frames: {len(got_start)} START, {len(got_stop)} STOP, "
      f"RRCReject {rrc}, NAS congestion {nas}")
if fails:
    print("FAIL\n" + "\n".join(fails))
    sys.exit(1)
print("flow: ok")
