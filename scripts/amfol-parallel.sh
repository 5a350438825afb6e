#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# amfol-parallel.sh: one amfol report over many capture files that form ONE timeline (a probe's
# ring buffer from `dumpcap -b`, a capture cut with `editcap -c`, or two probes' files): the files
# are exported to events in parallel, then amfol-replay merges them by time. Frames are numbered
# as `mergecap -a FILES` would number them. For unrelated captures (one report each) use
# scripts/amfol-folder.sh.
#
# Here (no -S): the files, in the order given, are cut into one run of consecutive files per job
# (of about equal size); each job is ONE tshark over its run (`mergecap -a` into `tshark -r -`),
# so tshark's start-up is paid once per job, not once per file. With a single job the events are
# streamed into amfol-replay as they are written; with several, each job writes its compact
# events file (about 20 bytes per frame) and the replay reads them once all are done.
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

# Runs of consecutive files, one per job, cut where the running size passes k/jobs of the total.
n_jobs=${jobs:-$(nproc)}
[ "$n_jobs" -ge 1 ] || n_jobs=1
[ "$n_jobs" -le ${#files[@]} ] || n_jobs=${#files[@]}
sizes=()
total=0
for f in "${files[@]}"; do s=$(stat -L -c %s "$f"); sizes+=("$s"); total=$((total + s)); done
runs=()      # run k: "first last" indexes into files
first=0 acc=0 k=1
for i in "${!files[@]}"; do
  acc=$((acc + sizes[i]))
  left_files=$(( ${#files[@]} - i - 1 )) left_runs=$(( n_jobs - k ))
  if [ $k -lt "$n_jobs" ] && { [ $((acc * n_jobs)) -ge $((total * k)) ] || [ $left_files -eq $left_runs ]; }; then
    runs+=("$first $i"); first=$((i + 1)); k=$((k + 1))
  fi
done
[ $first -le $(( ${#files[@]} - 1 )) ] && runs+=("$first $(( ${#files[@]} - 1 ))")

# export RUN: the run's events on standard output (one tshark; mergecap -a joins several files)
export_run() {
  local a=$1 b=$2
  if [ "$a" = "$b" ]; then
    "${tshark_cmd[@]}" -q -r "${files[a]}" "${topts[@]}" -z "$zopt"
  else
    mergecap -a -F pcapng -w - "${files[@]:a:b-a+1}" | "${tshark_cmd[@]}" -q -r - "${topts[@]}" -z "$zopt"
  fi
}

if [ ${#runs[@]} = 1 ] && [ $keep = 0 ] && [ "$events" = bin ]; then
  # one job: the replay reads the events as tshark writes them (no file written and read back)
  set -- ${runs[0]}
  export_run "$1" "$2" 2>"$out/1.err" | "$replay" --format "$format" - || {
    echo "amfol-parallel: the export or the replay failed:" >&2; cat "$out/1.err" >&2; exit 1; }
  exit 0
fi
pids=()
for k in "${!runs[@]}"; do
  set -- ${runs[k]}
  export_run "$1" "$2" >"$out/$((k + 1)).events" 2>"$out/$((k + 1)).err" &
  pids+=($!)
done
failed=0
for p in "${pids[@]}"; do wait "$p" || failed=1; done
if [ $failed = 1 ]; then
  echo "amfol-parallel: an export failed:" >&2
  cat "$out"/*.err >&2 2>/dev/null || true
  exit 1
fi
inputs=()
for k in "${!runs[@]}"; do inputs+=("$out/$((k + 1)).events"); done
"$replay" --format "$format" "${inputs[@]}"
[ $keep = 0 ] || echo "amfol-parallel: events of ${#files[@]} file(s) in ${#runs[@]} run(s) in $out" >&2
