#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_ie_bytes.py: the N2 glue reads the UE NGAP IDs, RRCEstablishmentCause, UEContextRequest,
# Cause, FiveG-S-TMSI, the NR-CGI of UserLocationInformation and the NAS-PDU / NASC IEs from a
# message's ProtocolIE-Container bytes (n2_glue.c read_ies) instead of from primed fields, and
# hands the NAS-PDUs to the NAS glue. Oracle: tshark's own decode of the same frames (-T fields,
# amfol disabled): per NGAP frame, the first RAN-UE-NGAP-ID, AMF-UE-NGAP-ID and
# RRCEstablishmentCause in tree order and the last UEContextRequest; the first ngap.Cause and
# the first value of its group's field; whether ngap.NAS_PDU is there; the last aMFSetID /
# aMFPointer and 5G-TMSI of a FiveG-S-TMSI; the PLMN and NRCellIdentity of the first NR
# UserLocationInformation; the 5GMM message types tshark decoded inside NAS-PDUs, in tree order
# (also those of primed PDU session items, ngap.pDUSessionNAS_PDU) must be what amfol's event
# export says, absent where tshark has no field. The capture: hand-made PDUs (4- and 5-octet IDs,
# extension enum values, UE-NGAP-IDs pair / AMF only / choice extension, NGReset connection lists
# with an unaligned item and an item with IE extensions, NGResetAcknowledge, REROUTE NAS REQUEST
# with its nested InitialUEMessage, a 2-octet length determinant, every Cause group with root and
# extension values, Cause choice-Extensions and an invalid CHOICE index, two 5G-S-TMSIs, an empty
# NAS-PDU, a NASC, NAS-PDU IEs before and after a PDU session list with item NAS-PDUs) and every
# truncation of each, one per frame.
#   check_ie_bytes.py TSHARK_WRAPPER PLUGIN_SO WORKDIR
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import ngap_pdus as N  # noqa: E402
from pcap_sctp import Writer  # noqa: E402
import amfol_taps  # noqa: E402

WRAPPER, PLUGIN, WORK = sys.argv[1:4]
R, I = N.REJECT, N.IGNORE
ie, pdu = N.ie, N.pdu
NAS = bytes([len(N.NAS_REGISTRATION)]) + N.NAS_REGISTRATION


def bits(s):
    s += "0" * (-len(s) % 8)
    return bytes(int(s[i:i + 8], 2) for i in range(0, len(s), 8))


def ium(ran, cause, uectx=None):
    ies = [ie(85, R, ran), ie(38, R, NAS), ie(121, R, N.ULI_NR), ie(90, I, cause)]
    if uectx is not None:
        ies.append(ie(112, I, uectx))
    return pdu(0x00, 15, I, ies)


