#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Usage: check_public.py CAPTURE_DIR PUBLIC_RUNS_DIR

The public captures are calm lab traffic: neither overload-control-absent nor
overload-control-late may fire on any of them. Prints, per capture and AMF, the
response-time baselines amfol measures (INITIAL UE MESSAGE -> first downlink NAS, REGISTRATION
REQUEST -> AUTHENTICATION REQUEST / ACCEPT / REJECT, SBI per producer), as quoted in the notes.
Reads the JSON reports of the fixture public_runs (tests/public/run_public.py: one two-pass run
per capture with the MANIFEST's options, which decode the Open5GS/free5GC SBI ports as HTTP/2).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from amfol_outputs import public_runs  # noqa: E402

RULES = {"overload-control-absent", "overload-control-late"}
EXTS = (".pcap", ".pcapng", ".cap")


def fmt(b):
    if b["source"] == "none":
        if b["samples"]:
            return "%.1fms(%d, no baseline)" % (b["observed_p95_ms"], b["samples"])
        return "-"

    return "%.1fms(%d)" % (b["p95_ms"], b["samples"])


def main():
    folder, runs_dir = sys.argv[1:3]
    caps = sorted(os.path.relpath(os.path.join(d, f), folder)
                  for d, _, fs in os.walk(folder) for f in fs if f.endswith(EXTS))
    if not caps:
        sys.exit("no captures under %s" % folder)
    runs = {r["name"]: r for r in public_runs(runs_dir)}
    failures = 0
    for name in caps:
        run = runs.get(name)
        if run is None or run["rc"] != 0 or run["json"] is None:
            print("FAIL %s: tshark failed: %s" % (name, "no run in the fixture" if run is None else
                                                 "exit %d, %s" % (run["rc"], run["err"][-500:])))
            failures += 1
            continue
        doc = run["json"]
        hits = [f for f in doc["findings"] if f["rule"] in RULES]
        lines = []
        for amf in doc["amfs"]:
            s = amf.get("symptoms")
            if not s:
                continue
            b = s["baseline"]
            lines.append("%s: initial-ue p95 %s, registration p95 %s, SBI %s" % (
                amf["id"], fmt(b["initial-ue"]), fmt(b["registration"]),
                " ".join("%s %s" % (k, fmt(b[k])) for k in ("UDM", "AUSF", "UDR", "PCF", "NRF")
                         if b[k]["samples"])))
        print("%s %s: %s" % ("FAIL" if hits else "ok  ", name, "; ".join(lines) or "no AMF with UE traffic"))
        for f in hits:
            print("     unexpected %s: %s" % (f["rule"], f["summary"]))
        failures += bool(hits)
    print("%d captures, %d with an overload-control finding" % (len(caps), failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
