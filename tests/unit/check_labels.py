#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Usage: check_labels.py BUILD_DIR [--self-test]

Every registered CTest test carries exactly one technique label and one domain label, from the
vocabularies of tests/lib/labels.cmake (AMFOL_TEST_TECHNIQUES, AMFOL_TEST_DOMAINS), so that
`ctest -L unit`, `ctest -L n2` select whole kinds and domains (tests/README.md). The tests and
their labels come from `ctest --show-only=json-v1` in BUILD_DIR. "slow" is allowed beside them.
--self-test: the check must report a test without a domain, one with two techniques and one
with an unknown label, and pass a well-labelled one."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

LABELS_CMAKE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib", "labels.cmake")
EXTRA = {"slow"}


def vocabulary(path=LABELS_CMAKE):
    text = open(path).read()
    out = {}
    for name in ("AMFOL_TEST_TECHNIQUES", "AMFOL_TEST_DOMAINS"):
        m = re.search(r"^set\(%s ([^)]*)\)" % name, text, re.M)
        if not m:
            sys.exit("%s: no set(%s ...)" % (path, name))
        out[name] = set(m.group(1).split())
    return out["AMFOL_TEST_TECHNIQUES"], out["AMFOL_TEST_DOMAINS"]


def registered(build):
    """`ctest --show-only=json-v1` of BUILD, run on a copy of its CTestTestfile.cmake files: in
    BUILD itself it would rewrite Testing/Temporary/LastTest.log under the suite that runs us."""
    with tempfile.TemporaryDirectory() as tmp:
        for d, _, files in os.walk(build):
            if "CTestTestfile.cmake" in files:
                dst = os.path.join(tmp, os.path.relpath(d, build))
                os.makedirs(dst, exist_ok=True)
                shutil.copy(os.path.join(d, "CTestTestfile.cmake"), dst)
        r = subprocess.run(["ctest", "--show-only=json-v1"], cwd=tmp, capture_output=True,
                           text=True, check=True)
    return json.loads(r.stdout)


def labels_of(doc):
    """{test name: [labels]} of a json-v1 document."""
    got = {}
    for t in doc.get("tests", []):
        labels = []
        for p in t.get("properties", []):
            if p.get("name") == "LABELS":
                labels = list(p.get("value") or [])
        got[t["name"]] = labels
    return got


def problems(tests, techniques, domains):
    bad = []
    for name, labels in sorted(tests.items()):
        tech = [l for l in labels if l in techniques]
        dom = [l for l in labels if l in domains]
        other = [l for l in labels if l not in techniques | domains | EXTRA]
        if len(tech) != 1:
            bad.append("%s: %d technique labels %s (one of %s; tests/lib/labels.cmake)"
                       % (name, len(tech), tech, " ".join(sorted(techniques))))
        if len(dom) != 1:
            bad.append("%s: %d domain labels %s (one of %s; tests/lib/labels.cmake)"
                       % (name, len(dom), dom, " ".join(sorted(domains))))
        if other:
            bad.append("%s: unknown labels %s" % (name, other))
    return bad


def self_test(techniques, domains):
    t, d = sorted(techniques)[0], sorted(domains)[0]
    tests = {"good": [t, d], "good.slow": [t, d, "slow"], "no-domain": [t],
             "two-techniques": sorted(techniques)[:2] + [d], "unknown": [t, d, "zzz"]}
    bad = problems(tests, techniques, domains)
    want = {"no-domain", "two-techniques", "unknown"}
    named = {b.split(":")[0] for b in bad}
    if named != want:
        sys.exit("FAIL self-test: reported %s, want %s" % (sorted(named), sorted(want)))
    print("ok   self-test: %d planted violations reported, well-labelled tests pass" % len(want))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    techniques, domains = vocabulary()
    if "--self-test" in sys.argv[2:]:
        self_test(techniques, domains)
        return
    tests = labels_of(registered(sys.argv[1]))
    if not tests:
        sys.exit("FAIL: no tests registered in %s" % sys.argv[1])
    bad = problems(tests, techniques, domains)
    for b in bad:
        print("FAIL " + b)
    if bad:
        sys.exit(1)
    count = {}
    for labels in tests.values():
        for l in labels:
            count[l] = count.get(l, 0) + 1
    print("ok   %d tests, each with one technique and one domain label: %s"
          % (len(tests), ", ".join("%s %d" % (l, n) for l, n in sorted(count.items()))))


if __name__ == "__main__":
    main()