def pdus():
    out = [
        ium(bytes.fromhex("c012345678"), bytes([9 << 3]), b"\x00"),   # 4-octet RAN id, cause 9
        ium(b"\x00\x07", b"\x80", b"\x80"),        # notAvailable (10), UEContextRequest ext (1)
        ium(b"\x00\x08", b"\x81"),                 # mo-ExceptionData (11)
        ium(b"\x00\x09", b"\xc0\x01\x05"),         # extension index in the long form (15)
        ium(b"\x00\x0a", bytes([13 << 3])),        # root index beyond the root values
        # UE CONTEXT RELEASE COMMAND: pair (5-octet AMF id, 4-octet RAN id), AMF only, choice ext
        pdu(0x00, 41, R, [ie(114, R, b"\x08" + bytes.fromhex("ab12345678") + b"\xc0" + bytes.fromhex("87654321")),
                          ie(15, I, b"\x80")]),
        pdu(0x00, 41, R, [ie(114, R, b"\x48\x01\x02"), ie(15, I, b"\x80")]),
        pdu(0x00, 41, R, [ie(114, R, b"\x80"), ie(10, R, b"\x00\x05")]),
    ]
    ext = bytes.fromhex("0000fff0") + b"\x40\x02\xaa\xbb"           # one unknown IE extension
    items = bytes([0x50, 0x21]) + ext + bits("0000" + "0110" + "000") + b"\x33\x00\x44"
    out += [
        pdu(0x00, 20, R, [ie(15, I, b"\x80"), ie(88, R, b"\x40\x03" + items)]),   # NGReset, 3 items
        pdu(0x00, 20, R, [ie(15, I, b"\x80"), ie(88, R, b"\x00")]),               # reset all
        pdu(0x00, 20, R, [ie(15, I, b"\x80"), ie(88, R, b"\x40\x01" + bits("001000") + b"\x66")]),
        pdu(0x20, 20, R, [ie(111, I, b"\x02" + bits("0110000") + b"\x55\x00\x56" + bits("0100000") + b"\x57")]),
    ]
    nested = ium(b"\x00\x31", bytes([4 << 3]), b"\x00")
    out += [
        pdu(0x00, 36, R, [ie(85, R, b"\x00\x30"), ie(10, R, b"\x00\x77"), ie(42, R, N._len(len(nested)) + nested),
                          ie(3, R, b"\x00\x40")]),
        pdu(0x00, 36, R, [ie(42, R, N._len(len(nested)) + nested), ie(85, R, b"\x00\x30")]),
        pdu(0x00, 46, I, [ie(85, R, b"\x00\x30"), bytes.fromhex("000a0005") + b"\x00\x01"]),  # IE past the end
        pdu(0x00, 4, I, [ie(10, R, b"\x00\x01"), ie(85, R, b"\x00\x02"),
                         ie(38, R, bytes([0x81, 0x90]) + N.NAS_REGISTRATION * 20)]),
    ]
    # Cause: every group, root and extension values (short and long form), choice-Extensions
    # (with a Cause inside its single container), an invalid CHOICE index followed by a Cause
    cause = lambda g, v: bits(format(g, "03b") + "0" + v)
    for g, v, want in ((0, format(20, "06b"), 20), (0, format(44, "06b"), 44), (1, "1", 1), (2, "11", 3),
                       (3, "110", 6), (4, "101", 5)):
        out.append(pdu(0x00, 42, I, [ie(85, R, b"\x00\x11"), ie(15, I, cause(g, v))]))
    out += [
        pdu(0x00, 42, I, [ie(85, R, b"\x00\x12"), ie(15, I, bits("000" + "10" + "000010"))]),   # radio ext 2: 47
        pdu(0x00, 42, I, [ie(15, I, bits("010" + "11") + b"\x01\x05"), ie(85, R, b"\x00\x13")]),  # nas ext, long
        pdu(0x00, 9, I, [ie(15, I, b"\xa0" + ie(15, I, b"\x80")), ie(15, I, cause(1, "0"))]),    # choice-Extensions
        pdu(0x00, 9, I, [ie(15, I, b"\xc0"), ie(15, I, cause(3, "100")), ie(15, I, cause(4, "001"))]),  # index 6
        pdu(0x00, 9, I, [ie(15, I, b"\xe0"), ie(15, I, cause(1, "1"))]),                      # index 7
    ]
    # InitialUEMessage with 5G-S-TMSIs (set 0x155, pointer 0x2a; set 0x0ab, pointer 0x05)
    stmsi = lambda sid, ptr, tmsi: bits("00" + format(sid, "010b") + format(ptr, "06b")) + tmsi.to_bytes(4, "big")
    nas = NAS
    reject = bytes([4]) + bytes.fromhex("7e004416")                    # Registration reject, cause 22
    uli2 = bytes.fromhex("4002f839000000abc002f839000001")                # PLMN 208 93, cell 0xabc, TAC 1
    uli_eutra = bytes.fromhex("0002f8390000010002f839000001")              # the same PLMN, EUTRA
    nasc = bytes([8]) + bytes.fromhex("0102030411220000")                 # S1 mode to N1 mode container
    out += [
        pdu(0x00, 15, I, [ie(85, R, b"\x00\x21"), ie(38, R, nas), ie(121, R, uli2), ie(90, I, b"\x18"),
                          ie(26, R, stmsi(0x155, 0x2a, 0x12345678))]),
        pdu(0x00, 15, I, [ie(85, R, b"\x00\x22"), ie(26, R, stmsi(0x155, 0x2a, 0x12345678)), ie(121, R, uli_eutra),
                          ie(121, R, uli2), ie(26, R, stmsi(0x0ab, 0x05, 0xcafe0001))]),
        # an empty NAS-PDU, a NASC, two NAS-PDUs (the second shadows nothing: every one is read)
        pdu(0x00, 46, I, [ie(10, R, b"\x00\x01"), ie(85, R, b"\x00\x02"), ie(38, R, b"\x00"),
                          ie(37, R, nasc), ie(38, R, reject), ie(38, R, nas)]),
        pdu(0x00, 46, I, [ie(37, R, b"\x00"), ie(85, R, b"\x00\x03")]),
    ]
    # PDU SESSION RESOURCE SETUP REQUEST: a NAS-PDU IE before and after the list whose item has
    # its own pDUSessionNAS-PDU (primed): the NAS messages must reach the engine in tree order
    transfer = b"\x00\x00\x00"
    item = (bits("010") + b"\x05" + reject + bits("000" + "00000001") + bytes([len(transfer)]) + transfer)
    lst = b"\x00" + item
    out += [
        pdu(0x00, 29, R, [ie(10, R, b"\x00\x01"), ie(85, R, b"\x00\x02"), ie(38, R, nas), ie(74, R, lst)]),
        pdu(0x00, 29, R, [ie(10, R, b"\x00\x01"), ie(85, R, b"\x00\x02"), ie(74, R, lst), ie(38, R, nas)]),
        # REROUTE NAS REQUEST: the nested InitialUEMessage's IEs count, its NAS is not a new message
        pdu(0x00, 36, R, [ie(85, R, b"\x00\x30"), ie(42, R, N._len(len(out[-3])) + out[-3])]),
    ]
    # empty IE values: Wireshark dissects none of them and reads on
    out += [
        pdu(0x00, 42, I, [ie(15, I, b""), ie(85, R, b"\x00\x05")]),
        pdu(0x00, 42, I, [ie(85, R, b""), ie(10, R, b"\x00\x06")]),
        pdu(0x00, 15, I, [ie(26, I, b""), ie(121, R, b""), ie(38, R, b""), ie(85, R, b"\x00\x08")]),
    ]
    # Cause extension value in more than 4 octets
    out.append(pdu(0x00, 42, I, [ie(15, I, bits("000" + "11") + b"\x05\x00\x00\x00\x00\x01"), ie(85, R, b"\x00\x14")]))
    # TimeToWait (root, extension; the last counts), RelativeAMFCapacity (the last counts),
    # TrafficLoadReductionIndication (1, 99 and the 7-bit value beyond the range)
    out += [
        pdu(0x40, 21, R, [ie(15, I, b"\x80"), ie(107, I, bytes([5 << 4]))]),
        pdu(0x40, 21, R, [ie(107, I, bytes([2 << 4])), ie(107, I, bits("10" + "000001")), ie(15, I, b"\x80")]),
        pdu(0x00, 0, R, [ie(86, I, b"\x07"), ie(86, I, b"\xfe")]),
        pdu(0x00, 22, I, [ie(9, I, bytes([0 << 1])), ie(2, R, b"\x20")]),
        # (an OverloadResponse with 7 octets after it once gave the event a 5G-S-TMSI of them)
        pdu(0x00, 22, I, [ie(2, R, b"\x20"), ie(9, I, bytes([4 << 1])), ie(85, R, b"\x00\x01")]),
        pdu(0x00, 22, I, [ie(9, I, bytes([98 << 1])), ie(2, R, b"\x20")]),
        pdu(0x00, 22, I, [ie(9, I, bytes([127 << 1]))]),
    ]
    # INITIAL UE MESSAGE after a reroute: AMFSetID (id 3), SourceToTarget-AMFInformationReroute
    # (id 171), also empty
    out += [
        pdu(0x00, 15, I, [ie(85, R, b"\x00\x41"), ie(3, R, b"\x00\x40")]),
        pdu(0x00, 15, I, [ie(85, R, b"\x00\x42"), ie(171, I, b"\x00")]),
        pdu(0x00, 15, I, [ie(85, R, b"\x00\x43"), ie(171, I, b""), ie(3, R, b"")]),
        pdu(0x00, 15, I, [ie(85, R, b"\x00\x44"), ie(3, R, b"\xff")]),
    ]
    return out


