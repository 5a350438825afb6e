#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# make_field_captures.py: crafted captures as they come from the field and,
# beside each, a .frames.json naming the frames that matter, so that check_field.py compares
# amfol's output with what was written here.
#
#   midstream.pcap  starts while gnb-1 and gnb-2 are under an OVERLOAD START sent before the first
#                   frame: no NG Setup, no START; their STOPs come at 40.0 s and 40.2 s; gnb-3 gets
#                   no STOP; a congestion reject (#22, T3346 60 s) at 10 s is inside that episode.
#   episode.pcap    the reference for the repeats: NG Setup of gnb-1 and gnb-2, STARTs at 20 s
#                   (reject-rrc-cr-signalling), gnb-2 keeps forwarding mo-Signalling, STOPs at 50 s.
#   twoprobes.pcap  episode.pcap as two probes deliver it: every packet twice, the copy 0.2 ms later
#                   with other MAC addresses, TTL and IP identification.
#   retransmit.pcap episode.pcap with every 10th packet retransmitted 1.5 s later (same TSN, new IP
#                   identification), among them the START to gnb-2.
#   multihome.pcap  episode.pcap with gnb-2's association multi-homed: from 30 s on (path failure)
#                   it travels 10.0.2.2 <-> 10.0.0.2 (same ports, verification tags and TSNs).
#   ties.pcap       no NG Setup; NF profiles (NFRegister, h2c on port 29510) tied to N2 AMFs by each
#                   source: NF-A by the GUAMI of an INITIAL CONTEXT SETUP REQUEST, NF-B by the AMF
#                   Set/pointer of a 5G-S-TMSI, NF-C by its address, NF-D by nothing (amfol.amf_map
#                   in the test); NF-E and NF-F share one address (contradiction), NF-G's GUAMI and
#                   address name two AMFs (contradiction).
#   problems.pcap   ProblemDetails (503/429) behind lost HPACK state: on a connection whose readable
#                   NFRegister named its roles, from the NRF's known address on an unknown
#                   connection, between two unknown hosts, with :status lost but content-type
#                   readable (Wireshark decodes the JSON); a readable 503 and a JSON body that is no
#                   ProblemDetails beside them.
#   scp.pcap        NRF load reports through an SCP, captured after the NFs' connections were set up
#                   (HPACK state lost): NF-A's patch NF -> SCP behind unreadable headers on the
#                   connection its readable NFRegister used, relayed SCP -> NRF readable 5 ms later;
#                   NF-B's patch behind unreadable headers on a fresh connection (its profile gives
#                   its address); a patch from an address no profile names; TLS on port 29443
#                   from NF-A to the NRF (an SBI peer: named, with the key-log hint) and between two
#                   unknown hosts (counted, not listed).
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "n2"))
sys.path.insert(0, os.path.join(HERE, "..", "nas"))
sys.path.insert(0, os.path.join(HERE, "..", "sbi"))
import ngap_pdus as N  # noqa: E402
import mkcap as M  # noqa: E402
import crafted_h2c as H  # noqa: E402
from make_captures import Recorder, T0  # noqa: E402

AMF = "10.0.0.1"
EMERG, MT, MO_SIG, MO_DATA = 0, 2, 3, 4


class Capture(Recorder):
    """tests/n2's recorder (named frames, InitialUEMessages, a .frames.json), sending
    InitialUEMessages to this file's AMF, with a NAS-PDU when given."""

    def __init__(self, path):
        super().__init__(path)
        self.ran = 0

    def iue_msg(self, t, gnb_ip, gnb, cause, nas=None):
        self.ran += 1
        pdu = M.initial_ue(self.ran, nas, rrc_cause=cause) if nas else N.initial_ue_message(self.ran, cause)
        f = self.send(t, gnb_ip, AMF, pdu)
        self.iue.append({"frame": f, "gnb": gnb, "t": t, "cause": cause})
        return f


GNB = {"gnb-1": "10.0.1.1", "gnb-2": "10.0.1.2", "gnb-3": "10.0.1.3"}


