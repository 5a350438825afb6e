#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Checks one synthesized capture against its ground truth using the real tshark's decode.
"""Usage: check_capture.py WRAPPER PCAP TRUTH EXPECTED
       check_capture.py --run RUN_DIR TRUTH EXPECTED

WRAPPER is tests/lib/tshark-as-user.sh: the script runs tshark itself, without the plugin.
--run RUN_DIR reads instead what tests/e2e/run_scenario.py wrote there (fixture e2e_run_<scenario>:
one tshark run with the plugin that also made the scenario's -z amfol,json): the same fields, and
the -z expert tap, from which the decoders' Expert Info is told apart from amfol's own.
EXPECTED is the scenario's .ini, whose [expect] section says what the truth must hold:
  rules = ID, ID ...      the rule ids of its faults (each at least once, nothing else), or none;
  evidence.ID = CLASS ... optional: every evidence frame of that rule's faults is one of these
                          classes of decoded frames: start, stop, ium (INITIAL UE MESSAGE),
                          rrc-reject, nas-congestion (a #22 reject), rrc-release, nrf-patch.
A rule with a check of its own below is checked by it as well; a new rule needs no code here.
(A comma-separated list of rule ids, or "none", is still read as the rules.)
Every check prints what it compared; any mismatch makes the script exit 1.
"""
import collections
import json
import os
import re
import subprocess
import sys

CAUSES = ["emergency", "highPriorityAccess", "mt-Access", "mo-Signalling", "mo-Data",
          "mo-VoiceCall", "mo-VideoCall", "mo-SMS", "mps-PriorityAccess", "mcs-PriorityAccess"]
ACTIONS = ["reject-non-emergency-mo-dt", "reject-rrc-cr-signalling",
           "permit-emergency-sessions-and-mobile-terminated-services-only",
           "permit-high-priority-sessions-and-mobile-terminated-services-only"]
FIELDS = ["frame.number", "frame.time_epoch", "ip.src", "ip.dst", "ngap.procedureCode",
          "ngap.RRCEstablishmentCause", "ngap.overloadAction", "ngap.TrafficLoadReductionIndication",
          "ngap.sliceTrafficLoadReductionIndication", "ngap.sST", "ngap.sD", "f1ap.procedureCode",
          "f1ap.SRBID", "nr-rrc.establishmentCause", "nr-rrc.waitTime", "nas_5gs.mm.message_type",
          "nas_5gs.mm.5gmm_cause", "gsm_a.gm.gmm.gprs_timer2_unit",
          "gsm_a.gm.gmm.gprs_timer2_value", "http2.headers.method", "http2.headers.status",
          "http2.header.name", "json.value.number", "f1ap.nRCellIdentity",
          "f1ap.GNB_DU_UE_F1AP_ID", "nr-rrc.resumeCause", "nas_5gs.sm.message_type",
          "nas_5gs.sm.5gsm_cause", "gsm_a.gm.gmm.gprs_timer3_unit",
          "gsm_a.gm.gmm.gprs_timer3_value", "http2.headers.path", "json.key",
          "json.member_with_value", "nr-rrc.c1", "nr-rrc.sst", "nr-rrc.sst_SD",
          # not checked here: field.part1's oracle (tests/field) reads them from the same run
          # (tests/e2e/run_scenario.py) on ue-early-retry and backoff-storm
          "nr-rrc.ng_5G_S_TMSI_Part1", "nas_5gs.amf_set_id", "nas_5gs.amf_pointer", "nas_5gs.5g_tmsi"]

CHECK_FIELDS = ["_ws.malformed", "_ws.expert.severity"]
SEVERITY = {"Comment": 0x00100000, "Chat": 0x00200000, "Note": 0x00400000, "Warning": 0x00600000,
            "Warn": 0x00600000, "Error": 0x00800000}   # in case a version prints the names

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


# Wireshark 4.0 names the 5GS NAS fields nas_5gs.*, later releases nas-5gs.* (the plugin reads
# both). FIELDS keeps the 4.0 names as keys; the -e options use the running tshark's.
NAS_PREFIXES = ("nas_5gs.", "nas-5gs.")


