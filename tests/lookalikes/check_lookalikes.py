#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_lookalikes.py: the compliant look-alikes of docs/faults.md. Each case writes two small captures with
# the N2 / NAS helpers of tests/n2 and tests/nas: a compliant behaviour that resembles a fault
# (amfol must report nothing for the rule) and the matching violation (the finding, exact frames).
# Usage: check_lookalikes.py CASE TSHARK_WRAPPER PLUGIN_SO WORKDIR
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "n2"))
import ngap_pdus as N  # noqa: E402
from pcap_sctp import Writer  # noqa: E402
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import relink_pcap  # noqa: E402

T0 = 1767225600.0
AMF = "10.0.0.1"
EMERG, HPA, MT, MO_SIG, MO_DATA = 0, 1, 2, 3, 4
CASES = {}
ERRORS = []


def case(fn):
    CASES[fn.__name__.replace("_", "-")] = fn
    return fn


class Cap:
    """A crafted N2 capture: NG Setup for each gNB, then rows; remembers the frames that matter."""

    def __init__(self, path, gnbs):
        self.path, self.w, self.ran, self.marks = path, Writer(path), 0, {}
        for i, (name, ip) in enumerate(gnbs.items()):
            self.w.sctp(T0 + 0.01 * i, ip, AMF, [N.ng_setup_request(name, i + 1)])
            self.w.sctp(T0 + 0.01 * i + 0.005, AMF, ip, [N.ng_setup_response("amf-1")])

    def iue(self, t, ip, cause):
        self.ran += 1
        return self.w.sctp(T0 + t, ip, AMF, [N.initial_ue_message(self.ran, cause)])

    def down(self, t, ip, pdu, mark=None):
        f = self.w.sctp(T0 + t, AMF, ip, [pdu])
        if mark:
            self.marks[mark] = f
        return f

    def close(self):
        self.w.close()
        return self.path


def findings(ctx, cap):
    wrapper, plugin = ctx
    out = subprocess.run([wrapper, plugin, "-r", cap, "-q", "-z", "amfol,json"],
                         capture_output=True, text=True, timeout=100)
    if out.returncode != 0:
        sys.exit("tshark failed (%d): %s" % (out.returncode, out.stderr[-1500:]))
    return json.loads(out.stdout[out.stdout.index("{"):])["findings"]


def fields_and_report(ctx, cap, fields, two_pass=True):
    """One tshark run (-2 by default) for both: the -T fields rows of every frame (lists of
    strings, one per field) and the -z amfol,json report printed after them."""
    wrapper, plugin = ctx
    cmd = [wrapper, plugin, "-r", cap] + (["-2"] if two_pass else []) + ["-T", "fields"]
    for f in fields:
        cmd += ["-e", f]
    out = subprocess.run(cmd + ["-z", "amfol,json"], capture_output=True, text=True, timeout=100)
    if out.returncode != 0:
        sys.exit("tshark failed (%d): %s" % (out.returncode, out.stderr[-1500:]))
    at = out.stdout.index("\n{\n") + 1 if not out.stdout.startswith("{") else 0
    rows = [(r.split("\t") + [""] * len(fields))[:len(fields)] for r in out.stdout[:at].splitlines()]
    return rows, json.loads(out.stdout[at:])


def expect(what, got, want):
    if got != want:
        ERRORS.append("%s:\n  got  %r\n  want %r" % (what, got, want))


def rules_of(found, *rules):
    return sorted((f["rule"], f["severity"], f["gnb"], f["first_frame"], f["count"]) for f in found
                  if not rules or f["rule"] in rules)


@case
def emergency_action3(ctx, work):
    """TS 38.413 §8.7.7.2: "permit high priority sessions and mobile terminated services only"
    does not list emergency, yet no text asks a gNB to reject emergency calls. A gNB that keeps
    forwarding emergency calls under that action is not ignoring the overload; one that keeps
    forwarding mo-Signalling is."""
    for name, cause in (("compliant", EMERG), ("violation", MO_SIG)):
        c = Cap(os.path.join(work, name + ".pcap"), {"gnb-1": "10.0.1.1"})
        for s in range(1, 61):                           # baseline: both causes, 1/s each
            c.iue(s + 0.1, "10.0.1.1", EMERG)
            c.iue(s + 0.2, "10.0.1.1", MO_SIG)
        c.down(61.0, "10.0.1.1", N.overload_start(action=3), "start")
        during = []
        for s in range(63, 93):                          # 30 s of overload: one cause keeps coming
            during.append(c.iue(s + 0.1, "10.0.1.1", cause))
        c.down(95.0, "10.0.1.1", N.overload_stop())
        found = findings(ctx, c.close())
        if name == "compliant":
            expect("emergency forwarded under action 3", rules_of(found), [])
        else:
            expect("mo-Signalling forwarded under action 3", rules_of(found, "gnb-ignores-overload"),
                   [("gnb-ignores-overload", "error", "gnb-1", c.marks["start"], 30)])