def midstream(path):
    c = Capture(path)
    for s in range(0, 40):
        c.iue_msg(s + 0.1, GNB["gnb-1"], "gnb-1", MT)
        if s % 3 == 0:
            c.iue_msg(s + 0.2, GNB["gnb-2"], "gnb-2", EMERG)
        c.iue_msg(s + 0.3, GNB["gnb-3"], "gnb-3", MO_SIG)
        if s == 10:
            c.iue_msg(s + 0.5, GNB["gnb-1"], "gnb-1", MO_SIG, M.reg_request("0000000001"))
            c.send(s + 0.6, AMF, GNB["gnb-1"], M.downlink(1, c.ran, M.reg_reject(22, t3346=0x21)), "reject")
    c.send(40.0, AMF, GNB["gnb-1"], N.overload_stop(), "stop_gnb1")
    c.send(40.2, AMF, GNB["gnb-2"], N.overload_stop(), "stop_gnb2")
    for s in range(41, 60):
        for g in ("gnb-1", "gnb-2"):
            c.iue_msg(s + 0.1, GNB[g], g, MO_SIG)
            c.iue_msg(s + 0.2, GNB[g], g, MO_DATA)
    c.close()


def episode_rows():
    """(t, src, dst, pdu, mark) of the reference episode, in time order."""
    rows = []
    for i, g in enumerate(("gnb-1", "gnb-2")):
        rows.append((0.01 * i, GNB[g], AMF, N.ng_setup_request(g, i + 1), None))
        rows.append((0.01 * i + 0.005, AMF, GNB[g], N.ng_setup_response("amf-1"), None))
    ran = 0
    for s in range(1, 70):
        if s == 20:
            rows.append((20.0, AMF, GNB["gnb-1"], N.overload_start(1), "start_gnb1"))
            rows.append((20.05, AMF, GNB["gnb-2"], N.overload_start(1), "start_gnb2"))
        if s == 50:
            rows.append((50.0, AMF, GNB["gnb-1"], N.overload_stop(), "stop_gnb1"))
            rows.append((50.05, AMF, GNB["gnb-2"], N.overload_stop(), "stop_gnb2"))
        for g, k in (("gnb-1", 0.1), ("gnb-2", 0.3)):
            complies = g == "gnb-1" and 21 <= s < 50
            for cause in ((EMERG,) if complies else (MO_SIG, MO_SIG)):
                ran += 1
                rows.append((s + k + 0.01 * (ran % 2), GNB[g], AMF, N.initial_ue_message(ran, cause), None))
    return sorted(rows, key=lambda r: r[0])


def reference(path, copy=None, retransmit=None, path_b=None):
    """Writes the reference episode; copy / retransmit / path_b change how it is delivered."""
    c = Capture(path)
    w = c.w
    extra = {"copies": 0, "retransmissions": 0}
    pending = []
    for n, (t, src, dst, pdu, mark) in enumerate(episode_rows()):
        while pending and pending[0][0] <= t:
            rt, rsrc, rdst, rpdu, rtsns, vt = pending.pop(0)
            w.sctp(T0 + rt, rsrc, rdst, [rpdu], tsns=rtsns, vtag=vt, ip_id=7)
            extra["retransmissions"] += 1
        vtag, tsns = None, None
        s2, d2 = src, dst
        if path_b and GNB["gnb-2"] in (src, dst):
            vtag = N_pcap_vtag(src, dst)      # one association: one tag and TSN space per direction
            tsns = [w.tsn.get((src, dst), 1000)]
            w.tsn[(src, dst)] = tsns[0] + 1
            if t >= 30.0:             # the primary path failed: the alternate one carries it all
                s2, d2 = path_b.get(src, src), path_b.get(dst, dst)
        f = w.sctp(T0 + t, s2, d2, [pdu], vtag=vtag, tsns=tsns)
        if mark:
            c.marks[mark] = f
        if copy:
            w.sctp(T0 + t + 0.0002, s2, d2, [pdu], vtag=vtag, tsns=list(w.last_tsns), ttl=61, ip_id=4242,
                   eth=bytes.fromhex("0a0000000002" "0a0000000001") + b"\x08\x00")
            extra["copies"] += 1
        if retransmit and (n % 10 == 9 or mark == "start_gnb2"):
            pending.append((t + 1.5, s2, d2, pdu, list(w.last_tsns), vtag))
            pending.sort(key=lambda x: x[0])
    for rt, rsrc, rdst, rpdu, rtsns, vt in pending:
        w.sctp(T0 + rt, rsrc, rdst, [rpdu], tsns=rtsns, vtag=vt, ip_id=7)
        extra["retransmissions"] += 1
    c.close(extra)


