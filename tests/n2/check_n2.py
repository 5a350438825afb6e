#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_n2.py: end-to-end checks of the N2 analysis with the real tshark and the built plugin.
#   check_n2.py MODE TSHARK_WRAPPER PLUGIN_SO WORKDIR [PUBLIC_CAPTURES_DIR PUBLIC_RUNS_DIR] [--taps DIR]
# MODE: fields | json | timeline | diagnosis | expert | twopass | robust | public
# --taps DIR: the fixtures n2_taps_<name> (tests/n2/tests.cmake): DIR/caps holds the crafted captures,
# DIR/<name> the one-pass and -2 runs of capture <name> with every field and report the modes read
# (tests/lib/amfol_taps.py N2_ONE_PASS / N2_TWO_PASS). Without it the captures are written into
# WORKDIR and the same runs are made here, once per capture and pass.
# The crafted captures are written by make_captures.py; every expected value comes
# from what was written (the .frames.json beside each capture) and the action tables of
# TS 38.413 §8.7.7.2 (shared/reference/3gpp-facts.md §1.3), restated here independently.
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from amfol_catalogue import rule_ids  # noqa: E402
import amfol_taps  # noqa: E402
TAPS = None
if "--taps" in sys.argv:
    TAPS = sys.argv[sys.argv.index("--taps") + 1]
    del sys.argv[sys.argv.index("--taps"):sys.argv.index("--taps") + 2]
MODE, WRAPPER, PLUGIN, WORK = sys.argv[1:5]
PUBLIC = sys.argv[5] if len(sys.argv) > 5 else None   # public captures (mode public)
FAILS = []

# RRC establishment causes
EMERG, HP, MT, MO_SIG, MO_DATA, MO_VOICE, MO_VIDEO, MO_SMS, MPS, MCS = range(10)
SHED = {0: {MO_DATA, MO_SMS, MO_VOICE, MO_VIDEO},
        1: {MO_DATA, MO_SMS, MO_VOICE, MO_VIDEO, MO_SIG},
        2: {HP, MO_SIG, MO_DATA, MO_VOICE, MO_VIDEO, MO_SMS, MPS, MCS, 11},
        3: {EMERG, MO_SIG, MO_DATA, MO_VOICE, MO_VIDEO, MO_SMS}}
EXEMPT = {0: {EMERG, HP, MT, MPS, MCS}, 1: {EMERG, HP, MT, MPS, MCS}, 2: {EMERG, MT},
          3: {HP, MPS, MCS, MT, 11}}
GRACE = 1.0


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print("FAIL:", what)


def tshark(*args, ok=True):
    p = subprocess.run([WRAPPER, PLUGIN] + list(args), capture_output=True, timeout=110)
    p.raw = p.stdout
    p.stdout = p.stdout.decode("utf-8", errors="replace")
    p.stderr = p.stderr.decode("utf-8", errors="replace")
    if ok and p.returncode != 0:
        print(p.stderr)
        raise SystemExit("tshark failed: %s" % " ".join(args))
    return p


_made = []


def captures():
    """Written afresh once per run (half a second), so a stale work folder never matters; with
    --taps, the fixture's (the ones its runs read)."""
    if TAPS:
        return os.path.join(TAPS, "caps")
    out = os.path.join(WORK, "caps")
    if not _made:
        subprocess.run([sys.executable, os.path.join(HERE, "make_captures.py"), out], check=True)
        _made.append(out)
    return out


def load(name):
    d = captures()
    with open(os.path.join(d, name + ".frames.json")) as f:
        return os.path.join(d, name + ".pcap"), json.load(f)


def segments(meta):
    """Per gNB: (start_t, end_t, start_frame, action or None (slice-only), pct)."""
    m = meta["marks"]
    inf = 1e9
    return {
        "gnb-1": [(60.0, 90.0, m["start_gnb1"], 1, 50), (90.0, 120.0, m["restart_gnb1"], 0, 30)],
        "gnb-2": [(60.01, inf, m["start_gnb2"], 1, None)],
        "gnb-4": [(60.02, 120.01, m["start_gnb4"], None, None)],
        "gnb-3": [],
    }


def seg_at(segs, t):
    for s in segs:
        if s[0] <= t < s[1]:
            return s
    return None


_runs = {}


def run_of(name, which):
    """The split outputs of the one-pass ("one") or -2 ("two") run of crafted capture NAME."""
    if (name, which) not in _runs:
        pcap, _ = load(name)
        _runs[name, which] = amfol_taps.runs(WRAPPER, PLUGIN, pcap, TAPS and os.path.join(TAPS, name),
                                             names=(which,), kind="n2")[which]
    return _runs[name, which]


