#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Same scenario + same seed = byte-identical capture and truth; another seed = another capture.
set -euo pipefail
synth=$1 scen=$2 out=$3
mkdir -p "$out"
for name in clean-episode mixed-storm cascade message-zoo; do
  "$synth" "$scen/$name.ini" -o "$out/$name-a.pcapng" 2>/dev/null
  "$synth" "$scen/$name.ini" -o "$out/$name-b.pcapng" 2>/dev/null
  cmp "$out/$name-a.pcapng" "$out/$name-b.pcapng"
  cmp "$out/$name-a.truth.json" "$out/$name-b.truth.json"
  "$synth" --seed 99 "$scen/$name.ini" -o "$out/$name-c.pcapng" 2>/dev/null
  if cmp -s "$out/$name-a.pcapng" "$out/$name-c.pcapng"; then
    echo "FAIL: $name: --seed 99 gave the same capture as the default seed"; exit 1
  fi
  grep -q '"seed": 99,' "$out/$name-c.truth.json"
  echo "ok   $name: two runs byte-identical, seed 99 differs"
done
