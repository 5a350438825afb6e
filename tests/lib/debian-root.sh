#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# debian-root.sh: a minimal Debian root (debootstrap --variant=minbase) of SUITE with PACKAGES
# installed, built once from the Debian archive and cached; prints the cached root's path.
#
# Usage: debian-root.sh SUITE [PACKAGE...]
#   Cache: $AMFOL_ROOTS (default /var/cache/amfol-roots)/<suite>-<hash of the package list>.
#   Exit 77 (with the reason on stdout) when not root, when AMFOL_NO_ROOT_TESTS=1, or when the
#   archive cannot be reached and nothing is cached: the callers are tests, which then skip
#   instead of pretending.
# Callers copy the cached root (fresh-root.sh) before changing anything inside it.
set -euo pipefail
suite=$1; shift
pkgs=("$@")
cache=${AMFOL_ROOTS:-/var/cache/amfol-roots}
mirror=${AMFOL_DEBIAN_MIRROR:-http://deb.debian.org/debian}
if [ "${AMFOL_NO_ROOT_TESTS:-}" = 1 ]; then
  # Set by tests/package/newcomer.sh for the suite it runs inside its own root: no root in a root.
  echo "SKIP: AMFOL_NO_ROOT_TESTS=1: no Debian $suite root is built (inside the newcomer test's root)"; exit 77
fi
if [ "$(id -u)" != 0 ]; then
  echo "SKIP: building a Debian $suite root needs root (debootstrap, chroot)"; exit 77
fi
key=$(printf '%s\n' "${pkgs[@]}" | sort | md5sum | cut -c1-8)
root=$cache/$suite-$key
mkdir -p "$cache"
# One builder at a time per root (tests run in parallel).
exec 9>"$cache/.$suite-$key.lock"
flock 9
if [ -f "$root/.amfol-ready" ]; then echo "$root"; exit 0; fi
rm -rf "$root.new"
log=$cache/$suite-$key.log
if ! command -v debootstrap >/dev/null; then
  echo "SKIP: debootstrap is not installed (scripts/install-deps.sh installs it)"; exit 77
fi
if ! debootstrap --variant=minbase "$suite" "$root.new" "$mirror" >"$log" 2>&1; then
  echo "SKIP: could not create a Debian $suite root from $mirror (archive unreachable?): $(tail -1 "$log")"
  rm -rf "$root.new"; exit 77
fi
if [ ${#pkgs[@]} -gt 0 ]; then
  echo "wireshark-common wireshark-common/install-setuid boolean false" |
    chroot "$root.new" debconf-set-selections
  # Valid-Until is not checked: a machine clock ahead of a sid snapshot must not block the build.
  if ! chroot "$root.new" apt-get -o Acquire::Check-Valid-Until=false update -q >>"$log" 2>&1 ||
     ! chroot "$root.new" env DEBIAN_FRONTEND=noninteractive \
         apt-get install -y -q --no-install-recommends "${pkgs[@]}" >>"$log" 2>&1; then
    echo "SKIP: could not install ${pkgs[*]} in the Debian $suite root: $(tail -1 "$log")"
    rm -rf "$root.new"; exit 77
  fi
  chroot "$root.new" apt-get clean
fi
touch "$root.new/.amfol-ready"
mv "$root.new" "$root"
echo "$root"
