#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Usage: check_table.py WRAPPER PLUGIN_SO CAPTURE FIRST_SLOW_S

The "AMF Overload Symptoms" table (-z amfol,symptoms, after a full pass: -2) against an oracle
built from Wireshark's own fields (the NGAP / IP / HTTP/2 decoders', not amfol's; printed by the same
-2 run, -T fields before the table: one tshark start instead of two, the oracle's fields used to come
from a run of plain tshark): per 5 s bucket from the first frame, the INITIAL UE
MESSAGEs, those with no downlink NAS / UE CONTEXT RELEASE COMMAND for the same UE (gNB address +
RAN UE NGAP ID) within 5 s, and the nearest-rank p50 / p95 of the time to the first downlink NAS.
Buckets from FIRST_SLOW_S on must show the symptoms, buckets before must not.
"""
import math
import re
import subprocess
import sys

DL_NAS = {4, 14, 26, 28, 29}


def nearest_rank(v, q):
    v = sorted(v)
    return v[max(1, math.ceil(q * len(v))) - 1]


def ms(cell):
    return -1.0 if cell == "-" else float(cell)


def main():
    wrapper, plugin, cap, first_slow = sys.argv[1:5]
    first_slow = float(first_slow)
    r = subprocess.run([wrapper, plugin, "-r", cap, "-2", "-T", "fields", "-E", "occurrence=a", "-E", "aggregator=,",
                        "-e", "frame.time_epoch", "-e", "ip.src", "-e", "ip.dst", "-e", "ngap.procedureCode",
                        "-e", "ngap.RAN_UE_NGAP_ID", "-e", "ngap.NAS_PDU", "-e", "http2.streamid",
                        "-z", "amfol,symptoms"], capture_output=True, text=True, timeout=110)
    if r.returncode != 0:
        sys.exit("tshark failed (%d): %s" % (r.returncode, r.stderr[-1000:]))
    lines = r.stdout.splitlines()
    # the -T fields rows (each starts with frame.time_epoch and a tab), then the table: a blank
    # line, a line of "=", "AMF Overload Symptoms:", ... (nothing else may come between)
    n = next((i for i, l in enumerate(lines) if not re.match(r"\d+\.\d+\t", l)), len(lines))
    out, table = lines[:n], lines[n:]
    if not out or len(table) < 3 or table[0] != "" or set(table[1]) != {"="} or table[2] != "AMF Overload Symptoms:":
        sys.exit("FAIL: no field rows, or the table does not follow them: %r" % table[:3])
    t0 = float(out[0].split("\t")[0])
    iums, answers, last_event = [], {}, t0
    for line in out:
        t, src, dst, procs, rans, nas, h2 = (line.split("\t") + [""] * 7)[:7]
        t = float(t)
        if procs or h2:
            last_event = t
        procs = [int(p) for p in procs.split(",") if p]
        if not procs:
            continue
        assert len(procs) == 1, "one NGAP PDU per frame in the synthesizer's captures"
        p, ran = procs[0], rans.split(",")[0]
        if p == 15:
            iums.append((t, src, ran))
        elif p in DL_NAS and nas and not src.startswith("10.0.1."):
            answers.setdefault((dst, ran), []).append((t, "nas"))
        elif p == 41 and not src.startswith("10.0.1."):
            answers.setdefault((dst, ran), []).append((t, "release"))
    want = {}
    for t, gnb, ran in iums:
        if t + 5 > last_event - 5:           # amfol decides 5 s later; keep clear of the end
            continue
        b = int((t - t0) // 5)
        w = want.setdefault(b, {"requests": 0, "unanswered": 0, "lat": []})
        w["requests"] += 1
        first = min((a for a in answers.get((gnb, ran), []) if a[0] >= t), default=None)
        if first is None or first[0] - t > 5:
            w["unanswered"] += 1
        elif first[1] == "nas":
            w["lat"].append((first[0] - t) * 1000)
    rows = {}
    for line in table:
        c = [x.strip() for x in line.split("|")]
        if len(c) >= 21 and c[1].replace(".", "").isdigit():
            rows[int(float(c[1]) // 5)] = c
    failures = 0
    for b, w in sorted(want.items()):
        c = rows.get(b)
        # "-": no answered request in the bucket (the oracle's -1.0)
        got = (int(c[6]), int(c[7]), ms(c[8]), ms(c[9])) if c else None
        p50 = round(nearest_rank(w["lat"], 0.5), 1) if w["lat"] else -1.0
        p95 = round(nearest_rank(w["lat"], 0.95), 1) if w["lat"] else -1.0
        exp = (w["requests"], w["unanswered"], p50, p95)
        ok = got is not None and got[:2] == exp[:2] and abs(got[2] - p50) <= 0.11 and abs(got[3] - p95) <= 0.11
        sym = c[20] if c else ""
        ok = ok and (("slow" in sym and "unanswered" in sym) if b * 5 >= first_slow else sym == "-")
        print("%s bucket t+%3d s: table %s symptoms '%s', oracle %s" % ("ok  " if ok else "FAIL", b * 5, got, sym, exp))
        failures += not ok
    if not want or failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
