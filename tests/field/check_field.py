#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_field.py: end-to-end checks of captures as they come from the field with the real tshark and the
# built plugin, on the crafted captures of make_field_captures.py.
#   check_field.py MODE TSHARK_WRAPPER PLUGIN_SO WORKDIR [E2E_RUNS_DIR]   (part1: the runs of
#   the fixtures e2e_run_<name>, tests/e2e/run_scenario.py)
# Every expected value comes from what make_field_captures.py wrote (the .frames.json).
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from amfol_outputs import split_outputs  # noqa: E402
import amfol_taps  # noqa: E402
sys.path.insert(0, os.path.join(HERE, "..", "..", "testcaptures", "tests"))
import check_capture  # noqa: E402  (the fields of the scenario runs field.part1 reads)
import relink_pcap  # noqa: E402  (tests/lib: the same packets under another link layer)
MODE, WRAPPER, PLUGIN, WORK = sys.argv[1:5]
FAILS = []
CAUSE = {0: "emergency", 2: "mt-Access", 3: "mo-Signalling", 4: "mo-Data"}


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print("FAIL:", what)


def tshark(*args):
    p = subprocess.run([WRAPPER, PLUGIN] + list(args), capture_output=True, timeout=170)
    if p.returncode != 0:
        print(p.stderr.decode(errors="replace"))
        raise SystemExit("tshark failed: %s" % " ".join(args))
    return p.stdout.decode("utf-8", errors="replace")


_made = []


def load(name):
    """Captures written afresh once per run, so a stale work folder never matters."""
    out = os.path.join(WORK, "caps")
    if not _made:
        subprocess.run([sys.executable, os.path.join(HERE, "make_field_captures.py"), out], check=True)
        _made.append(out)
    with open(os.path.join(out, name + ".frames.json")) as f:
        return os.path.join(out, name + ".pcap"), json.load(f)


def zjson(pcap, *extra):
    return json.loads(tshark("-r", pcap, "-q", "-2", "-z", "amfol,json", *extra))


def fields_and_reports(pcap, fields, taps, *extra, two_pass=True):
    """One tshark run for several checks: every frame's FIELDS (default -T fields occurrence and
    aggregator; a check that used -Y FIELD keeps the rows where that column is not empty) and the
    -z amfol,<tap> reports printed after them (tests/lib/amfol_outputs.py splits them)."""
    args = ["-r", pcap] + (["-2"] if two_pass else []) + list(extra) + ["-T", "fields"]
    for f in fields:
        args += ["-e", f]
    for t in taps:
        args += ["-z", "amfol," + t]
    lines = tshark(*args).split("\n")
    n = 0
    while n < len(lines) and lines[n][:1].isdigit():
        n += 1
    rows = [dict(zip(fields, l.split("\t"))) for l in lines[:n]]
    return rows, split_outputs("\n".join(lines[n:]))


def picked(rows, present, *cols):
    """The rows -Y PRESENT would print, as -e COLS would (tab-joined lines)."""
    return "".join("\t".join(r[c] for c in cols) + "\n" for r in rows if r[present])


def counts(iue, gnb, lo, hi):
    c = collections.Counter(CAUSE[m["cause"]] for m in iue if m["gnb"] == gnb and lo <= m["t"] < hi)
    return dict(c)