def rows_of(name, which, *names, present=None):
    """{frame: [values of NAMES[1:]]} from the field rows of a run (NAMES[0] is frame.number), as
    fields() gave them; present=FIELD keeps the rows where FIELD is there (what -Y FIELD selected)."""
    cols = amfol_taps.N2_FIELDS
    rows = {}
    for line in run_of(name, which)["fields"]:
        c = line.split("\t")
        if len(c) != len(cols):
            raise SystemExit("%s %s: a field row with %d cells, %d fields asked: %r" % (name, which, len(c), len(cols), line[:100]))
        if present is None or c[cols.index(present)] != "":
            rows[int(c[cols.index(names[0])])] = [c[cols.index(n)] for n in names[1:]]
    return rows


# ---- modes -----------------------------------------------------------------------------------

def mode_fields():
    pcap, meta = load("storm")
    segs = segments(meta)
    # One run gives every frame's fields; the STARTs/STOPs (-Y "ngap.procedureCode in {22,23}") and
    # the filter (-Y "amfol.n2.in_overload && amfol.n2.shed_expected") are picked from it.
    ue_cols = ["amfol.n2.in_overload", "amfol.n2.shed_expected", "amfol.n2.exempt",
               "amfol.n2.start_frame", "amfol.n2.rrc_cause", "amfol.n2.gnb", "amfol.n2.amf", "amfol.n2.since_start_s",
               "amfol.n2.action", "amfol.n2.reduction_pct", "amfol.n2.episode"]
    start_cols = ["amfol.n2.action", "amfol.n2.reduction_pct", "amfol.n2.replaced", "amfol.n2.replaced_frame",
                  "amfol.n2.slice.snssai", "amfol.n2.slice.action", "amfol.n2.slice.reduction_pct", "amfol.n2.level",
                  "amfol.n2.episode", "amfol.n2.start_frame", "amfol.n2.duration_s", "amfol.n2.gnb"]
    names = list(dict.fromkeys(ue_cols + start_cols + ["ngap.procedureCode"]))
    full = {f: dict(zip(names, v)) for f, v in rows_of("storm", "one", "frame.number", *names).items()}
    rows = {f: [r[c] for c in ue_cols] for f, r in full.items()}
    by_frame = {}
    for u in meta["initial_ue"]:
        by_frame.setdefault(u["frame"], []).append(u)
    want_filter = []
    for frame, ues in sorted(by_frame.items()):
        r = rows[frame]
        exp_in, exp_shed, exp_ex, exp_start, exp_cause, exp_since = [], [], [], [], [], []
        for u in ues:
            s = seg_at(segs[u["gnb"]], u["t"])
            exp_cause.append(str(u["cause"]))
            exp_in.append("1" if s else "")
            if s:
                action = s[3]
                exp_shed.append("1" if action is not None and u["cause"] in SHED[action] else "")
                exp_ex.append("1" if u["cause"] in EXEMPT[1 if action is None else action] else "")
                exp_start.append(str(s[2]))
                exp_since.append(u["t"] - s[0])
        # flags are present only when true: -T fields aggregates just the true ones
        flat = lambda xs: ";".join(x for x in xs if x)
        check(r[0] == flat(exp_in), "frame %d in_overload %s != %s" % (frame, r[0], exp_in))
        check(r[4].split(";") == exp_cause, "frame %d rrc_cause %s != %s" % (frame, r[4], exp_cause))
        check(r[5] == ";".join([ues[0]["gnb"]] * len(ues)), "frame %d gnb %s" % (frame, r[5]))
        check(set(r[6].split(";")) == {"amf-1"}, "frame %d amf %s" % (frame, r[6]))
        if exp_shed:
            check(r[1] == flat(exp_shed), "frame %d shed_expected %s != %s" % (frame, r[1], exp_shed))
            check(r[2] == flat(exp_ex), "frame %d exempt %s != %s" % (frame, r[2], exp_ex))
            check(r[3].split(";") == exp_start, "frame %d start_frame %s != %s" % (frame, r[3], exp_start))
            got_since = [float(x) for x in r[7].split(";")]
            check(all(abs(a - b) < 1e-4 for a, b in zip(got_since, exp_since)),
                  "frame %d since_start %s != %s" % (frame, got_since, exp_since))
            check(r[10] == ";".join(["1"] * len(exp_shed)), "frame %d episode %s" % (frame, r[10]))
            if "1" in exp_shed:
                want_filter.append(frame)
        else:
            check(r[1] == "" and r[3] == "", "frame %d has overload items outside overload" % frame)
    m = meta["marks"]
    # STARTs and STOPs
    start = {f: [r[c] for c in start_cols] for f, r in full.items()
             if set(r["ngap.procedureCode"].split(";")) & {"22", "23"}}
    check(sorted(start) == sorted([m["start_gnb1"], m["start_gnb2"], m["start_gnb4"], m["restart_gnb1"],
                                   m["stop_gnb1"], m["stop_gnb4"]]), "START/STOP frames %s" % sorted(start))
    check(start[m["start_gnb1"]][:4] == ["1", "50", "", ""] and start[m["start_gnb1"]][7:9] == ["2", "1"],
          "START gnb-1 %s" % start[m["start_gnb1"]])
    check(start[m["start_gnb2"]][:4] == ["1", "", "", ""] and start[m["start_gnb2"]][7] == "2",
          "START gnb-2 %s" % start[m["start_gnb2"]])
    check(start[m["start_gnb4"]][:8] == ["", "", "", "", "1-000001", "2", "30", "3"],
          "slice START gnb-4 %s" % start[m["start_gnb4"]])
    check(start[m["restart_gnb1"]][:5] == ["0", "30", "1", str(m["start_gnb1"]), ""] and
          start[m["restart_gnb1"]][7] == "1", "replacing START gnb-1 %s" % start[m["restart_gnb1"]])
    stop1 = start[m["stop_gnb1"]]
    check(stop1[9] == str(m["start_gnb1"]) and abs(float(stop1[10]) - 60.0) < 1e-6 and stop1[8] == "1" and
          stop1[11] == "gnb-1", "STOP gnb-1 %s" % stop1)
    stop4 = start[m["stop_gnb4"]]
    check(stop4[9] == str(m["start_gnb4"]) and abs(float(stop4[10]) - 59.99) < 1e-6, "STOP gnb-4 %s" % stop4)
    # the display filter of the issue
    got = sorted(f for f, r in full.items() if r["amfol.n2.in_overload"] and r["amfol.n2.shed_expected"])
    check(got == want_filter, "filter in_overload && shed_expected: %d frames, want %d" % (len(got), len(want_filter)))
    check(len(want_filter) == 15 + 90, "oracle: %d shed frames" % len(want_filter))
    # several NGAP PDUs in one frame
    bundled = [f for f, ues in by_frame.items() if len(ues) == 2]
    check(len(bundled) == 30, "bundled frames %d" % len(bundled))

    # the clean capture: other overload-relevant messages
    pcap, meta = load("clean")
    m = meta["marks"]
    rel = rows_of("clean", "one", "frame.number", "amfol.n2.overload_related",
                  "amfol.n2.overload_cause", "amfol.n2.time_to_wait_s", "amfol.n2.relative_amf_capacity",
                  "amfol.n2.unavailable_guamis", present="amfol.n2.overload_related")
    check(rel.get(m["setup_failure_c"]) == ["NGSetupFailure", "1", "10", "", ""], "NGSetupFailure %s" % rel.get(m["setup_failure_c"]))
    check(rel.get(m["error_indication"]) == ["ErrorIndication", "1", "", "", ""], "ErrorIndication %s" % rel.get(m["error_indication"]))
    check(rel.get(m["config_update"]) == ["AMFConfigurationUpdate", "", "", "64", ""], "AMFConfigurationUpdate %s" % rel.get(m["config_update"]))
    check(rel.get(m["status_indication"]) == ["AMFStatusIndication", "", "", "", "1"], "AMFStatusIndication %s" % rel.get(m["status_indication"]))
    setups = [f for f, v in rel.items() if v[0] == "NGSetupResponse"]
    check(len(setups) == 2 and all(rel[f][3] == "255" for f in setups), "NGSetupResponse capacity %s" % setups)
    check(len(rel) == 6, "overload-related frames %d" % len(rel))

    # the late capture: transport names, STOP without START
    pcap, meta = load("late")
    m = meta["marks"]
    late = rows_of("late", "one", "frame.number", "amfol.n2.amf", "amfol.n2.gnb", "amfol.n2.named_by_transport",
                   "amfol.n2.stop_without_start", "amfol.n2.in_overload", "amfol.n2.level", "amfol.n2.action")
    check(late[m["start"]][:3] == ["10.0.0.2:38412", "10.0.2.1", "1"] and late[m["start"]][5] == "2",
          "late START %s" % late[m["start"]])
    check(late[m["stop"]][3] == "" and late[m["stop_again"]][3] == "1", "late STOPs %s %s" % (late[m["stop"]], late[m["stop_again"]]))
    after = [u["frame"] for u in meta["initial_ue"] if u["t"] > 8.0][0]
    check(late[after][4] == "", "late IUE after STOP %s" % late[after])