SBI_PORT = 29510
NRF = "10.0.9.1"
SBI_NFS = {   # name: (nfInstanceId, SBI address, GUAMI pointer)
    "NF-A": ("0000000a-0000-4000-8000-00000000000a", "10.0.5.1", 1),
    "NF-B": ("0000000b-0000-4000-8000-00000000000b", "10.0.5.2", 2),
    "NF-C": ("0000000c-0000-4000-8000-00000000000c", "10.0.0.3", 3),
    "NF-D": ("0000000d-0000-4000-8000-00000000000d", "10.0.5.4", 4),
    "NF-E": ("0000000e-0000-4000-8000-00000000000e", "10.0.0.5", 5),
    "NF-F": ("0000000f-0000-4000-8000-00000000000f", "10.0.0.5", 6),
    "NF-G": ("00000001-0000-4000-8000-000000000007", "10.0.0.8", 7),
}


def guami_ie(pointer, region=2, set_id=1):
    """GUAMI (TS 38.413 §9.3.3.3) in aligned PER: preamble, PLMN 00101, region, set(10)+pointer(6)."""
    return b"\x00" + N.PLMN_00101 + bytes([region]) + ((set_id << 6) | pointer).to_bytes(2, "big")


def initial_context_setup_request(amf_ue, ran_ue, pointer):
    return N.pdu(0x00, 14, N.REJECT, [N.ie(10, N.REJECT, M.ue_id40(amf_ue)), N.ie(85, N.REJECT, M.ue_id32(ran_ue)),
                                       N.ie(28, N.REJECT, guami_ie(pointer))])


def h2_profile(nf_id, ip, pointer, sid, extra=()):
    """NFRegister (PUT) of an AMF profile with one GUAMI (amfId = region 02, set 1, pointer)."""
    amf_id = "%06x" % ((2 << 16) | (1 << 6) | pointer)
    body = json.dumps({"nfInstanceId": nf_id, "nfType": "AMF", "nfStatus": "REGISTERED", "ipv4Addresses": [ip],
                       "amfInfo": {"amfSetId": "001", "amfRegionId": "02",
                                   "guamiList": [{"plmnId": {"mcc": "001", "mnc": "01"}, "amfId": amf_id}]}})
    return H.headers(sid, [(":method", "PUT"), (":scheme", "http"), (":authority", NRF + ":29510"),
                           (":path", "/nnrf-nfm/v1/nf-instances/" + nf_id),
                           ("content-type", "application/json")] + list(extra), False) + H.data(sid, body)


def ties(path):
    c = Capture(path)
    gnb = "10.0.1.1"
    # N2 without NG Setup: one association per AMF
    c.send(1.0, "10.0.0.1", gnb, initial_context_setup_request(1, 1, 1), "ics_a")
    c.send(1.1, gnb, "10.0.0.2", M.initial_ue(2, M.service_request(1, 1, 2, 0xb0b), rrc_cause=3,
                                              s_tmsi=(1, 2, 0xb0b)), "stmsi_b")
    c.iue_msg(1.2, gnb, "gnb-1", MO_SIG)      # to 10.0.0.1 (Capture's AMF): no identity
    for ip in ("10.0.0.3", "10.0.0.4", "10.0.0.5", "10.0.0.8", "10.0.0.9"):
        c.send(1.3, gnb, ip, N.initial_ue_message(9, MO_SIG))
    c.send(1.4, "10.0.0.7", gnb, initial_context_setup_request(7, 7, 7), "ics_g")
    # SBI: each NF registers its profile with the NRF on its own connection
    port = 40000
    for k, (name, (nf_id, ip, ptr)) in enumerate(sorted(SBI_NFS.items())):
        port += 1
        preface = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + H.frame(4, 0, 0, b"")
        c.w.tcp(T0 + 2.0 + k * 0.1, ip, port, NRF, SBI_PORT, preface)
        c.w.tcp(T0 + 2.01 + k * 0.1, NRF, SBI_PORT, ip, port, H.frame(4, 0, 0, b"") + H.frame(4, 1, 0, b""))
        f = c.w.tcp(T0 + 2.02 + k * 0.1, ip, port, NRF, SBI_PORT, h2_profile(nf_id, ip, ptr, 1))
        c.marks["register_" + name] = f
        c.w.tcp(T0 + 2.03 + k * 0.1, NRF, SBI_PORT, ip, port, H.headers(1, [(":status", "201")], True))
    # NF-I: no profile in the capture, only its own NFUpdate, sent from the N2 address of 10.0.0.9
    nf_i = "00000009-0000-4000-8000-000000000009"
    pre = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + H.frame(4, 0, 0, b"")
    c.marks["update_i"] = c.w.tcp(T0 + 3.0, "10.0.0.9", 40100, NRF, SBI_PORT, pre + h2_patch(1, nf_i, 20, True))
    c.close({"nfs": dict([(n, v[0]) for n, v in SBI_NFS.items()] + [("NF-I", nf_i)])})


