#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Usage: check_public.py WRAPPER PLUGIN_SO CAPTURE_DIR

The public captures are calm lab traffic: neither overload-control-absent nor
overload-control-late may fire on any of them (issue 14). Prints, per capture and AMF, the
response-time baselines amfol measures (INITIAL UE MESSAGE -> first downlink NAS, REGISTRATION
REQUEST -> AUTHENTICATION REQUEST / ACCEPT / REJECT, SBI per producer), as quoted in the notes.
SBI on TCP 7777 (Open5GS, free5GC) is decoded as HTTP/2.
"""
import json
import os
import subprocess
import sys

RULES = {"overload-control-absent", "overload-control-late"}
EXTS = (".pcap", ".pcapng", ".cap")


def fmt(b):
    if b["source"] == "none":
        if b["samples"]:
            return "%.1fms(%d, no baseline)" % (b["observed_p95_ms"], b["samples"])
        return "-"

    return "%.1fms(%d)" % (b["p95_ms"], b["samples"])


def main():
    wrapper, plugin, folder = sys.argv[1:4]
    caps = sorted(os.path.join(d, f) for d, _, fs in os.walk(folder) for f in fs if f.endswith(EXTS))
    if not caps:
        sys.exit("no captures under %s" % folder)
    failures = 0
    for cap in caps:
        out = subprocess.run([wrapper, plugin, "-r", cap, "-d", "tcp.port==7777,http2", "-q",
                              "-z", "amfol,json"], capture_output=True, text=True, timeout=300)
        name = os.path.relpath(cap, folder)
        if out.returncode != 0 or "{" not in out.stdout:
            print("FAIL %s: tshark failed: %s" % (name, out.stderr[-500:]))
            failures += 1
            continue
        doc = json.loads(out.stdout[out.stdout.index("{"):])
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
