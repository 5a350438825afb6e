#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""amfol's NGAP PDU and INITIAL UE MESSAGE counts against tshark's own, per PDU.

Usage: check_ngap_counts.py WRAPPER PLUGIN_SO WORKDIR capture PCAP [TRUTH RULES] [-- TSHARK_OPTIONS...]
       check_ngap_counts.py WRAPPER PLUGIN_SO WORKDIR public PUBLIC_DIR
       check_ngap_counts.py - - - run RUN_DIR

One tshark run per capture with the plugin, two passes: -T fields gives, per frame, tshark's own
ngap.procedureCode values (one per NGAP PDU), whether amfol set the frame aside as a repeat or a
damaged frame, and whether a dissector stopped the frame (_ws.malformed.dissector_bug); -z
amfol,json gives amfol's counts (the associations' ngap_pdus, the INITIAL UE MESSAGEs per gNB)
and capture.frames / capture.unread_dissector_stopped. "run" reads instead the one tshark run of
a synthesizer scenario (tests/e2e/run_scenario.py: fields.tsv with check_capture.py's fields,
amfol.json), whose captures have no repeats and no stopped frames.

Checked: amfol's NGAP PDUs == tshark's PDUs in the frames amfol reads (not set aside, not stopped);
the same for INITIAL UE MESSAGEs; capture.frames == the capture's frame count; the frames amfol
says it could not read == the frames a dissector stopped before the postdissectors. With TRUTH (a
[flood] scenario's ground truth): a second run with -o gui.max_tree_depth:5000, in which tshark
and amfol read every PDU, and both counts equal the truth's exactly.
"""
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "public"))
from amfol_outputs import split_outputs  # noqa: E402

FIELDS = ["frame.number", "ngap.procedureCode", "amfol.repeat_kind", "amfol.damaged",
          "_ws.malformed.dissector_bug"]
IUM = "15"
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


_stage = []


def stage():
    """The plugin's staging folder: under /tmp, not in the build folder, which the unprivileged
    tshark cannot reach when the clone sits in a folder only root may enter (CI's)."""
    if not _stage:
        d = tempfile.mkdtemp(prefix="amfol-ngap-counts.")
        os.chmod(d, 0o755)
        atexit.register(shutil.rmtree, d, True)
        _stage.append(d)
    return _stage[0]


def run(wrapper, plugin, pcap, opts, workdir):
    cmd = [wrapper, plugin, "-r", pcap, "-2", "-T", "fields", "-E", "occurrence=a", "-E", "aggregator=,",
           "-E", "separator=/t"] + sum([["-e", f] for f in FIELDS], []) + ["-z", "amfol,json"] + list(opts)
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, AMFOL_STAGE=stage()))
    if r.returncode != 0:
        check(False, "%s: tshark exit %d: %s" % (pcap, r.returncode, r.stderr[-300:]))
        return None
    got = split_outputs(r.stdout)
    frames = []
    for line in r.stdout.splitlines():
        cols = line.split("\t")
        if len(cols) != len(FIELDS) or not cols[0].isdigit():
            continue
        procs = [p for p in cols[1].split(",") if p]
        frames.append({"num": int(cols[0]), "procs": procs, "set_aside": bool(cols[2] or cols[3]),
                       "stopped": cols[4].count(",") + 1 if cols[4] else 0})
    return frames, got["json"]


def amfol_counts(doc):
    pdus = ium = 0
    for amf in doc.get("amfs", []):
        for g in amf.get("gnbs", []):
            pdus += g.get("ngap_pdus") or 0
            for window in (g.get("initial_ue") or {}).values():
                ium += sum(window.values())
    return pdus, ium


def compare(name, frames, doc, stopped_frames):
    """stopped_frames: the frame numbers no postdissector saw."""
    read = [f for f in frames if not f["set_aside"] and f["num"] not in stopped_frames]
    ts_pdus = sum(len(f["procs"]) for f in read)
    ts_ium = sum(f["procs"].count(IUM) for f in read)
    pdus, ium = amfol_counts(doc)
    cap = doc["capture"]
    check(pdus == ts_pdus, "%s: amfol NGAP PDUs %d == tshark's %d" % (name, pdus, ts_pdus))
    check(ium == ts_ium, "%s: amfol INITIAL UE MESSAGEs %d == tshark's %d" % (name, ium, ts_ium))
    check(cap["frames"] == len(frames), "%s: capture.frames %d == %d frames" % (name, cap["frames"], len(frames)))
    unread = cap.get("unread_dissector_stopped", 0)
    check(unread == len(stopped_frames), "%s: unread_dissector_stopped %d == %d frames no postdissector saw"
          % (name, unread, len(stopped_frames)))
    return pdus, ium, ts_pdus, ts_ium


def stopped(frames):
    """Frames whose dissection stopped at the layer limit: Wireshark reports the dissector bug
    twice, once for the protocol and once for the postdissector call (packet.c call_dissector_work)."""
    return {f["num"] for f in frames if f["stopped"] >= 2}


