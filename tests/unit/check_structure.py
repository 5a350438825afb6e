#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_structure.py: the structural invariants of the analysis core, checked on the sources
(CTest core.structure; core.structure_selftest proves each check can fail).

Usage: check_structure.py SOURCE_DIR          exit 0 when every invariant holds, 1 otherwise
       check_structure.py --self-test SOURCE_DIR
           copies tap/, plugin/ and replay/ to a temporary tree, injects one violation of each
           invariant and exits 0 only when the check reports every one of them.

Invariants (docs/ARCHITECTURE.md):
  0. floors: the folders are floors (FLOORS below, docs/ARCHITECTURE.md "Floors"; inside
     plugin/ its rooms, PLUGIN_ROOMS); no file includes a header of a higher floor, no two folders include each other, even through
     others (no include cycle between folders: tap/<folder>, plugin/<room>, replay), and no
     file under tap/ includes an epan header.
  1. private headers: a file under tap/<module>/ includes no *_internal.h of another folder
     (modules see the engine through tap/core/amfol_context.h); plugin/ and replay/ include no
     *_internal.h at all.
  2. OVERLOAD START/STOP: exactly one analysis source file (tap/, plugin/, replay/; the name
     table tap/core/amfol_3gpp.[ch] aside) reads the NGAP procedure codes OVERLOAD START (22) /
     OVERLOAD STOP (23), by name (AMFOL_NGAP_OVERLOAD_START/STOP) or as a number compared with a
     procedure code; no other file defines a constant for them.
  3. rule ids: every id of tap/core/amfol_rules.def is unique there and appears in exactly one
     string literal of the sources (the catalogue row); code uses the enum AMFOL_RULE_<NAME>.
  4. 3GPP name tables: each table of tap/core/amfol_3gpp.c (NGAP message names, OverloadAction
     names, RRC establishment and resume causes, 5GMM / 5GSM message types and causes)
     exists once: its names appear as string literals in no other source file.
