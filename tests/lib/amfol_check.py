# SPDX-License-Identifier: GPL-2.0-or-later
# amfol_check.py: the two helpers every check script of the look-alikes shares: run a command
# (its output, or exit with its error), and collect a mismatch without stopping at the first.
import subprocess
import sys

ERRORS = []


def run(cmd, timeout=280):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        sys.exit("%s failed (%d): %s" % (cmd[0], r.returncode, r.stderr[-1500:]))
    return r.stdout


def expect(what, got, want):
    if got != want:
        ERRORS.append("%s:\n  got  %r\n  want %r" % (what, got, want))