def run(*args):
    return amfol_taps.tshark_text(WRAPPER, PLUGIN, *args)


GROUPS = ["ngap.radioNetwork", "ngap.transport", "ngap.nas", "ngap.protocol", "ngap.misc"]
COLUMNS = ["frame.number", "ngap.RAN_UE_NGAP_ID", "ngap.AMF_UE_NGAP_ID", "ngap.RRCEstablishmentCause",
           "ngap.UEContextRequest", "ngap.Cause"] + GROUPS + [
           "ngap.NAS_PDU", "ngap.aMFSetID", "ngap.aMFPointer", "ngap.fiveG_TMSI",
           "ngap.userLocationInformationNR_element", "ngap.userLocationInformationEUTRA_element", "ngap.pLMNIdentity", "ngap.NRCellIdentity",
           "ngap.procedureCode", "nas_5gs.mm.message_type",
           "ngap.TimeToWait", "ngap.RelativeAMFCapacity", "ngap.TrafficLoadReductionIndication", "ngap.AMFSetID",
           "ngap.SourceToTarget_AMFInformationReroute_element"]


def tbcd_plmn(hexs):
    """amfol's PLMN digits (MCC then MNC, the filler F dropped) of a 3-octet TBCD PLMN."""
    b = bytes.fromhex(hexs.replace(":", ""))
    d = [b[0] & 15, b[0] >> 4, b[1] & 15, b[2] & 15, b[2] >> 4, b[1] >> 4]
    return "".join("%d" % x for x in d if x != 15)


