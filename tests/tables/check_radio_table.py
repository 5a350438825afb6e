#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_radio_table.py: -z amfol,radio (the "AMF Overload Radio" table) adds up to the ground
# truth's RRC requests / set-ups / rejects, names every gNB and cell of the truth, puts the
# truth's START/STOP frames on the "during" rows, and is identical in one pass and with -2.
# Usage: check_radio_table.py TSHARK_WRAPPER PLUGIN_SO CAPTURE.pcapng (the synthesizer's capture,
# made once per run by its fixture; truth: CAPTURE's .truth.json)
#   [--taps DIR --one-pass-run RUN_DIR]: the -2 run of CAPTURE's fixture scenario_taps_<name> and
#   the one-pass run of its fixture e2e_run_<name> (the table with -2 and in one pass), else the
#   same runs are made here.
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import amfol_taps  # noqa: E402

tshark, plugin, cap, truth, runs = amfol_taps.scenario_cli(sys.argv)

def table(two_pass):
    out = runs["two" if two_pass else "one"].get("radio")
    if out is None:
        sys.exit("FAIL: no -z amfol,radio table in the %s run" % ("-2" if two_pass else "one-pass"))
    rows = []
    for line in out.splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) >= 14 and cells[3].isdigit():
            rows.append(cells[:14])
    return rows

one, two = table(False), table(True)
fails = []
if one != two:
    fails.append(f"single pass and -2 differ:\n{one}\n{two}")
exp = truth.get("expected", {}).get("rrc", {"requests": 0, "setups": 0, "rejects": 0})
sums = {k: sum(int(r[i]) for r in two) for k, i in (("requests", 7), ("setups", 8), ("rejects", 9))}
for k in ("requests", "setups", "rejects"):
    if sums[k] != exp.get(k, 0):
        fails.append(f"{k}: table {sums[k]} != truth {exp.get(k, 0)}")
radio_gnbs = {g["name"] for g in truth["gnbs"] if g.get("cells")}
table_gnbs = {r[0] for r in two}
if exp.get("requests", 0) and not table_gnbs <= radio_gnbs:
    fails.append(f"table names {table_gnbs - radio_gnbs} not in the truth's gNBs {radio_gnbs}")
for amf in truth["amfs"]:
    for ep_no, ep in enumerate(amf["episodes"], 1):
        for g in ep["gnbs"]:
            during = [r for r in two if r[0] == g["gnb"] and r[2] == "during" and r[3] == str(ep_no)]
            for r in during:
                if int(r[5]) != g["start_frame"] or int(r[6]) != (g["stop_frame"] or 0):
                    fails.append(f"{g['gnb']} episode {ep_no}: START/STOP {r[5]}/{r[6]} != "
                                 f"{g['start_frame']}/{g['stop_frame']}")
print(f"{len(two)} rows; sums {sums}; truth {exp}")
if fails:
    print("FAIL\n" + "\n".join(fails))
    sys.exit(1)
print("radio table: ok")
