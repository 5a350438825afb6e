#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_tls.py: SBI over TLS, through the real tshark with amfol.
#
# The capture is made here, without network or privileges: Python's ssl runs a real TLS 1.3
# handshake (ALPN h2) between an in-memory client and server (MemoryBIO), writing the client's key
# log (SSLKEYLOGFILE format); each flight becomes one TCP segment AMF 10.0.0.1 -> NRF 10.0.9.1:29443
# in a pcap, after an NG SETUP that names the AMF "amf-1" on N2. Inside TLS the same h2c exchange
# as crafted_h2c.py: NFUpdate load 85 answered 503 + Retry-After 10, NFUpdates 2 s and 4 s later
# (within Retry-After), the last answered 204. The test key and certificate (tests/sbi/tls/) are
# throwaway, made for this test only.
#   without the key log: no SBI read; the connection is named (amf-1, address, count of frames
#                        with encrypted application data: all but the ClientHello)
#                        with the hint "-o tls.keylog_file:..."; no finding;
#   with -o tls.keylog_file:<log>: the decrypted HTTP/2 is analysed like h2c: 3 load reports,
#                        2 x 503, sbi-overload-ignored (amf-1, the consumer, count 2, exact frames); no hidden TLS.
# Usage: check_tls.py TSHARK_WRAPPER PLUGIN_SO WORKDIR
import json
import os
import ssl
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "n2"))
import crafted_h2c as H  # noqa: E402
import ngap_pdus as N  # noqa: E402
from pcap_sctp import Writer  # noqa: E402
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import amfol_taps  # noqa: E402

T0 = 1767225600.0
AMF, NRF, GNB = "10.0.0.1", "10.0.9.1", "10.0.1.1"
CPORT, SPORT = 40001, 29443


class Tls:
    """A client and a server TLS endpoint joined by memory: what one writes is the other's input."""

    def __init__(self, keylog):
        crt, key = (os.path.join(HERE, "tls", "nrf-test." + x) for x in ("crt", "key"))
        sctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        sctx.load_cert_chain(crt, key)
        sctx.set_alpn_protocols(["h2"])
        sctx.minimum_version = ssl.TLSVersion.TLSv1_3   # after the ClientHello every record is encrypted
        cctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        cctx.check_hostname = False
        cctx.verify_mode = ssl.CERT_NONE
        cctx.set_alpn_protocols(["h2"])
        cctx.keylog_filename = keylog
        self.cin, self.cout, self.sin, self.sout = (ssl.MemoryBIO() for _ in range(4))
        self.c = cctx.wrap_bio(self.cin, self.cout, server_side=False, server_hostname="nrf")
        self.s = sctx.wrap_bio(self.sin, self.sout, server_side=True)

    def flights(self):
        """Bytes waiting in each direction: (client->server, server->client), delivered."""
        up, down = self.cout.read(), self.sout.read()
        self.sin.write(up)
        self.cin.write(down)
        return up, down

    def handshake(self):
        out = []
        for _ in range(10):
            done = 0
            for end in (self.c, self.s):
                try:
                    end.do_handshake()
                    done += 1
                except ssl.SSLWantReadError:
                    pass
            up, down = self.flights()
            out += [("c", up)] if up else []
            out += [("s", down)] if down else []
            if done == 2 and not up and not down:
                return out
        raise SystemExit("TLS handshake did not finish")

    @staticmethod
    def _drain(end):
        try:
            while end.read(65536):
                pass
        except (ssl.SSLWantReadError, ssl.SSLZeroReturnError):
            pass

    def send(self, client, data):
        """Application data from one side; returns the record bytes that cross the wire."""
        (self.c if client else self.s).write(data)
        up, down = self.flights()
        self._drain(self.s)
        self._drain(self.c)
        up2, down2 = self.flights()            # e.g. session tickets answered by the reads
        return (up + up2) if client else (down + down2)


