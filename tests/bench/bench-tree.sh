#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench-tree.sh: what the first-pass tree costs amfol, in instructions (callgrind; load-independent)
# and peak RSS (/usr/bin/time -v), on one capture (a benchmark, not a test):
#   startup : tshark's start-up, one frame (taken out of every per-frame ratio)
#   base    : tshark -q -z ngap,tree --disable-protocol amfol           (no tree)
#   tree    : base with -Y on a field no frame carries                  (a tree nothing fills)
#   fill    : base with -Y on the fields amfol's priming finds in the storm (NGAP message
#             elements, f1ap, the NR RRC messages and their fields, HTTP/2 and JSON): the tree and
#             the primed items amfol pays for before its own work
#   amfol   : tshark -q -z amfol,json
#   base2 / amfol2 : the same two with -2
# Runs as the unprivileged user, two at a time, the plugin staged as tests/lib/tshark-as-user.sh
# does. Profiles are kept in OUTDIR for callgrind_annotate.
#   tests/bench/bench-tree.sh PLUGIN_SO CAPTURE OUTDIR
# The capture of docs/performance.md: the first 20,000 frames of the big storm:
#   build/testcaptures/amfol-synth testcaptures/scenarios/big-storm.ini -o /tmp/big.pcapng
#   editcap -r /tmp/big.pcapng /tmp/cut-20000.pcapng 1-20000
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
so=$1 cap=$2 out=$3
mkdir -p "$out" && chmod 777 "$out"
export AMFOL_STAGE=$out/stage
"$top/tests/lib/tshark-as-user.sh" "$so" -q -r "$cap" -c 1 >/dev/null   # stage plugin and capture
staged=$(ls "$AMFOL_STAGE"/cap/*-"$(basename "$cap")")
chmod -R a+rwX "$out"
as_user=()
[ "$(id -u)" = 0 ] && as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
tenv=(env -i PATH=/usr/bin:/bin HOME="$AMFOL_STAGE/home" LANG=C.UTF-8 WIRESHARK_PLUGIN_DIR="$AMFOL_STAGE/plugins")
count() { # LABEL ARGS...: instructions to OUTDIR/LABEL.n
  "${as_user[@]}" "${tenv[@]}" valgrind --tool=callgrind --callgrind-out-file="$out/$1.cg" \
    tshark -r "$staged" "${@:2}" >"$out/$1.out" 2>"$out/$1.log"
  sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$out/$1.log" >"$out/$1.n"
}
rss() { # LABEL ARGS...: peak RSS in KiB to OUTDIR/LABEL.rss
  "${as_user[@]}" "${tenv[@]}" /usr/bin/time -v -o "$out/$1.time" tshark -r "$staged" "${@:2}" >/dev/null 2>&1
  sed -n 's/.*Maximum resident set size (kbytes): //p' "$out/$1.time" >"$out/$1.rss"
}
fill='ngap.initiatingMessage_element || ngap.successfulOutcome_element || f1ap || nr-rrc.rrcSetupRequest_element || nr-rrc.rrcSetup_element || nr-rrc.establishmentCause || nr-rrc.ng_5G_S_TMSI_Part1 || http2.type || json.member || ngap.TimeToWait == 99'
base=(-q -z ngap,tree --disable-protocol amfol)
queue() { while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done; "$@" & }
queue count startup -c 1 "${base[@]}"
queue count base "${base[@]}"
queue count tree "${base[@]}" -Y "ngap.TimeToWait == 99"
queue count fill "${base[@]}" -Y "$fill"
queue count amfol -q -z amfol,json
queue count base2 -2 "${base[@]}"
queue count amfol2 -2 -q -z amfol,json
wait
rss base "${base[@]}"; rss amfol -q -z amfol,json; rss tree "${base[@]}" -Y "ngap.TimeToWait == 99"
n() { cat "$out/$1.n"; }
awk -v s="$(n startup)" -v b="$(n base)" -v t="$(n tree)" -v f="$(n fill)" -v a="$(n amfol)" \
    -v b2="$(n base2)" -v a2="$(n amfol2)" -v rb="$(cat "$out/base.rss")" -v ra="$(cat "$out/amfol.rss")" \
    -v rt="$(cat "$out/tree.rss")" 'BEGIN {
  printf "instructions (M): start-up %.0f, base %.0f, tree %.0f, fill %.0f, amfol %.0f, base -2 %.0f, amfol -2 %.0f\n",
    s / 1e6, b / 1e6, t / 1e6, f / 1e6, a / 1e6, b2 / 1e6, a2 / 1e6
  printf "whole run against base: tree %.3fx, fill %.3fx, amfol %.3fx; -2: amfol %.3fx of base -2\n",
    t / b, f / b, a / b, a2 / b2
  printf "per frame (start-up excluded) against base: tree %.3fx, fill %.3fx, amfol %.3fx; amfol -2 %.3fx of base, %.3fx of base -2\n",
    (t - s) / (b - s), (f - s) / (b - s), (a - s) / (b - s), (a2 - s) / (b - s), (a2 - s) / (b2 - s)
  printf "peak RSS: base %d KiB, tree %d KiB (%.3fx), amfol %d KiB (%.3fx)\n", rb, rt, rt / rb, ra, ra / rb }'
