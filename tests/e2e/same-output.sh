#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# same-output.sh: the refactoring safety net. Makes every scenario capture
# (testcaptures/scenarios/*.ini, except big-storm) plus the public captures, runs
# `-z amfol,json`, `-z amfol,timeline` and `-z amfol,diagnosis` through the real tshark (as an
# unprivileged user) and compares the output with a baseline byte for byte.
#
# Usage: same-output.sh BUILD_DIR [BASELINE_DIR] [--update]
#   Compares with tests/e2e/same-output.sha256 (committed; first made from main 73c6adf, remade
#   on main whenever an output changed on purpose, NEWS.md); with
#   BASELINE_DIR holding the full outputs of that commit, also prints the differences.
#   --update rewrites the checksums (and BASELINE_DIR): only from the commit you compare with.
# Documented differences (docs/fields.md, "Renames") are normalised by tests/e2e/same-output.filter
# before comparing: nothing else may differ.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd); base=${2:-}; mode=${3:-compare}
[ "$base" = --update ] && { base=; mode=--update; }
sums=$top/tests/e2e/same-output.sha256
synth=$build/testcaptures/amfol-synth
plugin=$(find "$build/plugins" -name 'amfol.so' | head -1)
[ -n "$plugin" ] && [ -x "$synth" ] || { echo "same-output: build amfol.so and amfol-synth first" >&2; exit 2; }
public=${AMFOL_PUBLIC_CAPTURES:-$top/../shared/captures/public}
[ -d "$public" ] || public=$top/../../shared/captures/public  # a worktree one level deeper
work=$(mktemp -d /tmp/amfol-same.XXXXXX); chmod 755 "$work"  # the unprivileged tshark must reach the stage
trap 'rm -rf "$work"' EXIT
export AMFOL_STAGE=$work/stage
mkdir -p "$work/out" "$work/cap"
[ -n "$base" ] && mkdir -p "$base"

caps=()
for ini in "$top"/testcaptures/scenarios/*.ini; do
  name=$(basename "$ini" .ini)
  [ "$name" = big-storm ] && continue
  "$synth" "$ini" -o "$work/cap/synth-$name.pcapng" >/dev/null 2>&1
  caps+=("$work/cap/synth-$name.pcapng")
done
if [ -d "$public" ]; then
  while IFS= read -r f; do caps+=("$f"); done < <(find "$public" -type f \( -name '*.pcap' -o -name '*.pcapng' -o -name '*.cap' \) | sort)
fi

fail=0
for cap in "${caps[@]}"; do
  id=$(basename "$cap"); id=${id%.*}
  case "$cap" in "$public"/*) id="public-$(basename "$(dirname "$cap")")-$id";; esac
  for z in json timeline diagnosis; do
    out=$work/out/$id.$z
    "$top/tests/lib/tshark-as-user.sh" "$plugin" -r "$cap" -q -z "amfol,$z" > "$out" 2>"$out.err" \
      || { echo "tshark failed on $id ($z):"; tail -3 "$out.err"; fail=1; }
    [ -s "$out" ] || { echo "empty output for $id ($z)"; fail=1; }
    if [ -f "$top/tests/e2e/same-output.filter" ]; then
      python3 "$top/tests/e2e/same-output.filter" "$z" < "$out" > "$out.n"; mv "$out.n" "$out"
    fi
    [ "$mode" = --update ] && [ -n "$base" ] && cp "$out" "$base/$id.$z"
  done
done
(cd "$work/out" && sha256sum -- *.json *.timeline *.diagnosis) > "$work/sums"
if [ "$mode" = --update ]; then
  [ $fail = 0 ] || exit 1
  cp "$work/sums" "$sums"; echo "checksums written: ${#caps[@]} captures x 3 outputs -> $sums"; exit 0
fi
while read -r want name; do
  got=$(grep -F "  $name" "$work/sums" | cut -d' ' -f1 || true)
  [ "$got" = "$want" ] && continue
  echo "DIFF $name"; fail=1
  [ -n "$base" ] && [ -f "$base/$name" ] && { diff "$base/$name" "$work/out/$name" | head -20 || true; }
done < "$sums"
[ "$(wc -l < "$work/sums")" = "$(wc -l < "$sums")" ] || { echo "capture set changed"; fail=1; }
[ $fail = 0 ] && echo "same output: ${#caps[@]} captures x 3 outputs byte-identical to $(basename "$sums")"
exit $fail