def steady_then_start(path, start_pdu, during_cause, gnbs=None):
    """gnb-1 sends mo-Signalling and emergency 1/s for 60 s, gets start_pdu at 61 s, then 30 s of
    during_cause, then STOP at 95 s. Returns the capture (closed)."""
    c = Cap(path, gnbs or {"gnb-1": "10.0.1.1"})
    for s in range(1, 61):
        c.iue(s + 0.1, "10.0.1.1", EMERG)
        c.iue(s + 0.2, "10.0.1.1", MO_SIG)
    c.down(61.0, "10.0.1.1", start_pdu, "start")
    for s in range(63, 93):
        c.iue(s + 0.1, "10.0.1.1", during_cause)
    c.down(95.0, "10.0.1.1", N.overload_stop())
    c.close()
    return c


@case
def start_without_action(ctx, work):
    """TS 38.413 §8.7.7.2 defines the gNB's reaction only "if the Overload Action IE is
    included": a gNB that keeps forwarding everything after a START without it is not judged
    (a note records the START); with the IE (reject-rrc-cr-signalling) the same traffic is an error."""
    c = steady_then_start(os.path.join(work, "compliant.pcap"), N.overload_start(), MO_SIG)
    expect("START without action IE", rules_of(findings(ctx, c.path)),
           [("overload-action-absent", "note", "gnb-1", c.marks["start"], 1)])
    c = steady_then_start(os.path.join(work, "violation.pcap"), N.overload_start(action=1), MO_SIG)
    expect("START reject-rrc-cr-signalling", rules_of(findings(ctx, c.path), "gnb-ignores-overload"),
           [("gnb-ignores-overload", "error", "gnb-1", c.marks["start"], 30)])


@case
def start_proportion(ctx, work):
    """TS 23.501 §5.19.5.2: the AMF may send START to "all or a proportion" of its 5G-AN nodes.
    Told: gnb-1 and gnb-2, untold: gnb-3. When gnb-3 carries a small share of the shed class
    the finding is a note; when it carries most of it, a warning."""
    gnbs = {"gnb-1": "10.0.1.1", "gnb-2": "10.0.1.2", "gnb-3": "10.0.1.3"}
    for name, untold_per_s, sev in (("small-share", 1, "note"), ("most-traffic", 6, "warning")):
        c = Cap(os.path.join(work, name + ".pcap"), gnbs)
        for s in range(1, 91):
            if s == 61:
                c.down(61.0, "10.0.1.1", N.overload_start(action=1, pct=50), "start")
                c.down(61.01, "10.0.1.2", N.overload_start(action=1, pct=50))
            told = 2 if s <= 61 else 1          # the told gNBs halve their mo-Signalling
            for k in range(told):
                c.iue(s + 0.1 + 0.01 * k, "10.0.1.1", MO_SIG)
                c.iue(s + 0.2 + 0.01 * k, "10.0.1.2", MO_SIG)
            for k in range(untold_per_s):
                c.iue(s + 0.3 + 0.01 * k, "10.0.1.3", MO_SIG)
        c.down(92.0, "10.0.1.1", N.overload_stop())
        c.down(92.01, "10.0.1.2", N.overload_stop())
        c.close()
        # One run (-2) for the report and the Expert Info: the frames that carry any of the rule's
        # three ei (what -Y "amfol.expert.overload_start_partial || ...warning || ...error" selects).
        eis = ["amfol.expert.overload_start_partial" + x for x in ("", ".warning", ".error")]
        abbrev = eis[0] if sev == "note" else eis[0] + "." + sev
        table, doc = fields_and_report(ctx, c.path, ["frame.number", "_ws.expert.severity"] + eis)
        found = doc["findings"]
        expect(name, rules_of(found), [("overload-start-partial", sev, "gnb-3", c.marks["start"], 2)])
        # Expert Info carries the finding's runtime severity (one ei per severity), not the
        # catalogue's note: tshark -2, on every evidence frame.
        pi = {"note": "4194304", "warning": "6291456"}
        rows = [(int(r[0]), r[2 + eis.index(abbrev)], sorted(set(r[1].split(",")) & set(pi.values())))
                for r in table if any(r[2:])]   # the START's own expert is a chat
        frames = [f for f in found if f["rule"] == "overload-start-partial"][0]["frames"]
        expect(name + " expert info", rows, [(fr, "1", [pi[sev]]) for fr in frames])