"""
import os
import re
import shutil
import sys
import tempfile

SRC_DIRS = ("tap", "plugin", "replay")
SRC_EXT = (".c", ".h", ".def", ".cpp", ".inc")
# The floors, lowest first. A folder may include headers of its own floor and of lower ones.
# tap/<folder> is named by its folder, plugin/ (all its rooms) and replay/ by theirs.
FLOORS = (
    ("core",),                  # types, events, config, findings, catalogue, rows and writers
    ("wire",),                  # epan-free byte readers (aligned PER)
    ("n2",),                    # THE overload timeline and its query API
    ("rrc", "nas", "sbi"),      # domains that read the N2 timeline
    ("symptoms", "ue"),         # read the domains' query APIs
    ("kpi", "correlate"),       # read symptoms too (kpi) / span every domain (correlate)
    ("engine",),                # routing table, module states, chart recorder
    ("report", "events"),       # the engine's read side / its event stream
    ("plugin", "replay"),       # the epan plugin, the replay tool
)
FLOOR_OF = {f: i for i, names in enumerate(FLOORS) for f in names}
# Inside plugin/, the rooms are floors too, lowest first; packet-amfol.c (plugin/ itself)
# registers and dispatches, above every room.
PLUGIN_ROOMS = ("frame", "store", "glue", "ui")
EPAN_INCLUDE_RE = re.compile(r'^(?:epan|wiretap|ui)/')
NAME_HOME = ("tap/core/amfol_3gpp.c", "tap/core/amfol_3gpp.h")
RULES_DEF = "tap/core/amfol_rules.def"

# Names of each 3GPP table of tap/core/amfol_3gpp.c that no other file may spell as a literal
# (compared case-insensitively, as whole string literals).
NAME_TABLES = {
    "NGAP message names (TS 38.413 §9.2)": [
        "OverloadStart", "OverloadStop", "AMFStatusIndication", "UEContextReleaseCommand",
        "NGSetupFailure", "RANConfigurationUpdateFailure"],
    "OverloadAction names (TS 38.413 §9.3.1.105)": [
        "reject-non-emergency-mo-dt", "reject-rrc-cr-signalling",
        "permit-emergency-sessions-and-mobile-terminated-services-only",
        "permit-high-priority-sessions-and-mobile-terminated-services-only"],
    "RRC establishment causes": [
        "highPriorityAccess", "mt-Access", "mo-Signalling", "mo-Data", "mo-VoiceCall",
        "mo-VideoCall", "mo-SMS", "mps-PriorityAccess", "mcs-PriorityAccess", "mo-ExceptionData"],
    "RRC resume causes": ["rna-Update"],
    "NR RRC message names (TS 38.331 §6.2)": [
        "RRCSetupRequest", "RRCResumeRequest", "RRCResume", "RRCRelease", "RRCSetupComplete"],
    "5GMM message types (TS 24.501 §9.7)": [
        "Registration request", "Registration reject", "Service request", "Service reject",
        "Configuration update command", "Deregistration request (UE originating)"],
    "5GSM message types": [
        "PDU session establishment request", "PDU session establishment reject",
        "PDU session release command"],
    "5GMM causes (TS 24.501 §9.11.3.2)": [
        "Illegal UE", "PLMN not allowed", "Tracking area not allowed",
        "No network slices available", "Unknown 5GMM cause"],
    "5GSM causes (TS 24.501 §9.11.4.2)": [
        "Operator determined barring", "Missing or unknown DNN", "Regular deactivation",
        "Unknown 5GSM cause"],
}

COMMENT_RE = re.compile(r'//[^\n]*|/\*.*?\*/|("(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\')', re.S)
STRING_RE = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]', re.M)
OVERLOAD_NAME_RE = re.compile(r'\bAMFOL_NGAP_OVERLOAD_(?:START|STOP)\b')
# a procedure code compared with 22 / 23 as a number ("proc == 22", "23 != ev->proc",
# "procedure_code == 0x16"), or a case label inside a switch on a procedure code
OVERLOAD_LITERAL_RE = re.compile(
    r'\bproc\w*\s*[!=]=\s*(?:22|23|0x16|0x17)\b|\b(?:22|23|0x16|0x17)\s*[!=]=\s*[\w.>-]*proc\w*\b',
    re.I)
SWITCH_PROC_RE = re.compile(r'switch\s*\([^)]*proc[^)]*\)\s*\{(.*?)\n\s*\}', re.S | re.I)
CASE_OVERLOAD_RE = re.compile(r'\bcase\s+(?:22|23|0x16|0x17)\s*:')
OVERLOAD_DEFINE_RE = re.compile(
    r'#\s*define\s+\w*(?:OVERLOAD_(?:START|STOP)|NGAP_PROC\w*)\w*\s+(?:22|23|0x16|0x17)\b'
    r'|\b\w*OVERLOAD_(?:START|STOP)\w*\s*=\s*(?:22|23|0x16|0x17)\b', re.I)
RULE_ROW_RE = re.compile(r'AMFOL_RULE\(\s*(\w+)\s*,\s*"([^"]+)"')


def strip_comments(text):
    """C source without comments (string and char literals kept)."""
    return COMMENT_RE.sub(lambda m: m.group(1) if m.group(1) else ' ', text)


def sources(top):
    for d in SRC_DIRS:
        base = os.path.join(top, d)
        for root, dirs, files in os.walk(base):
            dirs[:] = sorted(x for x in dirs if x not in ("build", ".git"))
            for f in sorted(files):
                if f.endswith(SRC_EXT):
                    path = os.path.join(root, f)
                    yield os.path.relpath(path, top).replace(os.sep, "/"), path


def load(top):
    out = {}
    for rel, path in sources(top):
        with open(path, encoding="utf-8", errors="replace") as fh:
            out[rel] = strip_comments(fh.read())
    return out


def folder_of(rel):
    """tap/<folder>, plugin/<room> (plugin/ for its top files) or replay: the unit of the
    cycle check; its floor is FLOOR_OF of the tap folder, or of plugin / replay."""
    parts = rel.split("/")
    if parts[0] == "tap":
        return "tap/" + parts[1] if len(parts) >= 3 else "tap"
    if parts[0] == "plugin":
        return "plugin/" + parts[1] if len(parts) >= 3 else "plugin"
    return parts[0]


def floor_of(folder):
    if folder.startswith("tap/"):
        return FLOOR_OF.get(folder[4:])
    if folder.startswith("plugin/"):
        room = folder[len("plugin/"):]
        if room not in PLUGIN_ROOMS:
            return None
        return FLOOR_OF["plugin"] + PLUGIN_ROOMS.index(room) / len(PLUGIN_ROOMS) / 2
    if folder == "plugin":
        return FLOOR_OF["plugin"] + 0.5
    return FLOOR_OF.get(folder)


def resolve(rel, inc, files):
    """The source file an #include "..." names, or None (a system or library header)."""
    roots = [os.path.dirname(rel), "tap"]
    if rel.startswith("plugin/"):
        roots.append("plugin")
    for root in roots:
        cand = os.path.normpath(os.path.join(root, inc)).replace(os.sep, "/")
        if cand in files:
            return cand
    return None


