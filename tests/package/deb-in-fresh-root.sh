#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# deb-in-fresh-root.sh: build the .deb (cpack -G DEB), install it into a fresh minimal Debian root
# of this machine's release that has only tshark, man-db and sudo, with the README's commands:
# as root (`apt install ./build/amfol_*.deb`), `tshark -G plugins` as root and as a normal user
# (the system plugin folder), `man amfol`, the packaged amfol-synth writes a storm from a packaged
# scenario and `-z amfol,diagnosis` inside the root (as root and as the user) must equal the build
# tree's plugin run on the host over the same capture; `apt remove amfol` leaves none of its files.
# Then the same as a user with sudo (`sudo apt install ./build/amfol_*.deb`, `sudo apt remove amfol`).
#
# Usage: deb-in-fresh-root.sh [--contents-only] BUILD_DIR SOURCE_DIR
#   --contents-only: step 1 only (package name, Depends, files); scripts/check-ws-versions-run.sh
#   runs it inside the Wireshark 4.4 / 4.6 roots, where the plugin folder and ABI package differ.
# Exit 77 (skip, with the reason) when not root or when the Debian archive cannot be reached, and
# after step 1 when AMFOL_NO_ROOT_TESTS=1 (the newcomer test's run inside a root: cpack still runs,
# so a package missing for it, `file` or dpkg-dev, still fails).
set -euo pipefail
contents_only=0
if [ "${1:-}" = --contents-only ]; then contents_only=1; shift; fi
build=$1 top=$2
work=$(mktemp -d /tmp/amfol-deb.XXXXXX)
overlay=
trap '[ -z "$overlay" ] || umount "$overlay" 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# 1. The package, named amfol_<version>_<arch>.deb, depending on the libwireshark ABI package
#    that this machine's tshark uses.
cpack_opts=()
if [ $contents_only = 1 ] && ! command -v dpkg-shlibdeps >/dev/null; then
  # Minimal roots have no dpkg-dev / file: the shared-library Depends are left out there (the host's
  # package.deb_fresh_root has them); the libwireshark ABI Depends below comes from configure time.
  echo "no dpkg-shlibdeps here: package built without the shared-library Depends"
  cpack_opts=(-D CPACK_DEBIAN_PACKAGE_SHLIBDEPS=OFF)
fi
(cd "$build" && cpack -G DEB "${cpack_opts[@]}" -B "$work/pkg" >"$work/cpack.log" 2>&1) ||
  { cat "$work/cpack.log"; fail cpack; }
debs=("$work"/pkg/amfol_*_"$(dpkg --print-architecture)".deb)
[ ${#debs[@]} = 1 ] && [ -f "${debs[0]}" ] || fail "expected one amfol_<version>_<arch>.deb, got: ${debs[*]}"
deb=${debs[0]}
echo "package: $(basename "$deb")"
abi=$(dpkg-query -S "$(readlink -f "$(ldd "$(command -v tshark)" | awk '/libwireshark\.so/{print $3}')")" | cut -d: -f1)
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
case ", $depends" in *", $abi "*) ;; *) fail "Depends lacks $abi (the ABI package of tshark's libwireshark)";; esac
twice=$(printf '%s\n' "$depends" | tr ',' '\n' | awk '{print $1}' | sort | uniq -d | tr '\n' ' ')
[ -z "$twice" ] || fail "Depends lists $twice more than once"
ws_xy=$(tshark --version | sed -n '1s/.*(Wireshark) \([0-9]*\.[0-9]*\).*/\1/p')
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)   # no dpkg-dev in minimal roots
plugin=/usr/lib/$multiarch/wireshark/plugins/$ws_xy/epan/amfol.so
for f in ."$plugin" ./usr/bin/amfol-synth ./usr/bin/amfol-replay ./usr/share/man/man1/amfol-synth.1.gz \
         ./usr/share/man/man1/amfol-replay.1.gz ./usr/share/man/man7/amfol.7.gz \
         ./usr/share/amfol/scenarios/mixed-storm.ini; do
  dpkg-deb -c "$deb" | awk '{print $6}' | grep -qx "$f" || fail "package lacks $f"
