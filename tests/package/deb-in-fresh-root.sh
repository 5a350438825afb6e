#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# deb-in-fresh-root.sh: build the .deb (cpack -G DEB), install it with apt into a fresh minimal
# Debian root of this machine's release that has only tshark, and use it there as root would:
# the system tshark, the system plugin folder, no personal folder, no setpriv. The packaged
# amfol-synth writes a storm from a packaged scenario; `-z amfol,diagnosis` inside the root must
# equal the build tree's plugin run on the host over the same capture.
#
# Usage: deb-in-fresh-root.sh [--contents-only] BUILD_DIR SOURCE_DIR
#   --contents-only: step 1 only (package name, Depends, files); scripts/check-ws-versions-run.sh
#   runs it inside the Wireshark 4.4 / 4.6 roots, where the plugin folder and ABI package differ.
# Exit 77 (skip, with the reason) when not root or when the Debian archive cannot be reached.
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

# 2. A fresh root: the cached minimal root of this release with tshark, under an empty overlay
#    (what the test changes lands in the overlay and goes with it; the cached root stays as it is),
#    or a copy of it where overlayfs cannot be mounted.
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
cached=$("$top/tests/lib/debian-root.sh" "$suite" tshark) || { rc=$?; echo "$cached"; exit "$rc"; }
root=$work/root
mkdir -p "$root" "$work/upper" "$work/overlay-work"
if mount -t overlay overlay -o "lowerdir=$cached,upperdir=$work/upper,workdir=$work/overlay-work" "$root" 2>/dev/null; then
  overlay=$root
else
  rmdir "$root"; cp -a "$cached" "$root"
fi
[ ! -e "$root/root/.local/lib/wireshark" ] || fail "the root has a personal plugin folder"
cp "$deb" "$root/tmp/"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

# 3. The README's commands, as root inside it.
echo "# apt install ./$(basename "$deb")"
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
  "/tmp/$(basename "$deb")" >"$work/apt.log" 2>&1 || { cat "$work/apt.log"; fail "apt install"; }
grep -E "^(Setting up|Unpacking) amfol|newly installed" "$work/apt.log"
echo "# tshark -G plugins | grep amfol"
in_root tshark -G plugins >"$work/plugins" 2>&1 || { cat "$work/plugins"; fail "tshark -G plugins"; }
grep amfol "$work/plugins" || fail "tshark in the root does not list amfol"
grep -q "$plugin" "$work/plugins" || fail "amfol is not loaded from the system plugin folder $plugin"
for page in amfol-synth.1 amfol-replay.1 amfol.7; do
  sec=${page##*.}
  zcat "$root/usr/share/man/man$sec/$page.gz" | grep -q '^\.TH' || fail "man page $page"
done

# 4. The packaged synthesizer and scenario, then the diagnosis, as root with the system tshark.
in_root amfol-synth /usr/share/amfol/scenarios/mixed-storm.ini -o /tmp/storm.pcapng >/dev/null ||
  fail "amfol-synth in the root"
in_root tshark -r /tmp/storm.pcapng -2 -q -z amfol,diagnosis >"$work/diag.root" 2>"$work/diag.err" ||
  { cat "$work/diag.err"; fail "tshark -z amfol,diagnosis in the root"; }
sed -n '1,4p' "$work/diag.root"
grep -q "^AMF amf-1: overload episode 1 from frame" "$work/diag.root" || fail "no overload episode found"
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
echo "package in a fresh $suite root: ok"
