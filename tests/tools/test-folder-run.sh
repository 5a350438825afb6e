#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# test-folder-run.sh: scripts/amfol-folder.sh over a folder holding a calm storm, a mixed storm
# and a public capture with #22 without T3346 gives the right one-line verdict for each.
set -euo pipefail
top=$1 so=$2 synth=$3 public=$4
work=$(mktemp -d /tmp/amfol-folder-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/in"
"$synth" "$top/testcaptures/scenarios/calm.ini" -o "$work/in/calm.pcapng" >/dev/null
"$synth" "$top/testcaptures/scenarios/mixed-storm.ini" -o "$work/in/mixed.pcapng" >/dev/null
cp "$public/adriandonohoe-5g-pcap/synthetic.pcap" "$work/in/"
rm -f "$work"/in/*.truth.json
AMFOL_PLUGIN_SO=$so "$top/scripts/amfol-folder.sh" "$work/in" "$work/out" >"$work/lines"
cat "$work/lines"
fail() { echo "FAIL: $*"; exit 1; }
line() { grep "^$1 " "$work/lines" || fail "no line for $1"; }
line calm.pcapng | grep -q "overloaded AMFs 0 (-)  episodes 0  errors 0 warnings 0" || fail calm
m=$(line mixed.pcapng)
echo "$m" | grep -q "overloaded AMFs 1 (amf-1)  episodes 1" || fail "mixed: AMFs/episodes"
for r in gnb-ignores-overload overload-start-partial overload-stop-missing t3346-missing; do
  echo "$m" | grep -q " $r" || fail "mixed: missing $r"
done
line synthetic.pcap | grep -q "frames        7  overloaded AMFs 0 (-)  episodes 0" || fail "synthetic: counts"
line synthetic.pcap | grep -q "t3346-missing" || fail "synthetic: t3346-missing"
tail -1 "$work/lines" | grep -q "^3 capture(s)" || fail "capture count"
for f in calm.pcapng mixed.pcapng synthetic.pcap; do
  python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$work/out/$f.json" || fail "bad JSON $f"
done
# The diagnosis names an SBI producer as an NF, and N2 entities as AMF and gNB.
"$top/tests/lib/tshark-as-user.sh" "$so" -r "$work/in/mixed.pcapng" -q -z amfol,diagnosis >"$work/diag"
grep -q "^   Where: NF nrf$" "$work/diag" || fail "diagnosis: SBI producer not labelled NF"
grep -q "^   Where: AMF amf-1, gNB gnb-1$" "$work/diag" || fail "diagnosis: N2 entities"
echo "folder run: ok"