def zjson(pcap):
    """-z amfol,json of the -2 run of a crafted capture."""
    d = run_of(os.path.basename(pcap)[:-len(".pcap")], "two")["json"]
    if d is None:
        raise SystemExit("no -z amfol,json report in the -2 run of %s" % pcap)
    return d


def mode_json():
    pcap, meta = load("storm")
    m = meta["marks"]
    d = zjson(pcap)
    check(d["capture"]["frames"] == meta["frames"], "capture frames %s" % d["capture"]["frames"])
    check(abs(d["capture"]["first_time"] - meta["t0"]) < 1e-6, "first_time")
    check(abs(d["capture"]["last_time"] - (meta["t0"] + meta["last_t"])) < 1e-6, "last_time")
    check(len(d["amfs"]) == 1 and d["amfs"][0]["id"] == "amf-1" and d["amfs"][0]["name"] == "amf-1", "amfs")
    amf = d["amfs"][0]
    check([g["id"] for g in amf["gnbs"]] == ["gnb-1", "gnb-2", "gnb-3", "gnb-4"], "gnbs %s" % amf["gnbs"])
    g3 = amf["gnbs"][2]["initial_ue"]
    # gnb-3 was never told: its messages count "during" while the AMF's episode is open
    check(g3 == {"before": {"mo-Signalling": 59}, "during": {"mo-Signalling": 60, "mo-Data": 30}, "after": {}},
          "gnb-3 counts %s" % g3)
    g1 = amf["gnbs"][0]["initial_ue"]
    check(g1 == {"before": {"emergency": 11, "mo-Signalling": 59}, "during": {"emergency": 12, "mo-Signalling": 30},
                 "after": {"mo-Signalling": 30}}, "gnb-1 counts %s" % g1)
    check(len(amf["episodes"]) == 1, "episodes")
    ep = amf["episodes"][0]
    check(ep["start_frame"] == m["start_gnb1"] and ep["stop_frame"] is None and ep["stop_time"] is None,
          "episode frames %s %s" % (ep["start_frame"], ep["stop_frame"]))
    check(abs(ep["start_time"] - (meta["t0"] + 60.0)) < 1e-6, "episode start time")
    ups = [(u["frame"], u["gnb"], u["action"], u["reduction_pct"], u["replaced"]) for u in ep["updates"]]
    check(ups == [(m["start_gnb1"], "gnb-1", "reject-rrc-cr-signalling", 50, False),
                  (m["start_gnb2"], "gnb-2", "reject-rrc-cr-signalling", None, False),
                  (m["start_gnb4"], "gnb-4", None, None, False),
                  (m["restart_gnb1"], "gnb-1", "reject-non-emergency-mo-dt", 30, True)], "updates %s" % ups)
    check(ep["updates"][2]["slices"] == [{"snssai": "1-000001",
                                          "action": "permit-emergency-sessions-and-mobile-terminated-services-only",
                                          "reduction_pct": 30, "item": 0}], "slices %s" % ep["updates"][2]["slices"])
    parts = [(g["id"], g["start_frame"], g["stop_frame"]) for g in ep["gnbs"]]
    check(parts == [("gnb-1", m["start_gnb1"], m["stop_gnb1"]), ("gnb-2", m["start_gnb2"], None),
                    ("gnb-4", m["start_gnb4"], m["stop_gnb4"])], "episode gnbs %s" % parts)
    check(ep["gnbs_not_told"] == ["gnb-3"], "not told %s" % ep["gnbs_not_told"])
    seg = ep["gnbs"][0]["segments"][0]
    check(seg["shed_during"] == 14 and seg["shed_baseline"] == 59 and abs(seg["observed_pass_through"] - (14 / 29) / (59 / 60)) < 1e-4
          and seg["expected_pass_through"] == 0.5 and seg["ignores_overload"] is False, "gnb-1 segment %s" % seg)
    seg2 = ep["gnbs"][1]["segments"][0]
    check(seg2["shed_during"] == 89 and seg2["ignores_overload"] is True and seg2["expected_pass_through"] == 0,
          "gnb-2 segment %s" % seg2)
    # findings
    g2 = sorted(u["frame"] for u in meta["initial_ue"] if u["gnb"] == "gnb-2" and u["t"] >= 60.01 + 1.0)
    want = {
        ("gnb-ignores-overload", "gnb-2"): (m["start_gnb2"], [m["start_gnb2"]] + g2[:31], 89, "error"),
        # a note: untold gnb-3 carried 59 of the 236 shed-class messages before the START
        ("overload-start-partial", "gnb-3"): (m["start_gnb1"], sorted([m["start_gnb1"], m["start_gnb2"], m["start_gnb4"], m["restart_gnb1"]]), 4, "note"),
        ("overload-stop-missing", "gnb-2"): (m["start_gnb2"], [m["start_gnb2"]], 1, "warning"),
    }
    got = {(f["rule"], f["gnb"]): (f["first_frame"], f["frames"], f["count"], f["severity"]) for f in d["findings"]}
    check(got == want, "findings\n got  %s\n want %s" % (got, want))
    check([f["rule"] for f in d["findings"]] == ["gnb-ignores-overload", "overload-stop-missing", "overload-start-partial"],
          "finding order %s" % [f["rule"] for f in d["findings"]])
    check(all(f["amf"] == "amf-1" and f["check_next"] for f in d["findings"]), "finding amf/check_next")
    check("89.4 s at capture end" in d["findings"][1]["summary"], "stop-missing summary %s" % d["findings"][1]["summary"])
    check("the untold gNBs carried 59 of the 236 shed-class InitialUEMessages before the START" in d["findings"][2]["summary"],
          "start-partial summary %s" % d["findings"][2]["summary"])

    pcap, meta = load("clean")
    m = meta["marks"]
    d = zjson(pcap)
    ep = d["amfs"][0]["episodes"]
    check(len(ep) == 1 and ep[0]["start_frame"] == m["start_a"] and ep[0]["stop_frame"] == m["stop_b"], "clean episode %s" % ep)
    check(abs(ep[0]["duration_s"] - 60.5) < 1e-6 and ep[0]["gnbs_not_told"] == [] and ep[0]["max_level"] == "Critical", "clean episode details")
    check(d["findings"] == [] or all(not f["rule"].startswith(("gnb-ignores", "overload-")) for f in d["findings"]),
          "clean capture has N2 findings: %s" % [f["rule"] for f in d["findings"]])
    check([g["id"] for g in d["amfs"][0]["gnbs"]] == ["gnb-a", "gnb-b", "gnb-c"], "clean gnbs")

    pcap, meta = load("exempt")
    m = meta["marks"]
    d = zjson(pcap)
    em = sorted(u["frame"] for u in meta["initial_ue"] if u["cause"] == EMERG)
    got = [(f["rule"], f["gnb"], f["first_frame"], f["frames"], f["count"]) for f in d["findings"]
           if f["rule"] in rule_ids(d, "n2")]
    check(got == [("overload-exempt-shed", "gnb-x", m["start"], sorted([m["start"]] + em), 29)], "exempt-shed %s" % got)

    pcap, meta = load("late")
    d = zjson(pcap)
    a = d["amfs"][0]
    check(a["id"] == "10.0.0.2:38412" and a["name"] is None and a["named_by"] == "transport", "late amf %s" % a["id"])
    check(a["gnbs"][0]["stops_without_start"] == 1 and a["gnbs"][0]["named_by"] == "transport", "late gnb")
    check(a["episodes"][0]["updates"][0]["action"] is None and a["episodes"][0]["max_level"] == "Major", "late START without IEs")


