# SPDX-License-Identifier: GPL-2.0-or-later
"""Several outputs of ONE tshark run, told apart: a tshark start costs ~0.4 s of CPU whatever the
capture, so the tests that read the same capture share runs instead of starting tshark per output.

A run prints, in this order: the -T fields rows (when fields are asked for; without -q), then the
-z outputs one after the other (their order depends on the kind of tap, not on the options):
  json      a line "{" up to the line "}"               (-z amfol,json)
  html      "<!DOCTYPE html>" up to "</html>"           (-z amfol,html)
  flow      the lines starting with "|", from "|Time"   (-z flow,amfol,network; nothing when empty)
  tables    a blank line, "=====", the title line ("AMF Overload Radio:"), ..., "=====" (-z amfol,radio,
            -z amfol,sbi, ...), by title: radio, sbi
split() gives them apart and fails (ValueError) on any text it cannot place, so a change in the
layout cannot quietly hand a test the wrong part.

The scenario fixtures (tests/scenario_taps, scenario_taps.py) run each synthesized capture once in
one pass and once with -2, with every output their consumers read (ONE_PASS / TWO_PASS below), into
a folder; load(folder, "one"|"two") reads a run back, split."""
import json
import os
import subprocess

# The outputs of the scenario fixtures' runs (consumers: tests/pictures check_page.py and
# check_flow.py, tests/rrc check_tags.py, tests/tables check_radio_table.py, tests/sbi check_table.py).
ONE_PASS = ["-q", "-z", "amfol,radio", "-z", "flow,amfol,network", "-z", "amfol,html"]
TWO_PASS = ["-2", "-T", "fields", "-E", "separator=\t", "-e", "frame.number", "-e", "amfol.finding",
            "-z", "amfol,sbi", "-z", "amfol,radio", "-z", "flow,amfol,network", "-z", "amfol,html",
            "-z", "amfol,json"]
TABLES = {"AMF Overload Radio:": "radio", "AMF Set: NRF load and SBI overload control:": "sbi"}
RULE = "=" * 20


def split(out):
    """{"fields": [row lines], "json": doc or None, "json_text", "html", "flow" (None when absent),
    "radio", "sbi" (absent when not printed)} of one run's stdout."""
    lines = out.splitlines(keepends=True)
    got = {"fields": [], "json": None, "json_text": None, "html": None, "flow": None}
    i = 0

    def starts(line):
        s = line.rstrip("\n")
        return (s == "{" or s.startswith("<!DOCTYPE html>") or s.startswith("|Time") or
                s.startswith(RULE) or
                (s == "" and i + 1 < len(lines) and lines[i + 1].startswith(RULE)))

    while i < len(lines) and not starts(lines[i]):
        got["fields"].append(lines[i].rstrip("\n"))
        i += 1
    while i < len(lines):
        s = lines[i].rstrip("\n")
        if s == "":
            i += 1
        elif s == "{":
            text = "".join(lines[i:])
            doc, end = json.JSONDecoder().raw_decode(text)
            if got["json"] is not None or text[end:end + 1] not in ("\n", ""):
                raise ValueError("a second JSON report, or text after the JSON on its last line")
            got["json"], got["json_text"] = doc, text[:end]
            i += text[:end].count("\n") + 1
        elif s.startswith("<!DOCTYPE html>"):
            j = next((k for k in range(i, len(lines)) if "</html>" in lines[k]), None)
            if j is None or not lines[j].rstrip("\n").endswith("</html>") or got["html"] is not None:
                raise ValueError("page without its </html> line, or two pages")
            got["html"] = "".join(lines[i:j + 1])
            i = j + 1
        elif s.startswith("|Time"):
            j = i
            while j < len(lines) and lines[j].startswith("|"):
                j += 1
            if got["flow"] is not None:
                raise ValueError("two flow graphs")
            got["flow"] = "".join(lines[i:j])
            i = j
        elif s.startswith(RULE):
            title = lines[i + 1].rstrip("\n") if i + 1 < len(lines) else ""
            name = TABLES.get(title)
            j = next((k for k in range(i + 1, len(lines)) if lines[k].startswith(RULE)), None)
            if name is None or j is None or name in got:
                raise ValueError("table %r unknown, repeated or without its closing line" % title)
            got[name] = "".join(lines[i:j + 1])
            i = j + 1
        else:
            raise ValueError("line %d is in no output: %r" % (i + 1, s[:80]))
    return got


def run(wrapper, plugin, capture, args):
    """(returncode, stdout, stderr) of one tshark run."""
    r = subprocess.run([wrapper, plugin, "-r", capture] + list(args), capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def save(folder, name, rc, out, err):
    with open(os.path.join(folder, name + ".out"), "w") as f:
        f.write(out)
    with open(os.path.join(folder, name + ".err"), "w") as f:
        f.write(err)
    with open(os.path.join(folder, name + ".rc"), "w") as f:
        f.write("%d\n" % rc)


def load(folder, name):
    """The split outputs of the fixture's run NAME ("one" or "two"); SystemExit when it is missing
    or tshark failed (the consumers used to run tshark with check=True)."""
    path = os.path.join(folder, name)
    try:
        rc = int(open(path + ".rc").read())
        out = open(path + ".out").read()
        err = open(path + ".err").read()
    except OSError as e:
        raise SystemExit("no %s run in %s (its fixture scenario_taps.* did not run): %s" % (name, folder, e))
    if rc != 0:
        raise SystemExit("tshark failed (%d) in the %s run of %s: %s" % (rc, name, folder, err[-500:]))
    return split(out)


def runs(wrapper, plugin, capture, folder, names=("two", "one")):
    """{name: split outputs} of the scenario fixture's runs in FOLDER; without a FOLDER (a check
    script run by hand) the same runs are made here."""
    got = {}
    for name in names:
        if folder:
            got[name] = load(folder, name)
        else:
            rc, out, err = run(wrapper, plugin, capture, TWO_PASS if name == "two" else ONE_PASS)
            if rc != 0:
                raise SystemExit("tshark failed (%d): %s" % (rc, err[-500:]))
            got[name] = split(out)
    return got
