#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_priming.py: amfol asks epan to re-prime, before each frame, only the fields the last
frame's tree held (plugin/frame/amfol_prime.c). Proof that no field is lost that way: the event stream
(-z amfol,events: every event the engine is fed, with its frame and values) of a plain run, where
the tree is a fake one that holds only primed fields, must equal the one of a -V run, where the
tree is visible and Wireshark creates every item whatever is primed. Also: no run may print
amfol's "not primed" warning (amfol_prime_check), and the -2 run's first pass gives the same
findings as the plain run.

  check_priming.py TSHARK_AS_USER PLUGIN_SO PUBLIC_DIR CAPTURE ...
A CAPTURE given as a relative path is a public capture under PUBLIC_DIR, run with the options its
MANIFEST names (tests/public/run_public.py); an absolute one is a synthesized capture.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "public"))
from run_public import manifest_options  # noqa: E402


def run(tshark, so, cap, opts, args):
    p = subprocess.run([tshark, so, "-r", cap, *opts, *args], capture_output=True, text=True,
                       timeout=600)
    if p.returncode != 0:
        sys.exit(f"tshark {' '.join(args)} on {cap} failed ({p.returncode}): {p.stderr[-2000:]}")
    if "not primed" in p.stderr:
        sys.exit(f"amfol printed its not-primed warning on {cap} {' '.join(args)}:\n{p.stderr}")
    return p.stdout


def events(text):
    """The JSON Lines of -z amfol,events (the -V run prints packet details before them)."""
    out = []
    for line in text.splitlines():
        if line.startswith("{") and line.endswith("}"):
            out.append(json.loads(line))
    return out


def findings(text):
    doc = json.loads(text[text.index("\n{") + 1 if not text.startswith("{") else 0:])
    return [(f["rule"], f.get("first_frame"), f.get("count")) for f in doc.get("findings", [])]


def main():
    tshark, so, public, caps = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    manifest = manifest_options(public)
    failed = 0
    for cap in caps:
        opts = []
        if not os.path.isabs(cap):
            opts = manifest[cap]
            cap = os.path.join(public, cap)
        plain = events(run(tshark, so, cap, opts, ["-q", "-z", "amfol,events"]))
        visible = events(run(tshark, so, cap, opts, ["-V", "-z", "amfol,events"]))
        if not plain:
            print(f"FAIL {cap}: no events at all")
            failed += 1
            continue
        if plain != visible:
            first = next((i for i, (a, b) in enumerate(zip(plain, visible)) if a != b),
                         min(len(plain), len(visible)))
            print(f"FAIL {cap}: {len(plain)} events plain, {len(visible)} with -V; first difference "
                  f"at event {first}:\n  plain:   {plain[first] if first < len(plain) else None}\n"
                  f"  visible: {visible[first] if first < len(visible) else None}")
            failed += 1
            continue
        one = findings(run(tshark, so, cap, opts, ["-q", "-z", "amfol,json"]))
        two = findings(run(tshark, so, cap, opts, ["-2", "-q", "-z", "amfol,json"]))
        if one != two:
            print(f"FAIL {cap}: findings differ between one pass and -2:\n  {one}\n  {two}")
            failed += 1
            continue
        kinds = sorted({e.get("t", "?") for e in plain})
        print(f"ok {cap}: {len(plain)} events identical plain and -V ({', '.join(map(str, kinds))}); "
              f"{len(one)} findings identical in one pass and -2")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
