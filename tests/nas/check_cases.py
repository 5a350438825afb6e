#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_cases.py: end-to-end NAS checks with the real tshark and the plugin, on captures written
# by mkcap.py and on public captures. Every case asserts exact frames, values and findings.
# Usage: check_cases.py CASE TSHARK_WRAPPER PLUGIN_SO WORKDIR [PUBLIC_CAPTURES_DIR]
import re
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from amfol_catalogue import rule_ids  # noqa: E402
FIELDS = ["frame.number", "amfol.nas", "amfol.nas.cause", "amfol.nas.congestion",
          "amfol.nas.t3346", "amfol.nas.t3346_s", "amfol.nas.ue", "amfol.nas.linked_by",
          "amfol.nas.verdict", "amfol.nas.backoff_frame", "amfol.nas.integrity_protected",
          "amfol.nas.ciphered", "amfol.nas.timer", "amfol.nas.exempt_rejected", "amfol.nas.sm_cause"]


class Ctx:
    def __init__(self, wrapper, plugin, work, public):
        self.wrapper, self.plugin, self.work, self.public = wrapper, plugin, work, public
        self.errors = []

    def tshark(self, cap, *args):
        out = subprocess.run([self.wrapper, self.plugin, "-r", cap] + list(args),
                             capture_output=True, text=True, timeout=100)
        if out.returncode != 0:
            sys.exit("tshark failed (%d): %s" % (out.returncode, out.stderr[-1500:]))
        return out.stdout

    def fields(self, cap, *opts):
        return self.fields_and_taps(cap, *opts)[0]

    def fields_and_taps(self, cap, *opts):
        """The per-frame rows, and what the -z taps among opts print after them (one run)."""
        args = list(opts) + ["-T", "fields", "-E", "occurrence=f"]
        for f in FIELDS:
            args += ["-e", f]
        rows = {}
        lines = self.tshark(cap, *args).splitlines(True)
        # Keys are the last name part; amfol.nas (the message item) is "message".
        keys = ["message" if f == "amfol.nas" else f.split(".")[-1] for f in FIELDS[1:]]
        n = 0
        for line in lines:
            v = line.rstrip("\n").split("\t")
            if not v[0].isdigit():   # the taps' output follows the last frame's row
                break
            rows[int(v[0])] = dict(zip(keys, v[1:]))
            n += 1
        return rows, "".join(lines[n:])

    def fields_and_findings(self, cap, *opts):
        """One run: the per-frame rows, then the JSON report (its doc and NAS findings)."""
        rows, taps = self.fields_and_taps(cap, *(list(opts) + ["-z", "amfol,json"]))
        doc, found = self.findings_of(taps)
        return rows, doc, found

    def findings(self, cap, *opts):
        return self.findings_of(self.tshark(cap, *(list(opts) + ["-q", "-z", "amfol,json"])))

    def findings_of(self, out):
        doc = json.loads(out[out.index("{"):])
        # The NAS module's rules, plus the radio module's exempt-access-rejected on the NAS layer.
        return doc, [f for f in doc["findings"] if f["rule"] in rule_ids(doc, "nas") or
                     (f["rule"] == "exempt-access-rejected" and f.get("layer") == "nas")]

    def eq(self, what, got, want):
        if got != want:
            self.errors.append("%s: got %r, want %r" % (what, got, want))

    def row(self, rows, frame, **want):
        for k, v in want.items():
            self.eq("frame %d %s" % (frame, k), rows.get(frame, {}).get(k), v)

    def rules(self, found, want):
        """want: {rule: (first_frame, frames, count, ue or None)}"""
        got = {f["rule"]: f for f in found}
        self.eq("NAS rules", sorted(got), sorted(want))
        for rule, (first, frames, count, ue) in want.items():
            f = got.get(rule)
            if not f:
                continue
            self.eq(rule + " first_frame", f["first_frame"], first)
            self.eq(rule + " frames", f["frames"], frames)
            self.eq(rule + " count", f["count"], count)
            if ue is not None:
                self.eq(rule + " ue", f["ue"], ue)


def mkcap(ctx, scenario):
    path = os.path.join(ctx.work, "nas-%s.pcap" % scenario)
    subprocess.run([sys.executable, os.path.join(HERE, "mkcap.py"), scenario, path], check=True)
    return path


AMF = "10.0.0.1:38412"


