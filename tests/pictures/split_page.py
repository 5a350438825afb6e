# SPDX-License-Identifier: GPL-2.0-or-later
# split_page.py: tshark prints the reports of several -z taps of one run one after the other;
# the timeline page is the part from "<!DOCTYPE html>" to "</html>", the JSON report the rest.
# The one copy lives in tests/lib/amfol_outputs.py (which also splits the other reports).
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from amfol_outputs import split_page  # noqa: E402,F401
