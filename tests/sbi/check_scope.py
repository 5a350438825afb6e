#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_scope.py: sbi-overload-ignored judged by the overload scope (TS 29.500 §6.4;
# "OCI/LCI sent by an SCP apply to the scope they name"), through the real tshark with amfol.
#
# Every case writes two h2c captures (port 29510, HPACK literals), built byte by byte:
#   - three SMF profiles registered with the NRF: SMF-1 and SMF-2 in NF set "set1...", SMF-3 in
#     "set2...", SMF-1 with the service instances pdu-1 (nsmf-pdusession) and evt-1
#     (nsmf-event-exposure);
#   - from 1 s to 40 s one request a second of an "in" stream (inside the OCI's scope) and of an
#     "out" stream (outside it, or high priority), both from the same consumer;
#   - at 20.2 s a request answered at 20.5 s with a 3gpp-Sbi-Oci of the case's scope, 50 %
#     reduction, Timestamp 20 s, Period-of-Validity 10 s (so it applies until 30 s).
# compliant: the in stream halves its rate during the validity, the out stream keeps its rate:
#            no finding (the out stream shares the consumer, and often the address, with the in
#            stream: keyed by IP pair the same capture gave a false sbi-overload-ignored).
# violation: the in stream keeps its rate: sbi-overload-ignored, its entity, and exactly the in
#            requests beyond the allowance (half of the in-scope requests of the 9.5 s before).
# Usage: check_scope.py CASE TSHARK_WRAPPER PLUGIN_SO WORKDIR
import email.utils
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "n2"))
import crafted_h2c as H  # noqa: E402
from pcap_sctp import Writer  # noqa: E402
import subprocess  # noqa: E402

T0 = 1767225600.0                          # 2026-01-01 00:00:00 UTC
PORT = 29510
AMF, NRF, SCP = "10.0.0.1", "10.0.9.1", "10.0.7.1"
SMF = {1: "10.0.5.1", 2: "10.0.5.2", 3: "10.0.5.3"}
ID = {k: "5f000000-0000-4000-8000-00000000000%d" % k for k in SMF}
SET1, SET2 = "set1.smfset.5gc.mnc001.mcc001", "set2.smfset.5gc.mnc001.mcc001"
PDU = "/nsmf-pdusession/v1/sm-contexts"
EVT = "/nsmf-event-exposure/v1/subscriptions"
IN_SLICE = {"sNssai": {"sst": 1, "sd": "000001"}, "dnn": "internet"}
OUT_SLICE = {"sNssai": {"sst": 3}, "dnn": "internet"}


class H2:
    """HTTP/2 connections over crafted TCP: preface on first use, odd stream ids per connection."""

    def __init__(self, path):
        self.w = Writer(path)
        self.conns = {}
        self.port = 40000

    def _conn(self, t, client, server):
        c = self.conns.get((client, server))
        if not c:
            self.port += 1
            c = self.conns[(client, server)] = {"port": self.port, "sid": -1}
            self.w.tcp(T0 + t - 0.002, client, c["port"], server, PORT,
                       b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + H.frame(4, 0, 0, b""))
            self.w.tcp(T0 + t - 0.001, server, PORT, client, c["port"], H.frame(4, 0, 0, b"") + H.frame(4, 1, 0, b""))
        c["sid"] += 2
        return c

    def request(self, t, client, server, method, path, headers=(), body=None):
        """Returns (frame, reply): reply(t, status, headers) answers this stream."""
        c = self._conn(t, client, server)
        sid = c["sid"]
        hdrs = [(":method", method), (":scheme", "http"), (":authority", "%s:%d" % (server, PORT)),
                (":path", path)] + list(headers)
        if body is not None:
            hdrs.append(("content-type", "application/json"))
        payload = H.headers(sid, hdrs, body is None)
        if body is not None:
            payload += H.data(sid, json.dumps(body))
        f = self.w.tcp(T0 + t, client, c["port"], server, PORT, payload)

        def reply(rt, status, extra=()):
            return self.w.tcp(T0 + rt, server, PORT, client, c["port"],
                              H.headers(sid, [(":status", str(status))] + list(extra), True))
        return f, reply

    def close(self):
        self.w.close()


def profile(k, set_id, services=()):
    return {"nfInstanceId": ID[k], "nfType": "SMF", "nfStatus": "REGISTERED", "ipv4Addresses": [SMF[k]],
            "nfSetIdList": [set_id],
            "nfServices": [{"serviceInstanceId": i, "serviceName": n, "versions": [], "scheme": "http",
                            "nfServiceStatus": "REGISTERED"} for i, n in services]}


def oci(scope):
    ts = email.utils.formatdate(T0 + 20, usegmt=True)
    return ('Timestamp: "%s"; Period-of-Validity: 10s; Overload-Reduction-Metric: 50%%; %s' % (ts, scope))


