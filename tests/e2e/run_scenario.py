#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Usage: run_scenario.py TSHARK_WRAPPER PLUGIN_SO CAPTURE.pcapng OUT_DIR [--one-pass-taps]

The fixture e2e_run_<scenario> (test e2e.tshark_run.<scenario>): the real tshark runs ONCE over a
scenario capture, with the plugin, and prints in that one run
  - the per-frame fields of testcaptures/tests/check_capture.py (-T fields, its FIELDS and
    CHECK_FIELDS), read by synth.tshark_matches_truth.<scenario>;
  - -z amfol,json, read by e2e.findings.<scenario> and scale.* (the whole capture's report);
  - -z expert,comment (every Expert Info with the protocol that added it), read by
    check_capture.py: with the plugin loaded, amfol's own Expert Info (protocol AMFOL) is told
    apart from the decoders' there, since the per-frame severities cannot say who added them.
With --one-pass-taps the same run also prints what the one-pass consumers of tests/scenario_taps
read (amfol_taps.ONE_PASS: -z amfol,radio, flow,amfol,network, amfol,html; pictures.page/flow and
tables.radio compare them with the -2 run of the fixture scenario_taps_<scenario>), and the whole
run is kept as OUT_DIR/one.{out,err,rc} for amfol_taps.load() (one tshark start instead of two).
The run uses the preferences of the scenario's truth (CAPTURE's .truth.json, "preferences").
Into OUT_DIR (emptied first): fields.tsv (the rows), amfol.json (the report, byte for byte as
tshark printed it), expert.txt (the expert tap's text), stderr.txt.
Exits 1 when tshark fails or an output is missing: the tests that need the fixture then do not run.

The NAS fields are named as the running tshark names them (nas_5gs.* in 4.0, nas-5gs.* later).
AMFOL_TSHARK_FIELDS=0 leaves the fields out (-q; then fields.tsv is absent), should a tshark lack
one of the others: the synth checks cannot pass there, the findings still can."""
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "testcaptures", "tests"))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import check_capture  # noqa: E402  (its fields and run_decode: one definition)
import amfol_taps  # noqa: E402  (split(): every output of the run placed, or ValueError)


def split_run(out):
    """(rows, json_text, expert_text) of one run's stdout: the -T fields rows (each line starts
    with the frame number and a tab) come first, then the taps' outputs."""
    lines = out.split("\n")
    i = 0
    while i < len(lines) and re.match(r"^\d+\t", lines[i]):
        i += 1
    rows, rest = "".join(l + "\n" for l in lines[:i]), "\n".join(lines[i:])
    m = re.search(r"^\{$", rest, re.M)
    if not m:
        raise ValueError("no -z amfol,json report in the output")
    _, end = json.JSONDecoder().raw_decode(rest[m.start():])
    json_text = rest[m.start():m.start() + end]
    return rows, json_text, rest[:m.start()] + rest[m.start() + end:]


def main():
    wrapper, plugin, cap, out = sys.argv[1:5]
    one_pass_taps = "--one-pass-taps" in sys.argv[5:]
    fields = os.environ.get("AMFOL_TSHARK_FIELDS", "1") != "0"
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    # The preferences the scenario's truth is to be read with (the synthesizer writes them in
    # <capture>.truth.json, "preferences": e.g. amfol.protected_snssai).
    prefs = []
    truth_path = re.sub(r"\.pcapng$", ".truth.json", cap)
    if truth_path != cap and os.path.exists(truth_path):
        for k, v in sorted(json.load(open(truth_path)).get("preferences", {}).items()):
            prefs += ["-o", "%s:%s" % (k, v)]
    taps = prefs + ["-z", "amfol,json", "-z", "expert,comment"]
    if one_pass_taps:   # amfol_taps.ONE_PASS's taps (its -q only when there are no fields)
        taps += [a for a in amfol_taps.ONE_PASS if a != "-q"]
    if fields:   # the NAS field names as the running tshark spells them
        r = check_capture.run_decode(wrapper, plugin, cap, taps, timeout=280)
    else:
        r = subprocess.run([wrapper, plugin, "-r", cap, "-q"] + taps, capture_output=True, text=True,
                           timeout=280)
    with open(os.path.join(out, "stderr.txt"), "w") as f:
        f.write(r.stderr)
    if one_pass_taps:
        amfol_taps.save(out, "one", r.returncode, r.stdout, r.stderr)
    if r.returncode != 0:
        sys.exit("tshark failed (%d): %s" % (r.returncode, r.stderr[-2000:]))
    if one_pass_taps:
        got = amfol_taps.split(r.stdout)   # ValueError on any line it cannot place
        if got["json_text"] is None:
            raise ValueError("no -z amfol,json report in the output")
        rows = "".join(l + "\n" for l in got["fields"])
        json_text, expert = got["json_text"], got.get("expert", "")
    else:
        rows, json_text, expert = split_run(r.stdout)
    if fields and not rows:
        sys.exit("no -T fields rows in the output")
    for name, text in (("fields.tsv", rows if fields else None), ("amfol.json", json_text + "\n"),
                       ("expert.txt", expert)):
        if text is not None:
            with open(os.path.join(out, name), "w") as f:
                f.write(text)
    print("%s: %d rows, %d bytes of -z amfol,json, %d bytes of -z expert%s"
          % (os.path.basename(cap), rows.count("\n"), len(json_text), len(expert),
             ", and the one-pass taps (one.out)" if one_pass_taps else ""))


if __name__ == "__main__":
    main()
