#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""-z amfol,events + amfol-replay against the whole capture.

  check_replay.py MODE SCENARIO TSHARK_WRAPPER PLUGIN_SO SYNTH REPLAY SCENARIO_DIR WORK_DIR [RUN_DIR]

RUN_DIR: the scenario's one tshark run (tests/e2e/run_scenario.py, fixture e2e_run_<scenario>):
the whole capture is then the synthesizer's (RUN_DIR/../../<scenario>.pcapng, fixture
synth_<scenario>) and its -z amfol,json RUN_DIR/amfol.json, instead of a capture synthesized here
and a tshark run of its own.

split     : the storm cut into 4 parts (editcap -c) replays to the episodes, NAS summary and
            findings (rule, first_frame, count) of the whole capture; frame count and time span too
overlap   : two parts that overlap by a fifth of the capture (two probes) replay to the same
            episodes and findings (rule, count): the shared frames are counted once
parallel  : scripts/amfol-parallel.sh over the folder of parts gives the whole capture's findings,
            the parts as one batch (streamed) and as one batch each (two jobs)
bad-input : a broken line, another schema version and a cut-off file each give an error that
            names the file and the line (JSON Lines) or the byte (compact events)
Events are exported compact (-z amfol,events,bin) as amfol-parallel.sh does; split also replays
part 1 as JSON Lines and wants the same report byte for byte.
"""
import atexit
import json
import os
import shutil
import subprocess
import re
import sys
import tempfile

mode, scenario, tshark, plugin, synth, replay, scen_dir, work = sys.argv[1:9]
run_dir = sys.argv[9] if len(sys.argv) > 9 else None

# Everything but SBI must survive the cut. HTTP/2 does not: a part that starts inside a
# connection has no connection preface (tshark does not know it is HTTP/2) and no HPACK dynamic
# table (headers unreadable), so the parts see less SBI than the whole (docs/scale-out.md).
SECTIONS = ["capture", "amfs", "radio", "nas"]   # amfs without the symptoms' SBI answer times
# amfol-replay says so (stderr and the report's capture.caveat) whenever it replays several files
# and one carries SBI events: the replay's SBI can then differ from the whole capture's.
SBI_CAVEAT = "SBI may be incomplete"


def sh(*args, **kw):
    return subprocess.run(list(args), check=True, capture_output=True, text=True, **kw).stdout


def tshark_run(cap, *z):
    env = dict(os.environ, AMFOL_STAGE=STAGE)
    return sh(tshark, plugin, "-q", "-r", cap, *z, env=env)


def frames_of(cap):
    out = sh("capinfos", "-c", "-M", cap)
    return int(out.split("Number of packets:")[1].split()[0])


def export(cap, enc="bin"):
    """The capture's events: compact (-z amfol,events,bin, what amfol-parallel.sh uses) or JSON
    Lines (-z amfol,events)."""
    path = cap.rsplit(".", 1)[0] + (".events" if enc == "bin" else ".jsonl")
    env = dict(os.environ, AMFOL_STAGE=STAGE)
    z = "amfol,events,bin" if enc == "bin" else "amfol,events"
    with open(path, "wb") as f:
        f.write(subprocess.run([tshark, plugin, "-q", "-r", cap, "-z", z], check=True, capture_output=True,
                               env=env).stdout)
    return path


def run_replay(*files, check=True):
    p = subprocess.run([replay, "--format", "json", *files], capture_output=True, text=True)
    if check and p.returncode != 0:
        sys.exit("amfol-replay failed: " + p.stderr)
    return p


def findings(doc, with_frame=True):
    """(rule, first_frame, count) of every finding outside the SBI domain."""
    sbi = {r["id"] for r in doc["rules"] if r["domain"] == "sbi"}
    return sorted((f["rule"], f["first_frame"] if with_frame else 0, f["count"])
                  for f in doc["findings"] if f["rule"] not in sbi)


def episodes(doc):
    """(AMF, episode, gNB, START frame, STOP frame) of every gNB of every episode."""
    return [(a["id"], e["number"], g["id"], g["start_frame"], g["stop_frame"])
            for a in doc["amfs"] for e in a.get("episodes", []) for g in e.get("gnbs", [])]


SBI_SERIES = ("UDM", "AUSF", "UDR", "PCF", "NRF")


def without_sbi(section, value):
    """The section with what only SBI feeds taken out: the symptoms' SBI answer times, and the
    replay's caveat that SBI may be incomplete."""
    if section == "capture":
        return {k: v for k, v in value.items() if k != "caveat"}
    if section != "amfs":
        return value
    value = json.loads(json.dumps(value))
    for amf in value:
        sym = amf.get("symptoms") or {}
        for b in sym.get("buckets", []):
            b.pop("sbi_latency", None)
        for nf in SBI_SERIES:
            (sym.get("baseline") or {}).pop(nf, None)
    return value