def folder_edges(files):
    """{(from folder, to folder): [(file, include)]} over every include between folders."""
    edges = {}
    for rel, text in files.items():
        src = folder_of(rel)
        for inc in INCLUDE_RE.findall(text):
            target = resolve(rel, inc, files)
            if target is None:
                continue
            dst = folder_of(target)
            if dst != src:
                edges.setdefault((src, dst), []).append((rel, inc))
    return edges


def check_floors(files, errors):
    for rel, text in files.items():
        if rel.startswith("tap/"):
            for inc in INCLUDE_RE.findall(text):
                if EPAN_INCLUDE_RE.match(inc):
                    errors.append(f"floors: {rel} includes {inc}: tap/ stays free of epan")
    edges = folder_edges(files)
    for folder in sorted({folder_of(r) for r in files}):
        if floor_of(folder) is None:
            errors.append(f"floors: {folder}/ is on no floor (add it to FLOORS in "
                          "tests/unit/check_structure.py and to docs/ARCHITECTURE.md)")
    order = " < ".join("/".join(f) for f in FLOORS)
    for (src, dst), uses in sorted(edges.items()):
        fs, fd = floor_of(src), floor_of(dst)
        if fs is not None and fd is not None and fd > fs:
            for rel, inc in uses:
                errors.append(f"floors: {rel} includes {inc}: {dst}/ is above {src}/ (order "
                              f"{order}; in plugin/: {' < '.join(PLUGIN_ROOMS)} < "
                              "packet-amfol.c)")
    # include cycles between folders: a folder that reaches itself through the folder graph
    graph = {}
    for src, dst in edges:
        graph.setdefault(src, set()).add(dst)
    reported = set()
    for start in sorted(graph):
        stack, seen = [(start, [start])], set()
        while stack:
            node, path = stack.pop()
            for nxt in sorted(graph.get(node, ())):
                if nxt == start:
                    cycle = path + [start]
                    key = frozenset(cycle)
                    if key not in reported:
                        reported.add(key)
                        why = "; ".join(f"{edges[(a, b)][0][0]} includes {edges[(a, b)][0][1]}"
                                        for a, b in zip(cycle, cycle[1:]))
                        errors.append("floors: include cycle between folders: "
                                      + " -> ".join(cycle) + f" ({why})")
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, path + [nxt]))
    return len(edges)


def check_includes(top, files, errors):
    tap_dirs = {}
    for rel in files:
        parts = rel.split("/")
        if parts[0] == "tap" and len(parts) == 3:
            tap_dirs.setdefault(parts[2], set()).add(parts[1])
    for rel, text in files.items():
        parts = rel.split("/")
        for inc in INCLUDE_RE.findall(text):
            if not inc.endswith("_internal.h"):
                continue
            if parts[0] != "tap":
                errors.append(f"includes: {rel} includes {inc}: plugin/ and replay/ use public "
                              "headers only")
                continue
            here = parts[1] if len(parts) == 3 else ""
            # resolve: relative to the file, else relative to tap/ (the include path), else by name
            cand = os.path.normpath(os.path.join(os.path.dirname(rel), inc)).replace(os.sep, "/")
            if cand not in files:
                cand = os.path.normpath(os.path.join("tap", inc)).replace(os.sep, "/")
            if cand in files:
                owners = {cand.split("/")[1]} if cand.count("/") == 2 else {""}
                key = "/".join(cand.split("/")[1:])
            else:
                base = os.path.basename(inc)
                owners = tap_dirs.get(base, {"?"})
                key = None
            if here not in owners:
                errors.append(f"includes: {rel} includes {inc}, private to tap/"
                              f"{'/'.join(sorted(owners))}/ (use that module's public header)")


