#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_evidence.py: look-alikes of "only what the capture proves" (docs/faults.md, "Evidence a
# rule needs"), each with its violating twin, made with the synthesizer's scenarios:
#   control-producer: only the UDM answers slowly (udm-slow): overload-control-absent is a note
#     naming the UDM, with the thresholds said to be amfol's policy and what the capture cannot
#     see; the AMF's own answers slow (storm-no-control): a warning against the AMF.
#   ring-nrf: a storm whose AMF reports its load (mixed-storm) cut into 4 files with editcap -c:
#     replayed with scripts/amfol-parallel.sh as it runs by default (the small consecutive files
#     joined into one tshark, HTTP/2 state kept), the report is the whole capture's: no
#     nrf-load-stale; replayed one tshark per file (--per-file, as files of several probes or
#     hosts are), the later files decode no HTTP/2, so the silence is no evidence: nrf-load-stale is a note that says what is missing, never an accusation and
#     never count 0 (the whole capture: no nrf-load-stale); an AMF whose first report comes late
#     with every message readable (nrf-lag): a warning.
# Usage: check_evidence.py CASE SYNTH TSHARK_WRAPPER PLUGIN_SO REPLAY WORKDIR
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.join(HERE, "..", "..")
ERRORS = []


def run(cmd, env=None):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=280, env=env)
    if r.returncode != 0:
        sys.exit("%s failed (%d): %s" % (cmd[0], r.returncode, r.stderr[-1500:]))
    return r.stdout


def expect(what, got, want):
    if got != want:
        ERRORS.append("%s:\n  got  %r\n  want %r" % (what, got, want))


def synth(ctx, scenario):
    out = os.path.join(ctx["work"], scenario + ".pcapng")
    run([ctx["synth"], os.path.join(TOP, "testcaptures", "scenarios", scenario + ".ini"), "-o", out])
    return out


def report(ctx, cap):
    out = run([ctx["wrapper"], ctx["plugin"], "-r", cap, "-q", "-2", "-z", "amfol,json"])
    return json.loads(out[out.index("{"):])


def of(doc, rule):
    return [(f["severity"], f["amf"], f["first_frame"], f["frames"], f["count"], f.get("evidence_missing"))
            for f in doc["findings"] if f["rule"] == rule]


def no_count_zero(what, doc):
    expect(what + ": findings with count 0", [f["rule"] for f in doc["findings"] if f["count"] == 0], [])


def control_producer(ctx):
    doc = report(ctx, synth(ctx, "udm-slow"))
    got = of(doc, "overload-control-absent")
    expect("udm-slow: overload-control-absent", [g[:5] for g in got], [("note", "amf-1", 2558, [2558], 1)])
    text = [f["summary"] for f in doc["findings"] if f["rule"] == "overload-control-absent"]
    for needle in ("Only UDM answered slowly", "amfol's policy after the article's monitoring table, no 3GPP clause",
                   "Not visible in this capture: OVERLOAD STARTs to gNBs outside it",
                   "REROUTE NAS REQUEST and RelativeAMFCapacity changes"):
        if not text or needle not in text[0]:
            ERRORS.append("udm-slow: the note does not say %r: %s" % (needle, text))
    doc = report(ctx, synth(ctx, "storm-no-control"))
    expect("storm-no-control: overload-control-absent", [g[:5] for g in of(doc, "overload-control-absent")],
           [("warning", "amf-1", 2065, [2065], 1)])


def ring_nrf(ctx):
    whole = synth(ctx, "mixed-storm")
    doc = report(ctx, whole)
    expect("mixed-storm whole: nrf-load-stale", of(doc, "nrf-load-stale"), [])
    frames = doc["capture"]["frames"]
    ring = os.path.join(ctx["work"], "ring")
    shutil.rmtree(ring, ignore_errors=True)
    os.makedirs(ring)
    os.chmod(ring, 0o755)
    run(["editcap", "-c", str((frames + 3) // 4), whole, os.path.join(ring, "ring.pcapng")])
    for f in os.listdir(ring):
        os.chmod(os.path.join(ring, f), 0o644)
    env = dict(os.environ, AMFOL_PLUGIN_SO=ctx["plugin"], AMFOL_REPLAY=ctx["replay"])
    out = run([os.path.join(TOP, "scripts", "amfol-parallel.sh"), "--format", "json", ring], env=env)
    rep = json.loads(out[out.index("{"):])
    expect("ring replay, batched: nrf-load-stale", of(rep, "nrf-load-stale"), [])
    out = run([os.path.join(TOP, "scripts", "amfol-parallel.sh"), "--per-file", "--format", "json", ring],
              env=env)
    rep = json.loads(out[out.index("{"):])
    expect("ring replay: nrf-load-stale", of(rep, "nrf-load-stale"),
           [("note", "amf-1", 2089, [2089], 10, "readable HTTP/2 headers")])
    note = [f["summary"] for f in rep["findings"] if f["rule"] == "nrf-load-stale"]
    if not note or not note[0].startswith("Not judged") or "capture the HTTP/2 connections from their start" not in note[0]:
        ERRORS.append("ring replay: the note does not say what would settle it: %s" % note)
    no_count_zero("ring replay", rep)
    doc = report(ctx, synth(ctx, "nrf-lag"))
    expect("nrf-lag: nrf-load-stale", [g[:3] + (g[4], g[5]) for g in of(doc, "nrf-load-stale")],
           [("warning", "amf-1", 1668, 1, None)])
    no_count_zero("nrf-lag", doc)


CASES = {"control-producer": control_producer, "ring-nrf": ring_nrf}

if __name__ == "__main__":
    name, synth_bin, wrapper, plugin, replay, work = sys.argv[1:7]
    os.makedirs(work, exist_ok=True)
    os.chmod(work, 0o755)
    CASES[name]({"synth": synth_bin, "wrapper": wrapper, "plugin": plugin, "replay": replay, "work": work})
    for e in ERRORS:
        print("FAIL " + e)
    print("%s: %s" % (name, "ok" if not ERRORS else "%d errors" % len(ERRORS)))
    sys.exit(1 if ERRORS else 0)
