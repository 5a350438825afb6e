# SPDX-License-Identifier: GPL-2.0-or-later
# pcap_sctp.py: a minimal pcap writer for NGAP over SCTP (Ethernet/IPv4), with several DATA
# chunks per packet when asked (SCTP bundling), correct IPv4 and CRC32c checksums.
import struct


def _crc32c_table():
    t = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        t.append(c)
    return t


_T = _crc32c_table()


def crc32c(data):
    c = 0xFFFFFFFF
    for b in data:
        c = _T[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def _ip_checksum(h):
    s = sum(struct.unpack("!%dH" % (len(h) // 2), h))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def _ip(a):
    return bytes(int(x) for x in a.split("."))


class Writer:
    def __init__(self, path):
        self.f = open(path, "wb")
        self.f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
        self.tsn = {}
        self.tcp_seq = {}
        self.frames = 0

    def raw(self, t, frame):
        sec = int(t)
        usec = int(round((t - sec) * 1e6))
        self.f.write(struct.pack("<IIII", sec, usec, len(frame), len(frame)))
        self.f.write(frame)
        self.frames += 1
        return self.frames

    def sctp(self, t, src, dst, payloads, ppid=60, port=38412, tsns=None, vtag=None, ttl=64, ip_id=0,
             eth=None, sport=None, dport=None):
        """One packet from src to dst (IPv4 strings) carrying each payload in its own DATA chunk.
        tsns: the chunks' TSNs (a retransmission repeats earlier ones; default: the next ones);
        vtag, ttl, ip_id, eth (14 bytes): as another path or probe would show them.
        sport, dport: the ports when they differ (default both `port`): a gNB's second TNLA to one AMF.
        Returns the frame number (1-based)."""
        chunks = b""
        self.last_tsns = []
        for i, p in enumerate(payloads):
            key = (src, dst)
            if tsns is None:
                tsn = self.tsn.get(key, 1000)
                self.tsn[key] = tsn + 1
            else:
                tsn = tsns[i]
            self.last_tsns.append(tsn)
            body = struct.pack("!IHHI", tsn, 0, tsn & 0xFFFF, ppid) + p
            ch = struct.pack("!BBH", 0, 3, 4 + len(body)) + body
            chunks += ch + b"\x00" * (-len(ch) % 4)
        sport, dport = sport or port, dport or port
        if vtag is None:   # one tag per direction, as on the wire
            vtag = crc32c((src + ">" + dst + ("" if sport == dport else ":%d>%d" % (sport, dport))).encode()) or 1
        common = struct.pack("!HHII", sport, dport, vtag, 0)
        sctp = bytearray(common + chunks)
        struct.pack_into("<I", sctp, 8, crc32c(bytes(sctp)))
        iph = bytearray(struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(sctp), ip_id, 0x4000, ttl, 132, 0,
                                    _ip(src), _ip(dst)))
        struct.pack_into("!H", iph, 10, _ip_checksum(bytes(iph)))
        eth = eth or bytes.fromhex("020000000002" "020000000001") + b"\x08\x00"
        return self.raw(t, eth + bytes(iph) + bytes(sctp))

    def tcp(self, t, src, sport, dst, dport, payload):
        """One TCP segment (PSH|ACK) from src:sport to dst:dport, sequence numbers continuing per
        direction (no handshake: as a capture started on an open connection shows it)."""
        key = (src, sport, dst, dport)
        seq = self.tcp_seq.get(key, 1000)
        self.tcp_seq[key] = seq + len(payload)
        ack = self.tcp_seq.get((dst, dport, src, sport), 1000)
        tcp = struct.pack("!HHIIBBHHH", sport, dport, seq, ack, 5 << 4, 0x18, 65535, 0, 0) + payload
        iph = bytearray(struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(tcp), 0, 0x4000, 64, 6, 0,
                                    _ip(src), _ip(dst)))
        struct.pack_into("!H", iph, 10, _ip_checksum(bytes(iph)))
        eth = bytes.fromhex("020000000002" "020000000001") + b"\x08\x00"
        return self.raw(t, eth + bytes(iph) + tcp)

    def close(self):
        self.f.close()
