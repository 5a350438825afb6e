#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# make_captures.py: writes the crafted N2 test captures (one AMF, several gNBs) and, beside each,
# a .frames.json naming the frames that matter (STARTs, STOPs, per-gNB InitialUEMessages with
# their time and cause), so that the checks compare amfol's output with what was written.
#
#   storm.pcap  gnb-1 complies (50 %) and has its START replaced (30 %), gnb-2 keeps forwarding
#               the shed class and never gets a STOP, gnb-3 is never told, gnb-4 gets a per-slice
#               START; one SCTP packet of gnb-3 carries two InitialUEMessages (bundling).
#   clean.pcap  two gNBs, both told (permit emergency and MT only), both comply, both stopped;
#               then NG Setup Failure with overload cause + TimeToWait, Error Indication with
#               overload cause, AMF Configuration Update (capacity), AMF Status Indication.
#   exempt.pcap one gNB that, told to reject signalling, also stops forwarding emergency calls.
#   late.pcap   starts after NG Setup (names are transport addresses), a START without IEs, a
#               STOP, a STOP without START, and a truncated NGAP PDU.
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ngap_pdus as N  # noqa: E402
from pcap_sctp import Writer  # noqa: E402

T0 = 1767225600.0            # 2026-01-01T00:00:00Z
AMF = "10.0.0.1"
MO_SIG, MO_DATA, MT, EMERG = 3, 4, 2, 0


class Recorder:
    def __init__(self, path):
        self.w = Writer(path)
        self.path = path
        self.iue = []          # {frame, gnb, t, cause}
        self.marks = {}        # name -> frame
        self.ran_id = 0
        self.last_t = 0.0

    def up(self, t, gnb_ip, gnb, causes):
        pdus = []
        for c in causes:
            self.ran_id += 1
            pdus.append(N.initial_ue_message(self.ran_id, c))
        f = self.w.sctp(T0 + t, gnb_ip, AMF, pdus)
        for c in causes:
            self.iue.append({"frame": f, "gnb": gnb, "t": t, "cause": c})
        self.last_t = max(self.last_t, t)
        return f

    def send(self, t, src, dst, pdu, mark=None):
        f = self.w.sctp(T0 + t, src, dst, [pdu])
        if mark:
            self.marks[mark] = f
        self.last_t = max(self.last_t, t)
        return f

    def close(self, extra=None):
        self.w.close()
        doc = {"t0": T0, "last_t": self.last_t, "frames": self.w.frames, "marks": self.marks,
               "initial_ue": self.iue}
        if extra:
            doc.update(extra)
        with open(self.path.replace(".pcap", ".frames.json"), "w") as f:
            json.dump(doc, f, indent=1)


GNBS = {"gnb-1": "10.0.1.1", "gnb-2": "10.0.1.2", "gnb-3": "10.0.1.3", "gnb-4": "10.0.1.4"}


def setup(r, gnbs, t=0.0):
    for i, (name, ip) in enumerate(gnbs.items()):
        r.send(t + 0.01 * i, ip, AMF, N.ng_setup_request(name, i + 1))
        r.send(t + 0.01 * i + 0.005, AMF, ip, N.ng_setup_response("amf-1"))


def storm(path):
    r = Recorder(path)
    setup(r, GNBS)
    for s in range(1, 60):
        r.up(s + 0.1, GNBS["gnb-1"], "gnb-1", [MO_SIG])
        r.up(s + 0.2, GNBS["gnb-2"], "gnb-2", [MO_SIG])
        r.up(s + 0.3, GNBS["gnb-3"], "gnb-3", [MO_SIG])
        r.up(s + 0.4, GNBS["gnb-4"], "gnb-4", [MO_SIG])
        if s % 5 == 0:
            r.up(s + 0.5, GNBS["gnb-1"], "gnb-1", [EMERG])
    r.send(60.0, AMF, GNBS["gnb-1"], N.overload_start(1, 50), "start_gnb1")
    r.send(60.01, AMF, GNBS["gnb-2"], N.overload_start(1), "start_gnb2")
    r.send(60.02, AMF, GNBS["gnb-4"], N.overload_start(slice_vector=True), "start_gnb4")
    for s in range(60, 120):
        if s == 90:
            r.send(90.0, AMF, GNBS["gnb-1"], N.overload_start(0, 30), "restart_gnb1")
        if s % 2 == 0:
            r.up(s + 0.1, GNBS["gnb-1"], "gnb-1", [MO_SIG])
            r.up(s + 0.3, GNBS["gnb-3"], "gnb-3", [MO_DATA, MO_SIG])      # bundled
        r.up(s + 0.2, GNBS["gnb-2"], "gnb-2", [MO_SIG])
        r.up(s + 0.4, GNBS["gnb-4"], "gnb-4", [MO_SIG])
        if s % 5 == 0:
            r.up(s + 0.5, GNBS["gnb-1"], "gnb-1", [EMERG])
    r.send(120.0, AMF, GNBS["gnb-1"], N.overload_stop(), "stop_gnb1")
    r.send(120.01, AMF, GNBS["gnb-4"], N.overload_stop(), "stop_gnb4")
    for s in range(120, 150):
        for k, g in enumerate(("gnb-1", "gnb-2", "gnb-3", "gnb-4")):
            r.up(s + 0.1 * (k + 1), GNBS[g], g, [MO_SIG])
    r.close()