def mode_midstream():
    pcap, meta = load("midstream")
    m = meta["marks"]
    # Two tshark runs (two passes, one pass) give what once took seven.
    two, rep2 = fields_and_reports(pcap, ["frame.number", "amfol.n2.stop_before_capture",
                                          "amfol.n2.stop_without_start", "amfol.n2.in_overload",
                                          "amfol.n2.start_before_capture", "amfol.n2.stop_frame",
                                          "amfol.n2.overload_unknown"], ["json", "diagnosis"])
    one, _ = fields_and_reports(pcap, ["frame.number", "amfol.n2.overload_unknown", "amfol.n2.in_overload"],
                                [], two_pass=False)
    d = rep2["json"]
    check(d["findings"] == [], "no findings on a capture that starts inside an episode: %s"
          % [f["rule"] for f in d["findings"]])
    check(len(d["amfs"]) == 1, "one AMF")
    eps = d["amfs"][0]["episodes"]
    check(len(eps) == 1, "one episode, got %d" % len(eps))
    ep = eps[0]
    check(ep["start_frame"] is None and ep["start_time"] is None and ep["start_before_capture"] is True,
          "episode start unknown: %s %s" % (ep["start_frame"], ep["start_time"]))
    check(ep["stop_frame"] == m["stop_gnb2"], "episode ends at the last STOP %s" % ep["stop_frame"])
    check(abs(ep["stop_time"] - (meta["t0"] + 40.2)) < 1e-6, "episode stop time")
    check(ep["max_level"] is None and ep["starts"] == 0 and ep["gnbs_not_told"] == [],
          "no level, no START, nobody called untold")
    # gNBs known only by transport are named by their IP address (one gNB across associations)
    stops = {"10.0.1.1": (m["stop_gnb1"], 40.0, "gnb-1"), "10.0.1.2": (m["stop_gnb2"], 40.2, "gnb-2")}
    check(sorted(g["id"] for g in ep["gnbs"]) == sorted(stops), "parts %s" % [g["id"] for g in ep["gnbs"]])
    for g in ep["gnbs"]:
        frame, t, name = stops[g["id"]]
        check(g["start_frame"] is None and g["start_time"] is None and g["stop_frame"] == frame,
              "%s part frames" % name)
        iu = g["initial_ue"]
        check(iu["before"] is None, "%s: before is unknown, got %s" % (name, iu["before"]))
        check(iu["during"] == counts(meta["initial_ue"], name, 0, t), "%s during %s" % (name, iu["during"]))
        check(iu["after"] == counts(meta["initial_ue"], name, t, t + 60), "%s after %s" % (name, iu["after"]))
        check(g["segments"] == [], "%s: no pass-through judged without a known action" % name)
    # the per-frame fields: both STOPs close an overload from before the capture
    out = picked(two, "amfol.n2.stop_before_capture", "frame.number")
    check(out.split() == [str(m["stop_gnb1"]), str(m["stop_gnb2"])], "stop_before_capture frames %s" % out.split())
    out = picked(two, "amfol.n2.stop_without_start", "frame.number")
    check(out.split() == [], "no STOP called without START: %s" % out.split())
    diag = rep2["diagnosis"] or ""
    check("in force before the capture began" in diag and "No findings." in diag, "diagnosis:\n" + diag)
    # amfol.n2.in_overload on the InitialUEMessages: two passes know the STOPs, so every
    # message of gnb-1 / gnb-2 before its STOP is inside the episode from before the capture
    # (start_before_capture, stop_frame); gnb-3 never had a STOP: not in overload. One pass
    # cannot know that yet: the same messages say "state unknown", never "not in overload".
    stop_of = {"gnb-1": m["stop_gnb1"], "gnb-2": m["stop_gnb2"]}
    inside = sorted(x["frame"] for x in meta["initial_ue"] if x["gnb"] in stop_of and x["frame"] < stop_of[x["gnb"]])
    want = [(f, "1", "1", str(stop_of[[x["gnb"] for x in meta["initial_ue"] if x["frame"] == f][0]]))
            for f in inside]
    rows = picked(two, "amfol.n2.in_overload", "frame.number", "amfol.n2.in_overload",
                  "amfol.n2.start_before_capture", "amfol.n2.stop_frame")
    got = [tuple([int(r.split("\t")[0])] + r.split("\t")[1:]) for r in rows.splitlines() if r]
    check(got == want, "-2: in_overload frames before the STOPs: %d rows, want %d (first %s / %s)"
          % (len(got), len(want), got[:2], want[:2]))
    check(picked(two, "amfol.n2.overload_unknown", "frame.number").split() == [],
          "-2: no state unknown once the capture is read")
    before_any = sorted(x["frame"] for x in meta["initial_ue"]
                        if x["frame"] < stop_of.get(x["gnb"], 1 << 30))   # gnb-3: never a START/STOP
    one_unknown = picked(one, "amfol.n2.overload_unknown", "frame.number").split()
    check([int(x) for x in one_unknown] == before_any, "one pass: state unknown on %d frames, want %d"
          % (len(one_unknown), len(before_any)))
    check(picked(one, "amfol.n2.in_overload", "frame.number").split() == [],
          "one pass: in_overload not claimed before a STOP is seen")