def via_scp(k):
    return [("3gpp-sbi-target-apiroot", "http://%s:%d" % (SMF[k], PORT))]


# Per case: the OCI scope, who sends it (and to whom, on which request), and the two streams:
# (client, server, method, path, headers, body) at one request a second.
def streams(case):
    smf1 = (AMF, SMF[1], "POST", PDU, [], IN_SLICE)
    if case == "scp":
        # SCP in the path: the SCP answers with an OCI about SMF-1 (NF-Instance); the consumer's
        # requests through the same SCP to SMF-3 are outside that scope.
        return dict(scope="NF-Instance: " + ID[1], oci_from=SCP,
                    carrier=(AMF, SCP, "POST", PDU, via_scp(1), IN_SLICE),
                    inn=(AMF, SCP, "POST", PDU, via_scp(1), IN_SLICE),
                    out=(AMF, SCP, "POST", PDU, via_scp(3), IN_SLICE), relay=True,
                    entity=ID[1], in_before=11)
    if case == "scp-fqdn":
        # An SCP's own overload: every request to that SCP, not the consumer's direct ones.
        return dict(scope="SCP-FQDN: scp-1.example.org", oci_from=SCP,
                    carrier=(AMF, SCP, "POST", PDU, via_scp(1), IN_SLICE),
                    inn=(AMF, SCP, "POST", PDU, via_scp(1), IN_SLICE),
                    out=(AMF, SMF[3], "POST", PDU, [], IN_SLICE), entity="scp-1.example.org",
                    in_before=11)
    if case == "slice":
        return dict(scope="NF-Instance: %s; S-NSSAI: 1-000001 & 2; DNN: internet & ims" % ID[1],
                    oci_from=SMF[1], carrier=(AMF, SMF[1], "POST", PDU, [], IN_SLICE),
                    inn=smf1, out=(AMF, SMF[1], "POST", PDU, [], OUT_SLICE), entity=ID[1], in_before=11)
    if case == "priority":
        # TS 29.500 §6.8: high-priority requests (3gpp-Sbi-Message-Priority 3) may pass; 24 may not.
        return dict(scope="NF-Instance: " + ID[1], oci_from=SMF[1],
                    carrier=(AMF, SMF[1], "POST", PDU, [("3gpp-sbi-message-priority", "3")], IN_SLICE),
                    inn=(AMF, SMF[1], "POST", PDU, [("3gpp-sbi-message-priority", "24")], IN_SLICE),
                    out=(AMF, SMF[1], "POST", PDU, [("3gpp-sbi-message-priority", "3")], IN_SLICE),
                    entity=ID[1], in_before=10, passed=9)
    if case == "set":
        return dict(scope="NF-Set: " + SET1, oci_from=SMF[1],
                    carrier=(AMF, SMF[1], "POST", PDU, [], IN_SLICE),
                    inn=(AMF, SMF[2], "POST", PDU, [], IN_SLICE),
                    out=(AMF, SMF[3], "POST", PDU, [], IN_SLICE), entity="smf@10.0.5.1", in_before=11)
    if case == "service":
        return dict(scope="NF-Service-Instance: pdu-1; NF-Inst: " + ID[1], oci_from=SMF[1],
                    carrier=(AMF, SMF[1], "POST", PDU, [], IN_SLICE), inn=smf1,
                    out=(AMF, SMF[1], "POST", EVT, [], {"notifUri": "http://x"}), entity=ID[1], in_before=11)
    if case == "service-set":
        return dict(scope="NF-Service-Set: set1.snnsmf-pdusession.nfi%s.5gc.mnc001.mcc001" % ID[1],
                    oci_from=SMF[1], carrier=(AMF, SMF[1], "POST", PDU, [], IN_SLICE), inn=smf1,
                    out=(AMF, SMF[1], "POST", EVT, [], {"notifUri": "http://x"}), entity=ID[1],
                    in_before=11)
    if case == "callback":
        # The AMF, overloaded as a notification receiver, names its callback URIs ("&" list);
        # SMF-1's other requests to the AMF are outside that scope.
        cb = "/namf-callback/v1/smf/sm-ctx"
        return dict(scope="Callback-Uri: http://%s:%d%s & http://%s:%d/namf-callback/v1/other"
                    % (AMF, PORT, cb, AMF, PORT), oci_from=AMF,
                    carrier=(SMF[1], AMF, "POST", cb + "/0", [], {"event": "x"}),
                    inn=(SMF[1], AMF, "POST", cb + "/1", [], {"event": "x"}),
                    out=(SMF[1], AMF, "POST", "/namf-comm/v1/ue-contexts/imsi-1/n1-n2-messages", [], {"x": 1}),
                    entity="amf", in_before=11)
    raise SystemExit("unknown case " + case)


