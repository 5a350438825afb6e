#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# newcomer.sh: a new user's first hour, as the README tells it, on a bare Debian of this machine's
# release: a fresh minimal root (debootstrap --variant=minbase, nothing else installed; cached
# under /var/cache/amfol-roots and used through an empty overlay), a clone of this tree (with its
# uncommitted changes), then as root the README's two commands:
#   scripts/demo.sh   must install only the demo set (install-deps.sh --list demo: no clang, no
#                     chromium), print the diagnosis, and leave a capture a normal user can read;
#   scripts/test.sh   must pass with no skip but the expected ones: the public captures (a clone
#                     has none) and the tests that build Debian roots (AMFOL_NO_ROOT_TESTS=1, so
#                     that this test does not run itself, nor the other root tests, inside).
# A command that a script or test calls from a package missing from scripts/install-deps.sh fails
# here, where the developer's machine has it anyway. Prints the time of each step.
#   newcomer.sh SOURCE_DIR
# Exit 77 (with the reason) when not root, with AMFOL_NO_ROOT_TESTS=1, or without the archive,
# and unless AMFOL_NEWCOMER=1: it runs the whole suite a second time inside the root (tens of
# minutes on 2 cores, and contended by the outer suite's own jobs); it has not yet passed end to
# end on an idle machine, so it is asked for explicitly until it has.
# Downloads are kept between runs in /var/cache/amfol-roots/apt-archives.
# Each step runs under its own time budget (AMFOL_NEWCOMER_BUDGET seconds in all, 2700 by default,
# below CTest's TIMEOUT), so that a slow machine gives "FAIL: ... ran out of time" and the mounts
# are undone, rather than CTest killing the script and leaving the root mounted.
set -euo pipefail
top=$1
fail() { echo "FAIL: $*"; exit 1; }
if [ "${AMFOL_NO_ROOT_TESTS:-}" = 1 ]; then
  echo "SKIP: AMFOL_NO_ROOT_TESTS=1 (inside the newcomer test's own root)"; exit 77
fi
if [ "${AMFOL_NEWCOMER:-}" != 1 ]; then
  echo "SKIP: the newcomer check runs with AMFOL_NEWCOMER=1 (ctest -R package.newcomer)"; exit 77
fi
budget=${AMFOL_NEWCOMER_BUDGET:-2700}
# Seconds left of the budget for the next step (in $lim), or fail.
left() { lim=$((budget - SECONDS)); [ $lim -gt 60 ] || fail "out of time before $1 (budget ${budget} s)"; }
# Roots an earlier run left mounted (killed from outside, so its trap never ran): undo them, but
# only those whose run (the pid in its folder) is gone.
for d in /tmp/amfol-newcomer.*; do
  [ -d "$d" ] || continue
  if [ -f "$d/pid" ] && kill -0 "$(cat "$d/pid")" 2>/dev/null; then continue; fi
  for m in $(awk -v d="$d/" 'index($2, d) == 1 {print $2}' /proc/mounts | sort -r); do
    umount -l "$m" 2>/dev/null || true
  done
  awk -v d="$d/" 'index($2, d) == 1 {f = 1} END {exit !f}' /proc/mounts || rm -rf "$d"
done
command -v git >/dev/null || fail "git is not installed (scripts/install-deps.sh test installs it)"
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
cached=$("$top/tests/lib/debian-root.sh" "$suite") || { rc=$?; echo "$cached"; exit "$rc"; }
cache=${AMFOL_ROOTS:-/var/cache/amfol-roots}
work=$(mktemp -d /tmp/amfol-newcomer.XXXXXX)
root=$work/root
echo $$ >"$work/pid"
mounts=()
cleanup() {
  local i
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount -l "${mounts[$i]}" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
[ -z "${AMFOL_NEWCOMER_DEBUG:-}" ] || set -x
mkdir -p "$root" "$work/upper" "$work/ovl"
if mount -t overlay overlay -o "lowerdir=$cached,upperdir=$work/upper,workdir=$work/ovl" "$root" 2>/dev/null; then
  mounts+=("$root")
else
  rmdir "$root"; cp -a "$cached" "$root"
fi
mount -t proc proc "$root/proc"; mounts+=("$root/proc")
mount --rbind /dev "$root/dev"; mount --make-rslave "$root/dev"; mounts+=("$root/dev")
mkdir -p "$cache/apt-archives/partial" "$root/var/cache/apt/archives"
mount --bind "$cache/apt-archives" "$root/var/cache/apt/archives"; mounts+=("$root/var/cache/apt/archives")
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true

# The clone: what `git clone` gives, plus this tree's uncommitted changes (tracked and new files).
git clone -q --no-hardlinks "$top" "$root/root/amfol"
git -C "$top" ls-files -z -c -o --exclude-standard | (cd "$top" && tar --null -T - -cf - 2>/dev/null) |
  tar -xf - -C "$root/root/amfol"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 TERM=dumb "$@"; }