def oracle_row(f):
    """The values amfol must export for one frame of tshark's -T fields output."""
    col = dict(zip(COLUMNS[1:], [x.split(",") if x else [] for x in f]))
    first = lambda k: int(col[k][0], 0) if col[k] else None
    ids = [first("ngap.RAN_UE_NGAP_ID"), first("ngap.AMF_UE_NGAP_ID"), first("ngap.RRCEstablishmentCause"),
           int(col["ngap.UEContextRequest"][-1]) if col["ngap.UEContextRequest"] else None]
    group = first("ngap.Cause")
    value = first(GROUPS[group]) if group is not None and group < 5 else None
    bits16 = lambda k, shift: int(col[k][-1].replace(":", ""), 16) >> shift if col[k] else 0
    stmsi = [1 if col["ngap.fiveG_TMSI"] else 0, bits16("ngap.aMFSetID", 6), bits16("ngap.aMFPointer", 2),
             int(col["ngap.fiveG_TMSI"][-1], 0) if col["ngap.fiveG_TMSI"] else 0]
    # A FiveG-S-TMSI cut before its 5G-TMSI: Wireshark shows the AMF Set ID and Pointer of whatever
    # bits are there (also of 2 octets, the missing bits as 0); amfol keeps them from 3 octets on,
    # as the primed field reading did. Not compared then (None on both sides).
    if len(col["ngap.aMFSetID"]) != len(col["ngap.fiveG_TMSI"]):
        stmsi[1] = stmsi[2] = None
    uli = [0, "", 0]
    eutra = 2 * len(col["ngap.userLocationInformationEUTRA_element"])    # their CGI and TAI PLMNs come first
    if col["ngap.userLocationInformationNR_element"] and len(col["ngap.pLMNIdentity"]) > eutra:
        uli[1] = tbcd_plmn(col["ngap.pLMNIdentity"][eutra])
        if col["ngap.NRCellIdentity"]:
            uli = [1 if uli[1] else 0, uli[1], int(col["ngap.NRCellIdentity"][0], 0)]
    # the NAS glue does not read the NAS-PDUs of NAS NON DELIVERY INDICATION and REROUTE NAS REQUEST
    proc = first("ngap.procedureCode")
    mm = [] if proc in (19, 36) else [int(x, 0) for x in col["nas_5gs.mm.message_type"]]
    last = lambda k: int(col[k][-1], 0) if col[k] else None
    more = [last("ngap.TimeToWait"), last("ngap.RelativeAMFCapacity"), last("ngap.TrafficLoadReductionIndication"),
            1 if col["ngap.AMFSetID"] or col["ngap.SourceToTarget_AMFInformationReroute_element"] else 0]
    return ids + [group, value, 1 if col["ngap.NAS_PDU"] else 0] + stmsi + uli + [mm] + more


