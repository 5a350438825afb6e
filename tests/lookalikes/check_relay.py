#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_relay.py: one AMF seen through a relay (tap/core/amfol_relay.h), made
# with the synthesizer (scenarios/relay*.ini, two-amfs-alike.ini), through the real tshark:
#   relay: every NGAP packet is on the wire twice (gNB <-> 10.0.9.9 and 10.0.9.9 <-> amf-1). The
#     frames amfol sets aside as the relay's copies (amfol.repeat_kind 4) are exactly the frames
#     to or from the AMF's address but the SCTP handshake of each relay leg (before its first
#     NGAP PDU nothing says it is a relay's; it carries no NGAP and changes no count): the truth's
#     relay.amf_side_frames less its amf_side_handshake_frames, and so is capture.relayed_ignored;
#     one AMF; amfol's NGAP PDU and INITIAL UE MESSAGE counts equal
#     tshark's in the frames amfol reads and relay-plain's (the same traffic without the relay);
#     the same findings as relay-plain (rule, severity, AMF, gNB, count), the gNB's evidence on
#     the gNB side; the diagnosis and the JSON say so.
#   two-amfs-alike (the compliant look-alike): one gNB, two real AMFs with similar traffic (the
#     same NG SETUP REQUEST to both): two AMFs, nothing set aside, no relay in the report.
# Usage: check_relay.py SYNTH TSHARK_WRAPPER PLUGIN_SO WORKDIR
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from amfol_check import ERRORS, expect, run  # noqa: E402
from amfol_outputs import split_outputs  # noqa: E402

FIELDS = ["frame.number", "ip.src", "ip.dst", "ngap.procedureCode", "amfol.repeat_kind", "sctp.srcport",
          "sctp.dstport"]
RELAYED = "4"
IUM = "15"


def capture(ctx, name):
    cap = os.path.join(ctx["work"], name + ".pcapng")
    run([ctx["synth"], os.path.join(HERE, "scenarios", name + ".ini"), "-o", cap])
    truth = json.load(open(os.path.join(ctx["work"], name + ".truth.json")))
    out = run([ctx["wrapper"], ctx["plugin"], "-r", cap, "-2", "-T", "fields", "-E", "occurrence=a",
               "-E", "aggregator=,", "-E", "separator=/t"] + sum([["-e", f] for f in FIELDS], []) +
              ["-z", "amfol,json", "-z", "amfol,diagnosis"])
    frames = []
    for line in out.splitlines():
        cols = line.split("\t")
        if len(cols) != len(FIELDS) or not cols[0].isdigit():
            continue
        frames.append({"num": int(cols[0]), "src": cols[1].split(",")[0], "dst": cols[2].split(",")[0],
                       "procs": [p for p in cols[3].split(",") if p], "kind": cols[4],
                       "ports": (cols[5].split(",")[0], cols[6].split(",")[0])})
    got = split_outputs(out)
    return truth, frames, got["json"], got["diagnosis"] or ""


def amfol_counts(doc):
    pdus = ium = 0
    for amf in doc["amfs"]:
        for g in amf.get("gnbs", []):
            pdus += g.get("ngap_pdus") or 0
            for window in (g.get("initial_ue") or {}).values():
                ium += sum(window.values())
    return pdus, ium


def tshark_counts(frames):
    read = [f for f in frames if not f["kind"]]
    return sum(len(f["procs"]) for f in read), sum(f["procs"].count(IUM) for f in read)


def findings(doc):
    return sorted((f["rule"], f["severity"], f["amf"], f["gnb"], f["count"]) for f in doc["findings"])


