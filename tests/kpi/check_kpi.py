#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_kpi.py: the registration KPIs and the cost of the episode (tap/kpi, docs/kpi.md) of one
# synthesized scenario against the synthesizer's ground truth (expected.kpi, sim_kpi.c):
#   - per AMF and registration type the requests, successes, rejects and unknown outcomes, and
#     the service requests, exactly;
#   - per episode phase (before / during / after) the UE chains, the turned away, the got through
#     later with the p50 / p95 / max of their delay (to the ms amfol prints), not through at the
#     end, still backed off at the end, unknown outcomes, emergency and high-priority outcomes;
#   - the time to register (n, p50, p95);
#   - the -z amfol,kpi table's total row of the AMF against the JSON;
#   - with --ciphered: the KPIs say what they could not count (a not_counted note with the number).
# Usage: check_kpi.py TSHARK_WRAPPER PLUGIN_SO SYNTH SCENARIO_INI OUT_DIR [--ciphered]
import json
import math
import re
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import amfol_taps  # noqa: E402

KINDS = ["initial", "mobility", "periodic", "emergency"]
fails = []


def check(what, got, want):
    if got != want:
        fails.append("%s: amfol %r, truth %r" % (what, got, want))


def near(what, got, want):
    if (got is None) != (want is None) or (got is not None and abs(got - want) > 0.0015):
        fails.append("%s: amfol %r, truth %r" % (what, got, want))


def rank(values, q):
    """Nearest rank, as amfol: the smallest value with at least q of them at or below it."""
    v = sorted(values)
    if not v:
        return None
    r = max(1, math.ceil(q * len(v)))
    return round(v[r - 1], 6)


def phase_truth(chains, lo, hi, last_time):
    sel = [c for c in chains if lo <= c["first"] < hi]
    got_later = [c["end"] - c["first"] for c in sel if c["turned"] and c["outcome"] == "success"]

    def prio(flag):
        p = [c for c in sel if c[flag]]
        return {"ues": len(p), "accepted": sum(c["outcome"] == "success" for c in p),
                "turned_away": sum(c["turned"] for c in p),
                "delayed": sum(c["turned"] and c["outcome"] == "success" for c in p),
                "not_through": sum(c["outcome"] == "open" for c in p),
                "outcome_unknown": sum(c["outcome"] == "unknown" for c in p)}
    return {"ues": len(sel), "turned_away": sum(c["turned"] for c in sel),
            "turned_away_nas": sum(c["turned"] for c in sel),
            "got_through_later": len(got_later),
            "delay": (len(got_later), rank(got_later, 0.5), rank(got_later, 0.95),
                      round(max(got_later), 6) if got_later else None),
            "not_through_at_end": sum(c["outcome"] == "open" for c in sel),
            "in_backoff_at_end": sum(c["outcome"] == "open" and c["backoff"] is not None and
                                     c["backoff"] > last_time for c in sel),
            "outcome_unknown": sum(c["outcome"] == "unknown" for c in sel),
            "emergency": prio("emergency"), "high_priority": prio("high")}


