#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_ie_bytes.py: the N2 glue reads the UE NGAP IDs, RRCEstablishmentCause and
# UEContextRequest from a message's ProtocolIE-Container bytes (n2_glue.c read_ies) instead of
# from primed fields. Oracle: tshark's own decode of the same frames (-T fields, amfol disabled):
# per NGAP frame, the first RAN-UE-NGAP-ID, AMF-UE-NGAP-ID and RRCEstablishmentCause in tree order
# and the last UEContextRequest must be what amfol's event export says, absent where tshark has
# no field. The capture: hand-made PDUs (4- and 5-octet IDs, extension enum values, UE-NGAP-IDs
# pair / AMF only / choice extension, NGReset connection lists with an unaligned item and an
# item with IE extensions, NGResetAcknowledge, REROUTE NAS REQUEST with its nested
# InitialUEMessage, a 2-octet length determinant) and every truncation of each, one per frame.
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
    return out


def run(*args):
    return amfol_taps.tshark_text(WRAPPER, PLUGIN, *args)


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
    oracle = {}                        # frame -> [RAN, AMF, cause, UEContextRequest]
    for line in run("-r", cap, "--disable-protocol", "amfol", "-T", "fields", "-E", "occurrence=a",
                    "-e", "frame.number", "-e", "ngap.RAN_UE_NGAP_ID", "-e", "ngap.AMF_UE_NGAP_ID",
                    "-e", "ngap.RRCEstablishmentCause", "-e", "ngap.UEContextRequest").splitlines():
        f = line.split("\t")
        first = [int(x.split(",")[0]) if x else None for x in f[1:4]]
        last = int(f[4].split(",")[-1]) if f[4] else None
        oracle[int(f[0])] = first + [last]
    events = {}                        # frame -> the same, from the frame's NGAP event
    frame = None
    for line in run("-r", cap, "-q", "-z", "amfol,events").splitlines():
        e = json.loads(line)
        if e.get("t") == "frame":
            frame = e["frame"]
        elif e.get("t") == "ngap":
            events[frame] = [e.get("ran_ue_id"), e.get("amf_ue_id"), e.get("rrc_cause"), e.get("ue_context_request")]
    fails = 0
    if len(events) < 1000:
        print("FAIL: only %d NGAP events from amfol" % len(events))
        fails += 1
    for frame in sorted(events):
        o, e = oracle.get(frame), events[frame]
        if o != e:
            print("FAIL: frame %d: tshark %s, amfol %s (RAN, AMF, RRC cause, UEContextRequest)" % (frame, o, e))
            fails += 1
    for frame in sorted(set(oracle) - set(events)):
        if oracle[frame] != [None] * 4:
            print("FAIL: frame %d: tshark %s, no NGAP event from amfol" % (frame, oracle[frame]))
            fails += 1
    values = {tuple(o) for o in oracle.values()}
    for want in ([305419896, None, 9, 0], [7, None, 10, 1], [8, None, 11, None], [9, None, 15, None],
                 [2271560481, 734744827512, None, None], [None, 258, None, None], [68, 33, None, None],
                 [86, 85, None, None], [48, 119, 4, 0], [49, None, 4, 0]):
        if tuple(want) not in values:
            print("FAIL: the capture no longer shows %s in tshark's decode" % want)
            fails += 1
    print("%d NGAP events compared with the tshark decode of %d frames, %d failures" % (len(events), len(oracle), fails))
    sys.exit(1 if fails else 0)


main()