def sbi_findings(doc):
    sbi = {r["id"] for r in doc["rules"] if r["domain"] == "sbi"}
    return sorted((f["rule"], f["first_frame"], f["count"]) for f in doc["findings"] if f["rule"] in sbi)


def carries_sbi(events_file):
    """Does the file hold SBI events? (amfol-replay --decode-only counts them, either encoding)"""
    p = subprocess.run([replay, "--decode-only", events_file], capture_output=True, text=True, check=True)
    m = re.search(r"decoded \d+ events \((\d+) SBI\)", p.stderr)
    assert m, p.stderr
    return int(m.group(1)) > 0


def check_caveat(p, got, ref, events):
    """The SBI caveat is said, on stderr and in the report, exactly when a file carries SBI; and
    always when the replay's SBI findings differ from the whole capture's."""
    want = len(events) > 1 and any(carries_sbi(e) for e in events)
    ok = check((SBI_CAVEAT in p.stderr) == want and (SBI_CAVEAT in got["capture"].get("caveat", "")) == want,
               "SBI caveat on stderr and in capture.caveat: %s (a part carries SBI: %s)" % (want, want))
    if sbi_findings(got) != sbi_findings(ref):
        ok &= check(want, "the replay's SBI findings differ from the whole capture's (%s vs %s): the caveat says so"
                    % (sbi_findings(got), sbi_findings(ref)))
    return ok


