#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_public_pages.py: every public capture (real networks, some truncated or malformed) gives a
# complete timeline page: tshark exits 0, the page ends with </html>, names the capture's frame
# count, and says "No NGAP" exactly when the JSON report counted no NGAP PDU.
import glob, json, os, re, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from split_page import split_page

tshark, plugin, public = sys.argv[1:4]
caps = sorted(glob.glob(os.path.join(public, "**", "*.pcap*"), recursive=True))
if not caps:
    print(f"no captures under {public}")
    sys.exit(1)
fails = []
for cap in caps:
    name = os.path.relpath(cap, public)
    # One two-pass run gives both reports (the page and the JSON, split apart).
    run = subprocess.run([tshark, plugin, "-r", cap, "-q", "-2", "-z", "amfol,html", "-z", "amfol,json"],
                         capture_output=True, text=True)
    if run.returncode:
        fails.append(f"{name}: tshark exit {run.returncode}: {run.stderr[-300:]}")
        continue
    rep, html = split_page(run.stdout)
    report = json.loads(rep)
    ngap = sum(g.get("ngap_pdus", 0) for a in report.get("amfs", []) for g in a.get("gnbs", []))
    if not html.rstrip().endswith("</html>"):
        fails.append(f"{name}: page not complete")
    if not re.search(r'id="capture">%d frames' % report["capture"]["frames"], html):
        fails.append(f"{name}: frame count missing")
    if ('id="no-ngap"' in html) != (ngap == 0):
        fails.append(f"{name}: no-NGAP message {'shown' if ngap else 'missing'} ({ngap} NGAP PDUs)")
    print(f"{name}: {len(html.encode())} bytes, {ngap} NGAP PDUs")
if fails:
    print("FAIL\n" + "\n".join(fails))
    sys.exit(1)
print(f"{len(caps)} public captures: ok")