def main():
    synth, wrapper, plugin, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    os.chmod(work, 0o755)
    ctx = {"synth": synth, "wrapper": wrapper, "plugin": plugin, "work": work}

    _, plain_frames, plain, _ = capture(ctx, "relay-plain")
    expect("relay-plain: nothing set aside as relayed", [f["num"] for f in plain_frames if f["kind"] == RELAYED], [])
    expect("relay-plain: gnb-ignores-overload (amf-1, gnb-2) found",
           [f[:4] for f in findings(plain) if f[0] == "gnb-ignores-overload"],
           [("gnb-ignores-overload", "error", "amf-1", "gnb-2")])

    truth, frames, doc, diag = capture(ctx, "relay")
    relay, amf_ip = truth["relay"], "10.0.0.1"
    amf_side = [f for f in frames if amf_ip in (f["src"], f["dst"])]
    legs = {}   # each relay leg (the relay's port): its frames from its first NGAP PDU on
    for f in amf_side:
        leg = legs.setdefault(f["ports"][1] if f["src"] == amf_ip else f["ports"][0], [])
        if f["procs"] or leg:
            leg.append(f["num"])
    want = sorted(n for leg in legs.values() for n in leg)
    set_aside = [f["num"] for f in frames if f["kind"] == RELAYED]
    expect("relay: frames set aside as the relay's copies == the AMF-side frames from each leg's first NGAP PDU",
           set_aside, want)
    n_want = relay["amf_side_frames"] - relay["amf_side_handshake_frames"]
    expect("relay: set aside == truth relay.amf_side_frames - amf_side_handshake_frames", len(set_aside), n_want)
    cap = doc["capture"]
    expect("relay: capture.relayed_ignored", cap.get("relayed_ignored"), n_want)
    for needle in ("10.0.9.9 between gNB 10.0.1.1:38412 and AMF 10.0.0.1:38412",
                   "10.0.9.9 between gNB 10.0.1.2:38412 and AMF 10.0.0.1:38412"):
        if needle not in (cap.get("relays") or ""):
            ERRORS.append("relay: capture.relays does not say %r: %r" % (needle, cap.get("relays")))
    if "Relayed: one AMF seen through a relay, each NGAP message counted once" not in diag:
        ERRORS.append("relay: the diagnosis does not say that the AMF was seen through a relay")
    expect("relay: the AMFs", [a["id"] for a in doc["amfs"]], ["amf-1"])
    pdus, ium = amfol_counts(doc)
    expect("relay: amfol's NGAP PDUs and INITIAL UE MESSAGEs == tshark's in the frames amfol reads",
           (pdus, ium), tshark_counts(frames))
    expect("relay: amfol's NGAP PDUs and INITIAL UE MESSAGEs == relay-plain's", (pdus, ium), amfol_counts(plain))
    expect("relay: tshark sees every NGAP PDU twice", sum(len(f["procs"]) for f in frames), 2 * pdus)
    expect("relay: findings == relay-plain's (rule, severity, AMF, gNB, count)", findings(doc), findings(plain))
    gnb2_ium = {f["num"] for f in frames if f["src"] == "10.0.1.2" and IUM in f["procs"] and not f["kind"]}
    for f in doc["findings"]:
        if f["rule"] == "gnb-ignores-overload":
            expect("relay: gnb-ignores-overload evidence after its START: gnb-2's INITIAL UE MESSAGEs on the gNB side",
                   [x for x in f["frames"][1:] if x not in gnb2_ium], [])

    truth, frames, doc, diag = capture(ctx, "two-amfs-alike")
    expect("two-amfs-alike: nothing set aside as relayed", [f["num"] for f in frames if f["kind"] == RELAYED], [])
    expect("two-amfs-alike: no relay in the report", ("relays" in doc["capture"], "Relayed:" in diag), (False, False))
    expect("two-amfs-alike: two AMFs", sorted(a["id"] for a in doc["amfs"]), ["amf-1", "amf-2"])
    expect("two-amfs-alike: amfol's counts == tshark's", amfol_counts(doc), tshark_counts(frames))

    for e in ERRORS:
        print("FAIL " + e)
    if ERRORS:
        sys.exit(1)
    print("ok: a relay's AMF-side copies set aside exactly, each message counted once, the findings of the same "
          "traffic without the relay; two real AMFs with similar traffic not merged")


if __name__ == "__main__":
    main()
