#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# amfol-parallel.sh: one amfol report over many capture files that form ONE timeline (a probe's
# ring buffer from `dumpcap -b`, a capture cut with `editcap -c`, or two probes' files): the files
# are exported to events in parallel, then amfol-replay merges them by time. Frames are numbered
# as `mergecap -a FILES` would number them. For unrelated captures (one report each) use
# scripts/amfol-folder.sh.
#
# Here (no -S): the files, in the order given, are joined into batches of consecutive files of
# at least AMFOL_BATCH_MB (32) megabytes, each batch ONE tshark (`mergecap -a` into `tshark -r -`),
# so tshark's start-up is paid per batch, not per small file; the batches are cut into one run
# of consecutive batches per job (-j, of about equal size), each job exporting its batches in
# order. With a single batch the events are streamed into amfol-replay as they are written;
# otherwise each batch writes its compact events file (about 35 bytes per frame of a storm)
# and the replay reads them once all are done. docs/scale-out.md has the break-even.
#
#   scripts/amfol-parallel.sh [options] FILE... | DIR
#     DIR                   every *.pcap, *.pcapng, *.cap in it, in name order (ring buffer names
#                           sort by time)
#     -j N                  parallel jobs (default: one per core)
#     --per-file            one tshark per file (GNU parallel), as with -S: for files of several
#                           probes that overlap in time, whose frames the replay must merge by
#                           time and count once (a job's run of files is one timeline to tshark)
#     -S, --sshlogin LOGIN  run the export on other hosts too (GNU parallel --sshlogin, e.g.
#                           "8/probe1,8/probe2,:"); they need tshark and the amfol plugin; the
#                           captures are sent and the events brought back; implies --per-file
#     --format F            json | diagnosis | timeline (default diagnosis)
#     --events E            bin | jsonl: the events' encoding (default bin, the compact one)
#     -o DIR                keep the events files there (default: a temporary folder, removed)
# Environment: AMFOL_PLUGIN_SO=build/plugins/4.0/epan/amfol.so runs the local exports with that
# plugin through tests/lib/tshark-as-user.sh (works as root too); AMFOL_REPLAY names amfol-replay;
# AMFOL_TSHARK_OPTS adds tshark options.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
jobs= ssh= format=diagnosis out= files=() per_file=0 events=bin
usage() { sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    -j) jobs=$2; shift 2 ;;
    -S|--sshlogin) ssh=$2; per_file=1; shift 2 ;;
    --per-file) per_file=1; shift ;;
    --format) format=$2; shift 2 ;;
    --events) events=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -h|--help) usage ;;
    -*) usage ;;
    *) files+=("$1"); shift ;;
  esac
