#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# crafted_h2c.py: an h2c conversation on a non-HTTP port (29510) built byte by byte (HPACK
# literals, no Huffman) and written with text2pcap, then decoded by the real tshark with amfol:
#   - without Decode As, Wireshark sees plain TCP and amfol reads nothing;
#   - with -d tcp.port==29510,http2: an AMF's NFUpdate (load 85) answered 503 + Retry-After 10 +
#     a malformed 3gpp-Sbi-Oci, two more NFUpdates 2 s and 4 s later (within Retry-After), then a
#     204 with a valid 3gpp-Sbi-Lci. Expected: sbi-overload-ignored (the AMF
#     10.0.0.1 that kept sending, count 2) and
#     sbi-oci-malformed (nrf, count 1), the parsed fields, Expert Info for the malformed header.
#   crafted_h2c.py TSHARK_WRAPPER PLUGIN OUTDIR
import json, os, struct, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import amfol_taps  # noqa: E402

NF = "6f1c0001-0000-4000-8000-000000000001"

def literal(name, value):
    """HPACK literal header field without indexing, new name (RFC 7541 §6.2.2), no Huffman."""
    def s(x):
        b = x.encode()
        n = len(b)
        if n < 127:
            return bytes([n]) + b
        n -= 127                      # 7-bit prefix integer (RFC 7541 §5.1), H = 0
        out = [127]
        while n >= 128:
            out.append((n & 0x7f) | 0x80)
            n >>= 7
        return bytes(out + [n]) + b
    return b"\x00" + s(name) + s(value)

def frame(ftype, flags, sid, payload):
    return struct.pack(">I", len(payload))[1:] + bytes([ftype, flags]) + struct.pack(">I", sid) + payload

def headers(sid, hdrs, end_stream):
    block = b"".join(literal(n, v) for n, v in hdrs)
    return frame(1, 0x4 | (0x1 if end_stream else 0), sid, block)

def data(sid, body):
    return frame(0, 0x1, sid, body.encode())

def patch(sid, load):
    return headers(sid, [(":method", "PATCH"), (":scheme", "http"), (":authority", "10.0.9.1:29510"),
                         (":path", "/nnrf-nfm/v1/nf-instances/" + NF),
                         ("content-type", "application/json-patch+json")], False) + \
           data(sid, json.dumps([{"op": "replace", "path": "/load", "value": load}]))

OCI_BAD = ('Timestamp: "Thu, 01 Jan 2026 00:00:01 GMT"; Period-of-Validity: 10s; '
           'Overload-Reduction-Metric: 150%; NF-Instance: ' + NF)
LCI = 'Timestamp: "Thu, 01 Jan 2026 00:00:09 GMT"; Load-Metric: 20%; NF-Instance: ' + NF

def packets():
    preface = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + frame(4, 0, 0, b"")
    yield "O", 0.0, preface
    yield "I", 0.001, frame(4, 0, 0, b"") + frame(4, 1, 0, b"")
    yield "O", 0.002, frame(4, 1, 0, b"")
    yield "O", 1.0, patch(1, 85)
    problem = json.dumps({"title": "Service Unavailable", "status": 503, "cause": "NF_CONGESTION"})
    yield "I", 1.01, headers(1, [(":status", "503"), ("retry-after", "10"), ("3gpp-sbi-oci", OCI_BAD),
                                 ("content-type", "application/problem+json")], False) + data(1, problem)
    yield "O", 3.0, patch(3, 90)
    yield "I", 3.01, headers(3, [(":status", "503"), ("retry-after", "10")], True)
    yield "O", 5.0, patch(5, 95)
    yield "I", 5.01, headers(5, [(":status", "204"), ("3gpp-sbi-lci", LCI)], True)

def write_capture(out):
    txt = out + ".txt"
    with open(txt, "w") as f:
        for d, t, b in packets():
            f.write("%s 00:00:%02d.%06d\n" % (d, int(t), round((t - int(t)) * 1e6)))
            for off in range(0, len(b), 16):
                f.write("%06x %s\n" % (off, " ".join("%02x" % x for x in b[off:off + 16])))
    # text2pcap -D: "O" packets go from the second address/port to the first, "I" the other way.
    subprocess.run(["text2pcap", "-q", "-D", "-t", "%H:%M:%S.%f", "-4", "10.0.9.1,10.0.0.1",
                    "-T", "29510,40000", txt, out], check=True, stdout=subprocess.DEVNULL)