in_root useradd -m -s /bin/sh newcomer
ids=$(awk -F: '$1 == "newcomer" {print $3 ":" $4}' "$root/etc/passwd")
as_user() { chroot --userspec="$ids" "$root" env -i PATH=/usr/bin:/bin HOME=/home/newcomer LANG=C.UTF-8 "$@"; }
installed() { in_root dpkg-query -W -f='${Package} ${Status}\n' "$@" 2>/dev/null | awk '/ installed$/{print $1}'; }

# 1. scripts/demo.sh
t=$SECONDS
left scripts/demo.sh
set +e
timeout -k 30 "$lim" chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 TERM=dumb \
  sh -c 'cd /root/amfol && scripts/demo.sh' >"$work/demo.log" 2>&1
rc=$?
set -e
[ $rc != 124 ] || { tail -20 "$work/demo.log"; fail "scripts/demo.sh ran out of time (${lim} s left of ${budget} s)"; }
[ $rc = 0 ] || { tail -40 "$work/demo.log"; fail "scripts/demo.sh"; }
echo "scripts/demo.sh: $((SECONDS - t)) s (downloads included)"
grep -m1 "^AMF amf-1: overload episode 1" "$work/demo.log" || { tail -40 "$work/demo.log"; fail "the demo printed no diagnosis"; }
extra=$(installed $(in_root /root/amfol/scripts/install-deps.sh --list fuzz chart roots package parallel) |
        grep -vxF -f <(in_root /root/amfol/scripts/install-deps.sh --list demo | tr ' ' '\n') || true)
[ -z "$extra" ] || fail "the demo installed more than its set: $(echo $extra)"
cap=$(sed -n 's/^== capture: \([^ ]*\) .*/\1/p' "$work/demo.log")
[ -n "$cap" ] || fail "the demo did not name its capture"
as_user tshark -r "$cap" -c 1 >/dev/null 2>"$work/user.err" || { cat "$work/user.err"; fail "a normal user cannot read the demo's capture $cap"; }
echo "demo capture $cap: read by a normal user"

# 2. scripts/test.sh, without the tests that build Debian roots.
t=$SECONDS
set +e
left scripts/test.sh
timeout -k 30 "$lim" chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 TERM=dumb \
  AMFOL_NO_ROOT_TESTS=1 sh -c 'cd /root/amfol && scripts/test.sh' >"$work/test.log" 2>&1
rc=$?
if [ $rc = 124 ]; then
  grep -E '^ *[0-9]+/[0-9]+ Test' "$work/test.log" | tail -5
  fail "scripts/test.sh ran out of time (${lim} s left of ${budget} s): $(grep -c '^ *[0-9]*/[0-9]* Test' "$work/test.log") tests done"
fi
set -e
echo "scripts/test.sh: $((SECONDS - t)) s (downloads included), exit $rc"
grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped' "$work/test.log" || true
grep -E 'command not found|: not found$|No such file or directory.*(exec|command)' "$work/test.log" | head -20 || true
[ $rc = 0 ] || { grep -E '\*\*\*Failed|\*\*\*Exception|\*\*\*Timeout|^FAIL' "$work/test.log" | head -40; tail -30 "$work/test.log"; fail "scripts/test.sh in the fresh root"; }
# Every skip must be one of the expected two.
unexpected=$(sed -n '/^Skipped tests and why:/,$p' "$work/test.log" | grep '^  ' |
             grep -v -e 'public captures not found' -e 'AMFOL_NO_ROOT_TESTS' || true)
[ -z "$unexpected" ] || { echo "$unexpected"; fail "tests skipped for another reason than the public captures or the Debian roots"; }
echo "newcomer on $suite: demo and test suite pass from a bare root"