done
[ ${#files[@]} -gt 0 ] || usage
case $events in bin|jsonl) ;; *) usage ;; esac
if [ ${#files[@]} -eq 1 ] && [ -d "${files[0]}" ]; then
  dir=${files[0]}; files=()
  shopt -s nullglob
  for f in "$dir"/*.pcap "$dir"/*.pcapng "$dir"/*.cap; do files+=("$f"); done
  [ ${#files[@]} -gt 0 ] || { echo "amfol-parallel: no captures in $dir" >&2; exit 2; }
  mapfile -t files < <(printf '%s\n' "${files[@]}" | LC_ALL=C sort)
fi
replay=${AMFOL_REPLAY:-$(command -v amfol-replay || echo "$top/build/replay/amfol-replay")}
[ -x "$replay" ] || { echo "amfol-parallel: no amfol-replay (build it, or set AMFOL_REPLAY)" >&2; exit 2; }

keep=1
if [ -z "$out" ]; then out=$(mktemp -d /tmp/amfol-parallel.XXXXXX); keep=0; fi
mkdir -p "$out"
[ $keep = 1 ] || trap 'rm -rf "$out"' EXIT
zopt="amfol,events,$events"
if [ -n "${AMFOL_PLUGIN_SO:-}" ] && [ -z "$ssh" ]; then
  tshark_cmd=("$top/tests/lib/tshark-as-user.sh" "$AMFOL_PLUGIN_SO")
else
  tshark_cmd=(tshark)
fi
# shellcheck disable=SC2206   # AMFOL_TSHARK_OPTS holds several options
topts=(${AMFOL_TSHARK_OPTS:-})

if [ $per_file = 1 ]; then
  # One export per file; {#} (the file's position) names its events so that the replay keeps
  # the order given. --results keeps each job's standard output in its own file.
  command -v parallel >/dev/null || { echo "amfol-parallel: needs GNU parallel (Debian package 'parallel')" >&2; exit 2; }
  if [ -n "${AMFOL_PLUGIN_SO:-}" ] && [ -z "$ssh" ]; then
    export_cmd="$top/tests/lib/tshark-as-user.sh $(printf %q "$AMFOL_PLUGIN_SO") -q -r {} ${AMFOL_TSHARK_OPTS:-} -z $zopt"
  else
    export_cmd="tshark -q -r {} ${AMFOL_TSHARK_OPTS:-} -z $zopt"
  fi
  popts=(--will-cite --halt now,fail=1 --results "$out/{#}.events")
  [ -n "$jobs" ] && popts+=(-j "$jobs")
  [ -n "$ssh" ] && popts+=(--sshlogin "$ssh" --transferfile {} --cleanup)
  if ! parallel "${popts[@]}" "$export_cmd" ::: "${files[@]}" >/dev/null; then
    echo "amfol-parallel: an export failed:" >&2
    cat "$out"/*.events.err >&2 2>/dev/null || true
    exit 1
  fi
  inputs=()
  for i in $(seq 1 ${#files[@]}); do inputs+=("$out/$i.events"); done
  "$replay" --format "$format" "${inputs[@]}"
  [ $keep = 0 ] || echo "amfol-parallel: events of ${#files[@]} file(s) in $out" >&2
  exit 0
fi

# Batches: consecutive files joined until they reach AMFOL_BATCH_MB (default 32) megabytes; a
# batch is ONE tshark (mergecap -a joins its files), so that tshark's start-up (about 0.5 s of
# CPU) is paid per batch, not per small file; a file that big already is its own batch (reading
# through the pipe costs about 3.6 us of CPU a frame, as much as a start-up per 140k frames).
batch_bytes=$(( ${AMFOL_BATCH_MB:-32} * 1024 * 1024 ))
sizes=() batches=() first=0 acc=0
for i in "${!files[@]}"; do
  s=$(stat -L -c %s "${files[i]}"); sizes+=("$s"); acc=$((acc + s))
  if [ $acc -ge $batch_bytes ] || [ "$i" = $(( ${#files[@]} - 1 )) ]; then
    batches+=("$first $i $acc"); first=$((i + 1)); acc=0
  fi
done
# Jobs: runs of consecutive batches of about equal size, one per job (-j, default one per core).
n_jobs=${jobs:-$(nproc)}
[ "$n_jobs" -ge 1 ] || n_jobs=1
[ "$n_jobs" -le ${#batches[@]} ] || n_jobs=${#batches[@]}
total=0
for b in "${batches[@]}"; do set -- $b; total=$((total + $3)); done
job_of=() acc=0 k=1
for i in "${!batches[@]}"; do
  set -- ${batches[i]}; acc=$((acc + $3))
  job_of+=("$k")
  left=$(( ${#batches[@]} - i - 1 ))
  if [ $k -lt "$n_jobs" ] && { [ $((acc * n_jobs)) -ge $((total * k)) ] || [ $left -eq $((n_jobs - k)) ]; }; then
    k=$((k + 1))
  fi
done

# export_batch A B: the events of files A..B on standard output (one tshark)
export_batch() {
  local a=$1 b=$2
  if [ "$a" = "$b" ]; then
    "${tshark_cmd[@]}" -q -r "${files[a]}" "${topts[@]}" -z "$zopt"
  else
    mergecap -a -F pcapng -w - "${files[@]:a:b-a+1}" | "${tshark_cmd[@]}" -q -r - "${topts[@]}" -z "$zopt"
  fi
}

if [ ${#batches[@]} = 1 ] && [ $keep = 0 ] && [ "$events" = bin ]; then
  # one batch: the replay reads the events as tshark writes them (no file written and read back)
  set -- ${batches[0]}
  export_batch "$1" "$2" 2>"$out/1.err" | "$replay" --format "$format" - || {
    echo "amfol-parallel: the export or the replay failed:" >&2; cat "$out/1.err" >&2; exit 1; }
  exit 0
fi
# one background job per core, each exporting its batches in order
run_job() {
  local k=$1 i
  for i in "${!batches[@]}"; do
    [ "${job_of[i]}" = "$k" ] || continue
    set -- ${batches[i]}
    export_batch "$1" "$2" >"$out/$(printf %06d $((i + 1))).events" 2>>"$out/job$k.err" || return 1
  done
}
pids=()
for k in $(seq 1 "$n_jobs"); do
  run_job "$k" &
  pids+=($!)
done
failed=0
for p in "${pids[@]}"; do wait "$p" || failed=1; done
if [ $failed = 1 ]; then
  echo "amfol-parallel: an export failed:" >&2
  cat "$out"/job*.err >&2 2>/dev/null || true
  exit 1
fi
inputs=()
for i in "${!batches[@]}"; do inputs+=("$out/$(printf %06d $((i + 1))).events"); done
"$replay" --format "$format" "${inputs[@]}"
[ $keep = 0 ] || echo "amfol-parallel: events of ${#files[@]} file(s) in ${#batches[@]} batch(es) in $out" >&2
