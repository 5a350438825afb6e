#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# one-pass-equal.sh: events + replay give the one-pass report byte for byte. For every scenario
# capture (testcaptures/scenarios/*.ini but big-storm) and every public capture: the compact
# events (-z amfol,events,bin) replayed by amfol-replay print exactly what tshark prints with
# -z amfol,diagnosis and -z amfol,json; on the first few captures (and with --jsonl on all) the
# JSON Lines events (-z amfol,events) replay to the same bytes too.
#
# Usage: one-pass-equal.sh BUILD_DIR [--jsonl]
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
all_jsonl=${2:-}
synth=$build/testcaptures/amfol-synth
replay=$build/replay/amfol-replay
plugin=$(find "$build/plugins" -name 'amfol.so' | head -1)
[ -n "$plugin" ] && [ -x "$synth" ] && [ -x "$replay" ] || { echo "one-pass-equal: build amfol.so, amfol-synth and amfol-replay first" >&2; exit 2; }
public=${AMFOL_PUBLIC_CAPTURES:-$top/../shared/captures/public}
[ -d "$public" ] || public=$top/../../shared/captures/public
work=$(mktemp -d /tmp/amfol-onepass.XXXXXX); chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
export AMFOL_STAGE=$work/stage
mkdir -p "$work/cap" "$work/out"

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

tsh() { "$top/tests/lib/tshark-as-user.sh" "$plugin" "$@"; }
fail=0 n=0 bytes=0 frames=0
for cap in "${caps[@]}"; do
  id=$(basename "$cap"); id=${id%.*}
  o=$work/out/$id
  tsh -q -r "$cap" -z amfol,events,bin >"$o.bin" 2>"$o.err" || { echo "FAIL $id: export"; tail -3 "$o.err"; fail=1; continue; }
  encs=(bin)
  if [ -n "$all_jsonl" ] || [ $n -lt 3 ]; then
    tsh -q -r "$cap" -z amfol,events >"$o.jsonl" 2>>"$o.err" || { echo "FAIL $id: export (JSON Lines)"; fail=1; continue; }
    encs+=(jsonl)
  fi
  for z in diagnosis json; do
    tsh -q -r "$cap" -z "amfol,$z" >"$o.$z" 2>>"$o.err" || { echo "FAIL $id: tshark -z amfol,$z"; fail=1; continue; }
    for e in "${encs[@]}"; do
      if ! "$replay" --format "$z" "$o.$e" >"$o.$e.$z" 2>>"$o.err"; then
        echo "FAIL $id: amfol-replay ($e events, $z)"; tail -2 "$o.err"; fail=1
      elif ! cmp -s "$o.$z" "$o.$e.$z"; then
        echo "FAIL $id: replay of the $e events differs from -z amfol,$z:"; diff "$o.$z" "$o.$e.$z" | head -8; fail=1
      fi
    done
  done
  f=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["capture"]["frames"])' "$o.json" 2>/dev/null || echo 0)
  frames=$((frames + f)); bytes=$((bytes + $(stat -c %s "$o.bin")))
  n=$((n + 1))
done
[ $fail = 0 ] && echo "ok: ${#caps[@]} captures: replay of their compact events (and JSON Lines on 3) = one pass, diagnosis and json, byte for byte; compact events $bytes bytes for $frames frames"
exit $fail