def summary(d):
    """What must not change when the same traffic is delivered differently: per-gNB counts,
    episodes (without frame numbers) and findings (rule, entities, count)."""
    gnbs = {g["id"]: g["initial_ue"] for a in d["amfs"] for g in a["gnbs"]}
    eps = [(e["number"], e["starts"], [(g["id"], g["initial_ue"]) for g in e["gnbs"]])
           for a in d["amfs"] for e in a["episodes"]]
    finds = sorted((f["rule"], f["amf"], f["gnb"], f["count"]) for f in d["findings"])
    return gnbs, eps, finds


def json_and_repeats(pcap):
    """One two-pass run: the JSON report and the frames -Y amfol.repeat_of shows (frame,
    repeat_of, repeat_kind)."""
    cols = ["frame.number", "amfol.repeat_of", "amfol.repeat_kind"]
    rows, reps = fields_and_reports(pcap, cols, ["json"])
    return reps["json"], [tuple(int(r[c]) for c in cols) for r in rows if r["amfol.repeat_of"]]


def relinked(pcap, kind):
    """pcap's packets as `kind` delivers them (tests/lib/relink_pcap.py), written beside it."""
    out = os.path.join(os.path.dirname(pcap), "%s-%s" % (kind, os.path.basename(pcap)))
    relink_pcap.main(kind, pcap, out)
    return out


# The outermost IP header (the duplicate key, the damage check) and the SCTP packet are found in
# the frame's bytes by the capture's link layer (plugin/frame/amfol_sctp_wire.c), not by a primed `ip`
# field: the encapsulations it parses (no fallback there: a wrong parse finds nothing), PPP (not
# parsed: found by Wireshark's addresses), IPv6, and SCTP inside tunnels.
RELINK_DUPLICATES = ("vlan", "qinq", "mpls", "sll", "sll2", "raw", "ipv4", "null", "loop", "ppp",
                     "v6-eth", "v6-sll2", "v6-raw", "v6-null")
RELINK_TUNNELS = ("ipip", "vxlan", "v6-vxlan")