def mode_timeline():
    pcap, meta = load("storm")
    m = meta["marks"]
    out = run_of("storm", "two")["timeline"] or ""
    for needle in [
        "AMF amf-1 (AMFName from NG SETUP RESPONSE, address 10.0.0.1:38412, RelativeAMFCapacity 255, GUAMI 00101-2-1-0)",
        "  Episode 1: START frame %d (t+60.000 s), no STOP by capture end (89.400 s), highest level Critical (amfol's convention, not 3GPP)" % m["start_gnb1"],
        "    frame %d (t+90.000 s) START to gnb-1: reject-non-emergency-mo-dt 30 %% (replaces START frame %d)" % (m["restart_gnb1"], m["start_gnb1"]),
        "    frame %d (t+60.020 s) START to gnb-4: none; slices 1-000001 permit-emergency-sessions-and-mobile-terminated-services-only 30 %%" % m["start_gnb4"],
        "    gNB gnb-1: START frame %d (t+60.000 s), STOP frame %d (t+120.000 s), 60.000 s" % (m["start_gnb1"], m["stop_gnb1"]),
        "    gNB gnb-2: START frame %d (t+60.010 s), no STOP (89.390 s at capture end)" % m["start_gnb2"],
        "    gNB gnb-3: not told (no OVERLOAD START in this episode)",
        "      InitialUEMessage before (60 s): emergency 11, mo-Signalling 59\n      during: emergency 12, mo-Signalling 30\n      after (60 s): mo-Signalling 30",
        "pass-through observed 101 %, expected <= 0 %  << gnb-ignores-overload",
        "pass-through observed 49 %, expected <= 50 %\n",
    ]:
        check(needle in out, "timeline lacks: %r" % needle)
    out = run_of("storm", "one")["timeline"] or ""   # -z amfol,timeline,amfol.n2.in_overload
    check("(filter \"amfol.n2.in_overload\" matched" in out and "Episode 1:" in out, "timeline with filter")