SCP = "10.0.7.1"


def h2_patch(sid, nf_id, load, readable):
    """NFUpdate patch of /load; readable=False: headers only the lost HPACK state could decode
    (an indexed field pointing into the dynamic table, RFC 7541 §6.1)."""
    if readable:
        head = H.headers(sid, [(":method", "PATCH"), (":scheme", "http"), (":authority", NRF + ":29510"),
                               (":path", "/nnrf-nfm/v1/nf-instances/" + nf_id),
                               ("content-type", "application/json-patch+json")], False)
    else:
        head = H.frame(1, 0x4, sid, b"\xbe\xbf\xc0")
    return head + H.data(sid, json.dumps([{"op": "replace", "path": "/load", "value": load}]))


def scp(path):
    c = Capture(path)
    w = c.w
    a_id, b_id = SBI_NFS["NF-A"][0], SBI_NFS["NF-B"][0]
    a_ip, b_ip = SBI_NFS["NF-A"][1], SBI_NFS["NF-B"][1]
    pre = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + H.frame(4, 0, 0, b"")
    # NF-A registers through the SCP on its connection (readable), and the SCP relays it
    # (indirect communication, TS 29.500 §6.10: the NF names the target, the SCP adds Via)
    w.tcp(T0 + 1.0, a_ip, 41001, SCP, SBI_PORT,
          pre + h2_profile(a_id, a_ip, 1, 1, [("3gpp-sbi-target-apiroot", "http://" + NRF + ":29510")]))
    w.tcp(T0 + 1.005, SCP, 42001, NRF, SBI_PORT, pre + h2_profile(a_id, a_ip, 1, 1, [("via", "2.0 scp-1")]))
    # NF-B registers directly with the NRF (its profile names its address)
    w.tcp(T0 + 1.1, b_ip, 41002, NRF, SBI_PORT, pre + h2_profile(b_id, b_ip, 2, 1))
    # 10 s later: NF-A's report, headers unreadable on its leg to the SCP, readable SCP -> NRF
    c.marks["a_to_scp"] = w.tcp(T0 + 11.0, a_ip, 41001, SCP, SBI_PORT, h2_patch(3, a_id, 73, False))
    c.marks["scp_to_nrf"] = w.tcp(T0 + 11.005, SCP, 42001, NRF, SBI_PORT, h2_patch(3, a_id, 73, True))
    # NF-B's report on a connection set up before the capture (no readable request on it)
    c.marks["b_direct"] = w.tcp(T0 + 12.0, b_ip, 41003, NRF, SBI_PORT, h2_patch(5, b_id, 41, False))
    # NF-J registers behind lost HPACK state: its profile body still names its address
    j_id = "0000000c-0000-4000-8000-0000000000aa"
    profile = json.dumps({"nfInstanceId": j_id, "nfType": "AMF", "nfStatus": "REGISTERED",
                          "ipv4Addresses": ["10.0.5.9"]})
    c.marks["profile_j"] = w.tcp(T0 + 12.5, "10.0.5.9", 41005, NRF, SBI_PORT,
                                 H.frame(1, 0x4, 9, b"\xbe\xbf") + H.data(9, profile))
    # reports on connections with nothing readable: from NF-J's address, and from one no profile names
    c.marks["by_profile"] = w.tcp(T0 + 13.0, "10.0.5.9", 41004, NRF, SBI_PORT, h2_patch(7, "x", 55, False))
    c.marks["unknown"] = w.tcp(T0 + 13.5, "10.0.5.10", 41006, NRF, SBI_PORT, h2_patch(7, "x", 56, False))
    record = bytes.fromhex("1703030020") + bytes(range(32))          # TLS application data
    w.tcp(T0 + 14.0, a_ip, 41010, NRF, 29443, record)
    w.tcp(T0 + 14.1, NRF, 29443, a_ip, 41010, record)
    w.tcp(T0 + 14.2, "10.9.9.9", 50000, "10.9.9.8", 29443, record)
    c.close({"nfs": {"NF-A": a_id, "NF-B": b_id, "NF-J": j_id}})