def mode_repeats():
    ref_pcap, ref_meta = load("episode")
    ref = zjson(ref_pcap)
    check(ref["capture"]["duplicates_ignored"] == 0 and ref["capture"]["sctp_retransmissions_ignored"] == 0,
          "reference: nothing ignored")
    check([f["rule"] for f in ref["findings"]] == ["gnb-ignores-overload"], "reference finds gnb-2 only")

    # two probes: every frame twice, the copy right after the original
    pcap, meta = load("twoprobes")
    d, reps = json_and_repeats(pcap)
    check(d["capture"]["frames"] == 2 * ref_meta["frames"] and
          d["capture"]["duplicates_ignored"] == meta["copies"] == ref_meta["frames"],
          "two probes: %s" % d["capture"])
    check(summary(d) == summary(ref), "two probes give the reference's counts and findings:\n%s\n%s"
          % (summary(d), summary(ref)))
    check(d["amfs"][0]["episodes"][0]["start_frame"] == meta["marks"]["start_gnb1"], "episode starts at the original")
    check(reps == [(2 * k, 2 * k - 1, 1) for k in range(1, ref_meta["frames"] + 1)], "repeat_of pairs %s" % reps[:4])
    # Wireshark's own SCTP TSN analysis (on by default) hides repeated chunks from NGAP; without
    # it only amfol's window keeps the copies out, and with both off they count twice.
    d = zjson(pcap, "-o", "sctp.tsn_analysis:FALSE")
    check(d["capture"]["duplicates_ignored"] == ref_meta["frames"] and summary(d) == summary(ref),
          "two probes without Wireshark's TSN analysis: %s" % d["capture"])
    for kind in RELINK_DUPLICATES:
        d = zjson(relinked(pcap, kind))
        check(d["capture"]["duplicates_ignored"] == ref_meta["frames"] and summary(d) == summary(ref),
              "two probes as %s: %s" % (kind, d["capture"]))
    off = zjson(pcap, "-o", "sctp.tsn_analysis:FALSE", "-o", "amfol.dedup_window_ms:0")
    gnbs = summary(off)[0]
    check(off["capture"]["duplicates_ignored"] == 0 and
          gnbs["gnb-2"]["during"]["mo-Signalling"] == 2 * summary(ref)[0]["gnb-2"]["during"]["mo-Signalling"],
          "with both off the copies count twice: %s" % gnbs)

    # SCTP retransmissions (same TSN, 1.5 s later: outside the duplicate window)
    pcap, meta = load("retransmit")
    d, reps = json_and_repeats(pcap)
    check(d["capture"]["sctp_retransmissions_ignored"] == meta["retransmissions"] > 0 and
          d["capture"]["duplicates_ignored"] == 0, "retransmissions: %s vs %d" % (d["capture"], meta["retransmissions"]))
    check(summary(d) == summary(ref), "retransmissions give the reference's counts and findings:\n%s\n%s"
          % (summary(d), summary(ref)))
    check(len(reps) == meta["retransmissions"] and all(k == 2 and f > o for f, o, k in reps),
          "retransmitted frames marked: %s" % reps[:4])
    d = zjson(pcap, "-o", "sctp.tsn_analysis:FALSE")
    check(d["capture"]["sctp_retransmissions_ignored"] == meta["retransmissions"] and summary(d) == summary(ref),
          "retransmissions without Wireshark's TSN analysis: %s" % d["capture"])
    # Inside a tunnel the outer header's key differs (new IP identification inside); the inner
    # SCTP packet's TSNs find the retransmissions.
    for kind in RELINK_TUNNELS:
        d = zjson(relinked(pcap, kind))
        check(d["capture"]["sctp_retransmissions_ignored"] == meta["retransmissions"] and
              d["capture"]["duplicates_ignored"] == 0 and summary(d) == summary(ref),
              "retransmissions inside %s: %s" % (kind, d["capture"]))

    # one multi-homed association on two address pairs
    pcap, meta = load("multihome")
    d = zjson(pcap)
    gnbs = [g for a in d["amfs"] for g in a["gnbs"]]
    check([g["id"] for g in gnbs] == ["gnb-1", "gnb-2"], "one association per gNB: %s" % [g["id"] for g in gnbs])
    check(gnbs[1]["other_path"] in ("10.0.2.2:38412|10.0.0.2:38412", "10.0.0.2:38412|10.0.2.2:38412"),
          "other path %s" % gnbs[1]["other_path"])
    check(summary(d) == summary(ref), "multi-homing gives the reference's counts and findings:\n%s\n%s"
          % (summary(d), summary(ref)))