def mode_diagnosis():
    pcap, meta = load("storm")
    m = meta["marks"]
    out = run_of("storm", "two")["diagnosis"] or ""
    head = ("AMF amf-1: overload episode 1 from frame %d (t+60.0 s) with no STOP by capture end (89.4 s), "
            "amfol level Critical (reject-rrc-cr-signalling, 50 %%), told 3 of 4 gNBs, 1 replacing START\n" % m["start_gnb1"])
    check(head in out, "diagnosis headline: %s" % out[:400])
    i1, i2, i3 = (out.find("1. [error] gnb-ignores-overload"), out.find("2. [warning] overload-stop-missing"),
                  out.find("3. [note] overload-start-partial"))
    check(0 < i1 < i2 < i3, "diagnosis order %d %d %d" % (i1, i2, i3))
    check("   Evidence: first frame %d; frames %d " % (m["start_gnb2"], m["start_gnb2"]) in out and "(count 89)" in out, "evidence")
    check(out.count("   Check next: ") == 3, "check next lines")
    pcap, meta = load("clean")
    m = meta["marks"]
    out = run_of("clean", "two")["diagnosis"] or ""
    check(("AMF amf-1: overload episode 1 from frame %d (t+60.0 s) to frame %d (t+120.5 s), amfol level Critical "
           "(permit-emergency-sessions-and-mobile-terminated-services-only), told 2 of 2 gNBs\n") % (m["start_a"], m["stop_b"]) in out,
          "clean headline: %s" % out[:500])


