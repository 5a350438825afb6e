# SPDX-License-Identifier: GPL-2.0-or-later
"""Several outputs of ONE tshark run, told apart: a tshark start costs ~0.4 s of CPU whatever the
capture, so the tests that read the same capture share runs instead of starting tshark per output.

A run prints, in this order: the -T fields rows (when fields are asked for; without -q), then the
-z outputs one after the other (their order depends on the kind of tap, not on the options):
  json      a line "{" up to the line "}"               (-z amfol,json)
  html      "<!DOCTYPE html>" up to "</html>"           (-z amfol,html)
  flow      the lines starting with "|", from "|Time"   (-z flow,amfol,network; nothing when empty)
  tables    a blank line, "=====", the title line ("AMF Overload Radio:"), ..., "=====" (-z amfol,radio,
            -z amfol,sbi, -z amfol,episodes, -z amfol,kpi), by title: radio, sbi, episodes, kpi
  timeline, diagnosis   "=== amfol timeline ===" up to the line "===" (-z amfol,timeline), and with
            -z amfol,timeline,FILTER the line after it: (filter "FILTER" matched N amfol frames; ...)
  expert    "Errors (32)", "=============", its rows; then Warns, Notes, ... (-z expert)
split() gives them apart and fails (ValueError) on any text it cannot place, so a change in the
layout cannot quietly hand a test the wrong part.

The scenario fixtures (tests/scenario_taps, scenario_taps.py) run each synthesized capture once
with -2, with every output their consumers read (TWO_PASS below), into a folder; the one-pass
outputs (ONE_PASS) come from the one one-pass run per scenario of tests/e2e (run_scenario.py
--one-pass-taps, fixture e2e_run_<name>, which also prints -T fields, -z amfol,json and -z
expert,comment there); load(folder, "one"|"two") reads a run back, split."""
import json
import os
import re
import subprocess

# The outputs of the scenario fixtures' runs (consumers: tests/pictures check_page.py and
# check_flow.py, tests/rrc check_tags.py, tests/tables check_radio_table.py, tests/sbi check_table.py).
# ONE_PASS's taps are added to tests/e2e/run_scenario.py's run (without -q: it prints rows too).
ONE_PASS = ["-q", "-z", "amfol,radio", "-z", "flow,amfol,network", "-z", "amfol,html"]


def columns(rows, fields, *names):
    """[[values of NAMES] per row] of tab-separated ROWS whose fields are FIELDS."""
    at = [fields.index(n) for n in names]
    got = []
    for line in rows:
        c = line.split("\t")
        if len(c) != len(fields):
            raise SystemExit("a field row of %d cells, %d fields: %r" % (len(c), len(fields), line[:100]))
        got.append([c[i] for i in at])
    return got
# The -2 rows: amfol.finding (rrc.tags; default occurrence=a, aggregator ","). (field.part1's
# Part1 / 5G-S-TMSI fields: in tests/e2e's one-pass run, check_capture.FIELDS.)
TWO_PASS_FIELDS = ["frame.number", "amfol.finding"]
TWO_PASS = ["-2", "-T", "fields", "-E", "separator=\t"] + [a for f in TWO_PASS_FIELDS for a in ("-e", f)] + \
           ["-z", "amfol,sbi", "-z", "amfol,radio", "-z", "flow,amfol,network", "-z", "amfol,html",
            "-z", "amfol,json"]
# The runs of tests/n2's crafted captures (fixtures n2_taps_<name>; consumers: tests/n2 check_n2.py
# fields/json/timeline/diagnosis/expert/twopass and tests/pictures check_page.py --n2-crafted).
# Every field any of them reads, as "-E occurrence=a -E aggregator=;" rows; the Expert Info fields
# (FT_NONE) print "1" where present, so a row's cell says what -Y FIELD used to select.
N2_FIELDS = ["frame.number", "amfol.n2.amf", "amfol.n2.gnb", "amfol.n2.episode", "amfol.n2.in_overload",
             "amfol.n2.shed_expected", "amfol.n2.exempt", "amfol.n2.start_frame", "amfol.n2.since_start_s",
             "amfol.n2.replaced", "amfol.n2.duration_s", "amfol.n2.level", "amfol.n2.action",
             "amfol.n2.reduction_pct", "amfol.n2.slice.snssai", "amfol.n2.overload_related",
             "amfol.n2.rrc_cause", "amfol.n2.replaced_frame", "amfol.n2.slice.action",
             "amfol.n2.slice.reduction_pct", "ngap.procedureCode", "amfol.n2.overload_cause",
             "amfol.n2.time_to_wait_s", "amfol.n2.relative_amf_capacity", "amfol.n2.unavailable_guamis",
             "amfol.n2.named_by_transport", "amfol.n2.stop_without_start", "amfol.n2.shed_forwarded",
             "amfol.n2.overload_start", "amfol.n2.overload_stop", "amfol.expert.gnb_ignores_overload"]