def mode_ties():
    pcap, meta = load("ties")
    m, ids = meta["marks"], meta["nfs"]
    h2 = ("-d", "tcp.port==29510,http2")
    plain = zjson(pcap, *h2)
    nfs = {n["nf_instance_id"]: n for n in plain["sbi"]["nfs"]}
    check(sorted(nfs) == sorted(ids.values()), "every profile listed: %s" % sorted(nfs))
    want = {
        "NF-A": ("guami", "10.0.0.1:38412", "GUAMI 00101-2-1-1 (INITIAL CONTEXT SETUP REQUEST frame %d)" % m["ics_a"]),
        "NF-B": ("amf-set-pointer", "10.0.0.2:38412",
                 "AMF Set 1 pointer 2 (5G-S-TMSI of InitialUEMessage frame %d)" % m["stmsi_b"]),
        "NF-C": ("address", "10.0.0.3:38412", "address 10.0.0.3"),
        "NF-D": ("no-n2-match", None, "not tied"),
        "NF-E": ("contradiction", None, "both tie to N2 AMF 10.0.0.5:38412"),
        "NF-F": ("contradiction", None, "both tie to N2 AMF 10.0.0.5:38412"),
        "NF-G": ("contradiction", None, "GUAMI 00101-2-1-7 (INITIAL CONTEXT SETUP REQUEST frame %d) says "
                 "10.0.0.7:38412, but address 10.0.0.8 (ipv4Addresses and N2 SCTP) says 10.0.0.8:38412" % m["ics_g"]),
        "NF-I": ("address", "10.0.0.9:38412", "address 10.0.0.9 (its NRF requests and N2 SCTP)"),
    }
    for name, (tie, amf, reason) in want.items():
        n = nfs.get(ids[name], {})
        check(n.get("tie") == tie and n.get("amf") == amf and reason in (n.get("tie_reason") or ""),
              "%s: %s %s %r" % (name, n.get("tie"), n.get("amf"), n.get("tie_reason")))
    # the user's map ties what the capture cannot, and says so
    mapped = zjson(pcap, *h2, "-o", "amfol.amf_map:%s=10.0.0.4:38412" % ids["NF-D"])
    n = {x["nf_instance_id"]: x for x in mapped["sbi"]["nfs"]}[ids["NF-D"]]
    check(n["tie"] == "user-map" and n["amf"] == "10.0.0.4:38412" and "amfol.amf_map" in n["tie_reason"],
          "NF-D mapped: %s" % n)
    # a map that contradicts the capture gives no tie
    bad = zjson(pcap, *h2, "-o", "amfol.amf_map:10.0.5.1=10.0.0.4:38412")
    n = {x["nf_instance_id"]: x for x in bad["sbi"]["nfs"]}[ids["NF-A"]]
    check(n["tie"] == "contradiction" and n["amf"] is None and "amfol.amf_map 10.0.5.1=10.0.0.4:38412" in n["tie_reason"],
          "NF-A with a contradicting map: %s" % n)
    check(plain["findings"] == [], "no findings")