def check_overload_readers(files, errors):
    readers = []
    for rel, text in files.items():
        if rel in NAME_HOME:
            continue
        if OVERLOAD_DEFINE_RE.search(text):
            errors.append(f"overload: {rel} defines its own constant for OVERLOAD START/STOP "
                          "(the codes live in tap/core/amfol_3gpp.h)")
        hit = OVERLOAD_NAME_RE.search(text) or OVERLOAD_LITERAL_RE.search(text)
        if not hit:
            for sw in SWITCH_PROC_RE.finditer(text):
                hit = CASE_OVERLOAD_RE.search(sw.group(1))
                if hit:
                    break
        if hit:
            readers.append(rel)
    if len(readers) != 1:
        errors.append("overload: {} analysis source files read the NGAP OVERLOAD START/STOP "
                      "codes, want exactly one: {}".format(len(readers), ", ".join(readers) or "none"))
    return readers


def check_rule_ids(files, errors):
    rows = RULE_ROW_RE.findall(files.get(RULES_DEF, ""))
    if not rows:
        errors.append(f"rules: no AMFOL_RULE rows read from {RULES_DEF}")
        return 0
    seen = {}
    for name, rid in rows:
        if rid in seen:
            errors.append(f"rules: id {rid} is in the catalogue twice ({seen[rid]}, {name})")
        seen[rid] = name
    ids = set(seen)
    token = re.compile(r'(?<![A-Za-z0-9_-])(' + "|".join(re.escape(i) for i in
                                                         sorted(ids, key=len, reverse=True))
                       + r')(?![A-Za-z0-9_-])')
    where = {i: [] for i in ids}
    for rel, text in files.items():
        for lit in STRING_RE.findall(text):
            for m in token.finditer(lit):
                where[m.group(1)].append(rel)
    for rid in sorted(ids):
        if len(where[rid]) != 1 or where[rid][0] != RULES_DEF:
            errors.append(f"rules: id \"{rid}\" appears {len(where[rid])} times in string literals "
                          f"({', '.join(where[rid]) or 'nowhere'}); want once, in {RULES_DEF} "
                          f"(code uses AMFOL_RULE_{seen[rid]})")
    return len(ids)


def check_name_tables(files, errors):
    literals = {rel: {s.lower() for s in STRING_RE.findall(text)} for rel, text in files.items()}
    home = NAME_HOME[0]
    for table, names in NAME_TABLES.items():
        missing = [n for n in names if n.lower() not in literals.get(home, set())]
        if missing:
            errors.append(f"3gpp: table '{table}' is not in {home} (missing {', '.join(missing)})")
        for rel, lits in literals.items():
            if rel in NAME_HOME:
                continue
            dup = [n for n in names if n.lower() in lits]
            if dup:
                errors.append(f"3gpp: {rel} spells names of the table '{table}' ({', '.join(dup)});"
                              f" use tap/core/amfol_3gpp.h")


def run(top):
    files = load(top)
    errors = []
    check_floors(files, errors)
    check_includes(top, files, errors)
    readers = check_overload_readers(files, errors)
    n_ids = check_rule_ids(files, errors)
    check_name_tables(files, errors)
    return errors, readers, n_ids, len(files)


