#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Usage: run_public.py WRAPPER PLUGIN_SO PUBLIC_DIR OUT_DIR

The fixture public_runs: tshark runs ONCE per public capture (every .pcap/.pcapng/.cap under
PUBLIC_DIR, each listed in its MANIFEST.md), with the options the MANIFEST names for it
(decode-as, or for the srsRAN files the user DLTs and MAC/RLC/PDCP heuristics), two passes, and
every report the public-capture tests read: -z amfol,html, amfol,json, amfol,diagnosis and
amfol,timeline. Its stdout goes to OUT_DIR/<path with / as __>.out, its stderr to .err, and
OUT_DIR/index.json lists name, options, exit status and file per capture.
Read by n2.public, pictures.page.public and symptoms.public_captures_calm (tests/lib/amfol_outputs.py).
Two captures run at a time (the largest first), so the tests waiting for the fixture start sooner.
Fails only when the runs cannot be made (no captures, a capture the MANIFEST does not list);
the exit status of each tshark run is the consumers' to judge."""
import concurrent.futures
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile

EXTS = (".pcap", ".pcapng", ".cap")
USER_DLTS = ['-o', 'uat:user_dlts:"User 2 (DLT=149)","udp","0","","0",""',
             '-o', 'uat:user_dlts:"User 5 (DLT=152)","ngap","0","","0",""',
             '--enable-heuristic', 'mac_nr_udp', '--enable-heuristic', 'rlc_nr_udp',
             '--enable-heuristic', 'pdcp_nr_udp']
TAPS = ["amfol,timeline", "amfol,json", "amfol,diagnosis", "amfol,html"]


def manifest_options(public):
    """{path: tshark options} from MANIFEST.md's "Decode-as" line of each entry."""
    text = open(os.path.join(public, "MANIFEST.md")).read()
    opts = {}
    for path, decode in re.findall(r"### \d+\. `([^`]+)`.*?- Decode-as: `([^`]*)`", text, re.S):
        if decode == "USER_DLT":
            opts[path] = USER_DLTS
        elif decode.startswith("-d "):
            opts[path] = ["-d", decode[3:]]
        else:
            opts[path] = []
    return opts


def main():
    wrapper, plugin, public, out = sys.argv[1:5]
    caps = sorted(os.path.relpath(os.path.join(d, f), public)
                  for d, _, fs in os.walk(public) for f in fs if f.endswith(EXTS))
    opts = manifest_options(public)
    if not caps:
        sys.exit("no captures under %s" % public)
    unlisted = [c for c in caps if c not in opts]
    if unlisted:
        sys.exit("captures without a MANIFEST.md entry: %s" % unlisted)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    # The plugin is staged once per worker: one staging folder each, so that no wrapper copies the
    # plugin while the other worker's tshark loads it.
    stages = [tempfile.mkdtemp(prefix="amfol-public-stage.") for _ in range(2)]
    free = queue.Queue()
    for stage in stages:
        free.put(stage)

    def run(cap):
        stage = free.get()
        try:
            return run_in(cap, dict(os.environ, AMFOL_STAGE=stage))
        finally:
            free.put(stage)

    def run_in(cap, env):
        name = cap.replace(os.sep, "__") + ".out"
        cmd = [wrapper, plugin, "-r", os.path.join(public, cap), "-q", "-2"] + opts[cap]
        for z in TAPS:
            cmd += ["-z", z]
        with open(os.path.join(out, name), "wb") as o, open(os.path.join(out, name + ".err"), "wb") as e:
            rc = subprocess.run(cmd, stdout=o, stderr=e, env=env, timeout=300).returncode
        return {"name": cap, "opts": opts[cap], "rc": rc, "file": name}

    try:
        # Largest first, so that the last one to start is a short one; the index keeps the name order.
        big_first = sorted(caps, key=lambda c: -os.path.getsize(os.path.join(public, c)))
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            done = dict(zip(big_first, pool.map(run, big_first)))
        index = [done[cap] for cap in caps]
        for entry in index:
            print("%-60s exit %d" % (entry["name"], entry["rc"]))
    finally:
        for stage in stages:
            shutil.rmtree(stage, ignore_errors=True)
    with open(os.path.join(out, "index.json"), "w") as f:
        json.dump(index, f, indent=1)
    print("%d public captures run once each" % len(index))


if __name__ == "__main__":
    main()
