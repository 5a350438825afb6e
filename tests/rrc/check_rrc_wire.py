#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_rrc_wire.py: the oracle of the NR RRC byte reader (tap/wire/amfol_rrc_wire.c): on every
# scenario capture (testcaptures/scenarios/*.ini but big-storm, synthesized here) and every public
# capture, each RRC container of each F1AP PDU is read by the reader (through the unit test's
# --dump mode) on the channel Wireshark gives it, and the frame's messages and values must be
# exactly what tshark's own decode shows in nr-rrc.*: which messages (their _element items),
# establishmentCause, resumeCause, waitTime, ng-5G-S-TMSI-Part1 and the s-NSSAI-List's sst / sst-SD.
# Channels as Wireshark's F1AP dissector picks them (TS 38.473 §9.3.1.6 RRC-Container): INITIAL UL
# RRC MESSAGE TRANSFER (procedure 11) UL-CCCH (UL-CCCH1 for a 64-bit container); DL RRC MESSAGE
# TRANSFER (12) on SRB0 DL-CCCH; on SRB1..3 a PDCP-C PDU (12-bit SN header, 2 octets; MAC-I, 4)
# holding DL-DCCH, as in UE CONTEXT RELEASE COMMAND (6) and UE CONTEXT SETUP /
# MODIFICATION REQUEST (5, 7); UL RRC MESSAGE TRANSFER (13) the same holding UL-DCCH.
#   check_rrc_wire.py TSHARK_WRAPPER SYNTH READER SCENARIO_DIR PUBLIC_DIR WORKDIR
import glob
import os
import subprocess
import sys

WRAPPER, SYNTH, READER, SCEN, PUBLIC, WORK = sys.argv[1:7]
MSGS = {1: "rrcSetupRequest", 2: "rrcResumeRequest", 3: "rrcSetup", 4: "rrcReject", 5: "rrcResume",
        6: "rrcRelease", 7: "rrcSetupComplete"}
ELEMENTS = ["rrcSetupRequest", "rrcResumeRequest", "rrcResumeRequest1", "rrcSetup", "rrcReject", "rrcResume",
            "rrcRelease", "rrcSetupComplete"]
VALUES = ["establishmentCause", "resumeCause", "waitTime", "ng_5G_S_TMSI_Part1", "sst", "sst_SD"]
UL_CCCH, UL_CCCH1, DL_CCCH, UL_DCCH, DL_DCCH = range(5)


def tshark_rows(cap):
    fields = ["frame.number", "f1ap.procedureCode", "f1ap.SRBID", "f1ap.RRCContainer"]
    fields += ["nr-rrc.%s_element" % e for e in ELEMENTS] + ["nr-rrc." + v for v in VALUES]
    args = [WRAPPER, "", "-r", cap, "--disable-protocol", "amfol", "-Y", "f1ap.RRCContainer || nr-rrc",
            "-T", "fields", "-E", "occurrence=a", "-E", "aggregator=|"]
    for f in fields:
        args += ["-e", f]
    out = subprocess.run(args, capture_output=True, text=True, timeout=600).stdout
    for line in out.splitlines():
        f = line.split("\t")
        if len(f) != len(fields) or not f[0].isdigit():
            continue
        yield [x.split("|") if x else [] for x in f]


def channel_of(proc, srb, container):
    if proc == 11:
        return UL_CCCH1 if len(container) == 8 else UL_CCCH, container
    pdcp = container[2:-4] if len(container) > 6 else b""
    if proc == 12:
        return (DL_CCCH, container) if srb == 0 else (DL_DCCH, pdcp)
    if proc in (5, 6, 7):
        return DL_DCCH, pdcp
    if proc == 13:
        return UL_DCCH, pdcp
    return None, None


def main():
    os.makedirs(WORK, exist_ok=True)
    caps = []
    for ini in sorted(glob.glob(os.path.join(SCEN, "*.ini"))):
        name = os.path.basename(ini)[:-4]
        if name == "big-storm":
            continue
        cap = os.path.join(WORK, name + ".pcapng")
        subprocess.run([SYNTH, ini, "-o", cap], check=True, capture_output=True)
        caps.append(cap)
    if os.path.isdir(PUBLIC):
        for root, _, files in os.walk(PUBLIC):
            caps += [os.path.join(root, f) for f in sorted(files) if f.endswith((".pcap", ".pcapng", ".cap"))]
    fails, compared, by_msg, not_f1ap = 0, 0, {}, 0
    for cap in caps:
        rows = list(tshark_rows(cap))
        jobs, where = [], []
        for r in rows:
            procs = [int(p) for p in r[1]]
            srbs = [int(s) for s in r[2]]
            # one F1AP PDU with an RRC container per frame in these captures; else the frame is
            # compared only when every container's channel is known
            for i, hexs in enumerate(r[3]):
                proc = procs[i] if i < len(procs) else (procs[-1] if procs else -1)
                srb = srbs[i] if i < len(srbs) else (srbs[0] if srbs else -1)
                ch, pdu = channel_of(proc, srb, bytes.fromhex(hexs))
                if ch is not None:
                    jobs.append("%d %s" % (ch, pdu.hex()))
                    where.append(r[0][0])
        out = subprocess.run([READER, "--dump"], input="\n".join(jobs) + "\n", capture_output=True, text=True,
                             check=True).stdout.splitlines() if jobs else []
        got = {}
        for frame, line in zip(where, out):
            got.setdefault(frame, []).append(line.split(" "))
        for r in rows:
            frame = r[0][0]
            if not r[3]:
                not_f1ap += 1          # RRC without F1AP (MAC-NR, NGAP containers): not read here
                continue
            ws_msgs = sorted({e.replace("rrcResumeRequest1", "rrcResumeRequest")
                              for e, col in zip(ELEMENTS, r[4:4 + len(ELEMENTS)]) if col})
            v = dict(zip(VALUES, r[4 + len(ELEMENTS):]))
            mine = got.get(frame, [])
            my_msgs = sorted({MSGS[int(m[0])] for m in mine if int(m[0])})
            est = [int(m[1]) for m in mine if m[1] != "-1" and m[2] == "0"]
            res = [int(m[1]) for m in mine if m[1] != "-1" and m[2] == "1"]
            wait = [int(m[3]) for m in mine if m[3] != "-1"]
            tmsi = [int(m[4]) for m in mine if m[4] != "-"]
            nssai = sorted(int(x) for m in mine if m[5] != "-" for x in m[5].split(","))
            want = (ws_msgs, [int(x) for x in v["establishmentCause"]], [int(x) for x in v["resumeCause"]],
                    [int(x) for x in v["waitTime"]], [int(x, 16) >> 1 for x in v["ng_5G_S_TMSI_Part1"]],
                    sorted([int(x, 16) for x in v["sst"]] + [int(x, 16) for x in v["sst_SD"]]))
            have = (my_msgs, est, res, wait, tmsi, nssai)
            compared += 1
            for m in ws_msgs:
                by_msg[m] = by_msg.get(m, 0) + 1
            if want != have:
                fails += 1
                if fails <= 20:
                    print("FAIL: %s frame %s: tshark %s, reader %s" % (os.path.basename(cap), frame, want, have))
    print("%d captures, %d frames with F1AP RRC containers compared (%s), %d RRC frames without F1AP not "
          "compared, %d failures" % (len(caps), compared, ", ".join("%s %d" % kv for kv in sorted(by_msg.items())),
                                    not_f1ap, fails))
    if compared == 0:
        print("FAIL: nothing compared")
        fails += 1
    sys.exit(1 if fails else 0)


main()
