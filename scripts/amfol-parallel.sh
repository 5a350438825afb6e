#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# amfol-parallel.sh: one amfol report over many capture files that form ONE timeline (a probe's
# ring buffer from `dumpcap -b`, a capture cut with `editcap -c`, or two probes' files): every
# file's events are exported with GNU parallel (all cores, or several hosts), then amfol-replay
# merges them by time. Frames are numbered as `mergecap -a FILES` would number them.
# For unrelated captures (one report each) use scripts/amfol-folder.sh.
#
#   scripts/amfol-parallel.sh [options] FILE... | DIR
#     DIR                   every *.pcap, *.pcapng, *.cap in it, in name order (ring buffer names
#                           sort by time)
#     -j N                  parallel jobs per host (default: one per core)
#     -S, --sshlogin LOGIN  run the export on other hosts too (GNU parallel --sshlogin, e.g.
#                           "8/probe1,8/probe2,:"); they need tshark and the amfol plugin; the
#                           captures are sent and the events brought back
#     --format F            json | diagnosis | timeline (default diagnosis)
#     -o DIR                keep the events files there (default: a temporary folder, removed)
# Environment: AMFOL_PLUGIN_SO=build/plugins/4.0/epan/amfol.so runs the local exports with that
# plugin through tests/lib/tshark-as-user.sh (works as root too); AMFOL_REPLAY names amfol-replay;
# AMFOL_TSHARK_OPTS adds tshark options.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
jobs= ssh= format=diagnosis out= files=()
usage() { sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    -j) jobs=$2; shift 2 ;;
    -S|--sshlogin) ssh=$2; shift 2 ;;
    --format) format=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -h|--help) usage ;;
    -*) usage ;;
    *) files+=("$1"); shift ;;
  esac
done
[ ${#files[@]} -gt 0 ] || usage
if [ ${#files[@]} -eq 1 ] && [ -d "${files[0]}" ]; then
  dir=${files[0]}; files=()
  shopt -s nullglob
  for f in "$dir"/*.pcap "$dir"/*.pcapng "$dir"/*.cap; do files+=("$f"); done
  [ ${#files[@]} -gt 0 ] || { echo "amfol-parallel: no captures in $dir" >&2; exit 2; }
  mapfile -t files < <(printf '%s\n' "${files[@]}" | LC_ALL=C sort)
fi
command -v parallel >/dev/null || { echo "amfol-parallel: needs GNU parallel (Debian package 'parallel')" >&2; exit 2; }
replay=${AMFOL_REPLAY:-$(command -v amfol-replay || echo "$top/build/replay/amfol-replay")}
[ -x "$replay" ] || { echo "amfol-parallel: no amfol-replay (build it, or set AMFOL_REPLAY)" >&2; exit 2; }

keep=1
if [ -z "$out" ]; then out=$(mktemp -d /tmp/amfol-parallel.XXXXXX); keep=0; fi
mkdir -p "$out"
[ $keep = 1 ] || trap 'rm -rf "$out"' EXIT

# One export per file; {#} (the file's position) names its events so that the replay keeps the
# order given. --results keeps each job's standard output in its own file.
if [ -n "${AMFOL_PLUGIN_SO:-}" ] && [ -z "$ssh" ]; then
  export_cmd="$top/tests/lib/tshark-as-user.sh $(printf %q "$AMFOL_PLUGIN_SO") -q -r {} ${AMFOL_TSHARK_OPTS:-} -z amfol,events"
else
  export_cmd="tshark -q -r {} ${AMFOL_TSHARK_OPTS:-} -z amfol,events"
fi
popts=(--will-cite --halt now,fail=1 --results "$out/{#}.events")
[ -n "$jobs" ] && popts+=(-j "$jobs")
[ -n "$ssh" ] && popts+=(--sshlogin "$ssh" --transferfile {} --cleanup)
if ! parallel "${popts[@]}" "$export_cmd" ::: "${files[@]}" >/dev/null; then
  echo "amfol-parallel: an export failed:" >&2
  cat "$out"/*.events.err >&2 2>/dev/null || true
  exit 1
fi
events=()
for i in $(seq 1 ${#files[@]}); do events+=("$out/$i.events"); done
"$replay" --format "$format" "${events[@]}"
[ $keep = 0 ] || echo "amfol-parallel: events of ${#files[@]} file(s) in $out" >&2
