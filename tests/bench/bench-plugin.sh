#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench-plugin.sh: what amfol costs next to Wireshark's own NGAP dissection (a benchmark, not a
# test). Writes the big storm (>1M frames) with the synthesizer, cuts 100k and 300k
# frames from it, and runs on each size, alternating, REPS times (median reported):
#   base   : tshark -q -z ngap,tree --disable-protocol amfol
#   tree   : the same with -Y on a field the storm never carries (a tree nothing fills: the floor)
#   amfol  : tshark -q -z amfol,json
#   amfol2 : tshark -2 -q -z amfol,json          (two passes, findings as Expert Info)
#   events : tshark -q -z amfol,events,bin > FILE    (the scale-out export, compact)
#   replay : amfol-replay FILE                    (no tshark at all)
#   base2  : base with -2                         (what tshark's second pass costs by itself)
#   floor2 : base2 with a read filter that passes every frame: a tree on the first pass only,
#            as amfol's priming forces, and nothing in it (the floor of amfol's -2)
# CPU is user+sys and memory the peak RSS, both from /usr/bin/time -v, tshark run as an
# unprivileged user like the tests (tests/lib/tshark-as-user.sh). Prints one table and the
# ratios the issue sets targets for (amfol/base CPU <= 1.5, RSS <= 1.3, -2 CPU <= 2.5,
# 1M/100k <= 11), three ways: from the medians, from the best of the REPS runs (CPU seconds on a
# shared machine grow with the neighbours' load: the least of several runs is the estimate
# least disturbed by it), and as the median of each run's ratio to the base run of the same
# repetition (slow drifts of the load cancel out).
#   tests/bench/bench-plugin.sh [-b BUILD_DIR] [-r REPS] [-s "100000 300000 all"] [-q] [-c FRAMES [-o FIRST] [-m]]
#   -q: skip events and replay (the scale-out export): the runs the targets compare only
#   -c FRAMES: instead, count instructions with callgrind (repeatable on a busy machine) of base
#              and amfol on the first FRAMES frames, and of tshark's start-up and of base with a
#              tree (what forcing a tree costs before amfol does anything), per frame; and of
#              amfol -2, base -2 and floor2 (per frame against base's one pass, as the -2 target
#              reads). The runs go in parallel, one per core.
#   -o FIRST: with -c, count frames FIRST.. instead of 1..: the first FRAMES frames are the storm's
#             calm start (its first OVERLOAD START is frame 347,800: -o 347001 counts 20k frames
#             that take it and the overload that follows, as a capture started mid-incident would)
#   -m: with -c, also simulate the caches (callgrind --cache-sim=yes, several times slower) and
#       print each run's L1 and last-level misses and its cycles as modelled by
#       Ir + K x L1 misses + 100 x last-level misses, K = 5 and 10: what a CPU second costs beyond
#       the instruction count, without the noise of CPU seconds on a shared machine
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$top/build reps=3 sizes="100000 300000 all" cg=0 cgfirst=1 quick=0 cachesim=0
while getopts b:r:s:c:o:qm o; do
  case $o in
    b) build=$OPTARG ;; r) reps=$OPTARG ;; s) sizes=$OPTARG ;; c) cg=$OPTARG ;; o) cgfirst=$OPTARG ;; q) quick=1 ;; m) cachesim=1 ;;
    *) sed -n '2,/^set -e/p' "$0" >&2; exit 2 ;;
  esac
