#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# test.sh: the whole test suite (README's second command; .ci/run calls exactly this). Installs
# the test set first (scripts/install-deps.sh --list test), builds, runs every test, label slow
# included (locally, `cd build && ctest -LE slow` leaves out the Debian roots and sanitizers).
#   scripts/test.sh [CTEST OPTION...]   e.g. -LE slow, -R '^n2\.'
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${AMFOL_BUILD:-$top/build}
AMFOL_DEPS=test "$top/scripts/build.sh"
cd "$build"
out=$(mktemp /tmp/amfol-ctest.XXXXXX)
trap 'rm -f "$out"' EXIT
set +e
ctest --output-on-failure -j"$(nproc)" --timeout 900 "$@" | tee "$out"
rc=${PIPESTATUS[0]}
set -e
# CTest shows a skipped test (exit 77) without its output: print each one's reason.
log=Testing/Temporary/LastTest.log
if [ -f "$log" ] && grep -q '^SKIP: ' "$log"; then
  echo "Skipped tests and why:"
  awk '/^[0-9]+\/[0-9]+ Testing: /{t=$3} /^SKIP: /{print "  " t ": " substr($0, 7)}' "$log"
fi
# One plain closing line (CTest counts a skipped test among the passed ones).
total=$(sed -n 's/.* tests failed out of \([0-9]*\)$/\1/p' "$out" | tail -1)
failed=$(sed -n 's/.* tests passed, \([0-9]*\) tests failed out of .*/\1/p' "$out" | tail -1)
skipped=$(grep -c '(Skipped)$' "$out" || true)
[ -n "$total" ] && echo "$((total - failed - skipped)) passed, $failed failed, $skipped skipped"
exit $rc
