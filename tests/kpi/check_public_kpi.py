#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Usage: check_public_kpi.py PUBLIC_DIR PUBLIC_RUNS_DIR

On the public captures, amfol's registration counts (amfs[].kpi of the fixture public_runs'
-z amfol,json) against a count made independently with tshark display filters, no plugin:
per AMF address, the REGISTRATION REQUESTs (5GMM message type 0x41) sent to it per 5GS
registration type, the REGISTRATION REJECTs (0x44) and the readable REGISTRATION ACCEPTs (0x42)
it sent. The commands are those of docs/kpi.md ("Checking the counts with tshark"):
  tshark -r F [MANIFEST options] -Y "nas_5gs.mm.message_type" -T fields -E occurrence=a
         -E aggregator=, -e ip.src -e ip.dst -e nas_5gs.mm.message_type -e nas_5gs.mm.5gs_reg_type
Every capture whose amfol report names an AMF is counted; at least one must register a UE."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "public"))
from amfol_outputs import public_runs  # noqa: E402
from run_public import manifest_options  # noqa: E402

KINDS = {1: "initial", 2: "mobility", 3: "periodic", 4: "emergency"}
# Wireshark 4.0 names the NAS fields nas_5gs.*, 4.2 and later nas-5gs.*
FIELDS = {"4.0": "nas_5gs", "new": "nas-5gs"}


def prefix():
    out = subprocess.run(["tshark", "-G", "fields"], capture_output=True, text=True).stdout
    return "nas_5gs" if "\tnas_5gs.mm.message_type\t" in out else "nas-5gs"


def count(path, opts, p):
    args = ["tshark", "-n", "-r", path] + opts + ["-Y", p + ".mm.message_type", "-T", "fields",
                                                    "-E", "occurrence=a", "-E", "aggregator=,",
                                                    "-e", "ip.src", "-e", "ip.dst", "-e", p + ".mm.message_type",
                                                    "-e", p + ".mm.5gs_reg_type"]
    r = subprocess.run(args, capture_output=True, text=True, timeout=120)
    rows = []
    for line in r.stdout.splitlines():
        c = line.split("\t")
        c += [""] * (4 - len(c))
        types = [int(x, 16) if x.startswith("0x") else int(x) for x in c[2].split(",") if x]
        regs = [int(x) for x in c[3].split(",") if x]
        rows.append((c[0].split(",")[0], c[1].split(",")[0], types, regs))
    return rows


def main():
    public, runs_dir = sys.argv[1:3]
    opts = manifest_options(public)
    p = prefix()
    fails, registered = [], 0
    for run in public_runs(runs_dir):
        doc = run.get("json")
        amfs = [a for a in (doc or {}).get("amfs", []) if a.get("kpi")]
        if not amfs:
            continue
        rows = count(os.path.join(public, run["name"]), opts.get(run["name"], []), p)
        for a in amfs:
            host = a["address"].rsplit(":", 1)[0].strip("[]")
            anywhere = host == "unknown" and len(amfs) == 1   # no IP layer (user DLT): one AMF
            want = {k: 0 for k in KINDS.values()}
            rejects = accepts = 0
            for src, dst, types, regs in rows:
                if anywhere or dst == host:
                    for r in regs[:types.count(0x41)]:
                        if r in KINDS:
                            want[KINDS[r]] += 1
                if anywhere or src == host:
                    rejects += types.count(0x44)
                    accepts += types.count(0x42)
            k = a["kpi"]
            got = {kind: k["registration"][kind]["requests"] for kind in KINDS.values()}
            got_rej = sum(k["registration"][kind]["rejects"] for kind in KINDS.values())
            got_acc = sum(k["registration"][kind]["successes"] for kind in KINDS.values()) - k["successes_inferred"]
            # an accept or reject whose request came before the capture has no registration type:
            # amfol says how many (answers_without_request) instead of counting them
            without = k["answers_without_request"]
            line = "%s %s: requests %s rejects %d readable accepts %d (amfol: %s, %d, %d; %d inferred, " \
                   "%d answers without their request)" % (run["name"], a["name"], want, rejects, accepts, got,
                                                          got_rej, got_acc, k["successes_inferred"], without)
            print(line)
            registered += sum(got.values()) > 0
            if got != want or got_rej + got_acc + without != rejects + accepts:
                fails.append(line)
    if not registered:
        fails.append("no public capture registers a UE: nothing was compared")
    if fails:
        print("MISMATCH:\n" + "\n".join(fails))
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