def initial_ue_rerouted(ran_ue_id, cause):
    """INITIAL UE MESSAGE sent after REROUTE NAS REQUEST: carries the AMFSetID IE (id 3, set 1)."""
    base = N.initial_ue_message(ran_ue_id, cause)
    extra = N.ie(3, N.REJECT, b"\x00\x40")
    # append one IE: patch the IE count and the open-type length of the PDU
    body = base[4:] if base[3] < 128 else base[5:]
    n = int.from_bytes(body[1:3], "big") + 1
    body = b"\x00" + n.to_bytes(2, "big") + body[3:] + extra
    return bytes(base[:3]) + N._len(len(body)) + body


@case
def rerouted(ctx, work):
    """TS 38.413 §8.6.5: after REROUTE NAS REQUEST the gNB sends the UE's INITIAL UE MESSAGE
    (with AMFSetID) to the target AMF; the UE's RRC connection already exists, so those messages
    are not pass-through evidence. The same traffic without AMFSetID is."""
    for name, rer in (("compliant", True), ("violation", False)):
        c = Cap(os.path.join(work, name + ".pcap"), {"gnb-1": "10.0.1.1"})
        for s in range(1, 61):
            c.iue(s + 0.2, "10.0.1.1", MO_SIG)
        c.down(61.0, "10.0.1.1", N.overload_start(action=1), "start")
        for s in range(63, 93):
            c.ran += 1
            pdu = initial_ue_rerouted(c.ran, MO_SIG) if rer else N.initial_ue_message(c.ran, MO_SIG)
            c.w.sctp(T0 + s + 0.1, "10.0.1.1", AMF, [pdu])
        c.down(95.0, "10.0.1.1", N.overload_stop())
        c.close()
        want = [] if rer else [("gnb-ignores-overload", "error", "gnb-1", c.marks["start"], 30)]
        expect(name, rules_of(findings(ctx, c.path), "gnb-ignores-overload"), want)


@case
def gnb_id_22_bits(ctx, work):
    """TS 38.413 §9.3.1.6 GNB-ID is a BIT STRING (22..32): amfol names a gNB without RANNodeName
    by the value of its bit length, not by the octets with their pad bits (22 bits 0x12345 is
    sent as 048d14)."""
    path = os.path.join(work, "gnb22.pcap")
    w = Writer(path)
    glob = b"\x00" + N.PLMN_00101 + b"\x00" + (0x12345 << 2).to_bytes(3, "big")   # length 22
    req = N.pdu(0x00, 21, N.REJECT, [
        N.ie(27, N.REJECT, glob),
        N.ie(102, N.REJECT, bytes.fromhex("000000000100") + N.PLMN_00101 + bytes.fromhex("00000008")),
        N.ie(21, N.IGNORE, b"\x40")])
    w.sctp(T0, "10.0.1.1", AMF, [req])
    w.sctp(T0 + 0.005, AMF, "10.0.1.1", [N.ng_setup_response("amf-1")])
    w.close()
    out = subprocess.run([ctx[0], ctx[1], "-r", path, "-q", "-z", "amfol,json"],
                         capture_output=True, text=True, timeout=100).stdout
    doc = json.loads(out[out.index("{"):])
    expect("22-bit gNB-ID name", [g["id"] for g in doc["amfs"][0]["gnbs"]], ["gNB-00101-12345"])


@case
def exempt_mt_follows_paging(ctx, work):
    """overload-exempt-shed compares the exempt classes with the pre-episode rate; mt-Access
    answers paging, which falls with the AMF's own load (TS 23.501 §5.19.7.2), so a drop of
    mt-Access alone is no evidence against the gNB. A drop of emergency calls is."""
    for name, gone in (("compliant", MT), ("violation", EMERG)):
        kept = EMERG if gone == MT else MT
        c = Cap(os.path.join(work, name + ".pcap"), {"gnb-1": "10.0.1.1"})
        for s in range(1, 61):
            c.iue(s + 0.1, "10.0.1.1", EMERG)
            c.iue(s + 0.2, "10.0.1.1", MT)
        c.down(61.0, "10.0.1.1", N.overload_start(action=1), "start")
        for s in range(63, 93):
            c.iue(s + 0.1, "10.0.1.1", kept)
        c.down(95.0, "10.0.1.1", N.overload_stop())
        c.close()
        want = [] if gone == MT else [("overload-exempt-shed", "warning", "gnb-1", c.marks["start"], 60)]
        expect(name, rules_of(findings(ctx, c.path), "overload-exempt-shed"), want)


