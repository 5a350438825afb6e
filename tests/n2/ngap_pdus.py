# SPDX-License-Identifier: GPL-2.0-or-later
# ngap_pdus.py: the few NGAP PDUs the N2 end-to-end tests need, as aligned-PER bytes. Built from
# the verified vectors of shared/reference/3gpp-facts.md §7 and a real NG Setup (sandbox_n2.pcap);
# each builder only varies fields whose encoding those vectors pin down.

REJECT, IGNORE = 0x00, 0x40


def _len(n):
    """APER length determinant for an open type (< 16384)."""
    return bytes([n]) if n < 128 else bytes([0x80 | (n >> 8), n & 0xFF])


def ie(ie_id, crit, value):
    return ie_id.to_bytes(2, "big") + bytes([crit]) + _len(len(value)) + value


def pdu(kind, proc, crit, ies):
    """kind: 0x00 initiating, 0x20 successful, 0x40 unsuccessful."""
    body = b"\x00" + len(ies).to_bytes(2, "big") + b"".join(ies)
    return bytes([kind, proc, crit]) + _len(len(body)) + body


def printable(s):
    """PrintableString (SIZE(1..150, ...)): ext bit, 8-bit length-1, padding, octets."""
    n = len(s) - 1
    return bytes([n >> 1, (n & 1) << 7]) + s.encode()


PLMN_00101 = bytes.fromhex("00f110")


def ng_setup_request(name, gnb_id):
    glob = b"\x00" + PLMN_00101 + b"\x50" + gnb_id.to_bytes(4, "big")  # 32-bit gNB-ID
    return pdu(0x00, 21, REJECT, [
        ie(27, REJECT, glob),
        ie(82, IGNORE, printable(name)),
        ie(102, REJECT, bytes.fromhex("000000000100") + PLMN_00101 + bytes.fromhex("00000008")),
        ie(21, IGNORE, b"\x40"),
    ])


def ng_setup_response(amf_name, capacity=255):
    return pdu(0x20, 21, REJECT, [
        ie(1, REJECT, printable(amf_name)),
        ie(96, REJECT, b"\x00\x00" + PLMN_00101 + bytes.fromhex("020040")),  # region 2, set 1, ptr 0
        ie(86, IGNORE, bytes([capacity])),
        ie(80, REJECT, b"\x00" + PLMN_00101 + bytes.fromhex("00000008")),
    ])


def ng_setup_failure_overload(time_to_wait_index):
    return pdu(0x40, 21, REJECT, [
        ie(15, IGNORE, b"\x80"),                       # Cause misc control-processing-overload
        ie(107, IGNORE, bytes([time_to_wait_index << 4])),
    ])


def error_indication_overload():
    return pdu(0x00, 9, IGNORE, [ie(15, IGNORE, b"\x80")])


def amf_configuration_update(capacity):
    return pdu(0x00, 0, REJECT, [ie(86, IGNORE, bytes([capacity]))])


def amf_status_indication():
    # UnavailableGUAMIList with one item: GUAMI 00101, region 2, set 1, pointer 1
    return pdu(0x00, 1, IGNORE, [ie(120, REJECT, bytes.fromhex("000000f110020041"))])


NAS_REGISTRATION = bytes.fromhex(
    "7e004179000c0100f110f0ff00001032547 62e02e0e0".replace(" ", ""))
ULI_NR = bytes.fromhex("4000f110000000010000f110000001")


def initial_ue_message(ran_ue_id, cause):
    ran = bytes([0x40, ran_ue_id >> 8 & 0xFF, ran_ue_id & 0xFF]) if ran_ue_id > 255 else bytes([0, ran_ue_id])
    return pdu(0x00, 15, IGNORE, [
        ie(85, REJECT, ran),
        ie(38, REJECT, bytes([len(NAS_REGISTRATION)]) + NAS_REGISTRATION),
        ie(121, REJECT, ULI_NR),
        ie(90, IGNORE, bytes([cause << 3])),
    ])


def overload_start(action=None, pct=None, slice_vector=False):
    ies = []
    if action is not None:
        ies.append(ie(2, REJECT, bytes([action << 4])))
    if pct is not None:
        ies.append(ie(9, IGNORE, bytes([(pct - 1) << 1])))
    if slice_vector:   # SST 1, SD 000001, slice action 2, slice reduction 30 %
        ies.append(ie(49, IGNORE, bytes.fromhex("0000600000100800000123a0")))
    return pdu(0x00, 22, IGNORE, ies)


def overload_stop():
    return bytes.fromhex("00170003000000")