def mode_expert():
    pcap, meta = load("storm")
    m = meta["marks"]
    segs = segments(meta)
    shed_late = []
    for u in meta["initial_ue"]:
        s = seg_at(segs[u["gnb"]], u["t"])
        if s and s[3] is not None and u["cause"] in SHED[s[3]] and u["t"] - s[0] >= GRACE:
            shed_late.append(u["frame"])
    # The frames -Y FIELD would select: where the run's row has the Expert Info field.
    got = sorted(rows_of("storm", "one", "frame.number", present="amfol.n2.shed_forwarded"))
    check(got == sorted(set(shed_late)), "shed_forwarded frames %d want %d" % (len(got), len(set(shed_late))))
    got = sorted(rows_of("storm", "one", "frame.number", present="amfol.n2.overload_start"))
    check(got == sorted([m["start_gnb1"], m["start_gnb2"], m["start_gnb4"], m["restart_gnb1"]]), "overload_start experts %s" % got)
    got = sorted(rows_of("storm", "one", "frame.number", present="amfol.n2.overload_stop"))
    check(got == sorted([m["stop_gnb1"], m["stop_gnb4"]]), "overload_stop experts %s" % got)
    # Findings become Expert Info on their evidence frames once the whole capture is known (-2).
    got = sorted(rows_of("storm", "two", "frame.number", present="amfol.expert.gnb_ignores_overload"))
    g2 = sorted(u["frame"] for u in meta["initial_ue"] if u["gnb"] == "gnb-2" and u["t"] >= 61.01)
    check(got == sorted([m["start_gnb2"]] + g2[:31]), "gnb_ignores_overload expert frames %d" % len(got))
    out = run_of("storm", "two")["expert"] or ""   # -z expert
    check(re.search(r"Errors \(32\)", out) is not None, "expert errors count: %s" % re.findall(r"\w+ \(\d+\)", out))
    check(re.search(r"Chats \(6\)", out) is not None, "expert chats count: %s" % re.findall(r"\w+ \(\d+\)", out))
    n_warn = len(set(shed_late)) + 1     # shed forwarded + stop-missing (1 frame); partial is a note
    check(re.search(r"Warns \(%d\)" % n_warn, out) is not None,
          "expert warnings want %d: %s" % (n_warn, re.findall(r"\w+ \(\d+\)", out)))