@case
def one_gnb_two_amfs(ctx, work):
    """One gNB is one gNB across its associations to several AMFs: gnb 10.0.1.1 has
    an association to amf-1 with NG SETUP (RANNodeName gnb-1) and one to a second AMF seen only
    mid-stream: both carry the name gnb-1. Without any NG SETUP, both are named by the gNB's IP
    address (no port)."""
    for name, with_setup in (("named", True), ("unnamed", False)):
        path = os.path.join(work, name + ".pcap")
        w = Writer(path)
        if with_setup:
            w.sctp(T0, "10.0.1.1", AMF, [N.ng_setup_request("gnb-1", 1)])
            w.sctp(T0 + 0.005, AMF, "10.0.1.1", [N.ng_setup_response("amf-1")])
        w.sctp(T0 + 1.0, "10.0.1.1", AMF, [N.initial_ue_message(1, MO_SIG)])
        w.sctp(T0 + 2.0, "10.0.1.1", "10.0.0.2", [N.initial_ue_message(2, MO_SIG)], port=38413)
        w.close()
        out = subprocess.run([ctx[0], ctx[1], "-r", path, "-q", "-z", "amfol,json"],
                             capture_output=True, text=True, timeout=100).stdout
        doc = json.loads(out[out.index("{"):])
        want = "gnb-1" if with_setup else "10.0.1.1"
        expect(name, sorted(g["id"] for a in doc["amfs"] for g in a["gnbs"]), [want, want])
        # listed once, with both associations
        expect(name + " gnbs", [(g["id"], [(x["amf"], x["address"]) for x in g["associations"]])
                                for g in doc["gnbs"]],
               [(want, [("amf-1" if with_setup else "10.0.0.1:38412", "10.0.1.1:38412"),
                        ("10.0.0.2:38413", "10.0.1.1:38413")])])


@case
def gnb_global_id(ctx, work):
    """One gNB is one gNB (TS 38.413 §8.7.1, Global RAN Node ID): gNB-ID 1 sets up an association
    to amf-1 from 10.0.1.1 as "gnb-1a" and one to amf-2 from 10.0.1.9 as "gnb-1b"; a third
    association from 10.0.1.9 to 10.0.0.3 has no NG SETUP (address fallback). They are one gNB,
    named by its earliest name. gNB-ID 7 on 10.0.1.1 (another port) is another gNB. A finding
    against the gNB names it once and lists its three associations."""
    path = os.path.join(work, "global-id.pcap")
    w = Writer(path)
    w.sctp(T0, "10.0.1.1", AMF, [N.ng_setup_request("gnb-1a", 1)])
    w.sctp(T0 + 0.005, AMF, "10.0.1.1", [N.ng_setup_response("amf-1")])
    w.sctp(T0 + 0.01, "10.0.1.9", "10.0.0.2", [N.ng_setup_request("gnb-1b", 1)])
    w.sctp(T0 + 0.015, "10.0.0.2", "10.0.1.9", [N.ng_setup_response("amf-2")])
    w.sctp(T0 + 0.02, "10.0.1.1", "10.0.0.2", [N.ng_setup_request("gnb-7", 7)], port=38413)
    w.sctp(T0 + 0.025, "10.0.0.2", "10.0.1.1", [N.ng_setup_response("amf-2")], port=38413)
    w.sctp(T0 + 0.5, "10.0.1.9", "10.0.0.3", [N.initial_ue_message(1, MO_SIG)], port=38414)
    start = w.sctp(T0 + 1.0, AMF, "10.0.1.1", [N.overload_start(action=1)])
    ium = [w.sctp(T0 + 3.0 + k, "10.0.1.1", AMF, [N.initial_ue_message(10 + k, MO_SIG)]) for k in range(12)]
    w.close()
    out = subprocess.run([ctx[0], ctx[1], "-r", path, "-q", "-z", "amfol,json"],
                         capture_output=True, text=True, timeout=100).stdout
    doc = json.loads(out[out.index("{"):])
    gnb1 = [("amf-1", "10.0.1.1:38412"), ("amf-2", "10.0.1.9:38412"), ("10.0.0.3:38414", "10.0.1.9:38414")]
    expect("gnbs", [(g["id"], [(x["amf"], x["address"]) for x in g["associations"]]) for g in doc["gnbs"]],
           [("gnb-1a", gnb1), ("gnb-7", [("amf-2", "10.0.1.1:38413")])])
    expect("finding", [(f["rule"], f["amf"], f["gnb"], [(x["amf"], x["address"]) for x in f["gnb_associations"]],
                        f["first_frame"], f["frames"]) for f in doc["findings"]],
           [("gnb-ignores-overload", "amf-1", "gnb-1a", gnb1, start, [start] + ium),
            ("overload-stop-missing", "amf-1", "gnb-1a", gnb1, start, [start])])   # no STOP: true