def case_backoff(ctx):
    cap = mkcap(ctx, "backoff")
    # One run per pass: the one-pass rows with the JSON report, the NAS table and the timeline
    # (tshark prints the taps in the reverse order of the -z options: timeline, table, JSON), the
    # two-pass rows with the Expert Info notes.
    r, taps = ctx.fields_and_taps(cap, "-z", "amfol,json", "-z", "amfol,nas", "-z", "amfol,timeline")
    tl_at, table_at, json_at = taps.find("=== amfol timeline ==="), taps.find("\n====="), taps.find("\n{\n")
    ctx.eq("taps printed after the rows: timeline, NAS table, JSON", 0 <= tl_at < table_at < json_at, True)
    tl, table, report = taps[tl_at:table_at], taps[table_at:json_at], taps[json_at:]
    ctx.row(r, 1, message="Registration request", ue="suci:00101-0000000001", linked_by="new")
    ctx.row(r, 2, message="Registration reject", cause="22", congestion="1", t3346="60 s",
            t3346_s="60", integrity_protected="1", timer="T3346", linked_by="ngap-ue-context")
    ctx.row(r, 3, linked_by="suci", verdict="violation", backoff_frame="2")
    ctx.row(r, 5, cause="22", t3346="none", integrity_protected="0", t3346_s="")
    ctx.row(r, 7, exempt_rejected="1")
    ctx.row(r, 8, verdict="allowed", linked_by="suci")
    ctx.row(r, 9, ue="s-tmsi:1-1-0000abcd", linked_by="new")
    ctx.row(r, 10, message="Service reject", t3346="10 s", exempt_rejected="1")
    ctx.row(r, 11, verdict="allowed", linked_by="5g-s-tmsi")
    ctx.row(r, 12, message="Ciphered NAS message", ciphered="1", linked_by="ngap-ue-context")
    ctx.row(r, 14, cause="7", congestion="0")
    ctx.row(r, 16, cause="111", congestion="0")
    ctx.row(r, 17, message="PDU session establishment reject", sm_cause="26", timer="T3396")
    ctx.row(r, 18, verdict="", linked_by="suci")
    ctx.row(r, 19, verdict="", linked_by="ngap-ue-context")
    ctx.row(r, 20, message="")
    doc, found = ctx.findings_of(report)
    ctx.rules(found, {
        "ue-early-retry": (3, [2, 3], 1, "suci:00101-0000000001"),
        "t3346-missing": (5, [5], 1, "suci:00101-0000000002"),
        "t3346-short": (10, [10], 1, "s-tmsi:1-1-0000abcd"),
        "exempt-access-rejected": (7, [7, 10], 2, "suci:00101-0000000003"),
        "congestion-reject-outside-overload": (2, [2, 5, 7, 10], 4, None),
    })
    # NAS congestion control is independent of N2 overload (TS 23.501 §5.19.7): context, a note.
    ctx.eq("congestion-reject-outside-overload severity",
           [f["severity"] for f in found if f["rule"] == "congestion-reject-outside-overload"], ["note"])
    # TS 24.501 §5.3.9 "should not reject": two such rejects are a warning, not an error.
    ctx.eq("exempt-access-rejected (NAS) severity",
           [f["severity"] for f in found if f["rule"] == "exempt-access-rejected"], ["warning"])
    nas = doc["nas"]
    ctx.eq("congestion_rejects", nas["congestion_rejects"], 4)
    ctx.eq("t3346 values", nas["t3346_values_s"], {"10": 1, "60": 2})
    ctx.eq("ciphered", nas["ciphered"], 1)
    ctx.eq("early retries", nas["amfs"][0]["early_retries"], 1)
    ctx.eq("allowed in back-off", nas["amfs"][0]["allowed_in_backoff"], 2)
    # Two-pass (-2) gives the same per-frame items.
    r2, expert = ctx.fields_and_taps(cap, "-2", "-z", "expert,note")
    ctx.eq("two-pass rows", r2, r)
    rows = [[c.strip() for c in line.split("|")[:7]] for line in table.splitlines()
            if line.startswith(AMF)]
    ctx.eq("nas table", rows, [
        [AMF, "0", "Registration reject", "22", "Congestion", "60 s", "2"],
        [AMF, "0", "Registration reject", "22", "Congestion", "none", "1"],
        [AMF, "0", "Service reject", "22", "Congestion", "10 s", "1"],
        [AMF, "0", "Registration reject", "7", "5GS services not allowed", "none", "1"],
        [AMF, "0", "Registration reject", "111", "Protocol error, unspecified", "none", "1"],
        [AMF, "0", "DL NAS transport", "22", "Congestion", "3600 s", "1"],
        [AMF, "0", "PDU session establishment reject", "26", "Insufficient resources", "3600 s", "1"]])
    for line in ["1   Sequence              AMFOL  Early retry: back-off T3346 from frame 2 still runs for 50.1 s",
                 "1  Undecoded              AMFOL  Ciphered NAS is unreadable",
                 "1   Protocol              AMFOL  Congestion reject without T3346"]:
        if line not in expert:
            ctx.errors.append("expert info lacks %r" % line)
    for s in ["early retry: frame 3", "Service reject", "-o nas-5gs.null_decipher:TRUE"]:
        if s not in tl:
            ctx.errors.append("timeline lacks %r" % s)
    # the reject rows as text columns: ... message, cause, cause name, timer, count
    if not re.search(r"Service reject +22 +Congestion +10 s +1\n", tl):
        ctx.errors.append("timeline lacks the row Service reject 22 Congestion 10 s 1")


