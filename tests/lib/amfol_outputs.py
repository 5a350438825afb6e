# SPDX-License-Identifier: GPL-2.0-or-later
"""Reading what one tshark run printed for several -z amfol,<output> at once.

tshark prints the -z outputs one after the other (in reverse order of the options): the page
(<!DOCTYPE html> ... </html>), the JSON report (a line "{" up to the line "}"), and the text
reports, each opening with "=== amfol <name> ===". split_outputs() gives them apart.

public_runs(folder): the runs of tests/public/run_public.py (one tshark run per public capture,
fixture public_runs), as a list of dicts: name (path under the public folder), opts, rc, err and
the outputs (html, json, timeline, diagnosis; None when absent)."""
import json
import os
import re


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


def split_outputs(out):
    rest, page = split_page(out)
    got = {"html": page or None, "json": None, "json_text": None, "timeline": None, "diagnosis": None}
    m = re.search(r"^\{$", rest, re.M)
    if m:
        doc, end = json.JSONDecoder().raw_decode(rest[m.start():])
        got["json"], got["json_text"] = doc, rest[m.start():m.start() + end]
        rest = rest[:m.start()] + rest[m.start() + end:]
    for name in ("timeline", "diagnosis"):
        m = re.search(r"^=== amfol %s ===$" % name, rest, re.M)
        if m:
            nxt = re.search(r"^=== amfol [a-z]+ ===$", rest[m.end():], re.M)
            got[name] = rest[m.start():m.end() + nxt.start() if nxt else len(rest)]
    return got


def public_runs(folder):
    with open(os.path.join(folder, "index.json")) as f:
        index = json.load(f)
    runs = []
    for e in index:
        with open(os.path.join(folder, e["file"]), encoding="utf-8", errors="replace") as f:
            out = f.read()
        with open(os.path.join(folder, e["file"] + ".err"), encoding="utf-8", errors="replace") as f:
            err = f.read()
        run = dict(e, out=out, err=err)
        try:
            run.update(split_outputs(out))
        except ValueError as x:   # a JSON report that does not parse: the consumers say so
            run.update(html=None, json=None, timeline=None, diagnosis=None, split_error=str(x))
        runs.append(run)
    return runs