def build(path, case, comply):
    s = streams(case)
    h = H2(path)
    for k, set_id, services in ((1, SET1, (("pdu-1", "nsmf-pdusession"), ("evt-1", "nsmf-event-exposure"))),
                                (2, SET1, ()), (3, SET2, ())):
        f, reply = h.request(0.1 * k, SMF[k], NRF, "PUT", "/nnrf-nfm/v1/nf-instances/" + ID[k],
                             body=profile(k, set_id, services))
        reply(0.1 * k + 0.01, 201)
    ins = []
    for sec in range(1, 41):
        t = float(sec)
        skip = comply and 20.5 <= t < 30.0 and sec % 2 == 1      # compliant: half the in stream
        if not skip:
            c, v, m, p, hd, b = s["inn"]
            f, reply = h.request(t, c, v, m, p, hd, b)
            ins.append((t, f))
            if s.get("relay"):                                   # the SCP relays it to SMF-1
                rf, rreply = h.request(t + 0.001, SCP, SMF[1], m, p, [("via", "2.0 scp-1")], b)
                rreply(t + 0.002, 201)
            reply(t + 0.003, 201)
        c, v, m, p, hd, b = s["out"]
        f, reply = h.request(t + 0.01, c, v, m, p, hd, b)
        reply(t + 0.013, 201)
        if sec == 20:
            c, v, m, p, hd, b = s["carrier"]
            f, reply = h.request(20.2, c, v, m, p, hd, b)
            if s.get("relay"):
                # SMF-1 tells the SCP (judged against no one: the SCP relays it to the consumer)
                rf, rreply = h.request(20.3, SCP, SMF[1], m, p, [("via", "2.0 scp-1")], b)
                rreply(20.4, 503, [("3gpp-sbi-oci", oci(s["scope"]))])
            oci_frame = reply(20.5, 201, [("3gpp-sbi-oci", oci(s["scope"]))])
    h.close()
    during = [f for t, f in ins if 20.5 <= t < 30.0]
    allowed = s["in_before"] * 50 // 100
    return s, oci_frame, during, allowed


def run(wrapper, plugin, pcap):
    out = subprocess.run([wrapper, plugin, "-r", pcap, "-q", "-d", "tcp.port==%d,http2" % PORT,
                          "-z", "amfol,json"], capture_output=True, text=True, timeout=100)
    if out.returncode != 0:
        sys.exit("tshark failed (%d): %s" % (out.returncode, out.stderr[-1500:]))
    return json.loads(out.stdout[out.stdout.index("{"):])


def main():
    case, wrapper, plugin, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    errors = []
    for comply in (True, False):
        pcap = os.path.join(work, "%s-%s.pcap" % (case, "compliant" if comply else "violation"))
        s, oci_frame, during, allowed = build(pcap, case, comply)
        doc = run(wrapper, plugin, pcap)
        # The entity is the consumer that kept sending (the in stream's client); the overloaded
        # target (s["entity"]) is named in the summary.
        got = [(f["rule"], f["amf"], f["first_frame"], f["count"], f["frames"])
               for f in doc["findings"] if f["rule"] == "sbi-overload-ignored"]
        targets = [f["summary"] for f in doc["findings"] if f["rule"] == "sbi-overload-ignored"]
        if targets and ("kept sending requests to %s " % s["entity"]) not in targets[0]:
            errors.append("%s: the summary does not name the overloaded target %s: %s"
                          % (case, s["entity"], targets[0]))
        if comply:
            want = []
        else:
            beyond = during[allowed:]
            want = [("sbi-overload-ignored", s["inn"][0], oci_frame, len(beyond), [oci_frame] + beyond)]
            # the numbers this case is about, written out (9 in-scope requests in the window)
            if (len(during), allowed) != (9, s["in_before"] // 2):
                errors.append("%s: capture has %d in-scope requests, allowance %d" % (case, len(during), allowed))
        if got != want:
            errors.append("%s %s:\n  got  %s\n  want %s" % (case, "compliant" if comply else "violation", got, want))
        if not comply and "passed" in s:
            summ = [f["summary"] for f in doc["findings"] if f["rule"] == "sbi-overload-ignored"]
            if not summ or "%d high-priority requests" % s["passed"] not in summ[0]:
                errors.append("%s: high-priority requests not counted in %s" % (case, summ))
        other = [f["rule"] for f in doc["findings"] if f["rule"] not in ("sbi-overload-ignored",)]
        if other:
            errors.append("%s: unexpected findings %s" % (case, other))
    if errors:
        print("\n".join(errors))
        return 1
    print("%s: compliant capture without finding; violation with %s beyond the allowance" % (case, want[0][3]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