def build(pcap, keylog):
    w = Writer(pcap)
    w.sctp(T0 + 0.0, GNB, AMF, [N.ng_setup_request("gnb-1", 1)])
    w.sctp(T0 + 0.005, AMF, GNB, [N.ng_setup_response("amf-1")])
    t = Tls(keylog)
    tcp = lambda sec, client, data: w.tcp(T0 + sec, AMF, CPORT, NRF, SPORT, data) if client else \
        w.tcp(T0 + sec, NRF, SPORT, AMF, CPORT, data)
    tls_frames = []                         # frames whose application data the key log opens
    for i, (who, data) in enumerate(t.handshake()):
        f = tcp(0.5 + i * 0.001, who == "c", data)
        if i > 0:                           # all but the ClientHello carry encrypted records
            tls_frames.append(f)
    h2 = {}
    preface = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + H.frame(4, 0, 0, b"")
    tls_frames.append(tcp(0.6, True, t.send(True, preface)))
    tls_frames.append(tcp(0.601, False, t.send(False, H.frame(4, 0, 0, b"") + H.frame(4, 1, 0, b""))))
    tls_frames.append(tcp(0.602, True, t.send(True, H.frame(4, 1, 0, b""))))
    problem = json.dumps({"title": "Service Unavailable", "status": 503, "cause": "NF_CONGESTION"})
    h2["p1"] = tcp(1.0, True, t.send(True, H.patch(1, 85)))
    h2["r1"] = tcp(1.01, False, t.send(False, H.headers(1, [(":status", "503"), ("retry-after", "10"),
                                                             ("content-type", "application/problem+json")],
                                                         False) + H.data(1, problem)))
    h2["p2"] = tcp(3.0, True, t.send(True, H.patch(3, 90)))
    h2["r2"] = tcp(3.01, False, t.send(False, H.headers(3, [(":status", "503"), ("retry-after", "10")], True)))
    h2["p3"] = tcp(5.0, True, t.send(True, H.patch(5, 95)))
    h2["r3"] = tcp(5.01, False, t.send(False, H.headers(5, [(":status", "204")], True)))
    w.close()
    return h2, len(tls_frames) + len(h2)


def tshark(wrapper, plugin, pcap, *extra):
    p = subprocess.run([wrapper, plugin, "-r", pcap, "-q", "-d", "tcp.port==%d,tls" % SPORT] + list(extra),
                       capture_output=True, text=True, timeout=100)
    if p.returncode != 0:
        sys.exit("tshark failed (%d): %s" % (p.returncode, p.stderr[-1500:]))
    return p.stdout


def main():
    wrapper, plugin, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    # The key log must be readable by the unprivileged user tshark runs as (tshark-as-user.sh).
    stage = tempfile.mkdtemp(prefix="amfol-tls-")
    os.chmod(stage, 0o755)
    keylog = os.path.join(stage, "sslkeylog.txt")
    pcap = os.path.join(work, "sbi-tls.pcap")
    m, n_tls = build(pcap, keylog)
    os.chmod(keylog, 0o644)
    errors = []

    # Without keys: named, counted, the hint; nothing read, no finding. One run per key setting
    # gives the timeline and the JSON report (tests/lib/amfol_taps.py tells them apart).
    out = amfol_taps.split(tshark(wrapper, plugin, pcap, "-z", "amfol,timeline", "-z", "amfol,json"))
    tl = out["timeline"] or ""
    want_line = "amf-1 %s:%d -> %s:%d: %d messages, %d TLS-protected" % (AMF, CPORT, NRF, SPORT, n_tls, n_tls)
    if want_line not in tl or "-o tls.keylog_file:" not in tl:
        errors.append("no keys: timeline lacks %r / the hint:\n%s" % (want_line, "\n".join(
            l for l in tl.splitlines() if "TLS" in l or "tcp.stream" in l)))
    d = out["json"]
    s = d["sbi"]
    conns = [(c["client"], c["client_name"], c["server"], c["tls"]) for c in s["connections"] if c["tls"]]
    if conns != [("%s:%d" % (AMF, CPORT), "amf-1", "%s:%d" % (NRF, SPORT), n_tls)] or \
            "tls.keylog_file" not in (s["tls_keylog_hint"] or "") or d["findings"] or s["nfupdate_load_reports"]:
        errors.append("no keys: connections %s, hint %r, findings %s, reports %d" % (
            conns, s["tls_keylog_hint"], d["findings"], s["nfupdate_load_reports"]))

    # With the key log: analysed like h2c.
    keys = ("-o", "tls.keylog_file:" + keylog)
    out = amfol_taps.split(tshark(wrapper, plugin, pcap, *keys, "-z", "amfol,timeline", "-z", "amfol,json"))
    d = out["json"]
    s = d["sbi"]
    got = (s["nfupdate_load_reports"], s["status_503"], [c for c in s["connections"] if c["tls"]],
           s["tls_keylog_hint"])
    if got != (3, 2, [], None):
        errors.append("with keys: reports, 503s, hidden TLS connections, hint: %s" % (got,))
    f = [(x["rule"], x["amf"], x["first_frame"], x["count"], x["frames"]) for x in d["findings"]]
    want = [("sbi-overload-ignored", "amf-1", m["r1"], 2, [m["r1"], m["p2"], m["r2"], m["p3"]])]   # the consumer
    if f != want:
        errors.append("with keys: findings\n  got  %s\n  want %s" % (f, want))
    tl = out["timeline"] or ""
    if "TLS-protected" in tl or "tls.keylog_file" in tl:
        errors.append("with keys: the timeline still calls the connection unread")
    os.remove(keylog)
    os.rmdir(stage)
    if errors:
        print("\n".join(errors))
        return 1
    print("TLS SBI: without keys named (amf-1, %d TLS messages, key-log hint); with the key log 3 load "
          "reports, 2 x 503, sbi-overload-ignored frames %s" % (n_tls, want[0][4]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
