#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# install-deps.sh: make sure the Debian 12 packages amfol needs for one purpose are installed.
# As root it installs what is missing (apt's progress shown); otherwise it prints the one apt-get
# line to run. Each list is what its scripts and tests call (the newcomer test, label slow, runs
# the README's commands in a bare Debian root: a command missing from these lists fails there).
#
#   scripts/install-deps.sh [PURPOSE...]     default: demo
#   scripts/install-deps.sh --list           every purpose with its packages
#   scripts/install-deps.sh --list PURPOSE   that purpose's packages on one line (for scripts)
#
# Purposes:
#   demo     build amfol and run it with tshark (scripts/demo.sh, build.sh, install-plugin.sh)
#   package  the .deb: cpack -G DEB (dpkg-shlibdeps reads the binaries with `file`)
#   roots    minimal Debian roots (tests/lib/debian-root.sh, check-ws-versions.sh)
#   fuzz     the sanitized build and libFuzzer harnesses (tests/fuzz)
#   chart    headless rendering of the HTML chart (tests/pictures)
#   parallel scripts/amfol-parallel.sh (GNU parallel; rsync for --sshlogin)
#   test     everything scripts/test.sh runs: all of the above, and git (the newcomer test's clone)
#   all      test, and what tests/bench uses (GNU time, valgrind for -m / callgrind)
set -euo pipefail
declare -A set=(
  [demo]="cmake make gcc pkg-config libglib2.0-dev wireshark-dev tshark asn1c python3 util-linux"
  [package]="dpkg-dev file"
  [roots]="debootstrap"
  [fuzz]="clang libclang-rt-14-dev lld"
  [chart]="chromium"
  [parallel]="parallel rsync"
)
set[package]="${set[demo]} ${set[package]}"
set[test]="${set[package]} ${set[roots]} ${set[fuzz]} ${set[chart]} ${set[parallel]} git"
set[all]="${set[test]} time valgrind"
order=(demo package roots fuzz chart parallel test all)

purposes() { # PURPOSE... -> the packages of all of them, each once
  local p out=()
  for p in "$@"; do
    [ -n "${set[$p]+x}" ] || { echo "install-deps.sh: unknown purpose '$p' (one of: ${order[*]})" >&2; exit 2; }
    # shellcheck disable=SC2206   # the lists are single words
    out+=(${set[$p]})
  done
  printf '%s\n' "${out[@]}" | awk '!seen[$0]++' | tr '\n' ' ' | sed 's/ $//'
}

if [ "${1:-}" = --list ]; then
  shift
  if [ $# -gt 0 ]; then purposes "$@"; echo; exit 0; fi
  for p in "${order[@]}"; do printf '%-9s %s\n' "$p" "$(purposes "$p")"; done
  exit 0
fi
[ $# -gt 0 ] || set -- demo
for p in "$@"; do
  [ -n "${set[$p]+x}" ] || { echo "install-deps.sh: unknown purpose '$p' (one of: ${order[*]})" >&2; exit 2; }
done
read -r -a pkgs <<<"$(purposes "$@")"
missing=()
# dpkg-query fails when a package is unknown to dpkg (never installed): that is what we ask.
installed=$( { dpkg-query -W -f='${Package} ${Status}\n' "${pkgs[@]}" 2>/dev/null || true; } |
            awk '/ install ok installed$/{print $1}')
for p in "${pkgs[@]}"; do
  grep -qx "$p" <<<"$installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "amfol ($*) needs these Debian packages: ${missing[*]}" >&2
  echo "Run: sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# tshark asks whether non-root users may capture; the default (no) is what we want.
echo "wireshark-common wireshark-common/install-setuid boolean false" | debconf-set-selections
echo "install-deps ($*): apt-get update" >&2
apt-get update -q
echo "install-deps ($*): installing ${#missing[@]} packages and what they need: ${missing[*]}" >&2
# apt's own lines (Get:, Unpacking, Setting up) show the progress; -q keeps the progress bars out.
apt-get install -y -q -o Dpkg::Use-Pty=0 --no-install-recommends "${missing[@]}"
echo "install-deps ($*): done" >&2