@case
def damaged_frames(ctx, work):
    """A frame damaged after its sender is no evidence: its receiver discarded it (IPv4 header
    checksum, RFC 791 §3.1; SCTP CRC32c, RFC 9260 §6.8). gnb-1 complies with a START (only
    emergency calls during it); the capture also holds 12 mo-Signalling InitialUEMessages whose
    SCTP stream sequence number was damaged (NGAP still decodes, the CRC32c is wrong) and 12 whose
    IPv4 source address reads 10.0.1.9 (a gNB that does not exist, header checksum wrong).
    Counted apart (capture.damaged_ignored), marked amfol.damaged, and no finding: without the
    check they gave gnb-ignores-overload against gnb-1."""
    path = os.path.join(work, "damaged.pcap")
    c = Cap(path, {"gnb-1": "10.0.1.1"})
    for s in range(1, 61):
        c.iue(s + 0.1, "10.0.1.1", EMERG)
        c.iue(s + 0.2, "10.0.1.1", MO_SIG)
    c.down(61.0, "10.0.1.1", N.overload_start(action=1), "start")
    patches, damaged = [], {}
    for s in range(63, 93):
        c.iue(s + 0.1, "10.0.1.1", EMERG)
        if s < 75:
            for kind, off in (("SCTP CRC32c", 14 + 20 + 12 + 11), ("IPv4 header checksum", 14 + 15)):
                pos = c.w.f.tell() + 16 + off     # record header, then the frame
                damaged[c.iue(s + 0.2 + (0.01 if off < 40 else 0), "10.0.1.1", MO_SIG)] = kind
                patches.append(pos)
    c.down(95.0, "10.0.1.1", N.overload_stop())
    c.close()
    with open(path, "r+b") as f:
        for pos in patches:
            f.seek(pos)
            b = f.read(1)[0]
            f.seek(pos)
            f.write(bytes([b ^ (0x08 if b == 1 else 0x01)]))   # SSN low byte; 10.0.1.1 -> 10.0.1.9
    # One run (-2): the report, and the frames marked amfol.damaged (what -Y amfol.damaged selects).
    table, doc = fields_and_report(ctx, path, ["frame.number", "amfol.damaged"])
    expect("damaged counted", doc["capture"]["damaged_ignored"], 24)
    expect("no finding rests on a damaged frame", rules_of(doc["findings"]), [])
    expect("one gNB", [g["id"] for g in doc["gnbs"]], ["gnb-1"])
    expect("amfol.damaged frames", [tuple(r) for r in table if r[1]],
           [(str(f), k) for f, k in sorted(damaged.items())])
    # The damage check reads the outermost IP header found by the link layer (plugin/
    # amfol_sctp_wire.c): the same frames under other encapsulations (PPP: not parsed, found by
    # Wireshark's addresses) give the same verdicts.
    for kind in ("qinq", "sll2", "null", "ppp"):
        other = os.path.join(work, "damaged-%s.pcap" % kind)
        relink_pcap.main(kind, path, other)
        table, doc = fields_and_report(ctx, other, ["frame.number", "amfol.damaged"])
        expect("%s: damaged counted" % kind, doc["capture"]["damaged_ignored"], 24)
        expect("%s: amfol.damaged frames" % kind, [tuple(r) for r in table if r[1]],
               [(str(f), k) for f, k in sorted(damaged.items())])