def main():
    tshark, plugin, outdir = sys.argv[1:4]
    os.makedirs(outdir, exist_ok=True)
    pcap = os.path.join(outdir, "crafted_h2c.pcap")
    write_capture(pcap)
    run = lambda *extra: subprocess.run([tshark, plugin, "-r", pcap] + list(extra), check=True,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        text=True).stdout
    errors = []
    # 1. Without Decode As: no HTTP/2, nothing for amfol.
    if run("-Y", "amfol.sbi", "-T", "fields", "-e", "frame.number").strip():
        errors.append("amfol read SBI without Decode As")
    da = ["-d", "tcp.port==29510,http2"]
    # One run with Decode As for 2.-4.: the rows of the frames -Y amfol.sbi shows, then the taps
    # (which see every frame, whatever -Y prints): -z expert,warn and -z amfol,json.
    out = amfol_taps.split(run(*da, "-Y", "amfol.sbi", "-T", "fields", "-e", "frame.number",
                               "-e", "amfol.sbi.kind", "-e", "amfol.sbi.load",
                               "-e", "amfol.sbi.status", "-e", "amfol.sbi.retry_after",
                               "-e", "amfol.sbi.problem_cause", "-e", "amfol.sbi.olc.malformed",
                               "-e", "amfol.sbi.olc.load", "-e", "amfol.sbi.request_frame",
                               "-e", "amfol.sbi.response_time", "-e", "ip.src",
                               "-z", "expert,warn", "-z", "amfol,json"))
    # 2. Per-frame fields.
    rows = [r.split("\t") for r in out["fields"]]
    amf, nrf = "10.0.0.1", "10.0.9.1"
    want = [["4", "NFUpdate", "85", "", "", "", "", "", "", "", amf],
            ["5", "NFUpdate", "", "503", "10", "NF_CONGESTION",
             "Overload-Reduction-Metric is not 0..100%", "", "4", "0.01", nrf],
            ["6", "NFUpdate", "90", "", "", "", "", "", "", "", amf],
            ["7", "NFUpdate", "", "503", "10", "", "", "", "6", "0.01", nrf],
            ["8", "NFUpdate", "95", "", "", "", "", "", "", "", amf],
            ["9", "NFUpdate", "", "", "", "", "", "20", "8", "0.01", nrf]]
    for r in rows:                      # response times as printed by tshark: round them
        if r[9]:
            r[9] = "%.2f" % float(r[9])
    if rows != want:
        errors.append("fields:\n  want %s\n  got  %s" % (want, rows))
    # 3. Online Expert Info for the malformed header (first pass, no -2 needed).
    if "Malformed 3gpp-Sbi-Oci header" not in (out["expert"] or ""):
        errors.append("no Expert Info for the malformed OCI")
    # 4. Findings.
    doc = out["json"]
    got = sorted((f["rule"], f["amf"], f["first_frame"], f["count"], tuple(f["frames"]))
                 for f in doc["findings"])
    want_f = [("sbi-oci-malformed", "nrf", 5, 1, (5,)),
              ("sbi-overload-ignored", "10.0.0.1", 5, 2, (5, 6, 7, 8))]   # the consumer
    if got != want_f:
        errors.append("findings:\n  want %s\n  got  %s" % (want_f, got))
    s = doc["sbi"]
    if (s["nfupdate_load_reports"], s["oci_headers"], s["oci_malformed"], s["lci_headers"],
            s["status_503"]) != (3, 1, 1, 1, 2):
        errors.append("counters: %s" % {k: v for k, v in s.items() if not isinstance(v, list)})
    if errors:
        print("\n".join(errors))
        return 1
    print("crafted h2c on port 29510: nothing without Decode As; with it 3 load reports, "
          "2 x 503 (Retry-After 10), 1 malformed OCI, 1 LCI, findings %s" % [g[:4] for g in got])
    return 0

if __name__ == "__main__":
    sys.exit(main())