def mode_twopass():
    two_of = {}
    for name in ("storm", "clean", "exempt", "late"):
        pcap, meta = load(name)
        cols = ["frame.number", "amfol.n2.amf", "amfol.n2.gnb", "amfol.n2.episode", "amfol.n2.in_overload", "amfol.n2.shed_expected",
                "amfol.n2.exempt", "amfol.n2.start_frame", "amfol.n2.since_start_s", "amfol.n2.replaced", "amfol.n2.duration_s",
                "amfol.n2.level", "amfol.n2.action", "amfol.n2.reduction_pct", "amfol.n2.slice.snssai", "amfol.n2.overload_related"]
        # One run per pass: the per-frame fields, then the JSON report, the episode table (and the
        # page); the -2 run's Expert Info of the findings (amfol.expert.*) is -2 only: not compared.
        one, two = run_of(name, "one"), run_of(name, "two")
        one_rows, two_rows = rows_of(name, "one", *cols), rows_of(name, "two", *cols)
        check(sorted(one_rows) == list(range(1, meta["frames"] + 1)),
              "%s: field rows of %d frames missing" % (name, meta["frames"]))
        check(one["json"] is not None and one["json"]["capture"]["frames"] == meta["frames"],
              "%s: no JSON report after the fields" % name)
        check(one_rows == two_rows and all(one[k] == two[k] for k in ("json_text", "episodes", "html")),
              "%s: fields, JSON, episode table or page differ between one and two passes" % name)
        two_of[name] = two["episodes"] or ""
    pcap, meta = load("storm")
    m = meta["marks"]
    # The episode table of the two-pass run above (its rows start with the AMF's name).
    rows = [l for l in two_of["storm"].splitlines() if l.startswith("amf-1")]
    cells = [[c.strip() for c in l.split("|")] for l in rows]
    check([(c[2], c[3], c[4], c[6], c[8], c[9], c[10]) for c in cells] ==
          [("gnb-1", str(m["start_gnb1"]), str(m["stop_gnb1"]), "reject-rrc-cr-signalling", "59", "30", "30"),
           ("gnb-2", str(m["start_gnb2"]), "0", "reject-rrc-cr-signalling", "59", "90", "0"),
           ("gnb-4", str(m["start_gnb4"]), str(m["stop_gnb4"]), "slice-scoped", "0", "0", "0")],
          "episode table rows %s" % cells)


