#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# mkcap.py: writes small NGAP-over-SCTP pcap files for the NAS end-to-end tests, from a scenario
# described below as (time, direction, NGAP PDU) rows. The NGAP PDUs are hand-encoded APER,
# adapted from the InitialUEMessage / DownlinkNASTransport vectors verified with tshark 4.0
# (shared/reference/3gpp-facts.md section 7). Usage: mkcap.py SCENARIO OUT.pcap
import struct
import sys

GNB = ("10.0.1.1", 38412)
AMF = ("10.0.0.1", 38412)


def ip4(a):
    return bytes(int(x) for x in a.split("."))


def ue_id32(v):
    """RAN-UE-NGAP-ID INTEGER (0..2^32-1): APER length (2 bits) + octets."""
    n = max(1, (v.bit_length() + 7) // 8)
    return bytes([(n - 1) << 6]) + v.to_bytes(n, "big")


def ue_id40(v):
    """AMF-UE-NGAP-ID INTEGER (0..2^40-1): APER length (3 bits) + octets."""
    n = max(1, (v.bit_length() + 7) // 8)
    return bytes([(n - 1) << 5]) + v.to_bytes(n, "big")


def ie(ie_id, crit, value):
    assert len(value) < 128
    return struct.pack(">HBB", ie_id, crit, len(value)) + value


def octets(b):
    assert len(b) < 128
    return bytes([len(b)]) + b


ULI = bytes.fromhex("4000f110000000010000f110000001")   # NR-CGI + TAI (from the verified vector)


def pdu(proc, ies):
    body = b"\x00" + struct.pack(">H", len(ies)) + b"".join(ies)
    assert len(body) < 128
    return bytes([0x00, proc, 0x40, len(body)]) + body


def initial_ue(ran, nas, rrc_cause=3, s_tmsi=None):
    ies = [ie(85, 0x00, ue_id32(ran)), ie(38, 0x00, octets(nas)), ie(121, 0x00, ULI),
           ie(90, 0x40, bytes([rrc_cause << 3]))]
    if s_tmsi:
        set_id, ptr, tmsi = s_tmsi
        bits = (set_id << 12) | (ptr << 6)          # '00' + set(10) + ptr(6) + 6 pad bits
        ies.append(ie(26, 0x00, bits.to_bytes(3, "big") + tmsi.to_bytes(4, "big")))
    return pdu(15, ies)


def downlink(amf, ran, nas):
    return pdu(4, [ie(10, 0x00, ue_id40(amf)), ie(85, 0x00, ue_id32(ran)), ie(38, 0x00, octets(nas))])


def uplink(amf, ran, nas):
    return pdu(46, [ie(10, 0x00, ue_id40(amf)), ie(85, 0x00, ue_id32(ran)), ie(38, 0x00, octets(nas)),
                    ie(121, 0x40, ULI)])


# ---- NAS-5GS messages (TS 24.501) ----
IP = bytes.fromhex("7e011122334405")        # integrity protected header (MAC, SQN)
CIPH = bytes.fromhex("7e021122334405")      # integrity protected and ciphered


def suci(msin10):
    digits = msin10
    bcd = bytes(int(digits[i]) | (int(digits[i + 1]) << 4) for i in range(0, 10, 2))
    return bytes.fromhex("0100f110f0ff0000") + bcd


def reg_request(msin, reg_type=1):
    ident = suci(msin)
    return bytes([0x7e, 0x00, 0x41, 0x70 | reg_type]) + struct.pack(">H", len(ident)) + ident


def service_request(service_type, set_id, ptr, tmsi):
    ident = bytes([0xf4, set_id >> 2, ((set_id & 3) << 6) | ptr]) + tmsi.to_bytes(4, "big")
    return bytes([0x7e, 0x00, 0x4c, (service_type << 4) | 0x01]) + struct.pack(">H", len(ident)) + ident


def reg_reject(cause, t3346=None, t3502=None, protect=True):
    m = bytes([0x7e, 0x00, 0x44, cause])
    if t3346 is not None:
        m += bytes([0x5f, 0x01, t3346])
    if t3502 is not None:
        m += bytes([0x16, 0x01, t3502])
    return (IP + m) if protect else m


def service_reject(cause, t3346=None, protect=True):
    m = bytes([0x7e, 0x00, 0x4d, cause])
    if t3346 is not None:
        m += bytes([0x5f, 0x01, t3346])
    return (IP + m) if protect else m


DL_SM_REJECT = bytes.fromhex("7e00680100082e0501c31a37012112055816370121")  # #26 + back-off 1 h


def scenario_backoff():
    """One of each NAS case; frame numbers are asserted by check_backoff.py."""
    rows = []
    add = lambda t, d, p: rows.append((t, d, p))
    add(0.0, "ul", initial_ue(1, reg_request("0000000001")))                        # 1
    add(0.1, "dl", downlink(1, 1, reg_reject(22, t3346=0x21, t3502=0x01)))          # 2 T3346 60 s, T3502 60 s... (0x01 = 2 s)
    add(10.0, "ul", initial_ue(2, reg_request("0000000001")))                       # 3 early retry
    add(11.0, "ul", initial_ue(3, reg_request("0000000002")))                       # 4
    add(11.1, "dl", downlink(3, 3, reg_reject(22, protect=False)))                 # 5 no T3346
    add(12.0, "ul", initial_ue(4, reg_request("0000000003", reg_type=4), rrc_cause=0))  # 6 emergency
    add(12.1, "dl", downlink(4, 4, reg_reject(22, t3346=0x21)))                     # 7 exempt rejected
    add(13.0, "ul", initial_ue(5, reg_request("0000000003", reg_type=4), rrc_cause=0))  # 8 allowed
    add(14.0, "ul", initial_ue(6, service_request(1, 1, 1, 0xabcd), rrc_cause=1, s_tmsi=(1, 1, 0xabcd)))  # 9 HPA
    add(14.1, "dl", downlink(6, 6, service_reject(22, t3346=0x05)))                 # 10 10 s: short, exempt rejected
    add(15.0, "ul", initial_ue(7, service_request(2, 1, 1, 0xabcd), rrc_cause=2, s_tmsi=(1, 1, 0xabcd)))  # 11 MT allowed
    add(16.0, "dl", downlink(7, 7, CIPH + bytes.fromhex("a1b2c3d4e5")))            # 12 ciphered
    add(17.0, "ul", initial_ue(8, reg_request("0000000004")))                       # 13
    add(17.1, "dl", downlink(8, 8, reg_reject(7, protect=False)))                   # 14 #7: not congestion
    add(18.0, "ul", initial_ue(9, reg_request("0000000005")))                       # 15
    add(18.1, "dl", downlink(9, 9, reg_reject(111, protect=False)))                 # 16 #111: congestion only if configured
    add(20.0, "dl", downlink(2, 2, DL_SM_REJECT))                                   # 17 5GSM #26, T3396 1 h
    add(75.0, "ul", initial_ue(10, reg_request("0000000001")))                      # 18 after expiry
    add(76.0, "ul", uplink(10, 10, reg_request("0000000001")))                      # 19 connected, no back-off
    add(80.0, "ul", pdu(19, [ie(10, 0x00, ue_id40(10)), ie(85, 0x00, ue_id32(10)),      # 20 NAS non delivery:
                             ie(38, 0x00, octets(reg_reject(22, t3346=0x21)))]))       #    not a new reject
    return rows


OVERLOAD_START = bytes.fromhex("0016400d000002000200011000094001" "62")   # action 1, 50 % (verified)


def scenario_synchronised():
    """An OVERLOAD START, then 25 UEs rejected with the same T3346 (120 s) within 2.5 s; 20 of
    them retry within 1 s of expiry, 5 never come back."""
    rows = [(99.0, "dl", OVERLOAD_START)]
    for i in range(25):
        t = 100.0 + i * 0.1
        rows.append((t, "ul", initial_ue(100 + i, reg_request("%010d" % (1000 + i)))))
        rows.append((t + 0.02, "dl", downlink(100 + i, 100 + i, reg_reject(22, t3346=0x22))))
    for i in range(20):
        t = 100.0 + i * 0.1 + 0.02 + 120 + 0.5
        rows.append((t, "ul", initial_ue(200 + i, reg_request("%010d" % (1000 + i)))))
    rows.sort(key=lambda r: r[0])
    return rows


def scenario_calm():
    """Registrations accepted, one #7 reject: no NAS finding."""
    rows = []
    for i in range(5):
        t = 1.0 + i
        rows.append((t, "ul", initial_ue(300 + i, reg_request("%010d" % (2000 + i)))))
        rows.append((t + 0.05, "dl", downlink(300 + i, 300 + i,
                                             IP + bytes.fromhex("7e0042010177000bf200f110020040000000%02x" % i))))
    rows.append((9.0, "ul", initial_ue(400, reg_request("0000009999"))))
    rows.append((9.1, "dl", downlink(400, 400, reg_reject(7))))           # #7
    rows.append((10.0, "ul", initial_ue(401, reg_request("0000009998"))))
    rows.append((10.1, "dl", downlink(401, 401, reg_reject(95))))         # #95
    rows.append((11.0, "dl", downlink(300, 300, bytes.fromhex("7e0068010000120558" "5a"))))  # #90
    rows.append((12.0, "ul", initial_ue(402, reg_request("0000009997"))))
    rows.append((12.1, "dl", downlink(402, 402, reg_reject(111))))        # #111
    return rows


def scenario_nea0():
    """A congestion reject sent with security header 2 but NEA0 (plain payload): unreadable by
    default, readable with -o nas-5gs.null_decipher:TRUE."""
    return [(1.0, "ul", initial_ue(1, reg_request("0000000042"))),
            (1.1, "dl", downlink(1, 1, CIPH + bytes.fromhex("7e0044165f0121")))]


def scenario_garbage():
    """Bad input is normal input: truncated and random NAS-PDUs, odd security headers, an empty
    T3346 IE and timestamps out of order. Frames 1..6 are fixed; 7..206 are random (seeded)."""
    import random
    rnd = random.Random(5)
    rows = [(5.0, "ul", initial_ue(1, bytes.fromhex("7e004179000c01"))),            # 1 truncated identity
            (5.1, "dl", downlink(1, 1, bytes.fromhex("7e0044165f00"))),              # 2 #22, empty T3346 IE
            (4.0, "ul", initial_ue(2, reg_request("0000000077"))),                   # 3 earlier in time
            (4.1, "dl", downlink(2, 2, bytes.fromhex("7e09112233440544165f0121"))),  # 4 header type 9
            (4.2, "dl", downlink(2, 2, bytes.fromhex("7e01"))),                      # 5 short protected
            (3.0, "ul", initial_ue(2, reg_request("0000000077")))]                   # 6 before its reject
    for i in range(200):
        n = rnd.randrange(0, 60)
        b = bytes(rnd.randrange(256) for _ in range(n))
        if n and i % 2:
            b = b"\x7e" + b[1:]
        if n > 2 and i % 4 == 1:
            b = b[:1] + bytes([rnd.choice([0, 1, 2, 4])]) + b[2:]
        rows.append((6.0 + rnd.random() * 10, rnd.choice(["ul", "dl"]),
                     downlink(100 + i, 100 + i, b) if i % 3 else initial_ue(100 + i, b)))
    return rows


def dl_sm(pdu_sm):
    """DL NAS TRANSPORT carrying a 5GSM message (payload container type N1 SM, PDU session ID 5)."""
    return bytes([0x7e, 0x00, 0x68, 0x01]) + struct.pack(">H", len(pdu_sm)) + pdu_sm + bytes([0x12, 0x05])


def scenario_sm_types():
    """TS 24.501 §9.7: 0xCC is PDU SESSION MODIFICATION COMPLETE (no cause), 0xD2 PDU SESSION
    RELEASE REJECT (5GSM cause). Frame 2 carries 0xCC with an Extended PCO IE where a cause would
    be; frame 3 a release reject with cause #26."""
    return [(1.0, "ul", initial_ue(1, reg_request("0000000061"))),
            (2.0, "dl", downlink(1, 1, IP + dl_sm(bytes.fromhex("2e0501cc") + bytes.fromhex("7b000100")))),
            (3.0, "dl", downlink(1, 1, IP + dl_sm(bytes.fromhex("2e0501d21a"))))]


def scenario_mt_reject():
    """TS 23.501 §5.19.7.2: the AMF does not reject a mobile-terminated request for congestion.
    Frame 2 rejects a paging response (service type MT, RRC mt-Access) with #22: exempt access
    rejected; frame 4 rejects a mobile-originated one: no exemption."""
    return [(1.0, "ul", initial_ue(1, service_request(2, 1, 1, 0x5001), rrc_cause=2, s_tmsi=(1, 1, 0x5001))),
            (1.1, "dl", downlink(1, 1, service_reject(22, t3346=0x21))),
            (2.0, "ul", initial_ue(2, service_request(1, 1, 1, 0x5002), rrc_cause=4, s_tmsi=(1, 1, 0x5002))),
            (2.1, "dl", downlink(2, 2, service_reject(22, t3346=0x21)))]


def scenario_unprotected():
    """Congestion rejects sent before security (not integrity protected): the UE runs a random
    T3346 of 15 to 30 min whatever the value sent (TS 24.501 §5.5.1.2.5). T3346 octets: 0x21 =
    1 min, 0x42 = 2 h, 0x05 = 10 s. Sorted by time, the frames are: 1-2 A rejected (1 min), 3 A
    back 5 s later, 4-13 B..F registered and rejected, 14 B (1 min sent) back after 3 min: still
    early, 15 C (2 h) after
    10 min, 16 D (2 h) after 20 min, 17 E (1 min) after 31 min."""
    rows = []
    add = lambda t, d, p: rows.append((t, d, p))
    add(0.0, "ul", initial_ue(1, reg_request("0000000071")))                        # 1
    add(0.1, "dl", downlink(1, 1, reg_reject(22, t3346=0x21, protect=False)))  # 1 min
    add(5.1, "ul", initial_ue(2, reg_request("0000000071")))  # 5 s: violation
    add(10.0, "ul", initial_ue(3, reg_request("0000000072")))                       # 4
    add(10.1, "dl", downlink(3, 3, reg_reject(22, t3346=0x21, protect=False)))  # 1 min
    add(190.1, "ul", initial_ue(4, reg_request("0000000072")))  # 3 min: violation (< 15 min, whatever 1 min sent)
    add(20.0, "ul", initial_ue(5, reg_request("0000000073")))                       # 7
    add(20.1, "dl", downlink(5, 5, reg_reject(22, t3346=0x42, protect=False)))  # 2 h
    add(20.1 + 600, "ul", initial_ue(6, reg_request("0000000073")))  # 10 min: violation
    add(30.0, "ul", initial_ue(7, reg_request("0000000074")))                       # 10
    add(30.1, "dl", downlink(7, 7, reg_reject(22, t3346=0x42, protect=False)))  # 2 h
    add(30.1 + 1200, "ul", initial_ue(8, reg_request("0000000074")))  # 20 min: uncertain
    add(40.0, "ul", initial_ue(9, reg_request("0000000075")))                       # 13
    add(40.1, "dl", downlink(9, 9, reg_reject(22, t3346=0x21, protect=False)))  # 1 min
    add(40.1 + 1860, "ul", initial_ue(10, reg_request("0000000075")))  # 31 min: on time
    add(50.0, "ul", initial_ue(11, reg_request("0000000076")))                      # 16
    add(50.1, "dl", downlink(11, 11, reg_reject(22, t3346=0x05, protect=False)))  # 10 s sent
    rows.sort(key=lambda r: r[0])
    return rows


def sctp_data(src, dst, tsn, payload):
    chunk_len = 16 + len(payload)
    chunk = struct.pack(">BBHIHHI", 0, 0x03, chunk_len, tsn, 0, tsn & 0xffff, 60) + payload
    chunk += b"\x00" * ((4 - chunk_len % 4) % 4)
    hdr = struct.pack(">HHII", src[1], dst[1], 0x01020304, 0)   # checksum not verified by default
    return hdr + chunk


def ipv4(src, dst, payload):
    total = 20 + len(payload)
    h = struct.pack(">BBHHHBBH4s4s", 0x45, 0, total, 0, 0, 64, 132, 0, ip4(src[0]), ip4(dst[0]))
    s = sum(struct.unpack(">10H", h))
    s = (s & 0xffff) + (s >> 16)
    s = (s & 0xffff) + (s >> 16)
    h = h[:10] + struct.pack(">H", ~s & 0xffff) + h[12:]
    return h + payload


def write(rows, path, epoch=1767225600.0):
    with open(path, "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
        for n, (t, d, p) in enumerate(rows):
            src, dst = (GNB, AMF) if d == "ul" else (AMF, GNB)
            frame = b"\x02\x00\x00\x00\x00\x02" + b"\x02\x00\x00\x00\x00\x01" + b"\x08\x00"
            frame += ipv4(src, dst, sctp_data(src, dst, n + 1, p))
            ts = epoch + t
            sec = int(ts)
            usec = int(round((ts - sec) * 1e6))
            f.write(struct.pack("<IIII", sec, usec, len(frame), len(frame)) + frame)


if __name__ == "__main__":
    scen = {"backoff": scenario_backoff, "synchronised": scenario_synchronised, "calm": scenario_calm,
            "nea0": scenario_nea0, "garbage": scenario_garbage, "sm-types": scenario_sm_types,
            "mt-reject": scenario_mt_reject, "unprotected": scenario_unprotected}
    write(scen[sys.argv[1]](), sys.argv[2])