done
if [ $contents_only = 1 ]; then
  echo "package for Wireshark $ws_xy: name, Depends and files ok"
  exit 0
fi
if [ "${AMFOL_NO_ROOT_TESTS:-}" = 1 ]; then
  echo "SKIP: package built and checked; AMFOL_NO_ROOT_TESTS=1, so no fresh root to install it in"
  exit 77
fi

# 2. A fresh root: the cached minimal root of this release with tshark, under an empty overlay
#    (what the test changes lands in the overlay and goes with it; the cached root stays as it is),
#    or a copy of it where overlayfs cannot be mounted.
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
cached=$("$top/tests/lib/debian-root.sh" "$suite" tshark man-db sudo) || { rc=$?; echo "$cached"; exit "$rc"; }
root=$work/root
mkdir -p "$root" "$work/upper" "$work/overlay-work"
if mount -t overlay overlay -o "lowerdir=$cached,upperdir=$work/upper,workdir=$work/overlay-work" "$root" 2>/dev/null; then
  overlay=$root
else
  rmdir "$root"; cp -a "$cached" "$root"
fi
[ ! -e "$root/root/.local/lib/wireshark" ] || fail "the root has a personal plugin folder"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
user=amfoluser
in_root useradd -m -s /bin/sh "$user"
ids=$(awk -F: -v u="$user" '$1 == u {print $3 ":" $4}' "$root/etc/passwd")
as_user() { chroot --userspec="$ids" "$root" env -i PATH=/usr/bin:/bin HOME=/home/$user LANG=C.UTF-8 "$@"; }
mkdir -p "$root/root/build" "$root/home/$user/build"
cp "$deb" "$root/root/build/"
cp "$deb" "$root/home/$user/build/"
in_root chown -R "$user:$user" "/home/$user/build"
pkg_files=$(dpkg-deb -c "$deb" | awk '{print substr($6, 2)}' | sed 's:/$::' | grep .)
plugins_list() { # WHO: tshark -G plugins as root or as the user; the amfol line, or nothing
  if [ "$1" = root ]; then in_root tshark -G plugins; else as_user tshark -G plugins; fi 2>&1 | grep -w amfol.so || true
}

# 3. The README's commands, as root inside it (no sudo there).
echo "# (root) apt install ./build/$(basename "$deb")"
# Answers y where apt asks (it does not when the dependencies are there, as here).
in_root sh -c 'cd /root && echo y | apt install ./build/amfol_*.deb'  >"$work/apt.log" 2>&1 ||
  { cat "$work/apt.log"; fail "apt install as root"; }
grep -E "^(Setting up|Unpacking) amfol|newly installed" "$work/apt.log"
for who in root "$user"; do
  echo "# ($who) tshark -G plugins | grep amfol"
  line=$(plugins_list "$who")
  echo "$line"
  case "$line" in *"$plugin") ;; *) fail "tshark as $who does not load amfol from the system plugin folder $plugin";; esac
