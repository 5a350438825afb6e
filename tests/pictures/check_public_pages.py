#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_public_pages.py: every public capture (real networks, some truncated or malformed) gives a
# complete timeline page: tshark exits 0, the page ends with </html>, names the capture's frame
# count, and says "No NGAP" exactly when the JSON report counted no NGAP PDU.
# On the outputs of the fixture public_runs (tests/public/run_public.py): one two-pass run per
# capture, with the MANIFEST's options, gives the page and the JSON report together.
#   check_public_pages.py PUBLIC_DIR PUBLIC_RUNS_DIR
import glob, json, os, re, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from amfol_outputs import public_runs

public, runs_dir = sys.argv[1:3]
caps = sorted(os.path.relpath(c, public) for c in glob.glob(os.path.join(public, "**", "*.pcap*"), recursive=True))
if not caps:
    print(f"no captures under {public}")
    sys.exit(1)
runs = {r["name"]: r for r in public_runs(runs_dir)}
fails = []
for name in caps:
    run = runs.get(name)
    if run is None:
        fails.append(f"{name}: no tshark run in the fixture")
        continue
    if run["rc"]:
        fails.append(f"{name}: tshark exit {run['rc']}: {run['err'][-300:]}")
        continue
    report, html = run["json"], run["html"] or ""
    if report is None:
        fails.append(f"{name}: no JSON report ({run.get('split_error', 'absent')})")
        continue
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
