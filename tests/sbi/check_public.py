#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_public.py: on a real capture with NRF NFUpdate (PATCH .../nf-instances/{id}, replace
# /load), compare what amfol shows with an independent oracle built from Wireshark's own fields
# (HTTP/2, JSON, HTTP decoders; printed by the same run as amfol's fields: one tshark start,
# they used to come from a run of plain tshark without the plugin): every /load report with its frame, value and NF instance id (from the
# :path of the same TCP stream and HTTP/2 stream), the frames whose HTTP/2 headers could not be
# decoded (HPACK state missing), and no SBI finding at all. the /load patches in DATA
# bytes Wireshark could not type (a second oracle, from http2.data.data) are what amfol counts
# readable + inferred + relayed + unattributed; each readable report is either in the NF's series
# or marked as the relayed copy of one (NF -> SCP -> NRF).
#   check_public.py TSHARK_WRAPPER PLUGIN CAPTURE EXPECTED_LOAD_REPORTS [tshark options...]
import json, os, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from amfol_catalogue import rule_ids  # noqa: E402

def main():
    tshark, plugin, capture, expected = sys.argv[1:5]
    opts = sys.argv[5:]
    expected = int(expected)
    # Oracle: Wireshark's own fields, one line per frame; the same columns give the HTTP/1.1 oracle
    # below ("http" is present exactly on the frames -Y http shows).
    fields = ["frame.number", "tcp.stream", "http2.streamid", "http2.headers.path",
              "http2.header.name", "json.path_with_value", "json.member_with_value", "http2.data.data",
              "http", "http.request.method", "http.request.uri", "http.request_in"]
    # amfol: its per-frame fields of every frame and, at the end, the JSON report; each check below
    # picks the frames a display filter would (a field in a filter: present).
    amf_fields = ["frame.number", "amfol.sbi", "amfol.sbi.kind", "amfol.sbi.load", "amfol.sbi.inferred",
                  "amfol.sbi.nf_instance_id", "amfol.sbi.seen", "amfol.sbi.seen.load",
                  "amfol.sbi.request_frame", "amfol.sbi.headers_unreadable", "amfol.sbi.relay_of"]
    # ONE run prints both: the oracle's columns, then amfol's (but frame.number), then the report.
    # Values of one field are joined by \x1f (the oracle splits there); amfol's are rejoined by ","
    # (what -E aggregator=, printed for them).
    cmd = [tshark, plugin, "-r", capture] + opts + ["-T", "fields", "-E", "separator=\t",
                                                   "-E", "occurrence=a", "-E", "aggregator=\x1f"]
    for f in fields + amf_fields[1:]:
        cmd += ["-e", f]
    lines = subprocess.run(cmd + ["-z", "amfol,json"], check=True, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True).stdout.split("\n")
    j0 = lines.index("{")
    cells = [l.split("\t") for l in lines[:j0] if l]
    if any(len(c) != len(fields) + len(amf_fields) - 1 for c in cells):
        sys.exit("FAIL: a field row without its %d cells" % (len(fields) + len(amf_fields) - 1))
    rows = ["\t".join(c[:len(fields)]) for c in cells]
    amf_rows = [dict(zip(amf_fields, [c[0]] + [v.replace("\x1f", ",") for v in c[len(fields):]]))
                for c in cells]
    doc = json.loads("\n".join(lines[j0:]))
    # -Y http -e frame.number -e http.request.method -e http.request.uri -e http.request_in (its
    # values joined by "," as that run printed them)
    h1 = [[c[0]] + [v.replace("\x1f", ",") for v in c[9:12]] for c in (r.split("\t") for r in rows) if c[8]]
    path_of = {}
    want = {}
    raw_loads = 0     # RFC 6902 items replacing /load in any DATA, typed by Wireshark or not
    unknown = set()
    profiles = {}     # frame -> NFProfile loads in its JSON (nfInstanceId with a top-level load)
    for row in rows:
        c = row.split("\t")
        frame, tcp = int(c[0]), c[1]
        for h in c[7].split("\x1f"):
            try:
                body = json.loads(bytes.fromhex(h.replace(":", "")))
            except ValueError:
                continue
            if isinstance(body, list):
                raw_loads += sum(1 for it in body if isinstance(it, dict) and it.get("path") == "/load"
                                 and it.get("op") in ("replace", "add"))
        sids = [s for s in c[2].split("\x1f") if s]
        if "<unknown>" in c[4].split("\x1f"):
            unknown.add(frame)
        for p in c[3].split("\x1f"):
            if "/nf-instances/" in p:
                # The path belongs to the HEADERS stream: with one non-zero stream id, no doubt.
                nz = [s for s in sids if s != "0"]
                if len(nz) == 1:
                    path_of[(tcp, nz[0])] = p.split("/nf-instances/")[1].split("/")[0].split("?")[0]
        ids, loads_here = 0, []
        for e in c[5].split("\x1f"):
            # /nfInstanceId, /nfProfile/nfInstanceId, /nfInstances/[]/nfInstanceId
            if e.split(":")[0] in ("/nfInstanceId", "/nfProfile/nfInstanceId", "/nfInstances/[]/nfInstanceId"):
                ids += 1
            if e.split(":")[0] in ("/load", "/nfProfile/load", "/nfInstances/[]/load"):
                loads_here.append(int(e.split(":")[1]))
        if ids:
            profiles[frame] = sorted(loads_here)
        items, cur = [], None
        for e in c[5].split("\x1f"):
            if e.startswith("/[]/op:"):
                cur = {"op": e[7:]}
                items.append(cur)
            elif cur is not None and e.startswith("/[]/path:"):
                cur["path"] = e[9:]
            elif cur is not None and e.startswith("/[]/value:"):
                cur["value"] = e[10:]
        for it in items:
            if it.get("path") == "/load" and it.get("op") == "replace":
                nz = [s for s in sids if s != "0"]
                want[frame] = (int(it["value"]), path_of.get((tcp, nz[0])) if len(nz) == 1 else None)
    errors = []
    # The MANIFEST's count was taken with Wireshark 4.0; newer HTTP/2 dissectors decode more of
    # these captures, so elsewhere amfol is held to the oracle of the Wireshark at hand.
    ws_xy = subprocess.run([tshark, "--version-xy"], stdout=subprocess.PIPE, text=True).stdout.strip() or "?"
    if ws_xy == "4.0":
        if len(want) != expected:
            errors.append("oracle: %d /load reports, MANIFEST says %d" % (len(want), expected))
    else:
        print("Wireshark %s decodes %d /load reports (MANIFEST, 4.0: %d): amfol held to that" %
              (ws_xy, len(want), expected))
        expected = len(want)

    got = {}
    for r in amf_rows:   # -Y 'amfol.sbi.kind == "NFUpdate" && amfol.sbi.load && !amfol.sbi.inferred'
        if "NFUpdate" in r["amfol.sbi.kind"].split(",") and r["amfol.sbi.load"] and not r["amfol.sbi.inferred"]:
            got[int(r["frame.number"])] = (int(r["amfol.sbi.load"]), r["amfol.sbi.nf_instance_id"] or None)
    if got != want:
        missing = sorted(set(want) - set(got))
        extra = sorted(set(got) - set(want))
        diff = sorted(f for f in set(want) & set(got) if want[f] != got[f])
        errors.append("load reports differ: missing %s, extra %s, different %s"
                      % (missing, extra, [(f, want[f], got[f]) for f in diff]))
    # What consumers are told: one amfol.sbi.seen per NFProfile load in the body (never one the
    # body does not carry).
    n_told = 0
    for c in ([r["frame.number"], r["amfol.sbi.seen.load"]] for r in amf_rows if r["amfol.sbi.seen"]):
        told = sorted(int(v) for v in c[1].split(",") if v)
        n_told += len(told)
        if profiles.get(int(c[0])) != told:
            errors.append("frame %s: told loads %s, body loads %s" % (c[0], told, profiles.get(int(c[0]))))
    # SBI over HTTP/1.1 (OAI): every NRF request (PUT/PATCH .../nf-instances/{id}) is classified
    # and attributed, and every response is paired with the request Wireshark pairs it with.
    am = {int(r["frame.number"]): [r["amfol.sbi.kind"], r["amfol.sbi.nf_instance_id"], r["amfol.sbi.request_frame"]]
          for r in amf_rows if r["amfol.sbi"]}   # -Y amfol.sbi
    n_h1 = 0
    for c in h1:
        frame, method, uri, req_in = int(c[0]), c[1], c[2], c[3]
        if method in ("PUT", "PATCH") and uri.startswith("/nnrf-nfm/v1/nf-instances/"):
            n_h1 += 1
            kind = "NFRegister" if method == "PUT" else "NFUpdate"
            nf = uri.split("/nf-instances/")[1].split("/")[0].split("?")[0]
            if am.get(frame, [None, None])[:2] != [kind, nf]:
                errors.append("HTTP/1.1 frame %d: want %s %s, amfol %s" % (frame, kind, nf, am.get(frame)))
        if req_in and frame in am and am[frame][2] != req_in:
            errors.append("HTTP/1.1 response %d: request in %s, amfol %s" % (frame, req_in, am[frame][2]))
    hpack = {int(r["frame.number"]) for r in amf_rows if r["amfol.sbi.headers_unreadable"]}
    if hpack != unknown:
        errors.append("frames with undecodable headers: oracle %d, amfol %d (only in oracle %s, "
                      "only in amfol %s)" % (len(unknown), len(hpack), sorted(unknown - hpack)[:10],
                                             sorted(hpack - unknown)[:10]))
    sbi = doc["sbi"]
    counted = (sbi["nfupdate_load_reports"] + sbi["load_reports_inferred"] + sbi["load_reports_relayed"]
               + sbi["load_reports_unattributed"])
    if counted != raw_loads:
        errors.append("readable %d + inferred %d + relayed %d + unattributed %d != %d /load patches in DATA"
                      % (sbi["nfupdate_load_reports"], sbi["load_reports_inferred"], sbi["load_reports_relayed"],
                         sbi["load_reports_unattributed"], raw_loads))
    relays = {int(r["frame.number"]): int(r["amfol.sbi.relay_of"]) for r in amf_rows if r["amfol.sbi.relay_of"]}
    series = {p["frame"]: (p["load"], n["nf_instance_id"]) for n in sbi["nfs"] for p in n["load_reports"]
              if p["op"] == "update" and p["load"] is not None}
    readable = {f for f in series if not any(p["frame"] == f and p["inferred"] for n in sbi["nfs"]
                                             for p in n["load_reports"])}
    lost = [f for f, v in want.items() if v[1] and f not in series and f not in relays]
    wrong = [f for f, v in want.items() if f in series and series[f] != v]
    bad_relay = [f for f in relays if f in want and want[f][1] and series.get(relays[f], (None,))[0] != want[f][0]]
    if lost or wrong or bad_relay or sbi["nfupdate_load_reports"] != len(readable - set(relays)) or \
            len(readable - set(want)) != sum(1 for f in relays if f in want and relays[f] in readable and
                                             relays[f] not in want):
        errors.append("JSON load series vs oracle: lost %s, wrong %s, relays to another load %s"
                      % (lost[:5], wrong[:5], bad_relay[:5]))
    sbi_findings = [f for f in doc["findings"] if f["rule"] in rule_ids(doc, "sbi")]
    if sbi_findings:
        errors.append("false SBI findings: %s" % sbi_findings)
    if errors:
        print("\n".join(errors))
        return 1
    print("%s: counted once: %d readable, %d inferred, %d relayed copies, %d unattributed of %d /load "
          "patches in DATA" % (capture.split("/")[-1], sbi["nfupdate_load_reports"], sbi["load_reports_inferred"],
                               sbi["load_reports_relayed"], sbi["load_reports_unattributed"], raw_loads))
    print("%s: %d NRF load reports (values %s), all attributed as the oracle says; %d loads told to "
          "consumers, as in the bodies; %d HTTP/1.1 NRF registrations/updates attributed and "
          "paired; %d frames with HPACK state missing; no SBI finding"
          % (capture.split("/")[-1], len(got), sorted(set(v[0] for v in got.values())), n_told,
             n_h1, len(hpack)))
    return 0

if __name__ == "__main__":
    sys.exit(main())
