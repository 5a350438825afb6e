# SPDX-License-Identifier: GPL-2.0-or-later
# split_page.py: tshark prints the reports of several -z taps of one run one after the other;
# the timeline page is the part from "<!DOCTYPE html>" to "</html>", the JSON report the rest.
def split_page(out):
    """(rest, page) of one tshark run's stdout; page is "" when there is none."""
    start = out.find("<!DOCTYPE html>")
    if start < 0:
        return out, ""
    end = out.find("</html>", start)
    end = len(out) if end < 0 else end + len("</html>")
    if out[end:end + 1] == "\n":
        end += 1
    return out[:start] + out[end:], out[start:end]
