#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# build-sanitized.sh: configure and build tests/fuzz (the core with clang + ASan/UBSan, its unit
# tests and the libFuzzer harnesses) into BUILD_DIR. Exit 77 when clang or its libFuzzer runtime
# is missing (scripts/install-deps.sh installs clang and libclang-rt-14-dev; lld, when installed, links).
# Usage: build-sanitized.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
cc=$(command -v clang || true)
if [ -z "$cc" ]; then echo "SKIP: clang is not installed (scripts/install-deps.sh)"; exit 77; fi
probe=$(mktemp -d /tmp/amfol-fuzzprobe.XXXXXX)
trap 'rm -rf "$probe"' EXIT
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { return 0; }\n' >"$probe/p.c"
if ! "$cc" -fsanitize=fuzzer,address,undefined "$probe/p.c" -o "$probe/p" 2>"$probe/err"; then
  echo "SKIP: clang cannot link -fsanitize=fuzzer,address,undefined (libclang-rt-14-dev?): $(head -1 "$probe/err")"
  exit 77
fi
# Build type None: the flags are tests/fuzz/CMakeLists.txt's alone (AMFOL_SANITIZE_OPT=-O1 for a
# long fuzzing run; -O0 by default).
CC=$cc cmake -S "$src/tests/fuzz" -B "$build" -DCMAKE_BUILD_TYPE=None \
  -DAMFOL_SANITIZE_OPT="${AMFOL_SANITIZE_OPT:--O0}" >/dev/null
cmake --build "$build" -j"$(nproc)"
