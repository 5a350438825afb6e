#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check_no_issue_tags.py: code, tests and docs say why, not which tracker item asked for it: no
# "issue N" outside NEWS.md (history lives there). The self-test plants a tag and wants it found.
#   check_no_issue_tags.py TOP | --self-test TOP
import os
import re
import shutil
import sys
import tempfile

TAG_RE = re.compile(r"\bissues? #?\d+", re.IGNORECASE)
EXTS = (".c", ".h", ".def", ".py", ".sh", ".cmake", ".txt", ".md", ".ini", ".in")
SKIP_DIRS = {".git", "corpus"}


def scan(top):
    hits = []
    for root, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith("build")]
        for f in files:
            if not f.endswith(EXTS) or f == "NEWS.md":
                continue
            path = os.path.join(root, f)
            with open(path, encoding="utf-8", errors="replace") as fh:
                for n, line in enumerate(fh, 1):
                    if TAG_RE.search(line):
                        hits.append(f"{os.path.relpath(path, top)}:{n}: {line.strip()[:100]}")
    return hits


def self_test(top):
    tmp = tempfile.mkdtemp(prefix="amfol-tags-")
    try:
        for d in ("tap", "docs"):
            shutil.copytree(os.path.join(top, d), os.path.join(tmp, d))
        with open(os.path.join(tmp, "tap", "planted.c"), "w") as fh:
            fh.write("/* planted: as " + "issue" + " 99 asked */\n")
        hits = scan(tmp)
        ok = any("planted.c" in h for h in hits)
        print("self-test: planted tag " + ("reported" if ok else "NOT reported"))
        return 0 if ok else 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        return self_test(os.path.abspath(argv[2]))
    if len(argv) != 2:
        print(__doc__ if __doc__ else "usage: check_no_issue_tags.py TOP | --self-test TOP")
        return 2
    hits = scan(os.path.abspath(argv[1]))
    for h in hits:
        print("FAIL " + h)
    if hits:
        return 1
    print("ok: no issue tags outside NEWS.md")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