def case_causes(ctx):
    cap = mkcap(ctx, "backoff")
    r, _, found = ctx.fields_and_findings(cap, "-o", "amfol.congestion_causes:22,111")
    ctx.row(r, 16, cause="111", congestion="1", t3346="none")
    ctx.rules(found, {
        "ue-early-retry": (3, [2, 3], 1, None),
        "t3346-missing": (5, [5, 16], 2, None),
        "t3346-short": (10, [10], 1, None),
        "exempt-access-rejected": (7, [7, 10], 2, None),
        "congestion-reject-outside-overload": (2, [2, 5, 7, 10, 16], 5, None),
    })
    _, found = ctx.findings(cap, "-o", "amfol.t3346_floor_s:5")
    if any(f["rule"] == "t3346-short" for f in found):
        ctx.errors.append("t3346-short with a 5 s floor")


def case_synchronised(ctx):
    cap = mkcap(ctx, "synchronised")
    r, doc, found = ctx.fields_and_findings(cap)
    ctx.row(r, 3, t3346="120 s", congestion="1")
    eps = doc["nas"]["amfs"][0]["episodes"]
    ctx.eq("episodes", [(e["episode"], e["congestion_rejects"], e["ues_backed_off"], e["t3346_values_s"],
                         e["retry_vs_expiry"]["within 2 s of expiry"]) for e in eps],
           [(1, 25, 25, {"120": 25}, 20)])
    rejects = [3 + 2 * i for i in range(25)]
    ctx.rules(found, {"t3346-not-randomised": (3, rejects[:32], 25, None)})
    f = [x for x in found if x["rule"] == "t3346-not-randomised"]
    if f and "retry wave: 20 of the 20" not in f[0]["summary"]:
        ctx.errors.append("summary: " + f[0]["summary"])
    for fr in range(52, 72):
        ctx.row(r, fr, verdict="", linked_by="suci")


def case_calm(ctx):
    cap = mkcap(ctx, "calm")
    r, doc, found = ctx.fields_and_findings(cap)
    ctx.row(r, 12, cause="7", congestion="0")
    ctx.row(r, 14, cause="95", congestion="0")
    ctx.row(r, 15, cause="90", congestion="0")
    ctx.row(r, 17, cause="111", congestion="0")
    ctx.rules(found, {})
    ctx.eq("congestion_rejects", doc["nas"]["congestion_rejects"], 0)


def case_nea0(ctx):
    cap = mkcap(ctx, "nea0")
    r, doc, found = ctx.fields_and_findings(cap)
    ctx.row(r, 2, ciphered="1", cause="")
    ctx.rules(found, {})
    ctx.eq("ciphered", doc["nas"]["ciphered"], 1)
    r, _, found = ctx.fields_and_findings(cap, "-o", "nas-5gs.null_decipher:TRUE")
    ctx.row(r, 2, ciphered="", cause="22", t3346="60 s", integrity_protected="1")
    ctx.rules(found, {"congestion-reject-outside-overload": (2, [2], 1, None)})


def case_public_synthetic(ctx):
    cap = os.path.join(ctx.public, "adriandonohoe-5g-pcap/synthetic.pcap")
    r, _, found = ctx.fields_and_findings(cap)
    ctx.row(r, 6, message="Registration reject", cause="22", congestion="1", t3346="none")
    ctx.rules(found, {"t3346-missing": (6, [6], 1, None),
                      "congestion-reject-outside-overload": (6, [6], 1, None)})


def case_public_rejects(ctx):
    base = os.path.join(ctx.public, "adriandonohoe-5g-pcap")
    for name, cause in [("registration_reject.pcap", "7"), ("auth_failure.pcap", "111")]:
        cap = os.path.join(base, name)
        r, doc, found = ctx.fields_and_findings(cap)
        rej = [f for f, v in r.items() if v.get("message") == "Registration reject"]
        ctx.eq(name + " rejects", len(rej), 1)
        for f in rej:
            ctx.row(r, f, cause=cause, congestion="0")
        ctx.rules(found, {})
        ctx.eq(name + " congestion rejects", doc["nas"]["congestion_rejects"], 0)
        if doc["nas"]["ciphered"] == 0:
            ctx.errors.append(name + ": expected ciphered NAS to be counted")


