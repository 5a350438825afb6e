#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_page.py: the timeline page (-z amfol,html) of a capture against the JSON report of the
# same capture (-z amfol,json): one episode band per episode with its START/STOP frames, one
# START/STOP mark per gNB message, one marker per finding (rule and first frame), per AMF with
# symptom buckets one symptoms band with as many buckets as the JSON and exactly one onset marker
# at the JSON's onset frame (none without an onset); the page is
# self-contained (no script, no external reference) and the same in one pass and with -2;
# Chromium renders it into a PNG that is not blank and shows the episode colour when there are
# episodes.
#
# With --render-later DIR NAME the page is written to DIR/NAME.html (and DIR/NAME.json: its episode
# count) for pictures.render (render_pages.py), which renders the pages of all scenarios in one
# Chromium, instead of starting Chromium here.
#
# Usage: check_page.py TSHARK_WRAPPER PLUGIN (--capture FILE | --n2-crafted storm|clean|exempt|late
#                                              | --taps DIR [--one-pass-run RUN_DIR])
#                                              [--no-ngap] [--render-later DIR NAME]
#   --taps DIR: the runs of a synthesized capture's fixture scenario_taps_<name> (-2: JSON and page;
#   one pass: page, or from RUN_DIR, the run of its fixture e2e_run_<name>), instead of running
#   tshark here. (n2-crafted fixtures have both runs in DIR.)
import json, os, re, shutil, subprocess, sys, tempfile
from html.parser import HTMLParser

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from render_pages import CHROMIUM_FLAGS, find_chromium, judge
from split_page import split_page
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import amfol_taps  # noqa: E402

tshark, plugin = sys.argv[1:3]
args = sys.argv[3:]
work = tempfile.mkdtemp(prefix="amfol-page-")
taps = None
one_run = None
if args[0] == "--taps":   # the runs of the scenario fixtures (tests/scenario_taps, tests/e2e)
    taps, cap = args[1], None
    rest = args[2:]
    if rest[:1] == ["--one-pass-run"]:
        one_run, rest = rest[1], rest[2:]
elif args[0] == "--n2-crafted":   # tests/n2's hand-made captures (STOP without START, truncated PDU)
    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.run([sys.executable, os.path.join(here, "..", "n2", "make_captures.py"), work], check=True,
                   stdout=subprocess.DEVNULL)
    cap = os.path.join(work, args[1] + ".pcap")
    rest = args[2:]
else:
    cap = args[1]
    rest = args[2:]
expect_no_ngap = "--no-ngap" in rest
render_later = rest[rest.index("--render-later") + 1:][:2] if "--render-later" in rest else None


def run(taps, two_pass=True):
    args = [tshark, plugin, "-r", cap, "-q"] + (["-2"] if two_pass else [])
    for z in taps:
        args += ["-z", z]
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


if taps:
    # The scenario fixture's -2 run (the JSON report and the page, among its other outputs) and
    # its one-pass run (the page); amfol_taps.split() places every line of them.
    got = amfol_taps.load(taps, "two")
    report, page = got["json"], got["html"] or ""
    one_pass = amfol_taps.load(one_run or taps, "one")["html"] or ""
    if report is None:
        sys.exit("FAIL: no -z amfol,json report in the fixture's -2 run")
else:
    # One two-pass run gives both reports: the page (<!DOCTYPE html> ... </html>) and the JSON.
    report, page = split_page(run(["amfol,json", "amfol,html"]))
    report = json.loads(report)
    one_pass = run(["amfol,html"], two_pass=False)
page_file = os.path.join(work, "page.html")
open(page_file, "w").write(page)


