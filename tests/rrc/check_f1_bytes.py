#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_f1_bytes.py: the radio glue reads the F1AP UE IDs, SRB ID, C-RNTI and NR CGI of an F1AP PDU
# that carries an RRC message from the PDU's aligned-PER bytes (rrc_glue.c f1_read) instead of from
# primed f1ap.* fields. Oracle: tshark's own decode of the same frames (-T pdml, amfol disabled):
# per frame, in tree order, the first f1ap.GNB_DU_UE_F1AP_ID or f1ap.gNB_DU_UE_F1AP_ID, the first
# f1ap.GNB_CU_UE_F1AP_ID or f1ap.gNB_CU_UE_F1AP_ID, the first f1ap.SRBID and f1ap.C_RNTI, the first
# f1ap.nRCellIdentity and the first f1ap.pLMN_Identity with valid digits (the NR CGI when both
# are there) must be what amfol's RRC event says, absent where tshark has none. The capture:
# hand-made INITIAL UL / DL RRC MESSAGE TRANSFERs (UL-CCCH RRCSetupRequest, DL-CCCH RRCReject) and
# UE CONTEXT SETUP / MODIFICATION REQUEST and RELEASE COMMAND (PDCP, DL-DCCH RRCRelease) with 1-
# and 4-octet IDs, extended SRB IDs and C-RNTIs (sign-extended, and too long: Wireshark throws),
# old/new/confirmed DU IDs, IDs nested in UE-associatedLogicalF1-ConnectionItem and
# Dedicated-SIDelivery-NeededUE-Item, NRCGIs with invalid PLMN digits, iE-Extensions and
# extension additions, targetCellsToCancel, ConditionalIntraDUMobilityInformation,
# requestedTargetCellGlobalID, SpCell-ID, the SCell / candidate / potential SpCell lists, empty
# values, a 2-octet length determinant; every truncation of each, one per frame; two PDUs in one
# packet (bundled DATA chunks), every truncation of the first, to check that each PDU is read
# within its chunk; and each IE value cut short by its length determinant with the IEs after it
# whole (where Wireshark's exception ends the message).
#   check_f1_bytes.py TSHARK_WRAPPER PLUGIN_SO WORKDIR
import json
import os
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "n2"))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from ngap_pdus import ie, pdu, _len  # noqa: E402  (F1AP's PDU and IE layout is NGAP's)
from pcap_sctp import Writer  # noqa: E402
import amfol_taps  # noqa: E402

WRAPPER, PLUGIN, WORK = sys.argv[1:4]
R, I = 0x00, 0x40
INITIAL_UL, DL = 11, 12
UL_CCCH_SETUP_REQUEST = bytes([6]) + bytes.fromhex("100000000026")   # RRCContainer (3gpp-facts §7)
DL_CCCH_REJECT = bytes([2]) + bytes.fromhex("0920")                   # waitTime 10 s
# PDCP (SRB: 2-octet header, MAC-I) around a DL-DCCH RRCRelease (c1 index 2, no optional IEs)
DL_DCCH_RELEASE = bytes([8]) + bytes.fromhex("0000" "1000" "00000000")
UE_CONTEXT_SETUP, UE_CONTEXT_RELEASE, UE_CONTEXT_MODIFICATION = 5, 6, 7


class Bits:
    def __init__(self):
        self.bits = ""

    def put(self, v, n):
        self.bits += format(v, "0%db" % n) if n else ""
        return self

    def align(self):
        self.bits += "0" * (-len(self.bits) % 8)
        return self

    def raw(self, b):
        self.align()
        self.bits += "".join(format(x, "08b") for x in b)
        return self

    def done(self):
        self.align()
        return bytes(int(self.bits[i:i + 8], 2) for i in range(0, len(self.bits), 8))