@case
def two_tnlas(ctx, work):
    """One gNB is one gNB on N2 too (TS 38.412 §7: several TNLAs of one gNB to one AMF; TS 38.413
    §8.7.7.1: the START is non-UE-associated signalling, sent over any of them). gnb-1 reaches
    amf-1 over TNLA A (10.0.1.1:38412, NG SETUP in the `named` captures) and TNLA B
    (10.0.1.1:40000, never an NG SETUP); gnb-2 over one association. The AMF sends OVERLOAD START
    (reject-rrc-cr-signalling, no percentage) over TNLA A; gnb-1's UEs all come over TNLA B.
      compliant: gnb-1 sends only emergency calls over B during the START: no finding, one row per
        gNB, nobody "not told";
      ignores: gnb-1 keeps forwarding mo-Signalling over B: gnb-ignores-overload against gnb-1,
        anchored on the START over A, evidence the INITIAL UE MESSAGEs over B;
      untold: the AMF tells only gnb-2: one overload-start-partial for gnb-1 (not one per TNLA)."""
    A, B, G2 = {}, {"sport": 40000, "dport": 38412}, "10.0.1.2"
    down_b = {"sport": 38412, "dport": 40000}
    for named in (True, False):
        for name in ("compliant", "ignores", "untold"):
            tag = "%s-%s" % (name, "named" if named else "unnamed")
            path = os.path.join(work, tag + ".pcap")
            w = Writer(path)
            if named:
                w.sctp(T0, "10.0.1.1", AMF, [N.ng_setup_request("gnb-1", 1)])
                w.sctp(T0 + 0.005, AMF, "10.0.1.1", [N.ng_setup_response("amf-1")])
                w.sctp(T0 + 0.01, G2, AMF, [N.ng_setup_request("gnb-2", 2)])
                w.sctp(T0 + 0.015, AMF, G2, [N.ng_setup_response("amf-1")])
            ran = [0]

            def iue(t, ip, cause, tnla):
                ran[0] += 1
                return w.sctp(T0 + t, ip, AMF, [N.initial_ue_message(ran[0], cause)], **tnla)
            for s in range(1, 61):
                iue(s + 0.1, "10.0.1.1", EMERG, B)
                iue(s + 0.2, "10.0.1.1", MO_SIG, B)
                iue(s + 0.3, G2, MO_SIG, A)
            start = None
            if name != "untold":
                start = w.sctp(T0 + 61.0, AMF, "10.0.1.1", [N.overload_start(action=1)])
            start2 = w.sctp(T0 + 61.01, AMF, G2, [N.overload_start(action=1)])
            during = []
            for s in range(63, 93):
                iue(s + 0.1, "10.0.1.1", EMERG, B)
                if name != "compliant":
                    during.append(iue(s + 0.2, "10.0.1.1", MO_SIG, B))
                iue(s + 0.3, G2, EMERG, A)
            if start:
                w.sctp(T0 + 95.0, AMF, "10.0.1.1", [N.overload_stop()], **down_b)   # the STOP over B
            w.sctp(T0 + 95.01, AMF, G2, [N.overload_stop()])
            w.close()
            out = subprocess.run([ctx[0], ctx[1], "-r", path, "-q", "-z", "amfol,json"],
                                 capture_output=True, text=True, timeout=100).stdout
            doc = json.loads(out[out.index("{"):])
            g1, g2 = ("gnb-1", "gnb-2") if named else ("10.0.1.1", "10.0.1.2")
            want = {"compliant": [],
                    "ignores": [("gnb-ignores-overload", "error", g1, start, 30)],
                    "untold": [("overload-start-partial", "note", g1, start2, 1)]}[name]
            expect(tag, rules_of(doc["findings"]), want)
            if name == "ignores":
                fs = [x for x in doc["findings"] if x["rule"] == "gnb-ignores-overload"]
                expect(tag + " evidence", fs[0]["frames"] if fs else None, [start] + during[:31])
            amf = doc["amfs"][0]
            expect(tag + " one row per gNB", sorted(g["id"] for g in amf["gnbs"]), [g1, g2])
            expect(tag + " not told", amf["episodes"][0]["gnbs_not_told"], [] if start else [g1])
            expect(tag + " one part per gNB", sorted(p["id"] for p in amf["episodes"][0]["gnbs"]),
                   sorted([g1, g2] if start else [g2]))


@case
def exempt_escalation(ctx, work):
    """overload-exempt-shed judges every START segment with its own action (TS 38.413 §8.7.7.2).
    The AMF escalates: START "reject non-emergency MO DT" (exempt: emergency, high priority, MT,
    MPS, MCS) at 61 s, then a replacing START "permit emergency and MT only" at 71 s, under which
    highPriorityAccess is shed. gnb-1 sends emergency 1/s and highPriorityAccess 2/s before.
      compliant: highPriorityAccess stops with the second START, emergency goes on: no finding (with
        the first START's exempt class for the whole episode it was an accusation);
      violation: emergency stops too under the second START: overload-exempt-shed, anchored on the
        first START, evidence the baseline's exempt-class messages."""
    for name in ("compliant", "violation"):
        c = Cap(os.path.join(work, name + ".pcap"), {"gnb-1": "10.0.1.1"})
        base = []
        for s in range(1, 61):
            base.append(c.iue(s + 0.1, "10.0.1.1", EMERG))
            base.append(c.iue(s + 0.2, "10.0.1.1", HPA))
            base.append(c.iue(s + 0.3, "10.0.1.1", HPA))
        c.down(61.0, "10.0.1.1", N.overload_start(action=0), "start")
        for s in range(61, 121):
            if s == 71:
                c.down(71.0, "10.0.1.1", N.overload_start(action=2))
            if s < 71 or name == "compliant":
                c.iue(s + 0.1, "10.0.1.1", EMERG)
            if s < 71:
                c.iue(s + 0.2, "10.0.1.1", HPA)
                c.iue(s + 0.3, "10.0.1.1", HPA)
        c.down(121.0, "10.0.1.1", N.overload_stop())
        c.close()
        found = findings(ctx, c.path)
        if name == "compliant":
            expect(name, rules_of(found), [])
        else:
            expect(name, rules_of(found), [("overload-exempt-shed", "warning", "gnb-1", c.marks["start"], 180)])
            # the ring of recent exempt-class messages keeps the last 64 before the START, 31 of them listed
            fs = [f for f in found if f["rule"] == "overload-exempt-shed"]
            expect(name + " evidence", sorted(fs[0]["frames"]) if fs else None,
                   sorted([c.marks["start"]] + base[-64:][:31]))