def field_args(nas_prefix="nas_5gs."):
    """The -T fields options of the decode (also used by tests/e2e/run_scenario.py)."""
    names = [nas_prefix + f[len("nas_5gs."):] if f.startswith("nas_5gs.") else f
             for f in FIELDS + CHECK_FIELDS]
    return ["-T", "fields", "-E", "occurrence=a", "-E", "aggregator=,", "-E", "separator=/t"] + \
        sum([["-e", f] for f in names], [])


def run_decode(wrapper, plugin, pcap, extra=(), timeout=None):
    """tshark -r PCAP with field_args() and EXTRA, the NAS field names spelled as the running
    tshark's version has them (tried the other way when tshark says they are not valid).
    Returns the subprocess result."""
    xy = subprocess.run([wrapper, "--version-xy"], capture_output=True, text=True).stdout.strip()
    order = list(NAS_PREFIXES) if xy in ("", "4.0") else list(reversed(NAS_PREFIXES))
    for prefix in order:
        r = subprocess.run([wrapper, plugin, "-r", pcap] + field_args(prefix) + list(extra),
                           capture_output=True, text=True, timeout=timeout)
        if not (r.returncode != 0 and "Some fields aren't valid" in r.stderr and prefix in r.stderr):
            break
    return r


# The amfol plugin's protocol as the expert tap names it (pinfo->current_proto of its
# postdissector): its Expert Info is analysis, not decoding trouble.
AMFOL_PROTO = "AMFOL"


def expert_trouble(text):
    """The lines of -z expert,comment that the decoders (not amfol) added with a severity of at
    least warning or in the Malformed group: what "_ws.malformed || _ws.expert.severity >=
    warning" selects in a run without the plugin. The tap prints, per severity, a section
    "Warns (N)" and rows "frequency group protocol  summary" (ui/cli/tap-expert.c:
    "%12u %10s %18s  %s"). A line of another shape is reported too, so that a change of that
    format cannot make the check pass unseen."""
    bad, section = [], None
    for line in text.splitlines():
        m = re.match(r"^(Errors|Warns|Notes|Chats|Comments) \((\d+)\)$", line)
        if m:
            section = m.group(1)
            continue
        if not line.strip() or re.match(r"^=+$", line) or line.split() == ["Frequency", "Group", "Protocol", "Summary"]:
            continue
        m = re.match(r"^ *(\d+) +(.*)$", line)
        if not section or not m:
            bad.append("unexpected line in -z expert: %r" % line)
            continue
        amfol = re.match(r"^\S.*? %s  " % AMFOL_PROTO, m.group(2))
        malformed = m.group(2).startswith("Malformed ")
        if not amfol and (section in ("Errors", "Warns") or malformed):
            bad.append(line.strip())
    return bad


def tshark(wrapper, pcap):
    r = run_decode(wrapper, "", pcap)
    if r.returncode != 0:
        sys.exit("tshark failed: " + r.stderr)
    return r.stdout


def split(v):
    return [x for x in v.split(",") if x != ""] if v else []


def t3346_seconds(unit, value):
    if unit == 7:
        return "deactivated"
    return str(value * {0: 2, 1: 60, 2: 360}.get(unit, 60))


