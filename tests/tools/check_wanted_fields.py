#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_wanted_fields.py: every dissector field and protocol the plugin looks up by name is
registered in this tshark. The plugin asks for other dissectors' fields by filter name (the
*_FIELDS(X) tables of plugin/glue/*_glue.c, alternatives separated by "|" where a release renamed
one) and for protocols by filter name (proto_get_id_by_filter_name, amfol_interesting_protos);
a name that a Wireshark release renamed or dropped is silently never seen (no error at run time),
so this checks, for each slot, that at least one of its names is in `tshark -G fields`. It runs on
the host (Wireshark 4.0) and in the 4.4 / 4.6 roots (scripts/check-ws-versions-run.sh), where it
covers the names that no scenario capture exercises (HTTP/1.1 SBI, IPv6, SCTP retransmissions,
F1AP ID spellings, ...).
Usage: check_wanted_fields.py SOURCE_DIR"""
import glob
import os
import re
import subprocess
import sys

top = sys.argv[1]
slots = []                                   # (file, slot, [names])
modules = 0
for path in sorted(glob.glob(os.path.join(top, "plugin", "**", "*.c"), recursive=True)):
    text = open(path).read()
    rel = os.path.relpath(path, top)
    if re.search(r"#define [A-Z0-9_]+_FIELDS\(X\)", text):
        modules += 1
    for slot, names in re.findall(r'\bX\(([A-Z0-9_]+),\s*"([^"]+)"\)', text):
        slots.append((rel, slot, names.split("|")))
    for name in re.findall(r'proto_get_id_by_filter_name\("([^"]+)"\)', text):
        slots.append((rel, "protocol", [name]))
    m = re.search(r"amfol_interesting_protos\[\]\s*=\s*\{(.*?)\};", text, re.S)
    if m:
        for name in re.findall(r'"([^"]+)"', re.sub(r"/\*.*?\*/", "", m.group(1), flags=re.S)):
            slots.append((rel, "interesting protocol", [name]))

# Through the tests' wrapper with no plugin (""): an installed amfol.so is not loaded (-G must come
# first, so --disable-protocol cannot be given), as the unprivileged user the tests use.
wrapper = os.path.join(top, "tests", "lib", "tshark-as-user.sh")
p = subprocess.run([wrapper, "", "-G", "fields"], capture_output=True, text=True)
registered = set()
for line in p.stdout.splitlines():
    cols = line.split("\t")
    if len(cols) > 2 and cols[0] in ("F", "P"):
        registered.add(cols[2])

errors = []
if p.returncode != 0 or len(registered) < 10000:
    errors.append("tshark -G fields: rc %d, %d names" % (p.returncode, len(registered)))
# The tables this reads: the glue modules' field tables (n2, nas, rrc, sbi; repeat primes none,
# it reads the IP header from the frame's bytes), about 65 slots, and the protocols. Fewer means
# the sources changed shape and this check went blind.
if modules < 4 or sum(1 for s in slots if s[1] not in ("protocol", "interesting protocol")) < 60:
    errors.append("found %d field tables and %d slots in plugin/: parse the new shape" % (modules, len(slots)))
for rel, slot, names in slots:
    if not any(n in registered for n in names):
        errors.append("%s %s: none of %s is registered in this tshark" % (rel, slot, " | ".join(names)))
print("%d names the plugin looks up (%d field tables), %d missing from the %d tshark registers"
      % (len(slots), modules, len([e for e in errors if "none of" in e]), len(registered)))
for e in errors:
    print("FAIL: " + e)
sys.exit(1 if errors else 0)