def mode_scp():
    pcap, meta = load("scp")
    m, ids = meta["marks"], meta["nfs"]
    h2 = ("-d", "tcp.port==29510,http2")
    # one two-pass run: the per-frame fields (-Y 'amfol.sbi.kind == "NFUpdate"': any occurrence)
    # and the JSON report
    cols = ["frame.number", "amfol.sbi.load", "amfol.sbi.inferred", "amfol.sbi.inferred_by",
            "amfol.sbi.relay_of", "amfol.sbi.nf_instance_id"]
    all_rows, reps = fields_and_reports(pcap, cols + ["amfol.sbi.kind"], ["json"], *h2)
    rows = {int(r["frame.number"]): [r[c] for c in cols[1:]] for r in all_rows
            if "NFUpdate" in r["amfol.sbi.kind"].split(",")}
    want = {m["a_to_scp"]: ["73", "1", "connection", "", ids["NF-A"]],
            m["scp_to_nrf"]: ["73", "", "", str(m["a_to_scp"]), ids["NF-A"]],
            m["b_direct"]: ["41", "1", "address", "", ids["NF-B"]],
            m["by_profile"]: ["55", "1", "address", "", ids["NF-J"]],
            m["unknown"]: ["56", "1", "", "", ""]}
    check(rows == want, "per-frame reports:\n%s\nwant\n%s" % (rows, want))
    d = reps["json"]
    s = d["sbi"]
    got = tuple(s[k] for k in ("nfupdate_load_reports", "load_reports_inferred", "load_reports_relayed",
                               "load_reports_unattributed"))
    check(got == (1, 2, 1, 1), "readable, inferred, relayed, unattributed: %s" % (got,))
    nf_j = {n["nf_instance_id"]: n for n in s["nfs"]}.get(ids["NF-J"], {})
    check(nf_j.get("nf_type") == "AMF", "NF-J's profile read behind lost HPACK: %s" % nf_j)
    series = {n["nf_instance_id"]: [(p["frame"], p["load"], p["inferred"]) for p in n["load_reports"]
                                    if p["op"] == "update"] for n in s["nfs"]}
    # NF-A's report counted once, as readable (its relayed copy was); NF-B's counted as inferred
    check(series.get(ids["NF-A"]) == [(m["a_to_scp"], 73, False)] and
          series.get(ids["NF-B"]) == [(m["b_direct"], 41, True)], "series %s" % series)
    check(d["findings"] == [], "no findings")
    # the SCP, from 3gpp-Sbi-Target-apiRoot (its server) and Via (its client)
    check(s["scps"] == ["10.0.7.1"], "SCPs %s" % s["scps"])
    scp_conn = [c for c in s["connections"] if c["client"] == "10.0.7.1:42001"]
    check(scp_conn and scp_conn[0]["client_name"] == "scp", "SCP named: %s" % scp_conn)
    tl = tshark("-r", pcap, "-q", *h2, "-z", "amfol,timeline")
    check("2 inferred" in tl and "1 relayed copies counted once" in tl and "1 recognised but not attributable" in tl,
          "timeline shows them apart")
    # TLS: the connection of an SBI peer is named with the key-log hint, the other only counted
    tls = ("-d", "tcp.port==29443,tls")
    tl = tshark("-r", pcap, "-q", *h2, *tls, "-z", "amfol,timeline")
    check("%s 10.0.5.1:41010 -> nrf 10.0.9.1:29443: 2 messages, 2 TLS-protected" % ids["NF-A"] in tl and
          "1 TLS connection of SBI peers unread: give Wireshark the NFs' TLS key log" in tl and
          "-o tls.keylog_file:" in tl and "1 other TLS connection (no known SBI peer) not listed" in tl and
          "10.9.9.9" not in tl, "TLS lines:\n" + "\n".join(l for l in tl.splitlines() if "TLS" in l))
    d = zjson(pcap, *h2, *tls)
    conns = {c["client"]: c for c in d["sbi"]["connections"] if c["tls"]}
    check(conns["10.0.5.1:41010"]["client_name"] == ids["NF-A"] and conns["10.0.5.1:41010"]["server_name"] == "nrf"
          and conns["10.9.9.9:50000"]["client_name"] is None and "tls.keylog_file" in d["sbi"]["tls_keylog_hint"],
          "JSON TLS connections %s" % conns)