class Page(HTMLParser):
    """Collects the elements the checks count, per AMF section."""

    def __init__(self):
        super().__init__()
        self.section, self.in_h2, self.h2 = None, False, ""
        self.episodes, self.findings, self.marks, self.orphan_stops = [], [], [], []
        self.ids, self.scripts, self.external = set(), 0, []
        self.sym_amf, self.sym_bands, self.sym_buckets, self.sym_onsets = None, [], {}, {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "script":
            self.scripts += 1
        for k in ("src", "href"):
            if k in a:
                self.external.append(a[k])
        if tag == "h2":
            self.in_h2, self.h2 = True, ""
        if tag == "rect" and "sym-bucket" in cls:
            self.sym_buckets[self.sym_amf] = self.sym_buckets.get(self.sym_amf, 0) + 1
        if tag != "g":
            return
        if "episode" in cls:
            self.episodes.append((self.section, int(a["data-episode"]), int(a["data-start-frame"]),
                                  int(a["data-stop-frame"])))
        elif "symptoms" in cls:
            self.sym_amf = a["data-amf"]
            self.sym_bands.append((a["data-amf"], int(a["data-onset-frame"])))
        elif "sym-onset" in cls:
            self.sym_onsets.setdefault(self.sym_amf, []).append(int(a["data-frame"]))
        elif "finding" in cls:
            self.findings.append((a["data-rule"], int(a["data-first-frame"])))
        elif "mark" in cls:
            mark = (self.section, "stop" if "stop" in cls else "start", a["data-gnb"], int(a["data-frame"]))
            if int(a["data-episode"]) > 0:
                self.marks.append(mark)
            else:
                self.orphan_stops.append(mark)

    def handle_data(self, data):
        if self.in_h2:
            self.h2 += data

    def handle_endtag(self, tag):
        if tag == "h2":
            self.in_h2 = False
            self.section = self.h2[4:] if self.h2.startswith("AMF ") else None


p = Page()
p.feed(page)
fails = []
if one_pass != page:
    fails.append("the page differs between one pass and -2")

# Episodes and START/STOP marks, per AMF.
want_eps, want_marks = [], []
for amf in report.get("amfs", []):
    for ep in amf.get("episodes", []):
        want_eps.append((amf.get("name") or amf["id"], ep["number"], ep["start_frame"], ep["stop_frame"] or 0))
        for g in ep.get("gnbs", []):
            for f in g.get("start_frames", [g["start_frame"]]):
                want_marks.append((amf.get("name") or amf["id"], "start", g["id"], f))
            if g.get("stop_frame"):
                want_marks.append((amf.get("name") or amf["id"], "stop", g["id"], g["stop_frame"]))
if sorted(p.episodes) != sorted(want_eps):
    fails.append(f"episode bands {sorted(p.episodes)} != JSON episodes {sorted(want_eps)}")
if sorted(set(p.marks)) != sorted(set(want_marks)) or len(p.marks) != len(set(p.marks)):
    fails.append(f"START/STOP marks {sorted(p.marks)} != JSON {sorted(set(want_marks))}")
orphans = sum(g.get("stops_without_start", 0) for a in report.get("amfs", []) for g in a.get("gnbs", []))
if len(p.orphan_stops) != orphans or any(k != "stop" for _, k, _, _ in p.orphan_stops):
    fails.append(f"{len(p.orphan_stops)} marks outside an episode, JSON has {orphans} STOPs without START")

# Symptoms: per AMF with symptom buckets one band, its bucket count, one onset marker at the
# onset frame (JSON amfs[].id is the symptoms module's AMF name).
want_sym, want_onsets, want_buckets = [], {}, {}
for amf in report.get("amfs", []):
    sym = amf.get("symptoms")
    if not sym or not sym.get("buckets"):
        continue
    want_sym.append((amf["id"], sym["onset_frame"] or 0))
    want_buckets[amf["id"]] = len(sym["buckets"])
    if sym["onset_frame"] is not None:
        want_onsets[amf["id"]] = [sym["onset_frame"]]
if sorted(p.sym_bands) != sorted(want_sym):
    fails.append(f"symptom bands {sorted(p.sym_bands)} != JSON (AMF, onset frame) {sorted(want_sym)}")
if p.sym_buckets != want_buckets:
    fails.append(f"symptom buckets drawn {p.sym_buckets} != JSON bucket counts {want_buckets}")
if p.sym_onsets != want_onsets:
    fails.append(f"symptom onset markers {p.sym_onsets} != JSON onset frames {want_onsets}")

# One marker per finding.
want_findings = sorted((f["rule"], f["first_frame"]) for f in report.get("findings", []))
if report.get("findings_dropped", 0) == 0 and sorted(p.findings) != want_findings:
    fails.append(f"finding markers {sorted(p.findings)} != JSON findings {want_findings}")

# Header, self-containment, the no-NGAP message.
frames = report["capture"]["frames"]
if not re.search(r'id="capture">%d frames' % frames, page):
    fails.append(f"header does not give the {frames} frames")
if p.scripts or p.external:
    fails.append(f"not self-contained: {p.scripts} scripts, references {p.external[:5]}")
if expect_no_ngap != ("no-ngap" in p.ids):
    fails.append(f"no-NGAP message {'missing' if expect_no_ngap else 'shown for a capture with NGAP'}")

# Rendered by a real browser: not blank, and the episode colour is there when there are episodes.
chromium = find_chromium()
if render_later:
    pages, name = render_later
    os.makedirs(pages, exist_ok=True)
    for ext in (".html", ".json"):   # no stale page left for pictures.render if this test fails
        if os.path.exists(os.path.join(pages, name + ext)):
            os.remove(os.path.join(pages, name + ext))
    if not fails:
        shutil.copyfile(page_file, os.path.join(pages, name + ".html"))
        with open(os.path.join(pages, name + ".json"), "w") as f:
            json.dump({"episodes": len(want_eps)}, f)
        print(f"render: by pictures.render ({pages}/{name}.html)")
elif not chromium and os.environ.get("AMFOL_NO_BROWSER") == "1":
    # The minimal Debian roots of scripts/check-ws-versions.sh --run: the page's structure is
    # checked above on that Wireshark; the pixels are the same browser's on the host.
    print("render skipped: AMFOL_NO_BROWSER=1 and no chromium (minimal Debian root)")
elif not chromium:
    fails.append("chromium not installed (scripts/install-deps.sh installs it)")
else:
    png = os.path.join(work, "page.png")
    subprocess.run([chromium] + CHROMIUM_FLAGS + [f"--user-data-dir={work}/chromium", f"--screenshot={png}",
                                                  "file://" + page_file],
                   check=True, capture_output=True, timeout=120)
    line, render_fails = judge(png, bool(want_eps))
    print(line)
    fails += render_fails

print(f"{len(p.episodes)} episode bands, {len(p.marks)} START/STOP marks, {len(p.findings)} finding markers, "
      f"{len(p.sym_bands)} symptom bands ({sum(p.sym_buckets.values())} buckets, onsets {p.sym_onsets}), "
      f"page {len(page.encode())} bytes")
if fails:
    print("FAIL\n" + "\n".join(fails))
    sys.exit(1)
shutil.rmtree(work, ignore_errors=True)
print("page: ok")
