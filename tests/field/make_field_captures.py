#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# make_field_captures.py: crafted captures of issue 10 (captures as they come from the field) and,
# beside each, a .frames.json naming the frames that matter, so that check_field.py compares
# amfol's output with what was written here.
#
#   midstream.pcap  starts while gnb-1 and gnb-2 are under an OVERLOAD START sent before the first
#                   frame: no NG Setup, no START; their STOPs come at 40.0 s and 40.2 s; gnb-3 gets
#                   no STOP; a congestion reject (#22, T3346 60 s) at 10 s is inside that episode.
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "n2"))
sys.path.insert(0, os.path.join(HERE, "..", "nas"))
import ngap_pdus as N  # noqa: E402
import mkcap as M  # noqa: E402
from pcap_sctp import Writer  # noqa: E402

T0 = 1767225600.0
AMF = "10.0.0.1"
EMERG, MT, MO_SIG, MO_DATA = 0, 2, 3, 4


class Capture:
    """A pcap with named frames and per-gNB InitialUEMessage counts before/after marks."""

    def __init__(self, path):
        self.w = Writer(path)
        self.path = path
        self.marks = {}
        self.iue = []
        self.ran = 0

    def send(self, t, src, dst, pdu, mark=None):
        f = self.w.sctp(T0 + t, src, dst, [pdu])
        if mark:
            self.marks[mark] = f
        return f

    def iue_msg(self, t, gnb_ip, gnb, cause, nas=None):
        self.ran += 1
        pdu = M.initial_ue(self.ran, nas, rrc_cause=cause) if nas else N.initial_ue_message(self.ran, cause)
        f = self.send(t, gnb_ip, AMF, pdu)
        self.iue.append({"frame": f, "gnb": gnb, "t": t, "cause": cause})
        return f

    def close(self, extra=None):
        self.w.close()
        doc = {"t0": T0, "frames": self.w.frames, "marks": self.marks, "initial_ue": self.iue}
        doc.update(extra or {})
        with open(self.path.replace(".pcap", ".frames.json"), "w") as f:
            json.dump(doc, f, indent=1)


GNB = {"gnb-1": "10.0.1.1", "gnb-2": "10.0.1.2", "gnb-3": "10.0.1.3"}


def midstream(path):
    c = Capture(path)
    for s in range(0, 40):
        c.iue_msg(s + 0.1, GNB["gnb-1"], "gnb-1", MT)
        if s % 3 == 0:
            c.iue_msg(s + 0.2, GNB["gnb-2"], "gnb-2", EMERG)
        c.iue_msg(s + 0.3, GNB["gnb-3"], "gnb-3", MO_SIG)
        if s == 10:
            c.iue_msg(s + 0.5, GNB["gnb-1"], "gnb-1", MO_SIG, M.reg_request("0000000001"))
            c.send(s + 0.6, AMF, GNB["gnb-1"], M.downlink(1, c.ran, M.reg_reject(22, t3346=0x21)), "reject")
    c.send(40.0, AMF, GNB["gnb-1"], N.overload_stop(), "stop_gnb1")
    c.send(40.2, AMF, GNB["gnb-2"], N.overload_stop(), "stop_gnb2")
    for s in range(41, 60):
        for g in ("gnb-1", "gnb-2"):
            c.iue_msg(s + 0.1, GNB[g], g, MO_SIG)
            c.iue_msg(s + 0.2, GNB[g], g, MO_DATA)
    c.close()


if __name__ == "__main__":
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    midstream(os.path.join(out, "midstream.pcap"))