def h2_problem(sid, status, cause, readable):
    """A response carrying a ProblemDetails body (TS 29.571 §5.2.4.1); readable=False: headers only
    the lost HPACK state could decode, so Wireshark cannot type the body either."""
    body = json.dumps({"title": "overload", "status": status, "cause": cause})
    if readable:
        head = H.headers(sid, [(":status", str(status)), ("content-type", "application/problem+json")], False)
    else:
        head = H.frame(1, 0x4, sid, b"\xbe\xbf")
    return head + H.data(sid, body)


def problems(path):
    c = Capture(path)
    w = c.w
    a_id, a_ip = SBI_NFS["NF-A"][0], SBI_NFS["NF-A"][1]
    pre = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + H.frame(4, 0, 0, b"")
    # NF-A registers readably on its connection: the connection's roles and the NRF are known
    w.tcp(T0 + 1.0, a_ip, 41001, NRF, SBI_PORT, pre + h2_profile(a_id, a_ip, 1, 1))
    w.tcp(T0 + 1.01, NRF, SBI_PORT, a_ip, 41001, H.headers(1, [(":status", "201")], True))
    # a readable 503 ProblemDetails (counted as status_503, not inferred)
    w.tcp(T0 + 4.0, a_ip, 41001, NRF, SBI_PORT, h2_patch(3, a_id, 80, True))
    c.marks["readable_503"] = w.tcp(T0 + 4.01, NRF, SBI_PORT, a_ip, 41001, h2_problem(3, 503, "NF_CONGESTION", True))
    # behind lost HPACK state: on NF-A's connection (named by its readable messages)
    c.marks["by_connection"] = w.tcp(T0 + 5.0, NRF, SBI_PORT, a_ip, 41001,
                                     h2_problem(5, 503, "NF_CONGESTION", False))
    # on a connection set up before the capture, from the NRF's known address
    c.marks["by_address"] = w.tcp(T0 + 6.0, NRF, SBI_PORT, "10.0.5.20", 41020,
                                  h2_problem(7, 429, "NF_CONGESTION_RISK", False))
    # a JSON body that is no ProblemDetails (no status): not recognised
    c.marks["not_problem"] = w.tcp(T0 + 6.5, NRF, SBI_PORT, "10.0.5.20", 41020,
                                   H.frame(1, 0x4, 9, b"\xbe\xbf") + H.data(9, json.dumps({"cause": "x"})))
    # :status lost but content-type a literal: Wireshark decodes the JSON, amfol takes its status
    body = json.dumps({"title": "overload", "status": 503, "cause": "NF_CONGESTION"})
    c.marks["json_typed"] = w.tcp(T0 + 6.7, NRF, SBI_PORT, a_ip, 41001,
                                  H.frame(1, 0x4, 11, b"\xbe" + H.literal("content-type", "application/problem+json"))
                                  + H.data(11, body))
    # between two hosts nothing in the capture names: recognised, not attributed
    c.marks["unknown"] = w.tcp(T0 + 7.0, "10.9.9.7", SBI_PORT, "10.9.9.6", 50001,
                               h2_problem(3, 503, "NF_CONGESTION", False))
    c.close({"nfs": {"NF-A": a_id}})


def N_pcap_vtag(src, dst):
    """The verification tag of a direction of gnb-2's association on both of its paths."""
    from pcap_sctp import crc32c
    names = {GNB["gnb-2"]: "gnb-2", "10.0.2.2": "gnb-2", AMF: "amf", "10.0.0.2": "amf"}
    return crc32c((names[src] + ">" + names[dst]).encode()) or 1


if __name__ == "__main__":
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    midstream(os.path.join(out, "midstream.pcap"))
    reference(os.path.join(out, "episode.pcap"))
    reference(os.path.join(out, "twoprobes.pcap"), copy=True)
    reference(os.path.join(out, "retransmit.pcap"), retransmit=True)
    reference(os.path.join(out, "multihome.pcap"), path_b={GNB["gnb-2"]: "10.0.2.2", AMF: "10.0.0.2"})
    ties(os.path.join(out, "ties.pcap"))
    scp(os.path.join(out, "scp.pcap"))
    problems(os.path.join(out, "problems.pcap"))
