#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_architecture.py: docs/ARCHITECTURE.md names only what exists (CTest core.architecture).

Usage: check_architecture.py SOURCE_DIR [DOC]     exit 0 when every name resolves, 1 otherwise
       check_architecture.py --self-test SOURCE_DIR
           checks a copy of the page with a made-up path and function added: both must fail.

Checked:
  - every file path (`tap/core/amfol_rows.c`, `amfol_walk.c`, `amfol_3gpp.[ch]`,
    `plugin/ui/{rrc_table,nas_table}.c`, `<d>_glue.c`, `tests/<area>/tests.cmake`) names at least
    one file of the tree: from the top, else under tap/, plugin/ or tests/, else (a bare name)
    anywhere; `<...>` and `*` match any part of a name;
  - every folder written with its top (`tap/engine/`, `tests/fuzz`) exists;
  - every C name of the project (amfol_..., n2_..., sym_..., `name()`) is an identifier of the
    sources (tap/, plugin/, replay/, testcaptures/: a function, type, macro, member or CMake
    target; a helper that only the tests have does not count);
    `amfol_engine_*` needs one identifier with that prefix.
"""
import glob
import os
import re
import shutil
import sys
import tempfile

DOC = "docs/ARCHITECTURE.md"
TREE_DIRS = ("tap", "plugin", "replay", "tests", "testcaptures", "asn1", "scripts", "packaging", "docs")
ID_DIRS = ("tap", "plugin", "replay", "testcaptures")   # where a named function must live
PATH_RE = re.compile(r'(?<![\w./<>{}*-])((?:[\w.<>*{},-]+/)*[\w<>*{},-]+'
                     r'\.(?:\[ch\]|c|h|def|py|sh|cmake|md|ini|json|sha256|filter|txt))(?![\w])')
DIR_RE = re.compile(r'(?<![\w./<>-])((?:tap|plugin|tests|replay|docs|scripts|testcaptures|packaging|asn1)'
                    r'(?:/[\w<>*-]+)*)/(?![\w.<>*{-])')
NAME_RE = re.compile(r'(?<![\w.$/-])((?:amfol|n2|sym|rrc|nas|sbi|kpi|ue|per)_[A-Za-z0-9_]*[A-Za-z0-9]'
                     r'(?:_\*)?)(?![\w.-])')
CALL_RE = re.compile(r'(?<![\w.$/-])([a-z_][a-z0-9_]*)\(\)')


def expand(path):
    """{a,b} alternatives and .[ch] as a list of glob patterns."""
    m = re.search(r'\{([^{}]*)\}', path)
    if m:
        out = []
        for alt in m.group(1).split(","):
            out += expand(path[:m.start()] + alt + path[m.end():])
        return out
    if path.endswith(".[ch]"):
        return [path[:-5] + ".c", path[:-5] + ".h"]
    return [re.sub(r'<[^<>]*>', '*', path)]


def tree_files(top):
    out = []
    for d in TREE_DIRS:
        for root, dirs, files in os.walk(os.path.join(top, d)):
            dirs[:] = [x for x in dirs if x not in ("build", ".git", "corpus")]
            out += [os.path.relpath(os.path.join(root, f), top) for f in files]
    out += [f for f in os.listdir(top) if os.path.isfile(os.path.join(top, f))]
    return out


def path_exists(top, path, names):
    for pat in expand(path):
        for root in ("", "tap", "plugin", "tests"):
            if glob.glob(os.path.join(top, root, pat)):
                return True
        if "/" not in pat and any(glob.fnmatch.fnmatch(n, pat) for n in names):
            return True
    return False


def identifiers(top):
    ids = set()
    for d in ID_DIRS:
        for root, dirs, files in os.walk(os.path.join(top, d)):
            dirs[:] = [x for x in dirs if x not in ("build", ".git", "corpus")]
            for f in files:
                if f == os.path.basename(__file__):
                    continue               # its own self-test names made-up functions
                if f.endswith((".c", ".h", ".def", ".py", ".sh", ".cmake", ".txt")):
                    with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
                        ids.update(re.findall(r'[A-Za-z_][A-Za-z0-9_]*', fh.read()))
    return ids


def check(top, doc_path):
    with open(doc_path, encoding="utf-8") as fh:
        doc = fh.read()
    files = tree_files(top)
    names = {os.path.basename(f) for f in files}
    ids = identifiers(top)
    errors = []
    paths = sorted(set(PATH_RE.findall(doc)))
    for p in paths:
        if not path_exists(top, p, names):
            errors.append(f"path {p}: no such file")
    dirs = sorted({d.rstrip("/") for d in DIR_RE.findall(doc) if "/" in d})
    for d in dirs:
        if not any(glob.glob(os.path.join(top, pat)) for pat in expand(d)):
            errors.append(f"folder {d}/: no such folder")
    cnames = set(NAME_RE.findall(doc)) | set(CALL_RE.findall(doc))
    for n in sorted(cnames):
        if n.endswith("_*"):
            if not any(i.startswith(n[:-1]) for i in ids):
                errors.append(f"name {n}: no identifier with that prefix in the sources")
        elif n not in ids:
            errors.append(f"name {n}: not an identifier of the sources")
    return errors, len(paths), len(dirs), len(cnames)


def self_test(top):
    tmp = tempfile.mkdtemp(prefix="amfol-arch-")
    try:
        doc = os.path.join(tmp, "ARCHITECTURE.md")
        shutil.copy(os.path.join(top, DOC), doc)
        errors, _, _, _ = check(top, doc)
        if errors:
            print("self-test: the page already fails:\n  " + "\n  ".join(errors))
            return 1
        with open(doc, "a", encoding="utf-8") as fh:
            fh.write("\nSee tap/core/amfol_gone.c and `amfol_engine_vanished()`.\n")
        errors, _, _, _ = check(top, doc)
        bad = 0
        for needle in ("tap/core/amfol_gone.c", "amfol_engine_vanished"):
            if not any(needle in e for e in errors):
                print(f"self-test: {needle} was not reported")
                bad += 1
        print(f"self-test: {2 - bad} of 2 made-up names reported")
        return 1 if bad else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        return self_test(os.path.abspath(argv[2]))
    if len(argv) not in (2, 3):
        print(__doc__)
        return 2
    top = os.path.abspath(argv[1])
    errors, n_paths, n_dirs, n_names = check(top, argv[2] if len(argv) == 3 else os.path.join(top, DOC))
    for e in errors:
        print("FAIL " + e)
    if errors:
        return 1
    print(f"ok: {DOC} names {n_paths} files, {n_dirs} folders and {n_names} C names, all present")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