# F1AP (PPID 62) around one RRC CCCH message, laid out as the synthesizer's verified encoding:
# InitialULRRCMessageTransfer with gNB-DU UE F1AP ID, NRCGI (PLMN 00101, cell 0x000000010 of the
# 32-bit gNB-ID 1, the cell of ngap_pdus.ULI_NR), RRC container; DLRRCMessageTransfer on SRB0.
F1_NRCGI = N.ie(111, N.REJECT, b"\x00" + N.PLMN_00101 + bytes.fromhex("0000000100"))


def rrc_setup_request(cause, part1=None, random=0x1234567):
    """UL-CCCH RRCSetupRequest: ng-5G-S-TMSI-Part1 (39 bits) or randomValue, cause, spare."""
    bits = "000" + ("0" + format(part1, "039b") if part1 is not None else "1" + format(random, "039b"))
    bits += format(cause, "04b") + "0"
    return int(bits, 2).to_bytes(6, "big")


def f1_initial_ul(du, rrc):
    return N.pdu(0x00, 11, N.IGNORE, [N.ie(41, N.REJECT, bytes([0, du])), F1_NRCGI,
                                      N.ie(50, N.REJECT, bytes([len(rrc)]) + rrc)])


def f1_dl(du, reject_wait=None):
    """RRCSetup (the synthesizer's minimal one), or RRCReject with waitTime (3gpp-facts §7 layout)."""
    rrc = bytes.fromhex("204000100000") if reject_wait is None else \
        int("0000100" + format(reject_wait - 1, "04b") + "00000", 2).to_bytes(2, "big")
    return N.pdu(0x00, 12, N.IGNORE, [N.ie(40, N.REJECT, bytes.fromhex("80010000")), N.ie(41, N.REJECT, bytes([0, du])),
                                      N.ie(64, N.REJECT, b"\x00"), N.ie(50, N.REJECT, bytes([len(rrc)]) + rrc)])