def ring(n_parts):
    """The whole capture cut into n_parts files in work/ring (a rotated ring buffer)."""
    parts = os.path.join(work, "ring")
    os.makedirs(parts)
    os.chmod(parts, 0o755)
    sh("editcap", "-c", str((n + n_parts - 1) // n_parts), whole, os.path.join(parts, "ring.pcapng"))
    return parts


def same_as_whole(got, ref):
    ok = check(without_sbi("capture", got["capture"]) == ref["capture"], "frames and time span equal the whole capture's")
    ok &= check(episodes(got) == episodes(ref), "episodes equal the whole capture's")
    return ok & check(findings(got) == findings(ref), "findings (rule, first_frame, count) equal: %s" % findings(ref))


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    return ok


# The unprivileged tshark reads plugin and captures from a world-readable stage in /tmp: the
# build folder may sit where that user cannot enter (a clone under /root, mode 700).
STAGE = tempfile.mkdtemp(prefix="amfol-scale-stage-")
os.chmod(STAGE, 0o755)
atexit.register(shutil.rmtree, STAGE, True)
if os.path.isdir(work):
    shutil.rmtree(work)
os.makedirs(work)
os.chmod(work, 0o755)
if run_dir:
    whole = os.path.join(run_dir, "..", "..", scenario + ".pcapng")
else:
    whole = os.path.join(work, "whole.pcapng")
    sh(synth, os.path.join(scen_dir, scenario + ".ini"), "-o", whole)
n = frames_of(whole)
good = True


def whole_report():
    """-z amfol,json of the whole capture: the fixture's run, or one made here."""
    if run_dir:
        with open(os.path.join(run_dir, "amfol.json")) as f:
            return json.load(f)
    return json.loads(tshark_run(whole, "-z", "amfol,json"))


if mode == "split":
    ref = whole_report()
    sh("editcap", "-c", str((n + 3) // 4), whole, os.path.join(work, "part.pcapng"))
    parts = sorted(os.path.join(work, p) for p in os.listdir(work) if p.startswith("part_") and p.endswith(".pcapng"))
    good &= check(len(parts) == 4, "editcap -c cut the capture into 4 parts (%d)" % len(parts))
    events = [export(p) for p in parts]
    p = run_replay(*events)
    got = json.loads(p.stdout)
    good &= check_caveat(p, got, ref, events)
    good &= check(len(episodes(ref)) > 0, "the whole capture has overload episodes (%d)" % len(episodes(ref)))
    good &= check(episodes(got) == episodes(ref), "episodes (AMF, number, gNB, START frame, STOP frame) equal the whole capture's")
    for s in SECTIONS:
        good &= check(without_sbi(s, got[s]) == without_sbi(s, ref[s]),
                      "section %s equals the whole capture's" % s)
    good &= check(len(ref["findings"]) > 0, "the whole capture has findings (%d)" % len(ref["findings"]))
    good &= check(findings(got) == findings(ref), "findings (rule, first_frame, count) equal: %s" % findings(ref))
    # the registration KPIs and the episodes' cost (docs/kpi.md) come from the events alone
    kpis = [(a["id"], a.get("kpi")) for a in ref["amfs"]]
    good &= check(any(k and sum(k["registration"][t]["requests"] for t in k["registration"]) for _, k in kpis),
                  "the whole capture has registration KPIs")
    good &= check([(a["id"], a.get("kpi")) for a in got["amfs"]] == kpis,
                  "KPIs (amfs[].kpi: counts, buckets, episode cost, trade-offs) equal the whole capture's")
    # the two encodings carry the same events: part 1 as JSON Lines with parts 2-4 compact
    # replays to the same bytes
    mixed = run_replay(export(parts[0], "jsonl"), *events[1:])
    good &= check(mixed.stdout == p.stdout, "part 1 as JSON Lines, the others compact: the same report byte for byte")
elif mode == "overlap":
    ref = whole_report()
    a, b = os.path.join(work, "probe-a.pcapng"), os.path.join(work, "probe-b.pcapng")
    cut = n * 3 // 5
    sh("editcap", "-r", whole, a, "1-%d" % cut)
    sh("editcap", "-r", whole, b, "%d-%d" % (n * 2 // 5, n))
    p = run_replay(export(a), export(b))
    got = json.loads(p.stdout)
    m = re.search(r"amfol-replay: (\d+) frames seen by two probes counted once", p.stderr)
    dropped = int(m.group(1)) if m else 0
    good &= check(dropped > 0, "frames seen by both probes were counted once (%d)" % dropped)
    good &= check(got["nas"] == ref["nas"], "NAS summary equals the whole capture's (nothing double-counted)")
    good &= check([e[:4] for e in episodes(got)] == [e[:4] for e in episodes(ref)],
                  "episodes (AMF, number, gNB, START frame) equal the whole capture's")
    good &= check(findings(got, False) == findings(ref, False), "findings (rule, count) equal: %s" % findings(ref, False))
elif mode == "parallel":
    ref = whole_report()
    parts = ring(3)
    script = os.path.join(scen_dir, "..", "..", "scripts", "amfol-parallel.sh")
    # small files: one batch (mergecap -a into one tshark), its events streamed into the replay
    env = dict(os.environ, AMFOL_PLUGIN_SO=plugin, AMFOL_REPLAY=replay)
    got = json.loads(sh(script, "-j", "2", "--format", "json", parts, env=env))
    good &= same_as_whole(got, ref)
    # every file its own batch: two jobs, compact events files, then the replay
    env["AMFOL_BATCH_MB"] = "0"
    got = json.loads(sh(script, "-j", "2", "--format", "json", parts, env=env))
    good &= same_as_whole(got, ref)
elif mode == "sshlogin":
    # --sshlogin through GNU parallel's ssh path (--ssh, --transferfile, --cleanup, rsync), with
    # tests/scale/fake-ssh.sh as "ssh": each "host" is a login folder on this machine where a
    # "tshark" runs the built plugin. The captures are named relative to the working folder so
    # that what is sent lands in the host's folder (and is removed there), never over the source.
    ref = whole_report()
    parts = ring(4)
    names = sorted(os.listdir(parts))
    remote, shim = os.path.join(work, "remote"), os.path.join(work, "remote-bin")
    os.makedirs(remote)
    os.makedirs(shim)
    with open(os.path.join(shim, "tshark"), "w") as f:   # the hosts' tshark: this plugin, as a user
        # PATH without this folder: tshark-as-user.sh runs "tshark --version" itself, which must
        # be the real one (a shim found again would fork without end); the guard stops a loop.
        f.write("#!/bin/sh\n[ -z \"$AMFOL_REMOTE_SHIM\" ] || exit 97\nexport AMFOL_REMOTE_SHIM=1\n"
                "PATH=/usr/bin:/bin exec %s %s \"$@\"\n" % (
            os.path.join(scen_dir, "..", "..", "tests", "lib", "tshark-as-user.sh"), plugin))
    os.chmod(os.path.join(shim, "tshark"), 0o755)
    script = os.path.join(scen_dir, "..", "..", "scripts", "amfol-parallel.sh")
    fake_ssh = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake-ssh.sh")
    env = dict(os.environ, AMFOL_REPLAY=replay, AMFOL_STAGE=STAGE, AMFOL_FAKE_REMOTE=remote,
               AMFOL_FAKE_REMOTE_PATH=shim, PARALLEL="--ssh " + fake_ssh)
    env.pop("AMFOL_PLUGIN_SO", None)
    p = subprocess.run([script, "-S", "1/probe1,1/probe2", "--format", "json", "ring"], cwd=work, env=env,
                       capture_output=True, text=True)
    good &= check(p.returncode == 0, "amfol-parallel.sh -S 1/probe1,1/probe2 exits 0 (%s)" % p.stderr.strip()[-300:])
    got = json.loads(p.stdout) if p.returncode == 0 else {"capture": {}, "amfs": [], "findings": [], "rules": []}
    logins = [l.split("\t", 1) for l in open(os.path.join(remote, "logins")).read().splitlines()]
    hosts = {h for h, cmd in logins if "GNU_Parallel_worker" in cmd}
    good &= check(hosts == {"probe1", "probe2"}, "the exports ran on both hosts through ssh (%s)" % sorted(hosts))
    good &= check(any(cmd.startswith("rsync --server") for h, cmd in logins), "the captures were sent with rsync")
    left = [os.path.join(d, f) for d, _, fs in os.walk(remote) for f in fs if f.endswith(".pcapng")]
    good &= check(left == [], "--cleanup removed the captures sent to the hosts (%s)" % left)
    good &= check(sorted(os.listdir(parts)) == names and len(names) == 4, "the source parts are untouched (%s)" % names)
    good &= same_as_whole(got, ref)
elif mode == "bad-input":
    ev = export(whole, "jsonl")
    lines = open(ev).read().splitlines(True)
    cases = {
        "broken.events": (lines[:5] + ['{"t":"ngap","frame":9,\n'] + lines[5:], 6, "broken line"),
        "version.events": ([lines[0].replace('"amfol_events":2', '"amfol_events":3')] + lines[1:], 1,
                           "event schema version 3"),
        "cut.events": (lines[: len(lines) // 2], None, "no \"end\" line"),
        "count.events": (lines[:1] + [l for l in lines[1:] if '"t":"frames"' not in l], len(lines) - sum(
            '"t":"frames"' in l for l in lines), "the end line counts"),
        "unknown.events": (lines[:3] + ['{"t":"ngap","frame":9,"time":1.5,"colour":"blue"}\n'] + lines[3:], 4,
                           "unknown member \"colour\""),
    }
    for name, (content, line, text) in cases.items():
        path = os.path.join(work, name)
        with open(path, "w") as f:
            f.writelines(content)
        p = run_replay(ev, path, check=False)
        where = "%s:%d: " % (path, line) if line else path + ":"
        good &= check(p.returncode == 1 and where in p.stderr and text in p.stderr and p.stdout == "",
                      "%s: exit 1 and \"%s...%s\" (got %d: %s)" % (name, where, text, p.returncode, p.stderr.strip()))
    # the compact encoding: the error names the file and the byte
    data = open(export(whole), "rb").read()
    mid = len(data) // 2
    bad = {
        "cut.bin": (data[:mid], "no end record at the end of the file"),
        "version.bin": (data[:7] + b"\x02" + data[8:], "compact event format version 2"),
        "schema.bin": (data[:8] + b"\x03" + data[9:], "event schema version 3"),
        "garbage.bin": (data[:mid] + b"\xff" * 64 + data[mid + 64:], ": byte "),
        "tail.bin": (data + data[-12:], "data after the end record"),
        "frames.bin": (data[:-12] + b"\x01\x00\x00" + data[-12:], "the end line counts"),
    }
    for name, (content, text) in bad.items():
        path = os.path.join(work, name)
        with open(path, "wb") as f:
            f.write(content)
        p = run_replay(ev, path, check=False)
        good &= check(p.returncode == 1 and path + ":" in p.stderr and text in p.stderr and p.stdout == "",
                      "%s: exit 1 and \"%s: ...%s\" (got %d: %s)" % (name, path, text, p.returncode, p.stderr.strip()))
else:
    sys.exit("unknown mode " + mode)
sys.exit(0 if good else 1)