done
for page in amfol-synth.1 amfol-replay.1 amfol.7; do
  sec=${page##*.}
  zcat "$root/usr/share/man/man$sec/$page.gz" | grep -q '^\.TH' || fail "man page $page"
done
echo "# man amfol"
in_root env MANPAGER=cat MANWIDTH=80 man amfol >"$work/man" 2>"$work/man.err" || { cat "$work/man.err"; fail "man amfol"; }
grep -m1 -i "amfol" "$work/man"
in_root env MANPAGER=cat man amfol-synth | grep -q "amfol-synth" || fail "man amfol-synth"

# 4. The packaged synthesizer and scenario, then the diagnosis with the system tshark, as root and
#    as the user.
in_root amfol-synth /usr/share/amfol/scenarios/mixed-storm.ini -o /tmp/storm.pcapng >/dev/null ||
  fail "amfol-synth in the root"
chmod 644 "$root/tmp/storm.pcapng"
in_root tshark -r /tmp/storm.pcapng -2 -q -z amfol,diagnosis >"$work/diag.root" 2>"$work/diag.err" ||
  { cat "$work/diag.err"; fail "tshark -z amfol,diagnosis in the root"; }
sed -n '1,4p' "$work/diag.root"
grep -q "^AMF amf-1: overload episode 1 from frame" "$work/diag.root" || fail "no overload episode found"
as_user tshark -r /tmp/storm.pcapng -2 -q -z amfol,diagnosis >"$work/diag.user" 2>"$work/diag.err" ||
  { cat "$work/diag.err"; fail "tshark -z amfol,diagnosis as $user"; }
diff "$work/diag.root" "$work/diag.user" || fail "the diagnosis as $user differs from root's"
echo "diagnosis as $user: same as root's"
# The packaged amfol-replay over the events the system tshark exports names the same episode.
in_root sh -c 'tshark -r /tmp/storm.pcapng -q -z amfol,events > /tmp/storm.events' ||
  fail "tshark -z amfol,events in the root"
in_root amfol-replay --format diagnosis /tmp/storm.events >"$work/replay.root" 2>"$work/replay.err" ||
  { cat "$work/replay.err"; fail "amfol-replay in the root"; }
[ "$(grep '^AMF amf-1: overload episode 1' "$work/replay.root")" = \
  "$(grep '^AMF amf-1: overload episode 1' "$work/diag.root")" ] || fail "amfol-replay's episode differs from tshark's"
echo "amfol-replay in the root: same episode line as tshark"
# The same capture through the build tree's plugin on the host gives the same diagnosis.
cp "$root/tmp/storm.pcapng" "$work/storm.pcapng"
"$top/tests/lib/tshark-as-user.sh" "$build/plugins/$ws_xy/epan/amfol.so" -r "$work/storm.pcapng" \
  -2 -q -z amfol,diagnosis >"$work/diag.host" 2>/dev/null
diff "$work/diag.host" "$work/diag.root" || fail "the installed plugin's diagnosis differs from the build's"

# 5. Removed, nothing of it is left: no file, and no folder that the root did not have before.
left() {
  local f
  for f in $pkg_files; do
    if [ -d "$root/$f" ] && [ ! -L "$root/$f" ]; then [ -d "$cached/$f" ] || echo "$f/"
    elif [ -e "$root/$f" ] || [ -L "$root/$f" ]; then echo "$f"; fi
  done
}
echo "# (root) apt remove amfol"
in_root sh -c 'echo y | apt remove amfol' >"$work/rm.log" 2>&1 || { cat "$work/rm.log"; fail "apt remove amfol"; }
[ -z "$(left)" ] || fail "apt remove left: $(left | tr '\n' ' ')"
[ -z "$(plugins_list root)" ] || fail "tshark still lists amfol after apt remove"
echo "apt remove: every file gone ($(wc -w <<<"$pkg_files") paths checked), tshark lists no amfol"

# 6. A desktop user with sudo: the README's commands as written.
echo "$user ALL=(ALL) NOPASSWD: ALL" >"$root/etc/sudoers.d/amfol-test"
chmod 440 "$root/etc/sudoers.d/amfol-test"
echo "# ($user) sudo apt install ./build/$(basename "$deb")"
as_user sh -c 'cd ~ && echo y | sudo apt install ./build/amfol_*.deb'  >"$work/sudo.log" 2>&1 ||
  { cat "$work/sudo.log"; fail "sudo apt install as $user"; }
line=$(plugins_list "$user")
echo "$line"
case "$line" in *"$plugin") ;; *) fail "after sudo apt install, tshark as $user does not load $plugin";; esac
as_user sh -c 'echo y | sudo apt remove amfol' >"$work/sudo-rm.log" 2>&1 || { cat "$work/sudo-rm.log"; fail "sudo apt remove amfol"; }
[ -z "$(left)" ] || fail "sudo apt remove left: $(left | tr '\n' ' ')"
echo "package in a fresh $suite root: ok (root and sudo; install, plugins, man, diagnosis, remove)"
