#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_decipher_bytes.py: the NAS glue decides whether Wireshark deciphered a ciphered NAS-PDU
# (security header type 2 or 4, nas-5gs.null_decipher) from the PDU's octets, the preference and
# the value tables of nas_5gs.mm/sm.message_type (nas-5gs.* from 4.2; nas_glue.c
# wireshark_deciphers) instead of priming those two fields. Oracle: tshark's own decode of the
# same frames. Per frame, amfol must call the PDU ciphered exactly when the former rule says so:
# Wireshark put no 5GMM/5GSM message type item in the frame, or the inner message is not a plain
# 5GMM one (EPD 0x7e, security header 0, at least 3 octets); and a deciphered message must be
# the message type Wireshark shows. The capture: DownlinkNASTransports whose NAS-PDU is ciphered
# (type 2 and 4, spare bits set) around plain 5GMM messages of known and unknown types, a 5GSM
# message, an inner security header, garbage and every truncation; run with the preference off
# and on.
#   check_decipher_bytes.py TSHARK_WRAPPER PLUGIN_SO WORKDIR
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
sys.path.insert(0, os.path.join(HERE, "..", "n2"))
import mkcap as M  # noqa: E402
from pcap_sctp import Writer  # noqa: E402
import amfol_taps  # noqa: E402

WRAPPER, PLUGIN, WORK = sys.argv[1:4]


def nas_pdus():
    inner = [
        bytes.fromhex("7e004416"),                 # Registration reject #22 (known type 0x44)
        bytes.fromhex("7e00441616"),
        bytes.fromhex("7e0068010005"),             # DL NAS transport
        bytes.fromhex("7e0041790000"),             # Registration request
        bytes.fromhex("7e004016"),                 # 0x40: not a 5GMM message type
        bytes.fromhex("7e006916"),                 # 0x69: beyond the table
        bytes.fromhex("7e00ff16"),
        bytes.fromhex("7e014416"),                 # inner security header type 1
        bytes.fromhex("2e0501c31a"),               # 5GSM PDU session establishment reject
        bytes.fromhex("2e0501ff1a"),               # 5GSM, unknown type
        bytes.fromhex("a1b2c3d4e5"),               # really ciphered
    ]
    out = []
    for head in ("7e02", "7e04", "7e12", "7e24"):  # ciphered; type 2 / 4, spare bits set
        sec = bytes.fromhex(head + "1122334405")
        for m in inner:
            p = sec + m
            for n in range(2, len(p) + 1):       # every truncation of the NAS-PDU
                out.append(p[:n])
    out.append(bytes.fromhex("7e004416"))          # plain, for contrast
    return out


def run(*args):
    return amfol_taps.tshark_text(WRAPPER, PLUGIN, *args)


def main():
    os.makedirs(WORK, exist_ok=True)
    cap = os.path.join(WORK, "decipher.pcap")
    w = Writer(cap)
    t = 1767225600.0
    sent = {}                          # frame -> NAS-PDU octets
    for i, nas in enumerate(nas_pdus()):
        t += 0.001
        w.sctp(t, M.AMF[0], M.GNB[0], [M.downlink(i + 1, i + 1, nas)])
        sent[i + 1] = nas
    w.close()
    fails = 0
    shown = set()
    # Wireshark 4.0 spells the NAS fields nas_5gs.*, later releases nas-5gs.* (the plugin reads both)
    xy = subprocess.run([WRAPPER, "--version-xy"], capture_output=True, text=True).stdout.strip()
    nasf = "nas_5gs." if xy in ("", "4.0") else "nas-5gs."
    for prefs in ([], ["-o", "nas-5gs.null_decipher:TRUE"]):
        oracle = {}                    # frame -> (mm types, sm types) of Wireshark's decode
        for line in run("-r", cap, "--disable-protocol", "amfol", *prefs, "-T", "fields", "-E", "occurrence=a",
                        "-e", "frame.number", "-e", nasf + "mm.message_type",
                        "-e", nasf + "sm.message_type").splitlines():
            f = line.split("\t")
            oracle[int(f[0])] = (f[1], f[2])
        events = {}
        frame = None
        for line in run("-r", cap, *prefs, "-q", "-z", "amfol,events").splitlines():
            e = json.loads(line)
            if e.get("t") == "frame":
                frame = e["frame"]
            elif e.get("t") == "nas":
                events[frame] = e
        for frame, nas in sorted(sent.items()):
            mm, sm = oracle.get(frame, ("", ""))
            sht = nas[1] & 0x0F if len(nas) >= 2 else 0
            if sht not in (2, 4) or len(nas) < 7:
                continue
            ws_read = bool(mm or sm)
            readable = ws_read and len(nas) >= 10 and nas[7] == 0x7E and nas[8] & 0x0F == 0
            shown.add((ws_read, readable))
            e = events.get(frame)
            if e is None:
                print("FAIL: %s frame %d (%s): no NAS event from amfol" % (prefs, frame, nas.hex()))
                fails += 1
                continue
            if bool(e.get("ciphered")) == readable:
                print("FAIL: %s frame %d (%s): tshark types %r, amfol ciphered=%s" %
                      (prefs, frame, nas.hex(), (mm, sm), e.get("ciphered")))
                fails += 1
            if readable and e.get("mm_type") != int(nas[9]):
                print("FAIL: %s frame %d (%s): amfol mm_type %s, tshark %s" %
                      (prefs, frame, nas.hex(), e.get("mm_type"), mm))
                fails += 1
    for want in ((False, False), (True, False), (True, True)):
        if want not in shown:
            print("FAIL: no frame where Wireshark read inside = %s and amfol reads = %s" % want)
            fails += 1
    print("%d ciphered NAS-PDUs x 2 preference settings compared with tshark's decode, %d failures" %
          (sum(1 for n in sent.values() if len(n) >= 7 and n[1] & 0x0F in (2, 4)), fails))
    sys.exit(1 if fails else 0)


main()