@case
def one_gnb_two_amfs_new_ues(ctx, work):
    """TS 38.413 §8.7.7.1: the gNB reduces load "towards the concerned AMF". gnb-1 (CU 10.0.1.1,
    DU 10.0.2.1) serves amf-1 (pointer 0) and amf-2 (pointer 1); only amf-1 sends OVERLOAD START
    (reject-rrc-cr-signalling). The gNB rejects the mo-Signalling of UEs registered with amf-1
    (AMF pointer 0 in ng-5G-S-TMSI-Part1) and sets up new UEs (randomValue), whose INITIAL UE
    MESSAGE goes to amf-2: compliant, every request attributed, no finding. The violation sends
    those new UEs to amf-1: the finding names amf-1 and the INITIAL UE MESSAGEs."""
    amf2_resp = N.pdu(0x20, 21, N.REJECT, [
        N.ie(1, N.REJECT, N.printable("amf-2")),
        N.ie(96, N.REJECT, b"\x00\x00" + N.PLMN_00101 + bytes.fromhex("020041")),   # set 1, pointer 1
        N.ie(86, N.IGNORE, b"\xff"),
        N.ie(80, N.REJECT, b"\x00" + N.PLMN_00101 + bytes.fromhex("00000008"))])
    gnb, du, amf2 = "10.0.1.1", "10.0.2.1", "10.0.0.2"
    for name, new_to in (("compliant", amf2), ("violation", AMF)):
        w = Writer(os.path.join(work, name + ".pcap"))
        w.sctp(T0, gnb, AMF, [N.ng_setup_request("gnb-1", 1)])
        w.sctp(T0 + 0.005, AMF, gnb, [N.ng_setup_response("amf-1")])
        w.sctp(T0 + 0.01, gnb, amf2, [N.ng_setup_request("gnb-1", 1)])
        w.sctp(T0 + 0.015, amf2, gnb, [amf2_resp])
        st = {"du": 0, "ran": 0}
        ium = []

        def attempt(t, part1, admit, amf_ip):
            st["du"] = st["du"] % 250 + 1
            w.sctp(T0 + t, du, gnb, [f1_initial_ul(st["du"], rrc_setup_request(MO_SIG, part1, 0x100 + st["du"]))],
                   ppid=62, port=38472)
            w.sctp(T0 + t + 0.004, gnb, du, [f1_dl(st["du"], None if admit else 5)], ppid=62, port=38472)
            if admit:
                st["ran"] += 1
                return w.sctp(T0 + t + 0.03, gnb, amf_ip, [N.initial_ue_message(st["ran"], MO_SIG)])
            return None

        registered = (1 << 38) | (0 << 32)              # AMF Set ID low bit 1, pointer 0: amf-1
        for s in range(1, 61):                          # baseline: both kinds to amf-1, 1/s each
            attempt(s + 0.1, registered | s, True, AMF)
            attempt(s + 0.5, None, True, AMF)
        start = w.sctp(T0 + 61.0, AMF, gnb, [N.overload_start(action=1)])
        for s in range(63, 93):
            attempt(s + 0.1, registered | s, False, AMF)
            ium.append(attempt(s + 0.5, None, True, new_to))
        w.sctp(T0 + 95.0, AMF, gnb, [N.overload_stop()])
        w.close()
        out = subprocess.run([ctx[0], ctx[1], "-r", w.f.name, "-q", "-z", "amfol,json"],
                             capture_output=True, text=True, timeout=100).stdout
        doc = json.loads(out[out.index("{"):])
        radio = doc["radio"]
        expect(name + " radio counts", (radio["requests"], radio["setups"], radio["rejects"],
                                        radio["unattributed_requests"], radio["new_ue_requests_attributed"],
                                        radio["new_ue_ambiguous"]), (180, 150, 30, 0, 90, 0))
        got = [(f["rule"], f["amf"], f["gnb"], f["first_frame"], f["count"], f["frames"])
               for f in doc["findings"]]
        if name == "compliant":
            expect(name, got, [])
        else:
            expect(name, got, [("gnb-ignores-overload", "amf-1", "gnb-1", start, 30, [start] + ium)])


@case
def radio_midstream(ctx, work):
    """a capture that starts inside an episode, seen from the radio side. gnb-1's
    RRCSetupRequests before the STOP at 20 s (no START in the capture) were made under an overload
    from before the capture: with two passes they show amfol.rrc.in_overload and
    amfol.rrc.start_before_capture (action unknown: not judged); after the STOP they do not."""
    path = os.path.join(work, "radio-midstream.pcap")
    w = Writer(path)
    w.sctp(T0, "10.0.1.1", AMF, [N.ng_setup_request("gnb-1", 1)])
    w.sctp(T0 + 0.005, AMF, "10.0.1.1", [N.ng_setup_response("amf-1")])
    before, after = [], []
    for s in range(1, 31):
        if s == 20:
            w.sctp(T0 + 20.0, AMF, "10.0.1.1", [N.overload_stop()])
        f = w.sctp(T0 + s, "10.0.2.1", "10.0.1.1", [f1_initial_ul(s, rrc_setup_request(MO_SIG, None, s))],
                   ppid=62, port=38472)
        w.sctp(T0 + s + 0.004, "10.0.1.1", "10.0.2.1", [f1_dl(s, 5)], ppid=62, port=38472)
        (before if s < 20 else after).append(f)
    w.close()
    rows = subprocess.run([ctx[0], ctx[1], "-r", path, "-2", "-Y", "nr-rrc.rrcSetupRequest_element", "-T", "fields",
                           "-e", "frame.number", "-e", "amfol.rrc.in_overload", "-e", "amfol.rrc.start_before_capture"],
                          capture_output=True, text=True, timeout=100).stdout.splitlines()
    expect("two passes", [tuple(r.split("\t")) for r in rows],
           [(str(f), "1", "1") for f in before] + [(str(f), "0", "") for f in after])


def main():
    name, wrapper, plugin, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    os.chmod(work, 0o755)
    CASES[name]((wrapper, plugin), work)
    if ERRORS:
        print("\n".join(ERRORS))
        sys.exit(1)
    print("lookalike %s: ok" % name)


if __name__ == "__main__":
    main()