def ue_id(v, n=None):
    """INTEGER (0..4294967295): 2 bits octet count - 1, then the octets, aligned."""
    n = n or max(1, (v.bit_length() + 7) // 8)
    return bytes([(n - 1) << 6]) + v.to_bytes(n, "big")


def put_ue_id(b, v):
    n = max(1, (v.bit_length() + 7) // 8)
    return b.put(n - 1, 2).raw(v.to_bytes(n, "big"))


def put_nrcgi(b, plmn, cell, ext=False, ie_ext=False):
    """NRCGI: extension bit, iE-Extensions bit, PLMN (3 octets), NRCellIdentity (36 bits), aligned."""
    b.put(int(ext), 1).put(int(ie_ext), 1).raw(bytes.fromhex(plmn))
    b.put(cell, 36)
    if ie_ext:       # one unknown extension: count - 1 (2 octets), id, criticality, open type
        b.raw(b"\x00\x00" + (999).to_bytes(2, "big")).put(1, 2).raw(_len(2) + b"\xaa\xbb")
    if ext:          # extension additions: count - 1 = 1 (normally small), bitmap 10, one open type
        b.put(0, 1).put(1, 6).put(2, 2).raw(_len(1) + b"\x55")
    return b


def nrcgi(plmn, cell, **kw):
    return put_nrcgi(Bits(), plmn, cell, **kw).done()


def ul(ies):
    return pdu(0x00, INITIAL_UL, I, [ie(50, R, UL_CCCH_SETUP_REQUEST)] + ies)


def dl(ies, srb=b"\x00"):
    # the SRB ID comes first: Wireshark picks the RRC container's channel from it
    return pdu(0x00, DL, I, [ie(64, R, srb), ie(50, I, DL_CCCH_REJECT)] + ies)


def put_cancel_list(b, cells):
    """TargetCellList: count - 1 (3 bits), per item 2 preamble bits and the NRCGI."""
    b.put(len(cells) - 1, 3)
    for plmn, cell in cells:
        put_nrcgi(b.put(0, 2), plmn, cell)
    return b


def cancel_list(cells):
    return put_cancel_list(Bits(), cells).done()


def cond_intra_du(cells):
    """ConditionalIntraDUMobilityInformation: preamble (targetCellsTocancel present), cHO-trigger
    cho-replace (extension bit, 2 bits), the TargetCellList."""
    return put_cancel_list(Bits().put(0b010, 3).put(0, 1).put(1, 2), cells).done()


def single(item_id, value):
    """ProtocolIE-SingleContainer: id, criticality, open type."""
    return ie(item_id, R, value)


def cell_item(plmn, cell, pre_bits=2, ul_configured=False):
    """SCell / candidate / potential SpCell item: preamble, NRCGI (then, for the 3-bit SCell
    setup items, sCellIndex and sCellULConfigured)."""
    b = Bits()
    if pre_bits == 2:
        b.put(0, 2)
    else:
        b.put(0, 1).put(int(ul_configured), 1).put(0, 1)
    put_nrcgi(b, plmn, cell)
    if pre_bits == 3:
        b.put(0, 1).put(5, 5)                       # sCellIndex 5
        if ul_configured:
            b.put(0, 1).put(1, 2)                   # ul
    return b.done()


def cell_list(count_bits, lb, item_id, items):
    body = Bits().put(len(items) - lb, count_bits).done()
    return body + b"".join(single(item_id, v) for v in items)


def pdus():
    conn_both = Bits().put(0, 1).put(0b111, 3)
    put_ue_id(conn_both, 70000)
    put_ue_id(conn_both, 77).raw(b"\x00\x00" + (998).to_bytes(2, "big")).put(1, 2).raw(_len(1) + b"\x01")
    si_ue = Bits().put(1, 1).put(0, 1)
    put_ue_id(si_ue, 4242)
    put_nrcgi(si_ue, "13f254", 0x987654321).put(0, 1).put(0, 6).put(1, 1).raw(_len(2) + b"\x01\x02")
    cancel = Bits().put(1, 3)                         # 2 items
    put_nrcgi(cancel.put(0, 1).put(0, 1), "ffffff", 0x111111111)          # invalid PLMN digits
    put_nrcgi(cancel.put(0, 1).put(0, 1), "02f839", 0x222222222)
    return [
        # 4-octet DU ID, NRCGI with invalid digits then a valid one, C-RNTI, a second DU ID
        ul([ie(41, R, ue_id(0x12345678)), ie(111, R, nrcgi("abcdef", 0x123456789)),
            ie(95, R, b"\x00\x9e\xb8"), ie(111, R, nrcgi("00f110", 0xfedcba987)), ie(41, R, ue_id(7))]),
        # extended C-RNTI (sign-extended), NRCGI with iE-Extensions and extension additions
        ul([ie(95, R, b"\x80\x01\x85"), ie(41, R, ue_id(3, 2)),
            ie(111, R, nrcgi("21f354", 0x000000101, ext=True, ie_ext=True)), ie(95, R, b"\x00\x00\x01")]),
        # too long extended C-RNTI: Wireshark throws, nothing after it
        ul([ie(95, R, b"\x80\x05\x01\x02\x03\x04\x05"), ie(41, R, ue_id(9))]),
        # CU + old DU + DU, extended SRB ID, new CU ID, targetCellsToCancel, requestedTargetCell
        dl([ie(40, R, ue_id(65536)), ie(47, R, ue_id(3)), ie(41, R, ue_id(4)), ie(217, R, ue_id(5)),
            ie(375, R, cancel.done()), ie(376, R, nrcgi("00f110", 0x000000202))], srb=b"\x80\x01\x00"),
        # nested lower-case IDs: ConnectionItem (DU only, then both with iE-Extensions),
        # Dedicated-SIDelivery-NeededUE-Item (CU and NRCGI, extension additions), SpCell-ID
        dl([ie(80, I, Bits().put(0, 1).put(0b010, 3).put(0, 2).raw(b"\x2a").done()),
            ie(80, I, conn_both.done()), ie(190, I, si_ue.done()), ie(63, R, nrcgi("00f110", 0x303))]),
        # confirmed / new DU IDs, a large unknown IE first (2-octet length determinant), C-RNTI
        dl([ie(999, I, bytes(300)), ie(156, R, ue_id(0xabcdef)), ie(219, R, ue_id(11)), ie(40, R, ue_id(12)),
            ie(95, R, b"\x00\x12\x34"), ie(63, R, nrcgi("00f110", 0x404))]),
        # no SRB ID before the container (not DL-CCCH: no RRC message), then a plain SRB 1 frame
        pdu(0x00, DL, I, [ie(50, I, DL_CCCH_REJECT), ie(64, R, b"\x00"), ie(40, R, ue_id(1))]),
        # UE CONTEXT MODIFICATION REQUEST without SpCell-ID (RRC over PDCP first): the NR CGI from
        # SCell-ToBeSetupMod-List (invalid digits, then valid), SCell-ToBeRemoved-List,
        # ConditionalIntraDUMobilityInformation with its target cells, a Candidate-SpCell-List
        pdu(0x00, UE_CONTEXT_MODIFICATION, R, [
            ie(50, I, DL_DCCH_RELEASE), ie(40, R, ue_id(21)), ie(41, R, ue_id(22)),
            ie(56, R, cell_list(5, 1, 55, [cell_item("99f9ff", 0xaaaaaaaaa, 3, True),
                                           cell_item("00f110", 0xbbbbbbbbb, 3)])),
            ie(52, R, cell_list(5, 1, 51, [cell_item("02f839", 0xccccccccc)])),
            ie(374, R, cond_intra_du([("13f254", 0xddddddddd), ("ffffff", 0x1)])),
            ie(90, R, cell_list(6, 1, 91, [cell_item("21f354", 0xeeeeeeeee)])), ie(95, R, b"\x00\x00\x07")]),
        # UE CONTEXT SETUP REQUEST: SpCell-ID with invalid digits, Candidate-SpCell-List,
        # SCell-ToBeSetup-List, an empty and a 2-item Potential-SpCell-List
        pdu(0x00, UE_CONTEXT_SETUP, R, [
            ie(50, I, DL_DCCH_RELEASE), ie(40, R, ue_id(31)), ie(63, R, nrcgi("ab0cde", 0x111)),
            ie(92, R, cell_list(7, 0, 93, [])),
            ie(92, R, cell_list(7, 0, 93, [cell_item("62f220", 0x222), cell_item("00f110", 0x333)])),
            ie(90, R, cell_list(6, 1, 91, [cell_item("02f839", 0x444)])),
            ie(54, R, cell_list(5, 1, 53, [cell_item("00f110", 0x555, 3, True)])), ie(41, R, ue_id(32))]),
        # UE CONTEXT RELEASE COMMAND, SRB 1 (PDCP): targetCellsToCancel, old DU ID
        pdu(0x00, UE_CONTEXT_RELEASE, R, [
            ie(40, R, ue_id(41)), ie(64, R, b"\x40"), ie(50, I, DL_DCCH_RELEASE),
            ie(375, R, cancel_list([("00f110", 0x666), ("02f839", 0x777)])), ie(47, R, ue_id(42))]),
        # an empty IE value and an empty list item (declared length 0): not dissected, the next
        # ones are
        pdu(0x00, UE_CONTEXT_MODIFICATION, R, [
            ie(50, I, DL_DCCH_RELEASE), ie(41, R, b""), ie(40, R, ue_id(51)),
            ie(90, R, cell_list(6, 1, 91, [b"", cell_item("00f110", 0x888)])), ie(41, R, ue_id(52))]),
    ]


def split_ies(p):
    """A PDU built by pdu() back into its header and (id, criticality, value) IEs."""
    def length(b, at):
        return (b[at], at + 1) if b[at] < 128 else (((b[at] & 0x3f) << 8) | b[at + 1], at + 2)
    _, at = length(p, 3)
    n, at = int.from_bytes(p[at + 1:at + 3], "big"), at + 3
    ies = []
    for _ in range(n):
        ie_id, crit = int.from_bytes(p[at:at + 2], "big"), p[at + 2]
        size, at = length(p, at + 3)
        ies.append((ie_id, crit, p[at:at + size]))
        at += size
    return p[0], p[1], p[2], ies


def cut_variants(p):
    """p with one IE value (not the RRC container) cut short by 1, 2, ... octets and its length
    determinant saying so, the IEs after it whole: an exception inside that IE ends Wireshark's
    message there, the IEs after it are not dissected."""
    kind, proc, crit, ies = split_ies(p)
    assert pdu(kind, proc, crit, [ie(i, c, v) for i, c, v in ies]) == p
    out = []
    for k, (ie_id, c, v) in enumerate(ies):
        if ie_id == 50:
            continue
        for n in range(len(v)):
            cut = [ie(i, cc, vv) for i, cc, vv in ies[:k]] + [ie(ie_id, c, v[:n])] + \
                  [ie(i, cc, vv) for i, cc, vv in ies[k + 1:]]
            out.append(pdu(kind, proc, crit, cut))
    return out


def run(*args):
    return amfol_taps.tshark_text(WRAPPER, PLUGIN, *args)


def plmn_digits(b):
    d = [b[0] & 15, b[0] >> 4, b[1] & 15, b[2] & 15, b[2] >> 4, b[1] >> 4]
    out = ""
    for i, x in enumerate(d):
        if x == 15 and i == 5:
            break
        if x > 9:
            return None
        out += str(x)
    return out


def oracle_of(pdml):
    """frame -> [(has an RRC message, {key: value} of the first occurrences in tree order)], one
    per F1AP PDU."""
    out = {}
    frame = 0
    for _, pkt in ET.iterparse(pdml):
        if pkt.tag != "packet":
            continue
        frame += 1
        out[frame] = [pdu_oracle(p) for p in pkt.iter("proto") if p.get("name") == "f1ap"]
        pkt.clear()
    return out


def pdu_oracle(proto):
    o, cell, plmn, rrc = {}, None, None, False
    for f in proto.iter("field"):
        name = f.get("name")
        if name in ("f1ap.GNB_DU_UE_F1AP_ID", "f1ap.gNB_DU_UE_F1AP_ID"):
            o.setdefault("du_ue_id", int(f.get("show")))
        elif name in ("f1ap.GNB_CU_UE_F1AP_ID", "f1ap.gNB_CU_UE_F1AP_ID"):
            o.setdefault("cu_ue_id", int(f.get("show")))
        elif name == "f1ap.SRBID":
            o.setdefault("srb_id", int(f.get("show")))
        elif name == "f1ap.C_RNTI":
            o.setdefault("c_rnti", int(f.get("show")))
        elif name == "f1ap.nRCellIdentity" and cell is None:
            cell = int(f.get("value")[:10], 16) >> 4
        elif name == "f1ap.pLMN_Identity" and plmn is None:
            plmn = plmn_digits(bytes.fromhex(f.get("value")))
        elif name in ("nr-rrc.rrcSetupRequest_element", "nr-rrc.rrcReject_element", "nr-rrc.rrcRelease_element"):
            rrc = True
    if cell is not None and plmn is not None:
        o["nr_cgi"] = {"plmn": plmn, "cell_id": cell}
    return rrc, o


def main():
    os.makedirs(WORK, exist_ok=True)
    cap = os.path.join(WORK, "f1-bytes.pcap")
    w = Writer(cap)
    t = 1767225600.0
    ps = pdus()
    for p in ps:
        for n in range(1, len(p) + 1):
            t += 0.001
            w.sctp(t, "10.0.2.1", "10.0.1.1", [p[:n]], ppid=62, port=38472)
    first, second = ps[0], ps[4]
    for n in range(1, len(first) + 1):
        t += 0.001
        w.sctp(t, "10.0.2.1", "10.0.1.1", [first[:n], second], ppid=62, port=38472)
    for k in (0, 1, 3, 4, 7, 8, 9, 10):
        for p in cut_variants(ps[k]):
            t += 0.001
            w.sctp(t, "10.0.2.1", "10.0.1.1", [p], ppid=62, port=38472)
    w.close()
    pdml = os.path.join(WORK, "f1-bytes.pdml")
    with open(pdml, "w") as f:
        f.write(run("-r", cap, "--disable-protocol", "amfol", "-T", "pdml", "-J", "f1ap"))
    oracle = oracle_of(pdml)
    events = {}                        # frame -> [the RRC events' F1AP values]
    frame = None
    keys = ("du_ue_id", "cu_ue_id", "srb_id", "c_rnti", "nr_cgi")
    for line in run("-r", cap, "-q", "-z", "amfol,events").splitlines():
        e = json.loads(line)
        if e.get("t") == "frame":
            frame = e["frame"]
        elif e.get("t") == "rrc":
            events.setdefault(frame, []).append({k: e[k] for k in keys if k in e})
    fails = 0
    with_rrc = [f for f in oracle if any(rrc for rrc, o in oracle[f])]
    if len(oracle) < 1450 or len(with_rrc) < 1200:
        print("FAIL: only %d frames, %d with an RRC message in tshark's decode" % (len(oracle), len(with_rrc)))
        fails += 1
    for frame in sorted(oracle):
        got = events.get(frame, [])
        want = [o for rrc, o in oracle[frame] if rrc]
        if got != want:
            print("FAIL: frame %d: tshark %s, amfol %s" % (frame, want, got))
            fails += 1
    seen = {json.dumps(o, sort_keys=True) for pdus_of in oracle.values() for rrc, o in pdus_of if rrc}
    digits = lambda h: plmn_digits(bytes.fromhex(h))  # noqa: E731
    for want in ({"du_ue_id": 0x12345678, "c_rnti": 0x9eb8, "nr_cgi": {"plmn": digits("00f110"), "cell_id": 0x123456789}},
                 {"du_ue_id": 3, "c_rnti": 4294967173, "nr_cgi": {"plmn": digits("21f354"), "cell_id": 0x101}},
                 {"srb_id": 0, "cu_ue_id": 65536, "du_ue_id": 3, "nr_cgi": {"plmn": digits("02f839"), "cell_id": 0x111111111}},
                 {"srb_id": 0, "du_ue_id": 42, "cu_ue_id": 70000, "nr_cgi": {"plmn": digits("13f254"), "cell_id": 0x987654321}},
                 {"srb_id": 0, "du_ue_id": 0xabcdef, "cu_ue_id": 12, "c_rnti": 0x1234,
                  "nr_cgi": {"plmn": digits("00f110"), "cell_id": 0x404}},
                 {"cu_ue_id": 21, "du_ue_id": 22, "c_rnti": 7, "nr_cgi": {"plmn": digits("00f110"), "cell_id": 0xaaaaaaaaa}},
                 {"cu_ue_id": 31, "du_ue_id": 32, "nr_cgi": {"plmn": digits("62f220"), "cell_id": 0x111}},
                 {"cu_ue_id": 41, "srb_id": 2, "du_ue_id": 42, "nr_cgi": {"plmn": digits("00f110"), "cell_id": 0x666}},
                 {"cu_ue_id": 51, "du_ue_id": 52, "nr_cgi": {"plmn": digits("00f110"), "cell_id": 0x888}}):
        if json.dumps(want, sort_keys=True) not in seen:
            print("FAIL: the capture no longer shows %s in tshark's decode" % want)
            fails += 1
    print("%d frames with RRC compared with the tshark decode of %d frames, %d failures"
          % (len(with_rrc), len(oracle), fails))
    sys.exit(1 if fails else 0)


main()