done
so=$(ls "$build"/plugins/*/epan/amfol.so | head -1)
synth=$build/testcaptures/amfol-synth
replay=$build/replay/amfol-replay
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package 'time')"; exit 2; }
work=$(mktemp -d /tmp/amfol-bench.XXXXXX)
chmod 755 "$work"   # the unprivileged tshark reads the staged files below it
trap 'rm -rf "$work"' EXIT
# private copies: a rebuild during the (long) run must not change what is measured
cp "$so" "$work/amfol.so" && so=$work/amfol.so
cp "$replay" "$work/amfol-replay" && replay=$work/amfol-replay
export AMFOL_STAGE=$work/stage
big=$work/big-storm.pcapng
"$synth" "$top/testcaptures/scenarios/big-storm.ini" -o "$big" >/dev/null
frames_of() { capinfos -c -M "$1" | sed -n 's/^Number of packets: *//p'; }
cut() { # SIZE [FIRST] -> capture path of SIZE frames from frame FIRST (1)
  if [ "$1" = all ]; then echo "$big"; return; fi
  local first=${2:-1} name=cut-$1
  [ "$first" = 1 ] || name=cut-$1-from-$first
  [ -f "$work/$name.pcapng" ] || editcap -r "$big" "$work/$name.pcapng" "$first-$((first + $1 - 1))"
  echo "$work/$name.pcapng"
}
tshark_user() { "$top/tests/lib/tshark-as-user.sh" "$so" "$@"; }

if [ "$cg" != 0 ]; then
  command -v valgrind >/dev/null || { echo "needs valgrind"; exit 2; }
  cap=$(cut "$cg" "$cgfirst")
  tshark_user -q -r "$cap" -c 1 >/dev/null   # stage plugin and capture
  staged=$(ls "$AMFOL_STAGE"/cap/*-"$(basename "$cap")")
  mkdir -m 777 "$work/cg"
  sim=()
  [ "$cachesim" = 1 ] && sim=(--cache-sim=yes)
  count() { # LABEL ARGS...: runs in the background; the instructions go to LABEL.n
    local as_user=()
    [ "$(id -u)" = 0 ] && as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    "${as_user[@]}" env -i PATH=/usr/bin:/bin HOME="$AMFOL_STAGE/home" LANG=C.UTF-8 \
      WIRESHARK_PLUGIN_DIR="$AMFOL_STAGE/plugins" \
      valgrind --tool=callgrind "${sim[@]}" --callgrind-out-file="$work/cg/$1.cg" \
      tshark -r "$staged" "${@:2}" >/dev/null 2>"$work/cg/$1.log"
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$work/cg/$1.log" >"$work/cg/$1.n"
  }
  jobs_max=$(nproc)
  queue() { while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done; count "$@" & }
  queue base -q -z ngap,tree --disable-protocol amfol
  queue amfol -q -z amfol,json
  # tshark's start-up (registration of every dissector), the same in every run: one frame
  queue startup -c 1 -q -z ngap,tree --disable-protocol amfol
  # what a tree costs by itself: tshark decides once per run to build one (any primed field,
  # filter or tree-needing tap); this filter primes one field that no frame of the storm carries
  queue tree -q -z ngap,tree --disable-protocol amfol -Y "ngap.TimeToWait == 99"
  queue amfol2 -2 -q -z amfol,json
  # -2's floor: tshark's second pass by itself, and with a first-pass tree nothing fills
  queue base2 -2 -q -z ngap,tree --disable-protocol amfol
  queue floor2 -2 -q -z ngap,tree --disable-protocol amfol -R "!(ngap.TimeToWait == 99)"
  wait
  n_of() { cat "$work/cg/$1.n"; }
  b=$(n_of base) a=$(n_of amfol) s=$(n_of startup) f=$(n_of tree) a2=$(n_of amfol2) b2=$(n_of base2) f2=$(n_of floor2)
  awk -v n="$(frames_of "$cap")" -v first="$cgfirst" -v b="$b" -v a="$a" -v s="$s" -v f="$f" -v a2="$a2" -v b2="$b2" -v f2="$f2" 'BEGIN {
    printf "callgrind, %d frames from frame %d: base %.0f Minstr, amfol %.0f Minstr, ratio %.2f\n", n, first, b / 1e6, a / 1e6, a / b
    printf "per frame (start-up of %.0f Minstr excluded): amfol %.2fx base; base + a tree with nothing primed %.2fx\n",
      s / 1e6, (a - s) / (b - s), (f - s) / (b - s)
    printf "-2: amfol %.0f Minstr, per frame %.2fx base (one pass)\n", a2 / 1e6, (a2 - s) / (b - s)
    printf "-2 floor: base -2 %.2fx, base -2 with a first-pass tree nothing fills %.2fx (per frame, of base one pass)\n",
      (b2 - s) / (b - s), (f2 - s) / (b - s) }'
  if [ "$cachesim" = 1 ]; then
    totals() { # LABEL -> "Ir L1-misses LL-misses" from the profile's PROGRAM TOTALS
      callgrind_annotate "$work/cg/$1.cg" 2>/dev/null | sed -n 's/ *([^)]*)//g; s/,//g; s/ PROGRAM TOTALS//p' |
        awk '{ print $1, $4 + $5 + $6, $7 + $8 + $9 }'
    }
    for l in startup base tree amfol base2 floor2 amfol2; do echo "$l $(totals "$l")"; done | awk '
      { ir[$1] = $2; l1[$1] = $3; ll[$1] = $4; order[++n] = $1 }
      function cyc(x, k) { return ir[x] + k * l1[x] + 100 * ll[x] }
      function per(x, k) { return (cyc(x, k) - cyc("startup", k)) / (cyc("base", k) - cyc("startup", k)) }
      END {
        printf "cache model, per frame against base (start-up excluded):\n"
        printf "%-8s %10s %10s %8s | %7s %10s %10s\n", "run", "Minstr", "L1 misses", "LL", "instr", "cycles K=5", "cycles K=10"
        for (i = 2; i <= n; i++) { x = order[i]
          printf "%-8s %10.0f %9.1fM %7.1fM | %6.2fx %9.2fx %10.2fx\n", x, ir[x] / 1e6, l1[x] / 1e6, ll[x] / 1e6,
            (ir[x] - ir["startup"]) / (ir["base"] - ir["startup"]), per(x, 5), per(x, 10) }
      }'
  fi
  echo "profiles: callgrind_annotate $work/cg/amfol.cg (kept: the folder is not removed)"
  trap - EXIT
  exit 0
fi

run() { # LABEL SIZE REP CMD... ; appends "label size cpu rss wall" to results
  local label=$1 size=$2 rep=$3; shift 3
  /usr/bin/time -v -o "$work/t" "$@" >"$work/$label.out" 2>"$work/$label.err" || {
    echo "$label $size failed:"; cat "$work/$label.err"; exit 1; }
  local u s m w
  u=$(sed -n 's/.*User time (seconds): //p' "$work/t")
  s=$(sed -n 's/.*System time (seconds): //p' "$work/t")
  m=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/t")
  w=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/t" |
      awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
  echo "$label $size $(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }') $m $w" >>"$work/results"
}

echo "big storm: $(frames_of "$big") frames; sizes: $sizes; median of $reps alternating runs"
: >"$work/results"
for size in $sizes; do
  cap=$(cut "$size")
  tshark_user -q -r "$cap" -c 1 >/dev/null   # stage once, outside the measurement
  for rep in $(seq 1 "$reps"); do
    run base "$size" "$rep" "$top/tests/lib/tshark-as-user.sh" "$so" -q -r "$cap" -z ngap,tree --disable-protocol amfol
    # base with a tree that nothing fills: the floor a forced tree sets before amfol does anything
    run tree "$size" "$rep" "$top/tests/lib/tshark-as-user.sh" "$so" -q -r "$cap" -z ngap,tree --disable-protocol amfol \
      -Y "ngap.TimeToWait == 99"
    run amfol "$size" "$rep" "$top/tests/lib/tshark-as-user.sh" "$so" -q -r "$cap" -z amfol,json
    run amfol2 "$size" "$rep" "$top/tests/lib/tshark-as-user.sh" "$so" -2 -q -r "$cap" -z amfol,json
    run base2 "$size" "$rep" "$top/tests/lib/tshark-as-user.sh" "$so" -2 -q -r "$cap" -z ngap,tree --disable-protocol amfol
    run floor2 "$size" "$rep" "$top/tests/lib/tshark-as-user.sh" "$so" -2 -q -r "$cap" -z ngap,tree --disable-protocol amfol \
      -R "!(ngap.TimeToWait == 99)"
    [ "$quick" = 1 ] && continue
    run events "$size" "$rep" "$top/tests/lib/tshark-as-user.sh" "$so" -q -r "$cap" -z amfol,events,bin
    cp "$work/events.out" "$work/events-$size.jsonl"   # compact events (the name is historical)
    run replay "$size" "$rep" "$replay" "$work/events-$size.jsonl"
  done
  [ -f "$work/events-$size.jsonl" ] || : >"$work/events-$size.jsonl"
  echo "$size $(frames_of "$cap") $(stat -c %s "$work/events-$size.jsonl")" >>"$work/sizes"
done
grep -q '"findings"' "$work/amfol.out" || { echo "amfol printed no report:"; head "$work/amfol.out"; exit 1; }
awk -v sizes="$sizes" '
  FNR == NR { frames[$1] = $2; evbytes[$1] = $3; next }
  { k = $1 " " $2; n[k]++; cpu[k, n[k]] = $3; rss[k, n[k]] = $4 }
  function median(arr, k, m,   i, j, t, v) {
    if (m == 0) return 0
    for (i = 1; i <= m; i++) v[i] = arr[k, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return v[int((m + 1) / 2)]
  }
  function least(arr, k, m,   i, v) {
    if (m == 0) return 0
    v = arr[k, 1]
    for (i = 2; i <= m; i++) if (arr[k, i] < v) v = arr[k, i]
    return v
  }
  function ratio(a, b) { return b > 0 ? a / b : 0 }
  function table(how,   i, s, l, lab, k) {
    printf "%s of the runs:\n", how
    printf "%-8s %9s | %7s %7s %7s %7s %7s %7s %8s %8s | %8s %8s | %6s %6s %6s | %6s %6s %6s | %s\n", "size", "frames",
      "base s", "tree s", "amfol s", "-2 s", "base2 s", "floor2 s", "events s", "replay s", "base MiB", "amfol MiB",
      "tree", "CPU", "RSS", "base2", "floor2", "-2", "events file"
    for (i = 1; i <= ns; i++) {
      s = S[i]
      for (l = 1; l <= nl; l++) {
        lab = L[l]; k = lab " " s
        c[lab, s] = how == "median" ? median(cpu, k, n[k]) : least(cpu, k, n[k])
        r[lab, s] = how == "median" ? median(rss, k, n[k]) : least(rss, k, n[k])
      }
      printf "%-8s %9d | %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %8.2f %8.2f | %8.1f %8.1f | %5.2fx %5.2fx %5.2fx | %5.2fx %5.2fx %5.2fx | %.1f MiB\n",
        s, frames[s], c["base", s], c["tree", s], c["amfol", s], c["amfol2", s], c["base2", s], c["floor2", s],
        c["events", s], c["replay", s], r["base", s] / 1024, r["amfol", s] / 1024,
        ratio(c["tree", s], c["base", s]), ratio(c["amfol", s], c["base", s]), ratio(r["amfol", s], r["base", s]),
        ratio(c["base2", s], c["base", s]), ratio(c["floor2", s], c["base", s]), ratio(c["amfol2", s], c["base", s]),
        evbytes[s] / 1048576
    }
    first = S[1]; last = S[ns]
    if (ns > 1)
      printf "growth %s/%s (frames x%.2f): amfol CPU x%.2f, base CPU x%.2f, amfol RSS x%.2f\n", last, first,
        frames[last] / frames[first], ratio(c["amfol", last], c["amfol", first]),
        ratio(c["base", last], c["base", first]), ratio(r["amfol", last], r["amfol", first])
  }
  # each run against the base run of the same repetition, minutes apart at most: slow drifts of
  # the neighbours load cancel out of these ratios (fast noise does not)
  function paired(   i, s, l, lab, j, m, q, np) {
    print "median of the ratios to base within each repetition:"
    printf "%-8s | %6s %6s %6s %6s %6s %6s\n", "size", "tree", "CPU", "RSS", "base2", "floor2", "-2"
    np = split("tree amfol amfol2 base2 floor2", P, " ")
    for (i = 1; i <= ns; i++) {
      s = S[i]; m = n["base " s]
      for (l = 1; l <= np; l++) {
        lab = P[l]
        for (j = 1; j <= m; j++) q[lab, j] = ratio(cpu[lab " " s, j], cpu["base " s, j])
        pr[lab] = median(q, lab, m)
      }
      for (j = 1; j <= m; j++) q["rss", j] = ratio(rss["amfol " s, j], rss["base " s, j])
      pr["rss"] = median(q, "rss", m)
      printf "%-8s | %5.2fx %5.2fx %5.2fx %5.2fx %5.2fx %5.2fx\n", s, pr["tree"], pr["amfol"], pr["rss"],
        pr["base2"], pr["floor2"], pr["amfol2"]
    }
  }
  END {
    ns = split(sizes, S, " ")
    nl = split("base tree amfol amfol2 base2 floor2 events replay", L, " ")
    table("median")
    table("best")
    paired()
    print "targets: CPU <= 1.50x, RSS <= 1.30x, -2 <= 2.50x of base; 1M/100k <= 11x"
    print "tree: base with a tree nothing fills; base2: base with -2; floor2: base2 with a first-pass tree nothing fills"
  }' "$work/sizes" "$work/results"
