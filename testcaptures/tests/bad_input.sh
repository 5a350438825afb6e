#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Broken scenarios and bad arguments end with exit status 1 or 2 and a clear message, never a crash.
set -uo pipefail
synth=$1 out=$2
mkdir -p "$out"
fail=0
expect() { # expect STATUS PATTERN -- ARGS...
  local want=$1 pat=$2; shift 3
  local msg rc
  msg=$("$synth" "$@" 2>&1); rc=$?
  # grep without -q: -q may close the pipe early and, with pipefail, fail the pipeline (SIGPIPE)
  if [ "$rc" != "$want" ] || ! printf '%s' "$msg" | grep -- "$pat" >/dev/null; then
    echo "FAIL: amfol-synth $* -> status $rc, message: $msg"; fail=1
  else
    echo "ok   amfol-synth $* -> $rc: $msg"
  fi
}
w() { printf '%s\n' "$2" > "$out/$1.ini"; }
w empty ""
w no-amf $'[scenario]\nduration_s = 10\n[gnb g]\ncells = 1\naddress = 10.0.0.1\namfs = x'
w bad-ip $'[scenario]\nduration_s = 10\n[amf a]\naddress = 10.0.0.300'
w bad-cause $'[scenario]\nduration_s = 10\n[amf a]\naddress = 10.0.0.1\n[gnb g]\ncells = 1\naddress = 10.0.1.1\namfs = a\n[phase p]\nrate.mo-Gossip = 3'
w bad-action $'[scenario]\nduration_s = 10\n[amf a]\naddress = 10.0.0.1\n[gnb g]\ncells = 1\naddress = 10.0.1.1\namfs = a\n[episode e]\namf = a\nstart_s = 1\naction = panic'
w bad-t3346 $'[scenario]\nduration_s = 10\n[amf a]\naddress = 10.0.0.1\n[gnb g]\ncells = 1\naddress = 10.0.1.1\namfs = a\n[episode e]\namf = a\nstart_s = 1\nt3346 = soon'
w stop-before-start $'[scenario]\nduration_s = 10\n[amf a]\naddress = 10.0.0.1\n[gnb g]\ncells = 1\naddress = 10.0.1.1\namfs = a\n[episode e]\namf = a\nstart_s = 5\nstop_s = 2'
w not-ini $'this is not\x01 an ini file ['
w nan-rate $'[scenario]\nduration_s = 10\n[amf a]\naddress = 10.0.0.1\n[gnb g]\ncells = 1\naddress = 10.0.1.1\namfs = a\n[phase p]\nrate.mo-Data = nan'
w bad-set $'[scenario]\nduration_s = 10\n[amf a]\naddress = 10.0.0.1\nset_id = 1\n[amf b]\naddress = 10.0.0.2\nset_id = 2\n[gnb g]\ncells = 1\naddress = 10.0.1.1\namfs = a, b\n[rebalance r]\nfrom = a\nto = b'
expect 1 "missing \[scenario\] group" -- "$out/empty.ini" -o "$out/x.pcapng"
expect 1 "unknown AMF 'x'" -- "$out/no-amf.ini" -o "$out/x.pcapng"
expect 1 "expected an IPv4 address" -- "$out/bad-ip.ini" -o "$out/x.pcapng"
expect 1 "unknown RRC establishment cause 'mo-Gossip'" -- "$out/bad-cause.ini" -o "$out/x.pcapng"
expect 1 "action = 'panic'" -- "$out/bad-action.ini" -o "$out/x.pcapng"
expect 1 "t3346 = 'soon'" -- "$out/bad-t3346.ini" -o "$out/x.pcapng"
expect 1 "stop_s must be after every START" -- "$out/stop-before-start.ini" -o "$out/x.pcapng"
expect 1 "not-ini.ini" -- "$out/not-ini.ini" -o "$out/x.pcapng"
expect 1 "rate.mo-Data = 'nan'" -- "$out/nan-rate.ini" -o "$out/x.pcapng"
w overlap $'[scenario]\nduration_s = 10\n[amf a]\naddress = 10.0.0.1\n[gnb g]\ncells = 1\naddress = 10.0.1.1\namfs = a\n[episode e1]\namf = a\nstart_s = 1\nstop_s = 5\n[episode e2]\namf = a\nstart_s = 4'
expect 1 "overlap on AMF a" -- "$out/overlap.ini" -o "$out/x.pcapng"
expect 1 "same AMF Set" -- "$out/bad-set.ini" -o "$out/x.pcapng"
expect 1 "No such file" -- "$out/missing.ini" -o "$out/x.pcapng"
expect 2 "usage" -- "$out/empty.ini"
expect 2 "--seed needs" -- --seed -5 "$out/empty.ini" -o "$out/x.pcapng"
expect 1 "cannot create" -- "$(dirname "$0")/../scenarios/calm.ini" -o /nonexistent/dir/x.pcapng
exit $fail
