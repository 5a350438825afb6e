#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_coverage.py PUBLIC_DIR RUNS_DIR: on the one tshark run per public capture (fixture
public_runs), "What this capture can tell" matches what the capture really holds, read from the
other members of the same JSON document (each written by the module that owns that traffic):
- coverage.amfs[].n2_pdus add up to the N2 module's ngap_pdus of every association;
- NAS: nas_messages add up to nas.messages, the unreadable ones to nas.ciphered;
- SBI: messages + tls = sbi.messages, headers_unreadable = sbi.unreadable_headers;
- starts_in_episode: the AMF has an episode with start_before_capture;
- the families: N2 not judged exactly when there is no NGAP, radio not judged exactly when the
  radio module saw no RRC request, NAS not judged exactly when no NAS is readable, SBI not judged
  exactly when no HTTP/2 message was read; the diagnosis carries the section;
- gnbs[].n2_pdus add up to the N2 PDUs too, and radio_side is rrc_messages > 0;
- the diagnosis' few lines say the same: one "AMF <amf> seen:" line per AMF (up to 4) with its
  NAS share, an "SBI seen:" line exactly when there is SBI, and a "Not judged:" line naming
  exactly the families not judged and, after "partly:", those partly judged;
- no finding has count 0, and a finding the evidence check turned into a note says so."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import amfol_outputs  # noqa: E402

FAMILIES = ["gNB overload handling on N2", "gNB overload handling on the radio side",
            "NAS congestion control and UE back-off", "NRF load and SBI overload control",
            "AMF Set re-balancing and cascades", "Overload without (timely) control"]
STATUSES = {"judged", "partly judged", "not judged"}


def check(name, doc, diagnosis, errors):
    def want(what, got, expected):
        if got != expected:
            errors.append("%s: %s: got %r, want %r" % (name, what, got, expected))

    c = doc.get("coverage")
    if not c:
        errors.append("%s: no coverage member" % name)
        return
    n2 = sum(g["ngap_pdus"] for a in doc["amfs"] for g in a["gnbs"])
    want("N2 PDUs", sum(a["n2_pdus"] for a in c["amfs"]), n2)
    want("NAS messages", sum(a["nas_messages"] for a in c["amfs"]), doc["nas"]["messages"])
    want("NAS unreadable", sum(a["nas_messages"] - a["nas_readable"] for a in c["amfs"]), doc["nas"]["ciphered"])
    want("SBI messages + TLS", c["sbi"]["messages"] + c["sbi"]["tls"], doc["sbi"]["messages"])
    want("SBI unreadable headers", c["sbi"]["headers_unreadable"], doc["sbi"]["unreadable_headers"])
    before = {a["id"] for a in doc["amfs"] if any(e.get("start_before_capture") for e in a["episodes"])}
    want("AMFs whose capture starts inside an episode", sorted(a["amf"] for a in c["amfs"] if a["starts_in_episode"]),
         sorted(before))
    fam = {f["family"]: f for f in c["families"]}
    want("families", [f["family"] for f in c["families"]], FAMILIES)
    for f in c["families"]:
        if f["status"] not in STATUSES or not f["reason"] or not f["rules"]:
            errors.append("%s: family %s: status %r, reason %r, rules %r" % (name, f["family"], f["status"],
                                                                          f["reason"], f["rules"]))
    readable_nas = sum(a["nas_readable"] for a in c["amfs"])
    radio = (doc.get("radio") or {}).get("requests", 0)
    want("N2 family not judged", fam[FAMILIES[0]]["status"] == "not judged", n2 == 0)
    want("radio family not judged", fam[FAMILIES[1]]["status"] == "not judged", radio == 0)
    want("NAS family not judged", fam[FAMILIES[2]]["status"] == "not judged", readable_nas == 0)
    want("SBI family not judged", fam[FAMILIES[3]]["status"] == "not judged", c["sbi"]["messages"] == 0)
    want("gNB N2 PDUs", sum(g["n2_pdus"] for g in c["gnbs"]), n2)
    want("radio_side == rrc_messages > 0", [g["radio_side"] for g in c["gnbs"]], [g["rrc_messages"] > 0 for g in c["gnbs"]])
    if "What this capture can tell:" not in (diagnosis or ""):
        errors.append("%s: the diagnosis has no \"What this capture can tell\" section" % name)
        return
    section = diagnosis.split("What this capture can tell:\n", 1)[1]
    lines = section.split("\n")
    lines = lines[:next((i for i, l in enumerate(lines) if not l.startswith("  ")), len(lines))]
    seen = [l for l in lines if l.startswith("  AMF ")]
    want("one 'seen:' line per AMF", [l.split(" seen: ")[0][6:] for l in seen], [a["amf"] for a in c["amfs"]][:4])
    for a, l in zip(c["amfs"], seen):
        nas = ("NAS %.0f %% readable of %d" % (100.0 * a["nas_readable"] / a["nas_messages"], a["nas_messages"])
               if a["nas_messages"] else "no NAS")
        if nas not in l:
            errors.append("%s: AMF %s: %r not in %r" % (name, a["amf"], nas, l))
    want("an 'SBI seen:' line", any(l.startswith("  SBI seen: ") for l in lines),
         c["sbi"]["messages"] + c["sbi"]["tls"] > 0)
    judged = [l for l in lines if l.startswith("  Not judged: ")]
    if len(judged) != 1:
        errors.append("%s: %d 'Not judged:' lines" % (name, len(judged)))
        return
    text = judged[0]
    for f in c["families"]:
        named = (" " + f["family"] + " (") in text
        if named != (f["status"] != "judged"):
            errors.append("%s: family %s (%s) named in %r: %s" % (name, f["family"], f["status"], text, named))
    partly_at = text.index("; partly: ")
    for f in c["families"]:
        if f["status"] == "partly judged" and text.find(f["family"] + " (") < partly_at:
            errors.append("%s: partly judged family %s not after 'partly:'" % (name, f["family"]))
        if f["status"] == "not judged" and text.find(f["family"] + " (") > partly_at:
            errors.append("%s: not judged family %s after 'partly:'" % (name, f["family"]))
    for f in doc["findings"]:
        if f["count"] == 0:
            errors.append("%s: finding %s with count 0" % (name, f["rule"]))
        if f.get("evidence_missing") and (f["severity"] != "note" or not f["summary"].startswith("Not judged")):
            errors.append("%s: %s lacks %s but is a %s" % (name, f["rule"], f["evidence_missing"], f["severity"]))


def main():
    public, runs = sys.argv[1:3]
    errors = []
    done = 0
    for run in amfol_outputs.public_runs(runs):
        if run["json"] is None:
            errors.append("%s: no JSON report (exit %s)" % (run["name"], run["rc"]))
            continue
        check(run["name"], run["json"], run["diagnosis"], errors)
        done += 1
    for e in errors:
        print("FAIL " + e)
    print("%d public captures: coverage checked, %d errors" % (done, len(errors)))
    sys.exit(1 if errors or not done else 0)


if __name__ == "__main__":
    main()
