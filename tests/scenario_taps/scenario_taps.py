#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Usage: scenario_taps.py WRAPPER PLUGIN_SO CAPTURE OUT_DIR [--one-pass] [--n2]

The fixture scenario_taps_<name> (tests/scenario_taps/tests.cmake): tshark runs ONCE with -2 on a
synthesized capture, with every output that the tests of that scenario read (amfol_taps.TWO_PASS:
the per-frame rows of amfol_taps.TWO_PASS_FIELDS, -z amfol,json, amfol,html, flow,amfol,network, amfol,radio and
amfol,sbi), and with --one-pass once more in one pass (amfol_taps.ONE_PASS: html, flow, radio),
for the tests that compare the two modes. Writes OUT_DIR/two.{out,err,rc} and OUT_DIR/one.*.
With --n2 the runs are amfol_taps.N2_TWO_PASS / N2_ONE_PASS, for tests/n2's crafted captures
(fixtures n2_taps_<name>, tests/n2/tests.cmake).
Fails when tshark fails or prints something amfol_taps.split() cannot place."""
import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import amfol_taps  # noqa: E402


def main():
    wrapper, plugin, capture, out = sys.argv[1:5]
    one, two = amfol_taps.SETS["n2" if "--n2" in sys.argv[5:] else "scenario"]
    runs = {"two": two}
    if "--one-pass" in sys.argv[5:]:
        runs["one"] = one
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    fails = []
    for name, args in runs.items():
        rc, stdout, stderr = amfol_taps.run(wrapper, plugin, capture, args)
        amfol_taps.save(out, name, rc, stdout, stderr)
        try:
            got = amfol_taps.split(stdout)
            print("%s: rc %d, %d field rows, outputs %s" % (name, rc, len(got["fields"]),
                  sorted(k for k, v in got.items() if v and k != "fields")))
        except ValueError as e:
            fails.append("%s run: %s" % (name, e))
        if rc != 0:
            fails.append("%s run: tshark exit %d: %s" % (name, rc, stderr[-300:]))
    if fails:
        sys.exit("FAIL: " + "; ".join(fails))


if __name__ == "__main__":
    main()
