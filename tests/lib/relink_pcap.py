#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# relink_pcap.py: the same packets under another link layer or inside a tunnel. Reads a classic
# pcap of Ethernet frames carrying IPv4 or IPv6 (the test captures) and writes each packet's IP
# datagram again as KIND delivers it, so that a test can check that amfol finds the outermost IP
# header (plugin/frame/amfol_sctp_wire.c) under every encapsulation it parses:
#   eth    Ethernet, as it was (with v6-)
#   vlan   Ethernet, one 802.1Q tag            qinq  Ethernet, 802.1ad + 802.1Q tags
#   mpls   Ethernet, two MPLS labels            sll   Linux cooked (LINKTYPE_LINUX_SLL)
#   sll2   Linux cooked v2 (LINKTYPE_LINUX_SLL2) raw  LINKTYPE_RAW (WTAP_ENCAP_RAW_IP)
#   ipv4   LINKTYPE_IPV4 (WTAP_ENCAP_RAW_IP4)   null  BSD loopback, host (little-endian) order
#   loop   OpenBSD loopback (network order)     ppp   LINKTYPE_PPP (not parsed by amfol: found
#                                                     by its addresses)
#   ipip   Ethernet, an outer IPv4 header (protocol 4) in front of each datagram
#   vxlan  Ethernet, outer IPv4 + UDP 4789 + VXLAN + the original Ethernet frame
#   v6-KIND  each IPv4 datagram first rewritten as IPv6 (2001:db8::a.b.c.d, hop limit = TTL, same
#          payload; a header of IPv4 options is dropped), then delivered as KIND
# Frame times and payloads are kept; nothing else changes.
#   relink_pcap.py KIND IN.pcap OUT.pcap
import struct
import sys

LINKTYPE = {"eth": 1, "vlan": 1, "qinq": 1, "mpls": 1, "ipip": 1, "vxlan": 1, "sll": 113, "sll2": 276,
            "raw": 101, "ipv4": 228, "null": 0, "loop": 108, "ppp": 9}
MACS = bytes.fromhex("02000000000a02000000000b")


def _ip_checksum(h):
    s = sum(struct.unpack("!%dH" % (len(h) // 2), h))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def _outer_ipv4(proto, payload, ident):
    h = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(payload), ident & 0xFFFF, 0x4000, 64, proto, 0,
                    bytes([192, 168, 77, 1]), bytes([192, 168, 77, 2]))
    return h[:10] + struct.pack("!H", _ip_checksum(h)) + h[12:] + payload


def as_ipv6(frame):
    """The Ethernet frame with its IPv4 datagram rewritten as IPv6."""
    ip = frame[14:]
    if struct.unpack("!H", frame[12:14])[0] != 0x0800:
        return frame
    ihl, total = (ip[0] & 0x0F) * 4, struct.unpack("!H", ip[2:4])[0]
    payload = ip[ihl:total]
    h = struct.pack("!IHBB", 6 << 28, len(payload), ip[9], ip[8])
    h += bytes.fromhex("20010db8000000000000000000000000")[:12] + ip[12:16]
    h += bytes.fromhex("20010db8000000000000000000000000")[:12] + ip[16:20]
    return frame[:12] + struct.pack("!H", 0x86DD) + h + payload + ip[total:]


def relink(kind, frame, n):
    """The Ethernet frame `frame` (the n-th) as KIND delivers it."""
    if kind.startswith("v6-"):
        kind, frame = kind[3:], as_ipv6(frame)
    if kind == "eth":
        return frame
    etype, ip = struct.unpack("!H", frame[12:14])[0], frame[14:]
    if etype not in (0x0800, 0x86DD):
        raise SystemExit("packet %d: ethertype 0x%04x, not IP" % (n, etype))
    v4 = etype == 0x0800
    if kind == "vlan":
        return frame[:12] + struct.pack("!HH", 0x8100, 100) + frame[12:]
    if kind == "qinq":
        return frame[:12] + struct.pack("!HHHH", 0x88A8, 200, 0x8100, 100) + frame[12:]
    if kind == "mpls":
        return frame[:12] + struct.pack("!HII", 0x8847, (1000 << 12) | 64, (2000 << 12) | 0x100 | 64) + ip
    if kind == "sll":
        return struct.pack("!HHH8sH", 0, 1, 6, frame[6:12] + b"\0\0", etype) + ip
    if kind == "sll2":
        return struct.pack("!HHIHBB8s", etype, 0, 3, 1, 0, 6, frame[6:12] + b"\0\0") + ip
    if kind in ("raw", "ipv4"):
        return ip
    if kind == "null":
        return struct.pack("<I", 2 if v4 else 24) + ip
    if kind == "loop":
        return struct.pack("!I", 2 if v4 else 24) + ip
    if kind == "ppp":
        return struct.pack("!BBH", 0xFF, 0x03, 0x0021 if v4 else 0x0057) + ip
    if kind == "ipip":
        return MACS + struct.pack("!H", 0x0800) + _outer_ipv4(4 if v4 else 41, ip, n)
    if kind == "vxlan":
        vx = struct.pack("!II", 0x08000000, 4242 << 8) + frame
        udp = struct.pack("!HHHH", 49152 + n % 1000, 4789, 8 + len(vx), 0) + vx
        return MACS + struct.pack("!H", 0x0800) + _outer_ipv4(17, udp, n)
    raise SystemExit("unknown kind %s" % kind)


def main(kind, src, dst):
    with open(src, "rb") as f:
        data = f.read()
    magic = struct.unpack("<I", data[:4])[0]
    if magic not in (0xA1B2C3D4, 0xA1B23C4D):
        raise SystemExit("%s: not a little-endian classic pcap" % src)
    if struct.unpack("<I", data[20:24])[0] != 1:
        raise SystemExit("%s: not Ethernet" % src)
    out = [data[:20] + struct.pack("<I", LINKTYPE[kind[3:] if kind.startswith("v6-") else kind])]
    at, n = 24, 0
    while at + 16 <= len(data):
        sec, frac, incl, orig = struct.unpack("<IIII", data[at:at + 16])
        frame = data[at + 16:at + 16 + incl]
        if incl != orig:
            raise SystemExit("packet %d: snapped" % (n + 1))
        n += 1
        new = relink(kind, frame, n)
        out.append(struct.pack("<IIII", sec, frac, len(new), len(new)) + new)
        at += 16 + incl
    with open(dst, "wb") as f:
        f.write(b"".join(out))
    return n


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1].replace("v6-", "", 1) not in LINKTYPE:
        raise SystemExit("usage: relink_pcap.py %s IN.pcap OUT.pcap" % "|".join(sorted(LINKTYPE)))
    main(*sys.argv[1:])
