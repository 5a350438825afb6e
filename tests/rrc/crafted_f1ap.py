#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# crafted_f1ap.py: F1AP captures built at test time from the verified vectors of
# shared/reference/3gpp-facts.md §7 (text2pcap, SCTP PPID 62), checking request -> answer matching,
# waitTime, the unanswered timeout and its preference, as decoded by the real tshark + amfol.
#
# Usage: crafted_f1ap.py TSHARK_WRAPPER PLUGIN_SO WORKDIR
import os
import subprocess
import sys

# InitialULRRCMessageTransfer (gNB-DU UE F1AP ID = last byte of "00 29 00 02 00 xx"), UL-CCCH
# RRCSetupRequest mo-Signalling; DLRRCMessageTransfer SRB0 with DL-CCCH RRCReject waitTime 10 s.
UL = "00 0b 40 14 00 00 02 00 29 00 02 00 {du:02x} 00 32 00 07 06 10 00 00 00 00 26"
# The same transfer carrying the §7 UL-CCCH RRCResumeRequest (resumeCause rna-Update).
UL_RESUME = "00 0b 40 14 00 00 02 00 29 00 02 00 {du:02x} 00 32 00 07 06 20 00 00 20 00 10"
DL = "00 0c 40 1b 00 00 04 00 28 00 02 00 01 00 29 00 02 00 {du:02x} 00 40 00 01 00 00 32 00 03 02 09 20"
DU, CU = "10.0.2.1", "10.0.1.1"

# (time s, direction, du id): frame numbers are the list positions + 1
PACKETS = [
    (0.000, "ul", 1),   # 1 request, answered by 2
    (0.005, "dl", 1),   # 2 RRCReject waitTime 10 -> request 1
    (1.000, "ul", 2),   # 3 request, never answered
    (3.000, "ul", 3),   # 4 request, answered 2 s later by 5
    (5.000, "dl", 3),   # 5 RRCReject: late for the default 1000 ms timeout
    (6.000, "ulr", 4),  # 6 RRCResumeRequest rna-Update, answered by 7
    (6.004, "dl", 4),   # 7 RRCReject -> request 6
]


def build(workdir):
    os.makedirs(workdir, exist_ok=True)
    parts = []
    for i, (t, d, du) in enumerate(PACKETS):
        hexs = {"ul": UL, "ulr": UL_RESUME, "dl": DL}[d].format(du=du)
        txt = os.path.join(workdir, "p%d.txt" % i)
        with open(txt, "w") as f:
            f.write("00:00:%09.6f\n0000 %s\n" % (t, hexs))   # text2pcap -t "%H:%M:%S."
        out = os.path.join(workdir, "p%d.pcap" % i)
        src, dst = (CU, DU) if d == "dl" else (DU, CU)
        subprocess.run(["text2pcap", "-q", "-t", "%H:%M:%S.", "-4", "%s,%s" % (src, dst),
                        "-S", "38472,38472,62", txt, out], check=True)
        parts.append(out)
    cap = os.path.join(workdir, "crafted_f1ap.pcap")
    subprocess.run(["mergecap", "-a", "-w", cap] + parts, check=True)
    return cap


def fields(wrapper, plugin, cap, *opts):
    r = subprocess.run([wrapper, plugin, "-r", cap, "-2"] + list(opts) +
                       ["-T", "fields", "-E", "separator=|", "-e", "frame.number", "-e", "amfol.rrc",
                        "-e", "amfol.rrc.cause", "-e", "amfol.rrc.outcome", "-e", "amfol.rrc.response_frame",
                        "-e", "amfol.rrc.request_frame", "-e", "amfol.rrc.wait_time_s", "-e", "amfol.rrc.gnb",
                        "-e", "amfol.rrc.in_overload", "-e", "_ws.expert.message"],
                       capture_output=True, text=True, timeout=100)
    if r.returncode != 0:
        sys.exit("tshark failed: " + r.stderr)
    return [line.split("|") for line in r.stdout.splitlines()]


def expect(rows, want, label):
    bad = 0
    for frame, exp in want.items():
        got = rows[frame - 1]
        for col, val in exp.items():
            if got[col] != val:
                print("FAIL %s frame %d column %d: %r, want %r (row %s)" % (label, frame, col, got[col], val, got))
                bad += 1
    return bad


def main():
    wrapper, plugin, workdir = sys.argv[1:4]
    cap = build(workdir)
    MSG, CAUSE, OUT, ANS, REQ, WAIT, GNB, OVL, EXP = range(1, 10)
    bad = 0
    rows = fields(wrapper, plugin, cap)
    # Default timeout (1000 ms): 3 and 4 are unanswered, 5 answers nothing.
    bad += expect(rows, {
        1: {MSG: "1", CAUSE: "3", OUT: "2", ANS: "2", WAIT: "10", GNB: CU + ":38472", OVL: "0"},
        2: {MSG: "4", CAUSE: "3", REQ: "1", WAIT: "10", OUT: ""},
        3: {MSG: "1", OUT: "3", ANS: "", WAIT: ""},
        4: {MSG: "1", OUT: "3", ANS: ""},
        5: {MSG: "4", REQ: "", WAIT: "10", CAUSE: ""},
        6: {MSG: "2", CAUSE: "10", OUT: "2", ANS: "7", WAIT: "10"},
        7: {MSG: "4", CAUSE: "10", REQ: "6"},
    }, "default timeout")
    if "RRC request without RRCSetup/RRCReject" not in rows[2][EXP]:
        print("FAIL: no 'unanswered' Expert Info on frame 3: %r" % rows[2][EXP])
        bad += 1
    if "RRCReject without a request" not in rows[4][EXP]:
        print("FAIL: no 'unmatched' Expert Info on frame 5: %r" % rows[4][EXP])
        bad += 1
    # A 3000 ms timeout lets frame 5 answer frame 4.
    rows = fields(wrapper, plugin, cap, "-o", "amfol.rrc_answer_timeout_ms:3000")
    bad += expect(rows, {
        3: {OUT: "3"},
        4: {OUT: "2", ANS: "5", WAIT: "10"},
        5: {REQ: "4", CAUSE: "3", WAIT: "10"},
    }, "3000 ms timeout")
    if bad:
        sys.exit(1)
    print("ok: crafted F1AP matching, waitTime, timeout preference")


if __name__ == "__main__":
    main()