_N2_ROWS = ["-T", "fields", "-E", "occurrence=a", "-E", "aggregator=;"] + \
           [a for f in N2_FIELDS for a in ("-e", f)]
N2_ONE_PASS = _N2_ROWS + ["-z", "amfol,json", "-z", "amfol,episodes", "-z", "amfol,html",
                          "-z", "amfol,timeline,amfol.n2.in_overload"]
N2_TWO_PASS = ["-2"] + _N2_ROWS + ["-z", "amfol,json", "-z", "amfol,episodes", "-z", "amfol,html",
                                   "-z", "amfol,timeline", "-z", "amfol,diagnosis", "-z", "expert"]
SETS = {"scenario": (ONE_PASS, TWO_PASS), "n2": (N2_ONE_PASS, N2_TWO_PASS)}
TABLES = {"AMF Overload Radio:": "radio", "AMF Set: NRF load and SBI overload control:": "sbi",
          "AMF Overload:": "episodes", "AMF Overload KPIs:": "kpi"}
EXPERT = re.compile(r"(Errors|Warns|Notes|Chats|Comments) \(\d+\)$")
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
                s.startswith(RULE) or re.fullmatch(r"=== amfol [a-z]+ ===", s) or EXPERT.match(s) or
                (s == "" and i + 1 < len(lines) and (lines[i + 1].startswith(RULE) or
                                                     EXPERT.match(lines[i + 1]))))

    while i < len(lines) and not starts(lines[i]):
        row = lines[i].rstrip("\n")
        if not re.match(r"\d+(\t|\||$)", row):   # every field list here starts with frame.number
            raise ValueError("line %d is no field row: %r" % (i + 1, row[:80]))
        got["fields"].append(row)
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
        elif re.fullmatch(r"=== amfol [a-z]+ ===", s):
            name = s.split()[2]
            j = next((k for k in range(i + 1, len(lines)) if lines[k].rstrip("\n") == "==="), None)
            if j is None or name in got:
                raise ValueError("%s report without its closing line, or two of them" % name)
            if j + 1 < len(lines) and lines[j + 1].startswith('(filter "'):   # -z amfol,NAME,FILTER
                j += 1
            got[name] = "".join(lines[i:j + 1])
            i = j + 1
        elif EXPERT.match(s):
            # -z expert: per severity a title, a line of "=", a header and rows (all indented),
            # blank lines between severities.
            j = i
            while j < len(lines):
                t = lines[j].rstrip("\n")
                if EXPERT.match(t) or t == "=============" or t == "" or t.startswith(" "):
                    j += 1
                else:
                    break
            if "expert" in got:
                raise ValueError("two expert reports")
            got["expert"] = "".join(lines[i:j])
            i = j
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
        raise SystemExit("no %s run in %s (its fixture, scenario_taps.* or for a one-pass run "
                         "e2e.tshark_run.*, did not run): %s" % (name, folder, e))
    if rc != 0:
        raise SystemExit("tshark failed (%d) in the %s run of %s: %s" % (rc, name, folder, err[-500:]))
    return split(out)


def runs(wrapper, plugin, capture, folder, names=("two", "one"), kind="scenario", one_folder=None):
    """{name: split outputs} of the fixture's runs in FOLDER (the one-pass run in ONE_FOLDER when
    given: a synthesized scenario's is the run of its fixture e2e_run_<name>, tests/e2e); without a
    FOLDER (a check script run by hand) the same runs (SETS[kind]) are made here."""
    got = {}
    for name in names:
        if folder:
            got[name] = load(one_folder if name == "one" and one_folder else folder, name)
        else:
            rc, out, err = run(wrapper, plugin, capture, SETS[kind][name == "two"])
            if rc != 0:
                raise SystemExit("tshark failed (%d): %s" % (rc, err[-500:]))
            got[name] = split(out)
    return got


def scenario_cli(argv):
    """(wrapper, plugin, capture, truth, runs) of a scenario check's command line
    `WRAPPER PLUGIN CAPTURE [--taps DIR] [--one-pass-run RUN_DIR]` (check_flow.py,
    check_radio_table.py): the fixtures' runs when the folders are given, else runs made here."""
    wrapper, plugin, capture = argv[1:4]
    opt = lambda name: argv[argv.index(name) + 1] if name in argv[4:] else None
    truth = json.load(open(capture.replace(".pcapng", ".truth.json")))
    got = runs(wrapper, plugin, capture, opt("--taps"), one_folder=opt("--one-pass-run"))
    return wrapper, plugin, capture, truth, got


def tshark_text(wrapper, plugin, *args):
    """stdout of one tshark run (tests/lib/tshark-as-user.sh); exits the check when tshark fails."""
    p = subprocess.run([wrapper, plugin] + list(args), capture_output=True, timeout=170)
    if p.returncode != 0:
        raise SystemExit("tshark failed: %s" % p.stderr.decode(errors="replace")[-500:])
    return p.stdout.decode()
