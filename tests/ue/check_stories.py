#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The story of one UE (-z amfol,ue,<id>, amfol.ue, the `ues` JSON member) against an oracle
built from Wireshark's own fields only.

  check_stories.py synth WRAPPER PLUGIN OUTDIR CASE=CAPTURE ...
  check_stories.py public WRAPPER PLUGIN OUTDIR PUBLIC_DIR

CASE picks the sample UE from the capture's `ues` (JSON) and what its story must show:
  early   a UE rejected with #22 + T3346 that retried early (ue-early-retry scenario)
  waits   a UE rejected with #22 + T3346 that retried after it expired and was accepted
  rrc     a UE turned away by RRCReject (waitTime) and accepted later
For each: the story's frames and times are exactly the UE's frames as an oracle finds them in
Wireshark's decode (its NGAP UE contexts, found by the 5G-S-TMSI of its InitialUEMessages, NAS
frames only; its RRCSetupRequests by ng-5G-S-TMSI-Part1 and their RRCSetup/RRCReject on the same
gNB-DU UE F1AP ID), `amfol.ue == "<id>"` filters exactly those frames, and the story shows the
case's events. Bad ids (not in the capture, garbage, 500 characters) give the exact "No UE"
message, sample ids, and exit code 0.
"""
import json
import re
import subprocess
import sys

STORY_HEAD = "=== amfol UE story ==="
FIELDS = ["frame.number", "frame.time_relative", "ip.src", "ip.dst", "ngap.procedureCode",
          "ngap.RAN_UE_NGAP_ID", "ngap.fiveG_TMSI", "f1ap.GNB_DU_UE_F1AP_ID",
          "nr-rrc.ng_5G_S_TMSI_Part1", "nr-rrc.rrcSetup_element", "nr-rrc.rrcReject_element",
          "nr-rrc.waitTime", "frame.protocols", "amfol.ue"]
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg)


def tshark(wrapper, plugin, args):
    p = subprocess.run([wrapper, plugin] + args, capture_output=True, text=True)
    if p.returncode != 0:
        fail("tshark %s exited %d: %s" % (" ".join(args), p.returncode, p.stderr[-500:]))
    return p.stdout


def split_stories(out):
    """Field rows before the first story, then the stories (tshark draws the taps last first)."""
    i = out.find(STORY_HEAD)
    rows = out if i < 0 else out[:i]
    stories = [] if i < 0 else [STORY_HEAD + s for s in out[i:].split(STORY_HEAD)[1:]]
    return rows, stories


def parse_rows(text):
    rows = []
    for line in text.splitlines():
        cells = line.split("\t")
        if len(cells) != len(FIELDS):
            continue
        rows.append(dict(zip(FIELDS, cells)))
    return rows


def story_events(story):
    """(frame, time, text) of each event line."""
    return [(int(m.group(1)), float(m.group(2)), m.group(3))
            for m in re.finditer(r"^\s+(\d+)\s+(\d+\.\d{6})  (.*)$", story, re.M)]


def s_tmsi_parts(ue):
    m = re.fullmatch(r"s-tmsi:(\d+)-(\d+)-([0-9a-f]{8})", ue)
    if not m:
        return None
    return int(m.group(1)), int(m.group(2)), int(m.group(3), 16)


def oracle_frames(rows, ue):
    """The UE's frames from Wireshark's fields only (see the module text)."""
    set_id, ptr, tmsi = s_tmsi_parts(ue)
    part1 = ((set_id & 0x3ff) << 38 | (ptr & 0x3f) << 32 | tmsi) & ((1 << 39) - 1)
    frames = set()
    # NGAP UE contexts: (gNB address, RAN UE NGAP ID) from the UE's InitialUEMessages, until the
    # next InitialUEMessage of that gNB with that RAN UE NGAP ID.
    contexts = {}          # (gnb, ran id) -> open
    for r in rows:
        procs = r["ngap.procedureCode"].split(",") if r["ngap.procedureCode"] else []
        rans = r["ngap.RAN_UE_NGAP_ID"].split(",") if r["ngap.RAN_UE_NGAP_ID"] else []
        tmsis = [int(x) for x in r["ngap.fiveG_TMSI"].split(",") if x]
        if "15" in procs and rans:
            key = (r["ip.src"], rans[procs.index("15")] if len(rans) == len(procs) else rans[0])
            contexts[key] = tmsi in tmsis
        nas = "nas-5gs" in r["frame.protocols"] or "nas_5gs" in r["frame.protocols"]
        for ran in rans:
            for gnb in (r["ip.src"], r["ip.dst"]):
                if contexts.get((gnb, ran)) and nas:
                    frames.add(int(r["frame.number"]))
    # Radio: the RRCSetupRequests with its Part1 and their answers on the same DU UE id.
    waiting = {}           # (du address, DU UE id) -> request frame
    for r in rows:
        p1 = r["nr-rrc.ng_5G_S_TMSI_Part1"]
        du = r["f1ap.GNB_DU_UE_F1AP_ID"]
        if p1 and int(p1.replace(":", ""), 16) >> 1 == part1 and du:
            frames.add(int(r["frame.number"]))
            waiting[(r["ip.src"], du)] = True
        elif (r["nr-rrc.rrcSetup_element"] or r["nr-rrc.rrcReject_element"]) and du:
            if waiting.pop((r["ip.dst"], du), None):
                frames.add(int(r["frame.number"]))
    return frames


def pick(doc, case):
    for u in doc.get("ues", []):
        if case == "early" and u["why"].startswith("finding") and "ue-early-retry" in u["why"]:
            return u["ue"]
        if case == "waits" and u["outcome"] == "accepted-after-reject" and u["nas_rejects"] >= 1 \
                and u["early_retries"] == 0:
            return u["ue"]
        if case == "rrc" and u["rrc_rejects"] >= 1 and u["outcome"] == "accepted-after-reject":
            return u["ue"]
    return None


def check_not_found(story, asked):
    lines = story.splitlines()
    shown = asked if len(asked) <= 120 else asked[:120] + "..."
    want = 'No UE "%s" in this capture.' % shown
    if len(lines) < 2 or lines[1] != want:
        fail("bad id %r: want line %r, got %r" % (asked[:40], want, lines[1:2]))
    if "Some UEs of this capture" not in story:
        fail("bad id %r: no sample ids in %r" % (asked[:40], story[:300]))


def check_case(case, cap, wrapper, plugin):
    doc = json.loads(tshark(wrapper, plugin, ["-r", cap, "-2", "-q", "-z", "amfol,json"]) or "{}")
    ue = pick(doc, case)
    if not ue:
        fail("%s: no sample UE of this case in the JSON ues of %s" % (case, cap))
        return
    if doc.get("ues_left_out") is None or len(doc["ues"]) > 24:
        fail("%s: ues capped at 24 with ues_left_out, got %d / %r" % (case, len(doc["ues"]), doc.get("ues_left_out")))
    garbage, long_id = "no-such-ue", "s-tmsi:" + "9" * 493
    out = tshark(wrapper, plugin, ["-r", cap, "-2", "-T", "fields", "-E", "aggregator=,"] +
                 [a for f in FIELDS for a in ("-e", f)] +
                 ["-z", "amfol,ue," + ue, "-z", "amfol,ue," + garbage, "-z", "amfol,ue," + long_id])
    text, stories = split_stories(out)
    rows = parse_rows(text)
    mine = [s for s in stories if s.splitlines()[1:2] == ["UE " + ue]]
    if len(stories) != 3 or len(mine) != 1:
        fail("%s: want 3 stories, one of %s; got %d" % (case, ue, len(stories)))
        return
    story = mine[0]
    for s in stories:
        if s is not story:
            check_not_found(s, long_id if "9999" in s.splitlines()[1] else garbage)
    events = story_events(story)
    got = sorted(f for f, _, _ in events)
    want = sorted(oracle_frames(rows, ue))
    filtered = sorted(int(r["frame.number"]) for r in rows if ue in r["amfol.ue"].split(","))
    if got != want:
        fail("%s %s: story frames %s, Wireshark's decode %s" % (case, ue, got, want))
    if filtered != want:
        fail("%s %s: amfol.ue == \"%s\" gives %s, Wireshark's decode %s" % (case, ue, ue, filtered, want))
    times = {int(r["frame.number"]): float(r["frame.time_relative"]) for r in rows}
    for f, t, _ in events:
        if abs(times.get(f, -1) - t) > 1.5e-6:
            fail("%s %s: frame %d at %.6f s in the story, %.9f in tshark" % (case, ue, f, t, times.get(f, -1)))
    texts = [x for _, _, x in events]
    if case == "early":
        rejects = [x for x in texts if re.search(r"reject #22 Congestion, T3346 \d+ s", x)]
        early = [x for x in texts if "EARLY RETRY" in x and "[ue-early-retry]" in x]
        if not rejects or not early:
            fail("early %s: want a #22 reject with T3346 and an EARLY RETRY line: %s" % (ue, texts))
    elif case == "waits":
        i = next((k for k, x in enumerate(texts) if re.search(r"reject #22 Congestion, T3346 \d+ s", x)), None)
        after = [x for x in texts[i + 1:] if "after the back-off expired" in x] if i is not None else []
        if i is None or not after or "EARLY RETRY" in story or "Outcome: turned away, then accepted" not in story:
            fail("waits %s: want #22 + T3346, a retry after expiry and the accept: %s" % (ue, texts))
    elif case == "rrc":
        if not [x for x in texts if re.search(r"DL RRCReject, waitTime \d+ s", x)] or \
                "Outcome: turned away, then accepted" not in story:
            fail("rrc %s: want an RRCReject with waitTime and the accept: %s" % (ue, texts))
    print("ok %s %s: %d events, frames %s" % (case, ue, len(events), got))


def check_public(wrapper, plugin, public):
    cap = public + "/adriandonohoe-5g-pcap/registration_reject.pcap"
    ue = "suci:99970-0000000099"
    out = tshark(wrapper, plugin, ["-r", cap, "-2", "-T", "fields", "-E", "aggregator=,", "-e", "frame.number",
                                   "-e", "frame.time_relative", "-e", "nas_5gs.mm.message_type",
                                   "-e", "nas_5gs.mm.5gmm_cause", "-e", "nas_5gs.mm.suci.msin",
                                   "-e", "amfol.ue", "-z", "amfol,ue," + ue])
    text, stories = split_stories(out)
    rows = [l.split("\t") for l in text.splitlines() if l.count("\t") == 5]
    # Wireshark's decode: the REGISTRATION REQUEST with MSIN 0000000099 and the reject (#7) after it
    # on its own context (the only 5GMM cause in the capture).
    want = sorted({int(r[0]) for r in rows if "0000000099" in r[4]} |
                  {int(r[0]) for r in rows if r[3]})
    if len(stories) != 1:
        fail("public: want one story, got %d" % len(stories))
        return
    events = story_events(stories[0])
    got = sorted(f for f, _, _ in events)
    filtered = sorted(int(r[0]) for r in rows if ue in r[5].split(","))
    if got != want or filtered != want:
        fail("public %s: story %s, amfol.ue %s, Wireshark's decode %s" % (ue, got, filtered, want))
    if not any("Registration reject #7" in x for _, _, x in events) or \
            "Outcome: turned away, not accepted by the end of the capture" not in stories[0]:
        fail("public %s: want the reject #7 and the outcome: %s" % (ue, stories[0]))
    print("ok public %s: frames %s" % (ue, got))


def main():
    mode, wrapper, plugin = sys.argv[1], sys.argv[2], sys.argv[3]
    if mode == "synth":
        for arg in sys.argv[5:]:
            case, cap = arg.split("=", 1)
            check_case(case, cap, wrapper, plugin)
    else:
        check_public(wrapper, plugin, sys.argv[5])
    if failures:
        print("%d checks failed" % len(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