def check_zoo(zoo, rows):
    """AMF STATUS / ERROR INDICATION, UE-terminated deregistration #22 + T3346, 5GSM rejects with
    back-off, RRCResumeRequest per resume cause, NFStatusNotify / NFDiscover and their loads."""
    proc = collections.Counter()
    dereg, sm, resume = collections.Counter(), collections.Counter(), collections.Counter()
    pdu_req, notify, discover, notify_loads, disc_loads = 0, 0, 0, [], []
    for r in rows:
        for p in split(r["ngap.procedureCode"]):
            proc[int(p)] += 1
        if "0x47" in split(r["nas_5gs.mm.message_type"]):
            ok = "22" in split(r["nas_5gs.mm.5gmm_cause"])
            u, v = split(r["gsm_a.gm.gmm.gprs_timer2_unit"]), split(r["gsm_a.gm.gmm.gprs_timer2_value"])
            dereg["%s/%s" % (u[0], v[0]) if ok and u else "bad"] += 1
        sms = split(r["nas_5gs.sm.message_type"])
        pdu_req += sms.count("0xc1")
        if "0xc3" in sms:
            u, v = split(r["gsm_a.gm.gmm.gprs_timer3_unit"]), split(r["gsm_a.gm.gmm.gprs_timer3_value"])
            c = split(r["nas_5gs.sm.5gsm_cause"])
            sm["%s:%s/%s" % (c[0], u[0], v[0]) if u and c else "bad"] += 1
        for c in split(r["nr-rrc.resumeCause"]):
            resume[c] += 1
        for path in split(r["http2.headers.path"]):
            notify += path == "/namf-callback/v1/nf-status-notify"
            discover += path.startswith("/nnrf-disc/v1/nf-instances?")
        keys = split(r["json.key"])
        mv = split(r["json.member_with_value"])
        if "nfInstances" in keys:
            disc_loads += [int(x[5:]) for x in mv if x.startswith("load:")]
        if "profileChanges" in keys:
            for i, x in enumerate(mv[:-1]):
                if x == "path:/load" and mv[i + 1].startswith("newValue:"):
                    notify_loads.append(int(mv[i + 1][9:]))
    got = (proc[1], proc[9])
    want = (zoo["amf_status_indications"], zoo["error_indications"])
    check(got == want, "AMF STATUS INDICATIONs, ERROR INDICATIONs %s == truth %s" % (got, want))
    check(sum(dereg.values()) == zoo["deregistrations"] and dict(dereg) == zoo["dereg_t3346"],
          "DEREGISTRATION REQUEST (UE terminated) #22 T3346 unit/value %s == truth %s"
          % (dict(dereg), zoo["dereg_t3346"]))
    check(pdu_req == zoo["pdu_session_requests"], "PDU SESSION ESTABLISHMENT REQUESTs %d == truth %d"
          % (pdu_req, zoo["pdu_session_requests"]))
    check(dict(sm) == zoo["sm_rejects"], "5GSM rejects cause:unit/value %s == truth %s"
          % (dict(sm), zoo["sm_rejects"]))
    causes = {c.split(":")[0] for c in sm}
    check(not zoo["sm_rejects"] or causes == {"26", "67", "69"}, "5GSM causes %s" % sorted(causes))
    check(dict(resume) == zoo["rrc_resume_requests"], "RRCResumeRequests per cause %s == truth %s"
          % (dict(resume), zoo["rrc_resume_requests"]))
    check((notify, notify_loads) == (zoo["nf_status_notify"], zoo["notify_loads"]),
          "NFStatusNotify %d loads %s == truth %d %s"
          % (notify, notify_loads, zoo["nf_status_notify"], zoo["notify_loads"]))
    check((discover, disc_loads) == (zoo["nf_discover"], zoo["discovery_loads"]),
          "NFDiscover %d, result loads %s == truth %d %s"
          % (discover, disc_loads[:9], zoo["nf_discover"], zoo["discovery_loads"][:9]))


def read_rows(out):
    """The -T fields rows as dicts, and the frames that the decoders' own -Y
    "_ws.malformed || _ws.expert.severity >= warning" would select (the last two columns: without
    the plugin, only the decoders add Expert Info)."""
    rows, bad = [], []
    for line in out.splitlines():
        parts = line.split("\t")
        parts += [""] * (len(FIELDS) + len(CHECK_FIELDS) - len(parts))
        rows.append(dict(zip(FIELDS, parts)))
        malformed, severity = parts[len(FIELDS):]
        if malformed or any(SEVERITY.get(v, int(v) if v.isdigit() else 0) >= 0x00600000 for v in split(severity)):
            bad.append(parts[0])
    return rows, bad