def self_test(top):
    tmp = tempfile.mkdtemp(prefix="amfol-structure-")
    try:
        for d in SRC_DIRS:
            if os.path.isdir(os.path.join(top, d)):
                shutil.copytree(os.path.join(top, d), os.path.join(tmp, d))
        errors, _, _, _ = run(tmp)
        if errors:
            print("self-test: the unmodified sources already fail:\n  " + "\n  ".join(errors))
            return 1
        inject = os.path.join(tmp, "tap", "correlate", "amfol_correlate_selftest.c")
        with open(inject, "w") as fh:
            fh.write('#include "../sbi/amfol_sbi_internal.h"\n'
                     'static int f(int proc) { return proc == 22; }\n'
                     'static const char *r = "nrf-load-stale";\n'
                     'static const char *c[] = { "mo-Signalling", "Illegal UE" };\n')
        errors, _, _, _ = run(tmp)
        want = {
            "includes": "amfol_sbi_internal.h",
            "overload": "amfol_correlate_selftest.c",
            "rules": "nrf-load-stale",
            "3gpp": "RRC establishment causes",
        }
        bad = 0
        for kind, needle in want.items():
            if not any(e.startswith(kind + ":") and needle in e for e in errors):
                print(f"self-test: the injected {kind} violation was not reported")
                bad += 1
        if not any(e.startswith("3gpp:") and "5GMM causes" in e for e in errors):
            print("self-test: the injected 5GMM cause name was not reported")
            bad += 1
        # a rule id and an OVERLOAD code read through a macro-built string / a switch
        os.remove(inject)
        with open(inject, "w") as fh:
            fh.write('static int g(int procedure) { switch (procedure) {\n'
                     'case 23: return 1;\n default: return 0;\n}\n}\n'
                     'static const char *e = "amfol.expert.overload-control-late";\n')
        errors, _, _, _ = run(tmp)
        if not any(e.startswith("overload:") and "amfol_correlate_selftest.c" in e for e in errors):
            print("self-test: a switch case on OVERLOAD STOP was not reported")
            bad += 1
        if not any(e.startswith("rules:") and "overload-control-late" in e for e in errors):
            print("self-test: a rule id inside a longer literal was not reported")
            bad += 1
        # floors: an include from a lower floor to a higher one, a cycle between two folders of
        # one floor, an epan header in tap/
        os.remove(inject)
        up = os.path.join(tmp, "tap", "n2", "amfol_n2_selftest.c")
        with open(up, "w") as fh:
            fh.write('#include "../report/amfol_report.h"\n#include <epan/packet.h>\n')
        side = [os.path.join(tmp, "tap", "rrc", "amfol_rrc_selftest.c"),
                os.path.join(tmp, "tap", "nas", "amfol_nas_selftest.c")]
        with open(side[0], "w") as fh:
            fh.write('#include "../nas/amfol_nas.h"\n')
        with open(side[1], "w") as fh:
            fh.write('#include "../rrc/amfol_rrc.h"\n')
        room = os.path.join(tmp, "plugin", "frame", "amfol_frame_selftest.c")
        if os.path.isdir(os.path.dirname(room)):
            with open(room, "w") as fh:
                fh.write('#include "ui/amfol_tap.h"\n')
        errors, _, _, _ = run(tmp)
        if os.path.exists(room) and not any(
                e.startswith("floors:") and "amfol_frame_selftest.c includes ui/" in e for e in errors):
            print("self-test: an include from plugin/frame up to plugin/ui was not reported")
            bad += 1
        if not any(e.startswith("floors:") and "amfol_n2_selftest.c includes ../report/" in e
                   for e in errors):
            print("self-test: an include from tap/n2 up to tap/report was not reported")
            bad += 1
        if not any(e.startswith("floors: include cycle") and "tap/rrc" in e and "tap/nas" in e
                   for e in errors):
            print("self-test: the include cycle tap/rrc <-> tap/nas was not reported")
            bad += 1
        if not any(e.startswith("floors:") and "epan/packet.h" in e for e in errors):
            print("self-test: an epan header in tap/ was not reported")
            bad += 1
        print("self-test: {} of 10 injected violations reported".format(10 - bad))
        return 1 if bad else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        return self_test(os.path.abspath(argv[2]))
    if len(argv) != 2:
        print(__doc__)
        return 2
    errors, readers, n_ids, n_files = run(os.path.abspath(argv[1]))
    for e in errors:
        print("FAIL " + e)
    if errors:
        return 1
    print(f"ok: {n_files} source files; floors {' < '.join('/'.join(f) for f in FLOORS)} held, "
          f"no include cycle between folders; no foreign *_internal.h; OVERLOAD START/STOP read only in "
          f"{readers[0]}; {n_ids} rule ids once each ({RULES_DEF}); "
          f"{len(NAME_TABLES)} 3GPP name tables once ({NAME_HOME[0]})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