def mode_problems():
    pcap, meta = load("problems")
    m = meta["marks"]
    h2 = ("-d", "tcp.port==29510,http2")
    # one two-pass run: the per-frame fields (-Y 'amfol.sbi.status || amfol.sbi.problem_cause')
    # and the JSON report
    cols = ["frame.number", "amfol.sbi.status", "amfol.sbi.problem_cause", "amfol.sbi.inferred",
            "amfol.sbi.inferred_by", "amfol.sbi.nf"]
    all_rows, reps = fields_and_reports(pcap, cols, ["json"], *h2)
    rows = {int(r["frame.number"]): [r[c] for c in cols[1:]] for r in all_rows
            if r["amfol.sbi.status"] or r["amfol.sbi.problem_cause"]}
    want = {m["readable_503"]: ["503", "NF_CONGESTION", "", "", meta["nfs"]["NF-A"]],   # NFUpdate's NF
            m["by_connection"]: ["503", "NF_CONGESTION", "1", "connection", "nrf"],
            m["by_address"]: ["429", "NF_CONGESTION_RISK", "1", "address", "nrf"],
            m["json_typed"]: ["503", "NF_CONGESTION", "1", "connection", "nrf"],
            m["unknown"]: ["503", "NF_CONGESTION", "1", "", ""]}
    check(rows == want, "per-frame ProblemDetails:\n%s\nwant\n%s" % (rows, want))
    d = reps["json"]
    s = d["sbi"]
    got = tuple(s[k] for k in ("status_503", "status_429", "problems_inferred", "status_503_inferred",
                               "status_429_inferred", "problems_unattributed"))
    check(got == (1, 0, 3, 2, 1, 1), "readable 503/429, inferred, 503/429 inferred, unattributed: %s" % (got,))
    conn = [c for c in s["connections"] if c["client"] == "10.0.5.1:41001"]
    check(conn and conn[0]["problems_inferred"] == 2 and conn[0]["server_name"] == "nrf",
          "NF-A's connection: %s" % conn)
    check(d["findings"] == [], "no findings")
    tl = tshark("-r", pcap, "-q", *h2, "-z", "amfol,timeline")
    check("ProblemDetails behind unreadable headers (status read from the body): 3 inferred (503 x2, 429 x1)" in tl
          and "; 1 recognised but not attributable" in tl and "503 1, 429 0" in tl,
          "timeline shows them apart:\n" + "\n".join(l for l in tl.splitlines() if "ProblemDetails" in l or "503" in l))


def part1_oracle(rows):
    """From Wireshark's own fields (of the scenario's run, check_capture.py's fields; occurrence=a,
    aggregator ","):
    RRCSetupRequests with ng-5G-S-TMSI-Part1, and those whose Part1 (39 rightmost bits of a
    5G-S-TMSI, TS 38.331) matches a 5G-S-TMSI / 5G-GUTI that NAS carried before them."""
    f = ["nr-rrc.ng_5G_S_TMSI_Part1", "nas_5gs.amf_set_id", "nas_5gs.amf_pointer", "nas_5gs.5g_tmsi"]
    seen, n, linked = set(), 0, 0
    for c in amfol_taps.columns(rows, check_capture.FIELDS + check_capture.CHECK_FIELDS, *f):
        for v in (x for x in c[0].split(",") if x):
            n += 1
            linked += (int(v.replace(":", ""), 16) >> 1) in seen     # BIT STRING (39) left-aligned
        ids = zip(*[[x for x in c[k].split(",") if x] for k in (1, 2, 3)])
        for set_id, ptr, tmsi in ids:
            seen.add(((int(set_id, 0) << 38) | (int(ptr, 0) << 32) | int(tmsi, 0)) & ((1 << 39) - 1))
    return n, linked


def mode_part1():
    runs = sys.argv[5]
    for name in ("ue-early-retry", "backoff-storm"):
        # the one run of the fixture e2e_run_<name>: fields.tsv (the NAS fields under their 4.0
        # names, whatever the tshark) and the report amfol.json
        try:
            rows = open(os.path.join(runs, name, "fields.tsv")).read().splitlines()
            report = json.load(open(os.path.join(runs, name, "amfol.json")))
        except (OSError, ValueError) as e:
            raise SystemExit("no run of %s (its fixture e2e.tshark_run.%s did not run): %s" % (name, name, e))
        n, linked = part1_oracle(rows)
        nas = report["nas"]
        got = (nas["radio_requests_with_part1"], nas["radio_requests_linked"])
        check(n > 0 and linked > 0 and got == (n, linked), "%s: amfol %s, oracle %s" % (name, got, (n, linked)))
        check(nas["radio_requests_in_backoff"] <= linked, "%s: in back-off within the linked ones" % name)


if __name__ == "__main__":
    os.makedirs(WORK, exist_ok=True)
    globals()["mode_" + MODE.replace("-", "_")]()
    if FAILS:
        sys.exit("%d check(s) failed" % len(FAILS))
    print("ok")