def scenario_expect(path):
    """{key: value} of the [expect] section of a scenario .ini (keys as written, values stripped)."""
    got, section = {}, None
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        m = re.match(r"^\[(.*)\]$", line)
        if m:
            section = m.group(1).strip()
        elif section == "expect" and "=" in line and not line.startswith(("#", ";")):
            k, v = line.split("=", 1)
            got[k.strip()] = v.strip()
    return got


def expectations(arg):
    """(rule ids, {rule id: [evidence frame classes]}) from EXPECTED (module docstring)."""
    if arg.endswith(".ini"):
        exp = scenario_expect(arg)
        if "rules" not in exp:
            sys.exit("%s: no 'rules =' in its [expect] section" % arg)
        rules, evidence = exp["rules"], {k[len("evidence."):]: v.replace(",", " ").split()
                                         for k, v in exp.items() if k.startswith("evidence.")}
    else:
        rules, evidence = arg, {}
    rules = [r.strip() for r in rules.split(",") if r.strip()]
    return ([] if rules == ["none"] else sorted(rules)), evidence


def main():
    if sys.argv[1] == "--run":
        source, truth_path, expected = sys.argv[2:5]
    else:
        source, pcap, truth_path, expected = sys.argv[1:5]
    want_rules, want_evidence = expectations(expected)
    truth = json.load(open(truth_path))

    if sys.argv[1] == "--run":
        # The fixture's run (with the plugin): the same fields; the decoders' warnings, errors and
        # malformed frames from the expert tap, where each item names its protocol.
        run_dir = source
        rows, _ = read_rows(open(os.path.join(run_dir, "fields.tsv")).read())
        bad = expert_trouble(open(os.path.join(run_dir, "expert.txt")).read())
        check(bad == [], "no malformed frame and no Expert Info warning/error from the decoders "
              "(-z expert, protocols other than %s: found %d: %s)" % (AMFOL_PROTO, len(bad), bad[:10]))
    else:
        # One tshark run without the plugin: the fields below, and (last two columns) what
        # -Y "_ws.malformed || _ws.expert.severity >= warning" selects: _ws.malformed present, or
        # an Expert Info severity of at least warning (PI_WARN 0x00600000; printed as a number in 4.0).
        rows, bad = read_rows(tshark(source, pcap))
        check(bad == [], "no malformed frame and no Expert Info warning/error (found %d: %s)"
              % (len(bad), " ".join(bad[:10])))
    by_frame = {int(r["frame.number"]): r for r in rows}
    check(len(rows) == truth["frames"], "frame count %d == truth %d" % (len(rows), truth["frames"]))

    gnb_by_ip = {g["address"].split(":")[0]: g["name"] for g in truth["gnbs"]}
    amf_by_ip = {a["address"].split(":")[0]: a["name"] for a in truth["amfs"]}

    def procs(r):
        return [int(x) for x in split(r["ngap.procedureCode"])]

    # --- OVERLOAD START / STOP ---
    starts = {n: r for n, r in by_frame.items() if 22 in procs(r)}
    stops = {n: r for n, r in by_frame.items() if 23 in procs(r)}
    want_starts, want_stops = {}, set()
    for a in truth["amfs"]:
        for ep in a["episodes"]:
            for u in ep["updates"]:
                want_starts[u["frame"]] = (a["name"], u)
            for g in ep["gnbs"]:
                if g["stop_frame"]:
                    want_stops.add(g["stop_frame"])
    check(set(starts) == set(want_starts), "OVERLOAD START frames %s == truth %s"
          % (sorted(starts)[:8], sorted(want_starts)[:8]))
    check(set(stops) == want_stops, "OVERLOAD STOP frames %s == truth %s"
          % (sorted(stops)[:8], sorted(want_stops)[:8]))
    for n, (amf, u) in sorted(want_starts.items()):
        r = by_frame.get(n)
        if r is None:
            continue
        acts = [int(x) for x in split(r["ngap.overloadAction"])]
        want_acts = ([u["action_value"]] if u["action_value"] is not None else []) + \
            [ACTIONS.index(s["action"]) for s in u["slices"] if s["action"]]
        pct = split(r["ngap.TrafficLoadReductionIndication"])
        want_pct = [str(u["reduction_pct"])] if u["reduction_pct"] else []
        spct = split(r["ngap.sliceTrafficLoadReductionIndication"])
        want_spct = [str(s["reduction_pct"]) for s in u["slices"] if s["reduction_pct"]]
        ok = (acts == want_acts and pct == want_pct and spct == want_spct and
              gnb_by_ip.get(r["ip.dst"]) == u["gnb"] and amf_by_ip.get(r["ip.src"]) == amf)
        check(ok, "START frame %d to %s: actions %s pct %s slice pct %s == truth %s %s %s"
              % (n, u["gnb"], acts, pct, spct, want_acts, want_pct, want_spct))

    # --- InitialUEMessage per gNB, cause and window ---
    win = truth["expected"]["ium_windows"]
    counts = collections.defaultdict(lambda: collections.defaultdict(collections.Counter))
    ium_frames = {}
    for n, r in by_frame.items():
        if 15 not in procs(r):
            continue
        g = gnb_by_ip[r["ip.src"]]
        t = float(r["frame.time_epoch"])
        w = win[g]
        phase = "before"
        if w["during_from"] is not None and t >= w["during_from"]:
            phase = "during"
        if w["after_from"] is not None and t >= w["after_from"]:
            phase = "after"
        cause = CAUSES[int(split(r["ngap.RRCEstablishmentCause"])[0])]
        counts[g][phase][cause] += 1
        ium_frames[n] = (g, cause, r["ip.dst"])
    want = truth["expected"]["initial_ue_messages"]
    for g in want:
        for phase in ("before", "during", "after"):
            got = dict(counts[g][phase])
            check(got == want[g][phase], "InitialUEMessage %s %s %s == truth %s"
                  % (g, phase, got, want[g][phase]))

    # --- IUMs to each episode's AMF: 60 s before, during, 60 s after ---
    for ep in truth["expected"].get("initial_ue_messages_per_episode", []):
        amf_ip = [k for k, v in amf_by_ip.items() if v == ep["amf"]][0]
        got = collections.defaultdict(lambda: collections.defaultdict(collections.Counter))
        for n, (g, cause, dst) in ium_frames.items():
            if dst != amf_ip:
                continue
            t = float(by_frame[n]["frame.time_epoch"])
            if ep["before_from"] <= t < ep["during_from"]:
                w = "before"
            elif t >= ep["during_from"] and (ep["after_from"] is None or t < ep["after_from"]):
                w = "during"
            elif ep["after_from"] is not None and ep["after_from"] <= t < ep["after_until"]:
                w = "after"
            else:
                continue
            got[g][w][cause] += 1
        for g, wins in ep["gnbs"].items():
            for w in ("before", "during", "after"):
                check(dict(got[g][w]) == wins[w], "episode %s IUMs %s %s %s == truth %s"
                      % (ep["episode"], g, w, dict(got[g][w]), wins[w]))

    # --- RRC over F1 ---
    req = sum(len(split(r["nr-rrc.establishmentCause"])) for r in rows)
    rej = sum(len(split(r["nr-rrc.waitTime"])) for r in rows)
    setups = sum(1 for r in rows if "12" in split(r["f1ap.procedureCode"])
                 and "0" in split(r["f1ap.SRBID"]) and not r["nr-rrc.waitTime"])
    # per cell: the request names the cell; answers follow the DU's gNB-DU UE F1AP ID
    per_cell = collections.defaultdict(lambda: [0, 0, 0])
    cell_of = {}
    plmn_of_du = {}
    for g in truth["gnbs"]:
        plmn_of_du[g["name"]] = g["plmn"]
    for n in sorted(by_frame):
        r = by_frame[n]
        if not r["f1ap.GNB_DU_UE_F1AP_ID"]:
            continue
        up = r["nr-rrc.establishmentCause"] or r["nr-rrc.resumeCause"]
        du = r["ip.src"] if up else r["ip.dst"]
        ue = (du, split(r["f1ap.GNB_DU_UE_F1AP_ID"])[0])
        if r["nr-rrc.resumeCause"]:
            # an RRCResumeRequest: not an RRCSetupRequest, but its answer belongs to its cell
            cid = int(split(r["f1ap.nRCellIdentity"])[0].replace(":", ""), 16) >> 4
            cell_of[ue] = "%s-%09x" % (truth["gnbs"][0]["plmn"], cid)
        elif r["nr-rrc.establishmentCause"]:
            cid = int(split(r["f1ap.nRCellIdentity"])[0].replace(":", ""), 16) >> 4
            cell_of[ue] = "%s-%09x" % (truth["gnbs"][0]["plmn"], cid)
            per_cell[cell_of[ue]][0] += 1
        elif r["nr-rrc.waitTime"]:
            per_cell[cell_of.get(ue, "?")][2] += 1
        elif "12" in split(r["f1ap.procedureCode"]) and "0" in split(r["f1ap.SRBID"]):
            per_cell[cell_of.get(ue, "?")][1] += 1
    want_cells = {c: [v["requests"], v["setups"], v["rejects"]]
                  for c, v in truth["expected"].get("rrc_per_cell", {}).items()
                  if v["requests"] or v["setups"] or v["rejects"]}
    check(dict(per_cell) == want_cells, "RRC per cell %s == truth %s"
          % (dict(per_cell), want_cells))
    rrc = truth["expected"]["rrc"]
    check((req, setups, rej) == (rrc["requests"], rrc["setups"], rrc["rejects"]),
          "RRC requests/setups/rejects %s == truth %s" % ((req, setups, rej),
                                                          (rrc["requests"], rrc["setups"],
                                                           rrc["rejects"])))

    # --- NAS congestion rejects and T3346 ---
    cong, no_timer, t3346 = {}, 0, collections.Counter()
    for n, r in by_frame.items():
        mts = split(r["nas_5gs.mm.message_type"])
        causes = split(r["nas_5gs.mm.5gmm_cause"])
        if not any(m in ("0x44", "0x4d") for m in mts) or "22" not in causes:
            continue
        units = [int(x) for x in split(r["gsm_a.gm.gmm.gprs_timer2_unit"])]
        vals = [int(x) for x in split(r["gsm_a.gm.gmm.gprs_timer2_value"])]
        if units:
            v = t3346_seconds(units[0], vals[0])
            t3346[v] += 1
            cong[n] = v
        else:
            no_timer += 1
            cong[n] = None
    nas = truth["expected"]["nas"]
    check(len(cong) == nas["congestion_rejects"], "NAS #22 rejects %d == truth %d"
          % (len(cong), nas["congestion_rejects"]))
    check(no_timer == nas["congestion_rejects_without_t3346"], "#22 without T3346 %d == truth %d"
          % (no_timer, nas["congestion_rejects_without_t3346"]))
    check(dict(t3346) == nas["t3346_values_s"], "T3346 values %s == truth %s"
          % (dict(sorted(t3346.items())), nas["t3346_values_s"]))

    # --- SBI ---
    loads, s503, s429, oci, lci, patch_frames = [], 0, 0, 0, 0, set()
    for n in sorted(by_frame):
        r = by_frame[n]
        if "PATCH" in split(r["http2.headers.method"]):
            nums = split(r["json.value.number"])
            loads.append(int(nums[0]) if nums else None)
            patch_frames.add(n)
        s503 += split(r["http2.headers.status"]).count("503")
        s429 += split(r["http2.headers.status"]).count("429")
        names = split(r["http2.header.name"])
        oci += names.count("3gpp-sbi-oci")
        lci += names.count("3gpp-sbi-lci")
    sbi = truth["expected"]["sbi"]
    check(loads == sbi["nfupdate_loads"], "NFUpdate loads %s == truth %s"
          % (loads[:12], sbi["nfupdate_loads"][:12]))
    got = (len(loads), s503, s429, oci, lci)
    want = (sbi["nfupdate_load_reports"], sbi["status_503"], sbi["status_429"],
            sbi["oci_headers"], sbi["lci_headers"])
    check(got == want, "NFUpdates/503/429/OCI/LCI %s == truth %s" % (got, want))

    # --- message zoo (scenarios that turn its keys on) ---
    zoo = truth["expected"].get("zoo")
    if zoo is not None:
        check_zoo(zoo, rows)

    # --- faults: rule set and evidence frames as decoded ---
    rules = sorted({f["rule"] for f in truth["faults"]})
    check(rules == want_rules, "fault rules %s == expected %s" % (rules, want_rules))
    rejects = {n for n, r in by_frame.items() if r["nr-rrc.waitTime"]}
    released, nssai_of = {}, {}   # RRCRelease frame -> UE; UE -> its RRCSetupComplete's S-NSSAIs
    for n in sorted(by_frame):
        r = by_frame[n]
        dcch = "1" in split(r["f1ap.SRBID"]) and split(r["nr-rrc.c1"]) == ["2"]
        ue = (r["ip.src"], r["ip.dst"], r["f1ap.GNB_DU_UE_F1AP_ID"])
        if dcch and "13" in split(r["f1ap.procedureCode"]):
            nssai_of[(r["ip.dst"], r["ip.src"], ue[2])] = (
                ["%d" % int(x, 16) for x in split(r["nr-rrc.sst"])] +
                ["%d-%s" % (int(x.replace(":", "")[:2], 16), x.replace(":", "")[2:])
                 for x in split(r["nr-rrc.sst_SD"])])
        elif dcch and "12" in split(r["f1ap.procedureCode"]):
            released[n] = ue
    rrc_req = {n: int(split(r["nr-rrc.establishmentCause"])[0]) for n, r in by_frame.items()
               if r["nr-rrc.establishmentCause"]}
    # The frame classes that [expect] evidence.<rule> may name.
    classes = {"start": set(starts), "stop": set(stops), "ium": set(ium_frames), "rrc-reject": rejects,
               "nas-congestion": set(cong), "rrc-release": set(released), "nrf-patch": set(patch_frames)}
    for rule, names in sorted(want_evidence.items()):
        check(rule in want_rules and all(n in classes for n in names),
              "evidence.%s = %s: an expected rule, classes among %s" % (rule, names, sorted(classes)))
    for f in truth["faults"]:
        fr = f["frames"]
        rule = f["rule"]
        ok = fr == sorted(set(fr)) and all(1 <= x <= len(rows) for x in fr)
        ok = ok and f["first_frame"] >= 1
        if rule in want_evidence:
            ok = ok and all(any(x in classes.get(n, ()) for n in want_evidence[rule]) for x in fr)
        if rule == "gnb-ignores-overload":
            ok = ok and f["first_frame"] in starts and fr[0] == f["first_frame"]
            ok = ok and all(x in ium_frames and ium_frames[x][0] == f["gnb"] for x in fr[1:])
            ok = ok and f["count"] == len(fr) - 1 >= 10
        elif rule in ("overload-start-partial", "overload-stop-missing"):
            ok = ok and all(x in starts for x in fr) and f["first_frame"] in starts
        elif rule in ("rrc-reject-without-overload", "reject-waittime-synchronised"):
            ok = ok and all(x in rejects for x in fr) and len(fr) >= 5
        elif rule == "rejects-after-overload-stop":
            ok = ok and fr[0] in stops and all(x in rejects for x in fr[1:]) and len(fr) >= 4
        elif rule == "gnb-over-sheds":
            ok = ok and f["first_frame"] in starts and fr[0] == f["first_frame"]
            ok = ok and all(x in rejects for x in fr[1:]) and f["count"] == len(fr) - 1 >= 3
        elif rule == "t3346-missing":
            ok = ok and all(cong.get(x, 0) is None for x in fr) and f["count"] == len(fr)
        elif rule == "t3346-zero-or-deactivated":
            ok = ok and all(cong.get(x) in ("0", "deactivated") for x in fr)
        elif rule == "t3346-short":
            ok = ok and all(cong.get(x) not in (None, "deactivated") and
                            0 < int(cong[x]) < 60 for x in fr)
        elif rule == "congestion-reject-outside-overload":
            ok = ok and all(x in cong for x in fr) and f["ue"] is None
            # none of them while that AMF had an episode (START .. STOP) on N2
            eps = [e for a in truth["amfs"] if a["name"] == f["amf"] for e in a["episodes"]]
            for x in fr:
                t = float(by_frame[x]["frame.time_epoch"])
                ok = ok and not any(e["start_time"] <= t and (e["stop_time"] is None or
                                                              t < e["stop_time"]) for e in eps)
        elif rule == "t3346-not-randomised":
            v = str(f["details"]["t3346_s"])
            ok = ok and all(cong.get(x) == v for x in fr) and len(fr) >= 20
        elif rule == "ue-early-retry":
            ok = ok and len(fr) == 2 and fr[0] in cong and fr[1] in ium_frames
            ok = ok and f["first_frame"] == fr[1] and f["ue"]
        elif rule == "exempt-access-rejected":
            if f["gnb"]:
                ok = ok and all(x in rejects or rrc_req.get(x, 3) in (0, 1, 2, 8, 9) for x in fr)
            else:
                ok = ok and all(x in cong for x in fr)
        elif rule == "slice-overload-blocks-slice":
            # every frame an RRCRelease (DL-DCCH c1 2 on SRB1) of a UE whose RRCSetupComplete
            # (UL-DCCH c1 2) listed the fault's slice
            ok = ok and f["first_frame"] in starts and len(fr) >= 5
            ok = ok and all(released.get(x) in nssai_of and f["details"]["snssai"] in nssai_of[released[x]]
                            for x in fr)
        elif rule == "cascading-overload":
            ok = ok and f["first_frame"] in starts and fr[-1] == f["first_frame"]
            target_ip = [k for k, v in amf_by_ip.items() if v == f["amf"]][0]
            ok = ok and all(ium_frames[x][2] == target_ip for x in fr if x in ium_frames)
        elif rule == "rebalancing-to-loaded-target":
            target_ip = [k for k, v in amf_by_ip.items() if v == f["amf"]][0]
            ok = ok and all(x in ium_frames and ium_frames[x][2] == target_ip for x in fr)
            ok = ok and f["first_frame"] == fr[0] and f["count"] == len(fr)
        elif rule == "nrf-load-stale":
            ok = ok and fr[0] in starts and all(x in patch_frames for x in fr[1:])
        elif rule == "sbi-oci-malformed":
            ok = ok and all("3gpp-sbi-oci" in split(by_frame[x]["http2.header.name"]) for x in fr)
        elif rule == "overload-exempt-shed":
            ok = ok and f["first_frame"] in starts and f["first_frame"] in fr
            ok = ok and all(x in ium_frames for x in fr if x != f["first_frame"])
        elif rule in ("overload-control-absent", "overload-control-late"):
            # onset: the first INITIAL UE MESSAGE (or UDM request) of the slow phase, to that AMF
            onset = f["first_frame"]
            is_ium = onset in ium_frames and amf_by_ip.get(ium_frames[onset][2]) == f["amf"]
            is_udm = any(p.startswith("/nudm-sdm/") for p in split(by_frame[onset]["http2.headers.path"]))
            ok = ok and fr[0] == onset and (is_ium or is_udm)
            if rule == "overload-control-late":
                ok = ok and len(fr) == 2 and fr[1] in starts and amf_by_ip.get(starts[fr[1]]["ip.src"]) == f["amf"]
            else:
                ok = ok and fr == [onset]
        elif rule == "backoff-storm":
            ok = ok and all(x in cong for x in fr) and len(fr) >= 50
        check(ok, "fault %s amf=%s gnb=%s cell=%s ue=%s: %d evidence frames match the decode"
              % (rule, f["amf"], f["gnb"], f["cell"], f["ue"], len(fr)))

    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