def main():
    wrapper, plugin, synth, ini, out = sys.argv[1:6]
    ciphered = "--ciphered" in sys.argv[6:]
    # --rebalance: a scenario with F1 and UE moves: the counts per type and the re-balancing figures
    # (the truth's chains start at the NAS request; with F1 amfol starts them at the RRC request)
    rebalance = "--rebalance" in sys.argv[6:]
    os.makedirs(out, exist_ok=True)
    name = os.path.splitext(os.path.basename(ini))[0]
    cap = os.path.join(out, name + ".pcapng")
    subprocess.run([synth, ini, "-o", cap], check=True, capture_output=True)
    truth = json.load(open(os.path.join(out, name + ".truth.json")))
    r = subprocess.run([wrapper, plugin, "-r", cap, "-2", "-q", "-z", "amfol,json", "-z", "amfol,kpi",
                        "-z", "amfol,html"],
                       capture_output=True, text=True, timeout=240)
    if r.returncode != 0:
        sys.exit("tshark failed: %s" % r.stderr[:2000])
    taps = amfol_taps.split(r.stdout)
    doc = taps["json"]
    exp = truth["expected"]["kpi"]
    chains = [dict(zip(["amf", "first", "end", "outcome", "turned", "emergency", "high", "registration", "backoff"],
                       c)) for c in exp["chains"]]
    last_time, first_time = truth["last_time"], truth["first_time"]
    moved = []
    for amf_truth in truth["amfs"]:
        amf = amf_truth["name"]
        want = exp["amfs"][amf]
        got_amf = [a for a in doc["amfs"] if a["name"] == amf or a["id"] == amf]
        if not got_amf or not got_amf[0].get("kpi"):
            fails.append("%s: no amfs[].kpi" % amf)
            continue
        k = got_amf[0]["kpi"]
        for kind in KINDS:
            for m in ("requests", "successes", "rejects", "outcome_unknown"):
                check("%s registration.%s.%s" % (amf, kind, m), k["registration"][kind][m], want[kind][m])
        for m, tm in (("requests", "requests"), ("rejects", "rejects"), ("accepts", "successes")):
            check("%s service.%s" % (amf, m), k["service"][m], want["service"][tm])
        check("%s service.outcome_unknown" % amf, k["service"].get("outcome_unknown", 0),
              want["service"]["outcome_unknown"])
        if rebalance:
            for rb in k["tradeoffs"]["rebalancing"]:
                target = exp["amfs"][rb["target"]]["mobility"]
                check("%s->%s moves = mobility registrations at the target" % (amf, rb["target"]), rb["moves"],
                      target["requests"])
                check("%s->%s registered_at_target" % (amf, rb["target"]), rb["registered_at_target"], rb["moves"])
                check("%s->%s mobility rejects at the target" % (amf, rb["target"]),
                      rb["mobility_rejects_at_target"], target["rejects"])
                near("%s->%s moves_per_s" % (amf, rb["target"]), rb["moves_per_s"], rb["moves"] / rb["window_s"])
                moved.append(rb["moves"])
            continue
        mine = [c for c in chains if c["amf"] == amf]
        # time to register: every chain that ended with a registration accept
        ttr = [c["end"] - c["first"] for c in mine if c["outcome"] == "success" and c["registration"]]
        check("%s time_to_register.n" % amf, k["time_to_register"]["n"], len(ttr))
        near("%s time_to_register.p50" % amf, k["time_to_register"]["p50_s"], rank(ttr, 0.5))
        near("%s time_to_register.p95" % amf, k["time_to_register"]["p95_s"], rank(ttr, 0.95))
        # the episode's phases
        eps = amf_truth.get("episodes", [])
        check("%s episodes" % amf, len(k["episodes"]), len(eps))
        prev_stop = first_time
        for ei, (ep, got_ep) in enumerate(zip(eps, k["episodes"])):
            start, stop = ep["start_time"], ep["stop_time"] if ep.get("stop_frame") else math.inf
            nxt = eps[ei + 1]["start_time"] if ei + 1 < len(eps) else math.inf
            windows = {"before": (prev_stop, start), "during": (start, stop), "after": (stop, nxt)}
            prev_stop = stop
            for ph in got_ep["phases"]:
                lo, hi = windows[ph["phase"]]
                t = phase_truth(mine, lo, hi, last_time)
                tag = "%s episode %d %s" % (amf, ei + 1, ph["phase"])
                for m in ("ues", "turned_away", "turned_away_nas", "got_through_later", "not_through_at_end",
                          "in_backoff_at_end", "outcome_unknown"):
                    check("%s %s" % (tag, m), ph[m], t[m])
                n, p50, p95, mx = t["delay"]
                check("%s delay.n" % tag, ph["delay"]["n"], n)
                near("%s delay.p50_s" % tag, ph["delay"]["p50_s"], p50)
                near("%s delay.p95_s" % tag, ph["delay"]["p95_s"], p95)
                near("%s delay.max_s" % tag, ph["delay"]["max_s"], mx)
                for flag in ("emergency", "high_priority"):
                    for m, v in t[flag].items():
                        check("%s %s.%s" % (tag, flag, m), ph[flag][m], v)
        # the table's total row says what the JSON says
        rows = [line for line in (taps.get("kpi") or "").splitlines() if line.startswith(amf + " |") and "|all |" in line]
        if len(rows) != 1:
            fails.append("%s: -z amfol,kpi has %d total rows" % (amf, len(rows)))
        else:
            cells = [c.strip() for c in rows[0].split("|")]
            req = sum(k["registration"][x]["requests"] for x in KINDS)
            succ = sum(k["registration"][x]["successes"] for x in KINDS)
            check("%s table registration requests" % amf, int(cells[2]), req)
            check("%s table registration successes" % amf, int(cells[3]), succ)
        # the page's KPI lane: one hover column per bucket, its counts those of the JSON buckets
        lane = re.search(r'<g class="kpi" data-amf="%s" data-buckets="(\d+)">(.*?)</g>' % re.escape(amf),
                         taps.get("html") or "", re.S)
        if not lane:
            fails.append("%s: no KPI lane in -z amfol,html" % amf)
        else:
            cols = re.findall(r'kpi-bucket".*?<title>\+?([0-9.:]+)[^(]*\(([0-9.]+) s\): (\d+) registration requests, '
                              r'(\d+) successes', lane.group(2))
            want_cols = {round(b["start_rel_s"]): (b["registration_requests"], b["registration_successes"])
                         for b in k["buckets"] if b["registration_requests"] or b["registration_successes"]}
            got_cols = {i * round(float(c[1])): (int(c[2]), int(c[3])) for i, c in enumerate(cols)
                        if int(c[2]) or int(c[3])}
            check("%s KPI lane buckets" % amf, got_cols, want_cols)
        if ciphered:
            unknown = sum(want[x]["outcome_unknown"] for x in KINDS)
            notes = k["not_counted"]
            said = [n for n in notes if "ciphered" in n and (" %d registration" % unknown) in n]
            if unknown == 0 or not said:
                fails.append("%s: ciphered rejects (%d) not said in not_counted %r" % (amf, unknown, notes))
    if rebalance and not any(moved):
        fails.append("no UE moved: the re-balancing figures were not checked")
    summary = {a["name"]: {x: exp["amfs"][a["name"]][x] for x in KINDS} for a in truth["amfs"]}
    print("%s: %d chains; %s" % (name, len(chains), json.dumps(summary)))
    if fails:
        print("\n".join(fails[:60]))
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