def case_garbage(ctx):
    cap = mkcap(ctx, "garbage")
    r, doc, found = ctx.fields_and_findings(cap)
    ctx.eq("frames", len(r), 206)
    ctx.row(r, 2, message="Registration reject", cause="22", t3346="none")
    ctx.row(r, 4, message="")                    # security header 9: not NAS-5GS as amfol reads it
    ctx.row(r, 6, linked_by="suci", verdict="")
    ctx.eq("two-pass", ctx.fields(cap, "-2"), r)
    if not any(f["rule"] == "t3346-missing" and 2 in f["frames"] for f in found):
        ctx.errors.append("frame 2 should be a t3346-missing reject")


def case_sm_types(ctx):
    """TS 24.501 §9.7: 0xCC (modification complete) has no cause, 0xD2 (release reject) has one."""
    cap = mkcap(ctx, "sm-types")
    r = ctx.fields(cap)
    ctx.row(r, 2, sm_cause="")
    ctx.row(r, 3, message="PDU session release reject", sm_cause="26")


def case_mt_reject(ctx):
    """A congestion reject of a paging response is exempt access rejected (TS 23.501 §5.19.7.2)."""
    cap = mkcap(ctx, "mt-reject")
    r, _, found = ctx.fields_and_findings(cap)
    ctx.row(r, 2, exempt_rejected="1")
    ctx.row(r, 4, exempt_rejected="")
    # TS 24.501 §5.3.9 says "should not reject": one reject alone is a note, never an error.
    ctx.eq("exempt-access-rejected (NAS)", [(f["first_frame"], f["frames"], f["count"], f["severity"])
                                            for f in found if f["rule"] == "exempt-access-rejected"],
           [(2, [2], 1, "note")])


def case_unprotected(ctx):
    """Unprotected #22 rejects: the UE runs a random T3346 of the TS 24.008 default range (15 to
    30 min) whatever value was sent (TS 24.501 §5.5.1.2.5, §5.5.1.3.5), so a retry before 15 min
    is ue-early-retry even after the (shorter) value sent (frame 14: 1 min sent, back after 3 min);
    from 15 to 30 min it is uncertain; t3346-short does not judge the unprotected 10 s value, the
    JSON lists the unprotected rejects apart."""
    cap = mkcap(ctx, "unprotected")
    r, doc, found = ctx.fields_and_findings(cap)
    ctx.row(r, 3, verdict="violation", backoff_frame="2")
    ctx.row(r, 14, verdict="violation", backoff_frame="5")
    ctx.row(r, 15, verdict="violation", backoff_frame="7")
    ctx.row(r, 16, verdict="uncertain", backoff_frame="9")
    ctx.row(r, 17, verdict="")
    ctx.row(r, 13, integrity_protected="0", t3346="10 s")
    ctx.eq("ue-early-retry findings", sorted((f["first_frame"], f["frames"]) for f in found
                                             if f["rule"] == "ue-early-retry"),
           [(3, [2, 3]), (14, [5, 14]), (15, [7, 15])])
    ctx.eq("NAS rules", sorted({f["rule"] for f in found}), ["congestion-reject-outside-overload", "ue-early-retry"])
    amf = doc["nas"]["amfs"][0]
    ctx.eq("uncertain", amf["uncertain_in_backoff"], 1)
    ctx.eq("unprotected rejects listed apart", amf["unprotected_t3346_rejects"], 6)


CASES = {"unprotected": case_unprotected, "mt-reject": case_mt_reject, "sm-types": case_sm_types, "backoff": case_backoff, "causes": case_causes, "synchronised": case_synchronised,
         "calm": case_calm, "nea0": case_nea0, "public-synthetic": case_public_synthetic,
         "public-rejects": case_public_rejects, "garbage": case_garbage}

if __name__ == "__main__":
    name, wrapper, plugin, work = sys.argv[1:5]
    public = sys.argv[5] if len(sys.argv) > 5 else ""   # the public captures folder
    os.makedirs(work, exist_ok=True)
    ctx = Ctx(wrapper, plugin, work, public)
    CASES[name](ctx)
    for e in ctx.errors:
        print("FAIL " + e)
    print("%s: %s" % (name, "ok" if not ctx.errors else "%d errors" % len(ctx.errors)))
    sys.exit(1 if ctx.errors else 0)