def main():
    os.makedirs(WORK, exist_ok=True)
    cap = os.path.join(WORK, "ie-bytes.pcap")
    w = Writer(cap)
    t = 1767225600.0
    for p in pdus():
        for n in range(1, len(p) + 1):
            t += 0.001
            w.sctp(t, "10.0.0.2", "10.0.0.1", [p[:n]])
    w.close()
    oracle = {}                        # frame -> oracle_row
    args = ["-r", cap, "--disable-protocol", "amfol", "-T", "fields", "-E", "occurrence=a"]
    for c in COLUMNS:
        args += ["-e", c]
    for line in run(*args).splitlines():
        f = line.split("\t")
        oracle[int(f[0])] = oracle_row(f[1:])
    events = {}                        # frame -> the same, from the frame's NGAP and NAS events
    frame = None
    for line in run("-r", cap, "-q", "-z", "amfol,events").splitlines():
        e = json.loads(line)
        if e.get("t") == "frame":
            frame = e["frame"]
        elif e.get("t") == "ngap":
            c, st, cgi = e.get("cause", {}), e.get("s_tmsi", {}), e.get("nr_cgi", {})
            events[frame] = [e.get("ran_ue_id"), e.get("amf_ue_id"), e.get("rrc_cause"), e.get("ue_context_request"),
                             c.get("group"), c.get("value"), int(e.get("has_nas", 0)), int(e.get("has_s_tmsi", 0)),
                             st.get("set_id", 0), st.get("pointer", 0), st.get("tmsi", 0), int(e.get("has_nr_cgi", 0)),
                             cgi.get("plmn", ""), cgi.get("cell_id", 0), [], e.get("time_to_wait"),
                             e.get("relative_amf_capacity"), e.get("reduction_pct"), int(e.get("rerouted", 0))]
        elif e.get("t") == "nas" and frame in events:
            events[frame][14].append(e.get("mm_type"))
    fails = 0
    if len(events) < 1800:
        print("FAIL: only %d NGAP events from amfol" % len(events))
        fails += 1
    names = ("RAN, AMF, RRC cause, UEContextRequest, cause group, cause value, has_nas, has_s_tmsi, set, "
             "pointer, tmsi, has_nr_cgi, plmn, cell, NAS 5GMM types, TimeToWait, RelativeAMFCapacity, "
             "TrafficLoadReductionIndication, rerouted")
    for frame in sorted(events):
        o, e = oracle.get(frame), events[frame]
        if o and o[8] is None:
            e[8] = e[9] = None
        if o != e:
            print("FAIL: frame %d: tshark %s, amfol %s (%s)" % (frame, o, e, names))
            fails += 1
    empty = [None] * 6 + [0] * 5 + [0, "", 0, []] + [None] * 3 + [0]
    for frame in sorted(set(oracle) - set(events)):
        if oracle[frame] != empty:
            print("FAIL: frame %d: tshark %s, no NGAP event from amfol" % (frame, oracle[frame]))
            fails += 1
    values = {repr(o[:4]) for o in oracle.values()}
    for want in ([305419896, None, 9, 0], [7, None, 10, 1], [8, None, 11, None], [9, None, 15, None],
                 [2271560481, 734744827512, None, None], [None, 258, None, None], [68, 33, None, None],
                 [86, 85, None, None], [48, 119, 4, 0], [49, None, 4, 0], [None, 6, None, None],
                 [8, None, None, None]):
        if repr(want) not in values:
            print("FAIL: the capture no longer shows %s in tshark's decode" % want)
            fails += 1
    # and the new reads: every Cause group, an extension value, choice-Extensions, a 5G-S-TMSI
    # overwritten by a later one, an NR-CGI, the NAS messages in tree order around a session item
    seen = {repr(o[4:15]) for o in oracle.values()}
    for want in ([0, 20, 0, 0, 0, 0, 0, 0, "", 0, []], [0, 44, 0, 0, 0, 0, 0, 0, "", 0, []],
                 [1, 1, 0, 0, 0, 0, 0, 0, "", 0, []], [2, 3, 0, 0, 0, 0, 0, 0, "", 0, []],
                 [3, 6, 0, 0, 0, 0, 0, 0, "", 0, []], [4, 5, 0, 0, 0, 0, 0, 0, "", 0, []],
                 [0, 47, 0, 0, 0, 0, 0, 0, "", 0, []], [2, 9, 0, 0, 0, 0, 0, 0, "", 0, []],
                 [5, None, 0, 0, 0, 0, 0, 0, "", 0, []],
                 [None, None, 1, 1, 0x155, 0x2a, 0x12345678, 1, "20893", 0xabc, [0x41]],
                 [None, None, 0, 1, 0x0ab, 0x05, 0xcafe0001, 1, "20893", 0xabc, []],
                 [None, None, 1, 0, 0, 0, 0, 0, "", 0, [0x44, 0x41]],
                 [None, None, 1, 0, 0, 0, 0, 0, "", 0, [0x41, 0x44]]):
        if repr(want) not in seen:
            print("FAIL: the capture no longer shows %s in tshark's decode" % want)
            fails += 1
    seen = {repr(o[15:]) for o in oracle.values()}
    for want in ([5, None, None, 0], [7, None, None, 0], [None, 254, None, 0], [None, None, 1, 0],
                 [None, None, 99, 0], [None, None, 128, 0], [None, None, None, 1]):
        if repr(want) not in seen:
            print("FAIL: the capture no longer shows %s in tshark's decode" % want)
            fails += 1
    print("%d NGAP events compared with the tshark decode of %d frames, %d failures" % (len(events), len(oracle), fails))
    sys.exit(1 if fails else 0)


main()
