#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_rrc_wire.py: the oracle of the NR RRC byte reader (tap/wire/amfol_rrc_wire.c): on every
# scenario capture (testcaptures/scenarios/*.ini but big-storm, synthesized here) and every public
# capture, each RRC container of each F1AP PDU is read by the reader (through the unit test's
# --dump mode) on the channel Wireshark gives it, and the frame's messages and values must be
# exactly what tshark's own decode shows in nr-rrc.*: which messages (their _element items),
# establishmentCause, resumeCause, waitTime, ng-5G-S-TMSI-Part1 and the s-NSSAI-List's sst / sst-SD.
# Channels as Wireshark's F1AP dissector picks them (TS 38.473 §9.3.1.6 RRC-Container): INITIAL UL
# RRC MESSAGE TRANSFER (procedure 11) UL-CCCH (tshark 4.0: even a 64-bit container); DL RRC MESSAGE
# TRANSFER (12) on SRB0 DL-CCCH; on SRB1..3 a PDCP-C PDU (12-bit SN header, 2 octets; MAC-I, 4)
# holding DL-DCCH, as in UE CONTEXT RELEASE COMMAND (6) and UE CONTEXT SETUP /
# MODIFICATION REQUEST (5, 7); UL RRC MESSAGE TRANSFER (13) the same holding UL-DCCH.
# A crafted capture adds what the scenarios lack: every truncation of each message (what Wireshark
# shows before its exception, the reader before the cut), a 64-bit UL-CCCH container (tshark 4.0
# reads it as UL-CCCH, not UL-CCCH1), RRCReject without waitTime,
# and seeded random containers on every channel.
#   check_rrc_wire.py TSHARK_WRAPPER SYNTH READER SCENARIO_DIR PUBLIC_DIR WORKDIR
import glob
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "n2"))
from ngap_pdus import ie, pdu  # noqa: E402  (F1AP's PDU and IE layout is NGAP's)
from pcap_sctp import Writer  # noqa: E402

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
    if proc == 11:                     # UL-CCCH whatever the length (a 64-bit RRCResumeRequest1 too)
        return UL_CCCH, container
    pdcp = container[2:-4] if len(container) > 6 else b""
    if proc == 12:
        return (DL_CCCH, container) if srb == 0 else (DL_DCCH, pdcp)
    if proc in (5, 6, 7):
        return DL_DCCH, pdcp
    if proc == 13:
        return UL_DCCH, pdcp
    return None, None


def bits(*fields):
    """Unaligned PER: (value, width) pairs, padded to whole octets."""
    s = "".join(format(v, "0%db" % n) for v, n in fields)
    s += "0" * (-len(s) % 8)
    return bytes(int(s[i:i + 8], 2) for i in range(0, len(s), 8))


def crafted(path):
    """F1AP PDUs whose RRC containers are each message below cut at every octet, and random ones."""
    tmsi = 0x2A5A5A5A5B
    ul_ccch = [bits((0, 3), (0, 1), (tmsi, 39), (3, 4), (0, 1)), bits((0, 3), (1, 1), (tmsi, 39), (9, 4), (0, 1)),
               bits((0, 1), (1, 2), (0xABCDEF, 24), (0x1234, 16), (8, 4), (0, 1)),
               bits((0, 1), (0, 2), (0xABCDEF0123, 40), (0x1234, 16), (5, 4), (0, 1))]   # 8 octets: UL-CCCH1
    dl_ccch = [bits((0, 3), (0, 1), (4, 3), (9, 4)), bits((0, 3), (0, 1), (0, 3)), bits((0, 1), (1, 2), (0, 2), (0, 1))]
    setup_complete = bits((0, 1), (2, 4), (1, 2), (0, 1), (0x38, 6), (0, 4), (1, 1), (1, 1), (0x001, 12), (1, 1),
                          (0x010, 12), (0xCAFE01, 24), (1, 1), (1, 3), (0, 1), (1, 8), (1, 1), (0x02000002, 32),
                          (2, 8), (0x7E00, 16))
    release = bits((0, 1), (2, 4), (1, 2), (0, 1), (0, 3))
    rnd = random.Random(27)
    frames = []

    def container(c):
        return bytes([len(c)]) + c

    for m in ul_ccch:
        frames += [pdu(0x00, 11, 0x40, [ie(50, 0, container(m[:n]))]) for n in range(1, len(m) + 1)]
    for m in dl_ccch:
        frames += [pdu(0x00, 12, 0x40, [ie(64, 0, b"\x00"), ie(50, 0x40, container(m[:n]))])
                   for n in range(1, len(m) + 1)]
    for n in range(1, len(setup_complete) + 1):
        frames.append(pdu(0x00, 13, 0x40, [ie(64, 0, b"\x20"), ie(50, 0, container(b"\x00\x01" + setup_complete[:n] +
                                                                                   b"\x00" * 4))]))
    for n in range(1, len(release) + 1):
        frames.append(pdu(0x00, 12, 0x40, [ie(64, 0, b"\x20"), ie(50, 0x40, container(b"\x00\x02" + release[:n] +
                                                                                      b"\x00" * 4))]))
    for _ in range(300):
        c = bytes(rnd.randrange(256) for _ in range(rnd.choice((1, 2, 3, 6, 8, 12, 20))))
        kind = rnd.randrange(4)
        if kind == 0:
            frames.append(pdu(0x00, 11, 0x40, [ie(50, 0, container(c))]))
        elif kind == 1:
            frames.append(pdu(0x00, 12, 0x40, [ie(64, 0, b"\x00"), ie(50, 0x40, container(c))]))
        else:                            # UL RRC (13) or DL RRC (12) MESSAGE TRANSFER on SRB1
            frames.append(pdu(0x00, 11 + kind if kind == 2 else 12, 0x40, [ie(64, 0, b"\x20"),
                                                      ie(50, 0, container(b"\x00\x03" + c + b"\x00" * 4))]))
    w = Writer(path)
    t = 1767225600.0
    for p in frames:
        t += 0.001
        w.sctp(t, "10.0.2.1", "10.0.1.1", [p], ppid=62, port=38472)
    w.close()
    return path


def main():
    os.makedirs(WORK, exist_ok=True)
    caps = [crafted(os.path.join(WORK, "crafted-rrc.pcap"))]
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