def mode_robust():
    """Truncated, cut-off and shuffled inputs give a result, never a crash."""
    pcap, _ = load("storm")
    data = open(pcap, "rb").read()
    cut = os.path.join(WORK, "storm-cut.pcap")
    with open(cut, "wb") as f:
        f.write(data[: len(data) * 2 // 3 + 7])      # ends inside a packet
    p = tshark("-r", cut, "-q", "-z", "amfol,json", ok=False)
    # tshark says the file was cut short: exit 2 up to 4.4, WS_EXIT_READ_ERROR (14) in 4.6.
    check(p.returncode in (0, 2, 14) and json.loads(p.stdout)["amfs"][0]["id"] == "amf-1", "cut capture rc %d" % p.returncode)
    # NGAP payloads corrupted (fixed seeds), record headers intact: a result for every variant
    import random
    for name in ("late", "storm"):
        pcap, _ = load(name)
        data = open(pcap, "rb").read()
        recs, off = [], 24
        while off + 16 <= len(data):
            n = int.from_bytes(data[off + 8:off + 12], "little")
            recs.append((off + 16, n))
            off += 16 + n
        for seed in range(6 if name == "late" else 2):
            rnd = random.Random(seed)
            d = bytearray(data)
            for start, n in recs:
                payload = start + 14 + 20 + 12 + 16          # Ethernet, IPv4, SCTP, DATA chunk header
                for _ in range(3):
                    if payload < start + n:
                        d[rnd.randrange(payload, start + n)] ^= rnd.randrange(1, 256)
            fuzz = os.path.join(WORK, "%s-fuzz-%d.pcap" % (name, seed))
            with open(fuzz, "wb") as f:
                f.write(d)
            p = tshark("-r", fuzz, "-q", "-2", "-z", "amfol,json", "-z", "amfol,diagnosis", "-z", "amfol,timeline", ok=False)
            try:
                p.raw.decode("utf-8")          # strict: the reports are valid UTF-8
                utf8 = True
            except UnicodeDecodeError:
                utf8 = False
            check(p.returncode == 0 and "=== amfol diagnosis ===" in p.stdout and utf8,
                  "fuzz %s seed %d: rc %d %s" % (name, seed, p.returncode, p.stderr[-300:]))
            j0 = p.stdout.find('{\n  "amfol_version"')
            try:
                json.JSONDecoder().raw_decode(p.stdout[j0:])
            except ValueError as e:
                check(False, "fuzz %s seed %d: JSON invalid: %s" % (name, seed, e))


def mode_docs():
    """Filter names are a user contract: every amfol.* field the docs (docs/fields.md and the
    per-domain docs/fields-*.md) name exists in tshark -G fields, every field the plugin
    registers is documented, and the "Renamed filter fields" table holds both ways."""
    docs = os.path.join(HERE, "..", "..", "docs")
    doc = open(os.path.join(docs, "fields.md")).read()
    reg = {}
    types = {}                         # abbrev -> its types (Expert Info registers FT_NONE)
    for line in tshark("-G", "fields").stdout.splitlines():
        cols = line.split("\t")
        if len(cols) > 3 and cols[2].startswith("amfol."):
            reg[cols[2]] = cols[0]
            types.setdefault(cols[2], set()).add(cols[3])
    # "Renamed filter fields": every old name is gone, every new one registered; the old names
    # are documented there only, so they are left out of the checks below. An Expert Info row
    # whose old name stays a field name says "(Expert Info)": only the expert registration left.
    row = r"^\| `(amfol\.[a-z0-9_.]+)`( \(Expert Info\))? \| `(amfol\.[a-z0-9_.]+)` \|$"
    renames = re.findall(row, doc, re.M)
    check(len(renames) >= 40, "rename table rows %d" % len(renames))
    for old, expert, new in renames:
        if expert:
            check("FT_NONE" not in types.get(old, set()), "renamed Expert Info %s is still registered" % old)
            check("FT_NONE" in types.get(new, set()), "new Expert Info %s (was %s) is not registered" % (new, old))
        else:
            check(old not in reg, "renamed field %s is still registered" % old)
            check(new in reg, "new name %s (was %s) is not registered" % (new, old))
    text = re.sub(row, "", doc, flags=re.M)
    for name in ("fields-rrc.md", "fields-nas.md", "fields-sbi.md"):
        text += open(os.path.join(docs, name)).read()
    documented = set(re.findall(r"`(amfol\.[a-z0-9_.]+)`", text))
    # Shorthand of the SBI page: `amfol.sbi.seen.load` / `.own_load` / `.own_frame`
    for m in re.finditer(r"`(amfol\.[a-z0-9_.]+)`((?:\s*[/,]\s*`\.[a-z0-9_]+`)+)", text):
        base = m.group(1).rsplit(".", 1)[0]
        documented.update(base + "." + suffix for suffix in re.findall(r"`\.([a-z0-9_]+)`", m.group(2)))
    prefs = set(re.findall(r"^#?(amfol\.[a-z0-9_]+):", tshark("-G", "defaultprefs").stdout, re.M))
    for f in sorted(documented - prefs):
        check(f in reg, "documented field %s is not registered" % f)
    for f in sorted(reg):
        if not f.startswith("amfol.expert."):   # one per rule: docs/faults.md
            check(f in documented, "registered field %s is not in docs/fields*.md" % f)


def mode_public():
    """On the fixture public_runs' outputs (tests/public/run_public.py: one two-pass run per
    public capture with the MANIFEST's options and -z amfol,timeline/json/diagnosis/html)."""
    sys.path.insert(0, os.path.join(HERE, "..", "lib"))
    from amfol_outputs import public_runs
    base, runs = PUBLIC, {r["name"]: r for r in public_runs(sys.argv[6])}
    manifest = open(os.path.join(base, "MANIFEST.md")).read()
    entries = re.findall(r"### \d+\. `([^`]+)`.*?- Decode-as: `([^`]*)`", manifest, re.S)
    check(len(entries) >= 20, "manifest entries %d" % len(entries))
    for path, decode in entries:
        p = runs.get(path)
        if p is None:
            check(False, "%s: no tshark run in the fixture" % path)
            continue
        want = "USER_DLT" if "uat:user_dlts" in " ".join(p["opts"]) else " ".join(p["opts"]) or "(none needed)"
        check(want == decode, "%s: run with %s, MANIFEST says %s" % (path, p["opts"], decode))
        check(p["rc"] == 0, "%s: rc %d %s" % (path, p["rc"], p["err"][-300:]))
        out = p["out"]
        if p["json"] is None:
            check(False, "%s: JSON does not parse: %s" % (path, p.get("split_error", "no JSON report")))
            continue
        d = p["json"]
        n2 = [f["rule"] for f in d["findings"] if f["rule"] in rule_ids(d, "n2")]
        check(n2 == [], "%s: N2 overload findings %s" % (path, n2))
        check(all(a["episodes"] == [] for a in d["amfs"]), "%s: overload episodes" % path)
        check("=== amfol timeline ===" in out and "=== amfol diagnosis ===" in out, "%s: text outputs" % path)
        check("No OVERLOAD START in this capture" in (p["diagnosis"] or ""), "%s: diagnosis headline" % path)
        print("ok %-60s amfs %d findings %d" % (path, len(d["amfs"]), len(d["findings"])))


if __name__ == "__main__":
    os.makedirs(WORK, exist_ok=True)
    {"fields": mode_fields, "json": mode_json, "timeline": mode_timeline, "diagnosis": mode_diagnosis,
     "expert": mode_expert, "twopass": mode_twopass, "robust": mode_robust, "public": mode_public,
     "docs": mode_docs}[MODE]()
    if FAILS:
        print("%d checks failed" % len(FAILS))
        sys.exit(1)
    print("check_n2 %s: ok" % MODE)
