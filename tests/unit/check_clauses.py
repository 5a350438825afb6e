#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_clauses.py TOP: the catalogue (tap/core/amfol_rules.def) and docs/faults.md cite the same
clause for each rule. For every rule the first "TS <spec> §<clause>" of its catalogue row must be
the first one of the "**Rests on**" line of the rule's first section in faults.md, and a rule the
catalogue marks as amfol's policy (no 3GPP "shall") must say so there too, and the other way round.
--self-test: a copy with one clause changed on each side must be reported."""
import re
import sys

ROW = re.compile(r'AMFOL_RULE\(\s*(\w+),\s*"([^"]+)",\s*(\w+),\s*(\w+),\s*"((?:[^"\\]|\\.)*)"', re.S)
CLAUSE = re.compile(r'TS \d{2}\.\d{3} §[\d.]+\d')
NO_SHALL = 'no 3GPP \\"shall\\"'


def rests_on(faults, rid):
    m = re.search(r'^### `%s`.*?$(.*?)(?=^###|^## |\Z)' % re.escape(rid), faults, re.S | re.M)
    if not m:
        return None
    r = re.search(r'\*\*Rests on\*\*(.*?)(?:\n- |\n\n|\Z)', m.group(1), re.S)
    return " ".join(r.group(1).split()) if r else None


def check(defs, faults):
    errors = []
    rows = [r for r in ROW.findall(defs) if r[0] != "NAME"]   # not the header comment's pattern
    if not rows:
        return ["no catalogue rows read"]
    for _, rid, _, sev, clause in rows:
        text = rests_on(faults, rid)
        if text is None:
            errors.append("%s: no section with a **Rests on** line in docs/faults.md" % rid)
            continue
        cat = CLAUSE.findall(clause)
        doc = CLAUSE.findall(text)
        if not cat or not doc or cat[0] != doc[0]:
            errors.append("%s: catalogue cites %s, faults.md rests on %s" % (rid, cat[:1], doc[:1]))
        policy_cat = NO_SHALL in clause
        policy_doc = 'no 3GPP "shall"' in text
        if policy_cat != policy_doc:
            errors.append("%s: 'no 3GPP \"shall\"' in the catalogue: %s, in faults.md: %s"
                          % (rid, policy_cat, policy_doc))
        if policy_cat and sev == "ERROR":
            errors.append("%s: rests on no \"shall\" but its severity is ERROR" % rid)
    return errors


def main():
    args = sys.argv[1:]
    selftest = args and args[0] == "--self-test"
    top = args[-1]
    defs = open(top + "/tap/core/amfol_rules.def", encoding="utf-8").read()
    faults = open(top + "/docs/faults.md", encoding="utf-8").read()
    if selftest:
        bad_defs = defs.replace('"TS 38.413 §8.7.8.2"', '"TS 38.413 §8.7.6"', 1)
        bad_faults = faults.replace("**Rests on** TS 29.510 §5.2.2.3", "**Rests on** TS 29.510 §5.2.2.2", 1)
        got = check(bad_defs, bad_faults)
        want = ["overload-stop-missing", "nrf-load-stale"]
        missing = [w for w in want if not any(e.startswith(w + ":") for e in got)]
        if missing or len(got) != 2:
            sys.exit("self-test: want exactly one error for each of %s, got %s" % (want, got))
        print("self-test ok: %s" % got)
        return
    errors = check(defs, faults)
    for e in errors:
        print("FAIL " + e)
    if errors:
        sys.exit(1)
    print("ok: every rule cites the same clause in the catalogue and docs/faults.md")


if __name__ == "__main__":
    main()