def clean(path):
    r = Recorder(path)
    gnbs = {"gnb-a": "10.0.1.1", "gnb-b": "10.0.1.2"}
    setup(r, gnbs)
    for s in range(1, 60):
        for k, g in enumerate(gnbs):
            r.up(s + 0.1 + 0.2 * k, gnbs[g], g, [MO_DATA])
            r.up(s + 0.15 + 0.2 * k, gnbs[g], g, [MT])
            if s % 10 == 0:
                r.up(s + 0.16 + 0.2 * k, gnbs[g], g, [EMERG])
    r.send(60.0, AMF, gnbs["gnb-a"], N.overload_start(2), "start_a")
    r.send(60.0, AMF, gnbs["gnb-b"], N.overload_start(2), "start_b")
    for s in range(60, 120):
        for k, g in enumerate(gnbs):
            if s % 10 == 0:
                r.up(s + 0.15 + 0.2 * k, gnbs[g], g, [MT, EMERG])           # bundled
            else:
                r.up(s + 0.15 + 0.2 * k, gnbs[g], g, [MT])
    r.send(120.0, AMF, gnbs["gnb-a"], N.overload_stop(), "stop_a")
    r.send(120.5, AMF, gnbs["gnb-b"], N.overload_stop(), "stop_b")
    for s in range(121, 125):
        for k, g in enumerate(gnbs):
            r.up(s + 0.1 + 0.2 * k, gnbs[g], g, [MO_DATA])
    r.send(125.0, "10.0.1.9", AMF, N.ng_setup_request("gnb-c", 9), "setup_c")
    r.send(125.1, AMF, "10.0.1.9", N.ng_setup_failure_overload(3), "setup_failure_c")
    r.send(126.0, AMF, gnbs["gnb-a"], N.error_indication_overload(), "error_indication")
    r.send(127.0, AMF, gnbs["gnb-a"], N.amf_configuration_update(64), "config_update")
    r.send(128.0, AMF, gnbs["gnb-b"], N.amf_status_indication(), "status_indication")
    r.close()


def exempt(path):
    r = Recorder(path)
    gnbs = {"gnb-x": "10.0.1.7"}
    setup(r, gnbs)
    ip = gnbs["gnb-x"]
    for s in range(1, 60):
        r.up(s + 0.1, ip, "gnb-x", [MO_SIG])
        if s % 2 == 0:
            r.up(s + 0.2, ip, "gnb-x", [EMERG])
    r.send(60.0, AMF, ip, N.overload_start(1), "start")
    r.send(120.0, AMF, ip, N.overload_stop(), "stop")     # nothing at all passed in between
    for s in range(121, 130):
        r.up(s + 0.1, ip, "gnb-x", [MO_SIG])
    r.close()


def late(path):
    r = Recorder(path)
    amf, gnb = "10.0.0.2", "10.0.2.1"
    global AMF
    saved, AMF = AMF, amf
    for s in range(0, 5):
        r.up(s + 0.5, gnb, "10.0.2.1:38412", [MO_SIG])
    r.send(5.0, amf, gnb, N.overload_start(), "start")             # no IEs: read as action 1
    r.up(5.5, gnb, "10.0.2.1:38412", [MO_SIG])                     # within the grace period
    r.up(7.0, gnb, "10.0.2.1:38412", [MO_SIG])                     # shed class, after grace
    r.send(8.0, amf, gnb, N.overload_stop(), "stop")
    r.send(9.0, amf, gnb, N.overload_stop(), "stop_again")
    r.send(10.0, gnb, amf, bytes.fromhex("000f407f0000"), "truncated")
    r.up(11.0, gnb, "10.0.2.1:38412", [MO_SIG])
    AMF = saved
    r.close()


if __name__ == "__main__":
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    storm(os.path.join(out, "storm.pcap"))
    clean(os.path.join(out, "clean.pcap"))
    exempt(os.path.join(out, "exempt.pcap"))
    late(os.path.join(out, "late.pcap"))