def one_capture(wrapper, plugin, workdir, pcap, truth, opts, rules=None):
    name = os.path.basename(pcap)
    res = run(wrapper, plugin, pcap, opts, workdir)
    if not res:
        return
    frames, doc = res
    compare(name, frames, doc, stopped(frames))
    if not truth:
        return
    with open(truth) as f:
        t = json.load(f)
    exp = t["expected"]
    check(len(frames) == t["frames"], "%s: %d frames == truth %d" % (name, len(frames), t["frames"]))
    check(doc["capture"]["frames"] == t["frames"], "%s: capture.frames == truth %d" % (name, t["frames"]))
    # Every PDU read: Wireshark's layer limit raised for tshark and amfol alike.
    res = run(wrapper, plugin, pcap, list(opts) + ["-o", "gui.max_tree_depth:5000"], workdir)
    if not res:
        return
    frames, doc = res
    pdus, ium, ts_pdus, ts_ium = compare(name + " (gui.max_tree_depth 5000)", frames, doc, stopped(frames))
    check(ts_pdus == exp["ngap_pdus"] and pdus == exp["ngap_pdus"],
          "%s: tshark %d and amfol %d NGAP PDUs == truth %d" % (name, ts_pdus, pdus, exp["ngap_pdus"]))
    check(ts_ium == exp["initial_ue_messages"] and ium == exp["initial_ue_messages"],
          "%s: tshark %d and amfol %d INITIAL UE MESSAGEs == truth %d" % (name, ts_ium, ium, exp["initial_ue_messages"]))
    # Every NAS-PDU of every bundled PDU is read too: the REGISTRATION REQUESTs and the answers'
    # AUTHENTICATION REQUESTs.
    nas = exp["initial_ue_messages"] + exp["answered"] - exp.get("overload_releases", 0)
    check(doc["nas"]["messages"] == nas, "%s: NAS messages %d == truth %d" % (name, doc["nas"]["messages"], nas))
    # The AMF fell silent: the last frame's time (heartbeats) closes every request it left.
    ser = doc["amfs"][0]["symptoms"] if len(doc["amfs"]) == 1 else None
    if ser:
        buckets = ser["buckets"]
        for key, member in (("error_indications", "error_indications"), ("overload_releases", "overload_releases"),
                            ("ng_setup_failures", "ng_setup_failures")):
            n = sum(b[member] for b in buckets)
            check(n == exp.get(key, 0), "%s: symptoms %s %d == truth %d" % (name, member, n, exp.get(key, 0)))
    requests = sum(b["requests"] for b in ser["buckets"]) if ser else -1
    unanswered = sum(b["unanswered"] for b in ser["buckets"]) if ser else -1
    check(requests == exp["initial_ue_messages"], "%s: symptoms requests %d == truth %d"
          % (name, requests, exp["initial_ue_messages"]))
    check(unanswered == exp["unanswered"], "%s: symptoms unanswered %d == truth %d (closed by the capture's end)"
          % (name, unanswered, exp["unanswered"]))
    check(ser is not None and "open_at_capture_end" not in ser, "%s: no request left open at the capture's end" % name)
    if rules is not None:
        want = set() if rules == "none" else set(rules.split(","))
        got = {(x["rule"], x["amf"]) for x in doc["findings"]}
        amf = doc["amfs"][0]["id"] if doc["amfs"] else None
        check(got == {(r, amf) for r in want}, "%s: findings %s == %s at AMF %s" % (name, sorted(got), sorted(want), amf))
        early = [x for x in doc["findings"] if x["rule"] == "ng-setup-before-time-to-wait"]
        n_early = sum(x["count"] for x in early)
        check(n_early == exp.get("ng_setups_before_time_to_wait", 0), "%s: %d NG SETUPs before the Time To Wait == truth %d"
              % (name, n_early, exp.get("ng_setups_before_time_to_wait", 0)))
    most = max(len(f["procs"]) for f in frames)
    check(most == exp["max_pdus_per_packet"], "%s: most NGAP PDUs in one packet %d == truth %d"
          % (name, most, exp["max_pdus_per_packet"]))


def from_run(run_dir):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "testcaptures", "tests"))
    import check_capture
    names = check_capture.FIELDS + check_capture.CHECK_FIELDS
    num, proc = names.index("frame.number"), names.index("ngap.procedureCode")
    frames = []
    with open(os.path.join(run_dir, "fields.tsv")) as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) > proc and cols[num].isdigit():
                frames.append({"num": int(cols[num]), "procs": [p for p in cols[proc].split(",") if p],
                               "set_aside": False, "stopped": 0})
    with open(os.path.join(run_dir, "amfol.json")) as f:
        doc = json.load(f)
    compare(os.path.basename(run_dir.rstrip("/")), frames, doc, set())


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    wrapper, plugin, workdir, mode, target = sys.argv[1:6]
    rest = sys.argv[6:]
    if mode == "capture":
        truth = rest[0] if rest and rest[0] != "--" else None
        rules = rest[1] if truth and len(rest) > 1 and rest[1] != "--" else None
        opts = rest[rest.index("--") + 1:] if "--" in rest else []
        one_capture(wrapper, plugin, workdir, target, truth, opts, rules)
    elif mode == "run":
        from_run(target)
    elif mode == "public":
        from run_public import manifest_options
        opts = manifest_options(target)
        for cap in sorted(opts):
            one_capture(wrapper, plugin, workdir, os.path.join(target, cap), None, opts[cap])
    else:
        sys.exit(__doc__)
    print("%d checks failed" % len(failures) if failures else "all checks passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
