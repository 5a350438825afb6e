#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# install-deps.sh: make sure the Debian 12 packages amfol needs are installed.
# As root it installs what is missing; otherwise it prints the one apt-get line to run.
set -euo pipefail
pkgs=(cmake make gcc pkg-config libglib2.0-dev wireshark-dev tshark asn1c python3 util-linux
      chromium                               # chart tests (headless rendering)
      parallel rsync time                    # scripts/amfol-parallel.sh (rsync: --sshlogin); tests/bench
      dpkg-dev debootstrap clang libclang-rt-14-dev lld)  # packaging, Debian roots, fuzzing
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "amfol needs these Debian packages: ${missing[*]}" >&2
  echo "Run: sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# tshark asks whether non-root users may capture; the default (no) is what we want.
echo "wireshark-common wireshark-common/install-setuid boolean false" | debconf-set-selections
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
