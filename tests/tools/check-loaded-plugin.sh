#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# check-loaded-plugin.sh: the tests load the build's amfol.so, not an installed one. A stale
# amfol.so (the build's plugin with bytes appended: it loads, and it is a different file) is
# planted in the caller's personal plugin folder (HOME is a temporary folder) and, as root, in the
# system plugin folder (inside a private mount namespace: the folder is replaced there by a copy
# with the stale plugin added, which no other process sees and which goes away with the test,
# even when it fails or is killed). Then `tshark -G plugins` through tests/lib/tshark-as-user.sh
# must list amfol exactly once, from the staged file, byte-identical to the build's plugin; the
# plain system tshark must list the planted one (the plant is real).
#   check-loaded-plugin.sh SOURCE_DIR PLUGIN_SO
# Exit 77 after the personal-folder half when not root (the system folder cannot be planted).
set -euo pipefail
top=$1 so=$2
wrapper=$top/tests/lib/tshark-as-user.sh
fail() { echo "FAIL: $*"; exit 1; }

if [ "${AMFOL_PLANTED:-}" != 1 ]; then
  work=$(mktemp -d /tmp/amfol-loaded.XXXXXX)
  trap 'rm -rf "$work"' EXIT
  chmod 755 "$work"
  ws_xy=$("$wrapper" --version-xy)
  { cat "$so"; echo "stale amfol.so planted by check-loaded-plugin.sh"; } >"$work/stale.so"
  chmod 644 "$work/stale.so"
  mkdir -p "$work/home/.local/lib/wireshark/plugins/$ws_xy/epan"
  cp "$work/stale.so" "$work/home/.local/lib/wireshark/plugins/$ws_xy/epan/amfol.so"
  export HOME=$work/home AMFOL_WORK=$work AMFOL_WS_XY=$ws_xy
  if [ "$(id -u)" != 0 ]; then
    AMFOL_PLANTED=1 "$0" "$@"
    echo "SKIP: stale plugin in the personal folder ignored; planting one in the system folder needs root"
    exit 77
  fi
  sys=$(env -u WIRESHARK_PLUGIN_DIR tshark -G folders | sed -n 's/^Global Plugins:[[:space:]]*//p')/epan
  [ -d "$sys" ] || fail "no system plugin folder ($sys)"
  cp -a "$sys" "$work/sys-epan"
  cp "$work/stale.so" "$work/sys-epan/amfol.so"
  export AMFOL_SYS_EPAN=$sys
  exec unshare --mount --propagation private env AMFOL_PLANTED=1 "$0" "$@"
fi

# Inside: the stale plugins are in place.
work=$AMFOL_WORK
if [ -n "${AMFOL_SYS_EPAN:-}" ]; then
  mount --bind "$work/sys-epan" "$AMFOL_SYS_EPAN"
  cmp -s "$AMFOL_SYS_EPAN/amfol.so" "$work/stale.so" || fail "the stale plugin is not in $AMFOL_SYS_EPAN"
  # The plant is real: the system tshark (as root, system folder only) loads the stale file.
  tshark -G plugins 2>&1 | grep -w amfol.so | grep -q "$AMFOL_SYS_EPAN/amfol.so" ||
    fail "the plain system tshark does not load the planted $AMFOL_SYS_EPAN/amfol.so"
  echo "planted: $AMFOL_SYS_EPAN/amfol.so (the plain system tshark loads it)"
fi
echo "planted: $HOME/.local/lib/wireshark/plugins/$AMFOL_WS_XY/epan/amfol.so"
stage=$work/stage
AMFOL_STAGE=$stage "$wrapper" "$(readlink -f "$so")" -G plugins >"$work/plugins" 2>"$work/plugins.err" ||
  { cat "$work/plugins.err"; fail "tshark -G plugins through the wrapper"; }
cat "$work/plugins.err"
grep -q "multiple directories" "$work/plugins.err" && fail "tshark found amfol.so in several folders"
lines=$(grep -cw 'amfol\.so' "$work/plugins" || true)
[ "$lines" = 1 ] || { cat "$work/plugins"; fail "amfol listed $lines times"; }
loaded=$(awk '$1 == "amfol.so" {print $NF}' "$work/plugins")
echo "tshark -G plugins (through tests/lib/tshark-as-user.sh): $(grep -w amfol.so "$work/plugins")"
[ "$loaded" = "$stage/plugins/$AMFOL_WS_XY/epan/amfol.so" ] || fail "loaded $loaded, not the staged file"
cmp -s "$loaded" "$so" || fail "the loaded $loaded is not the build's $so"
# Every other plugin of the system folder is still there (the mirror keeps Wireshark's own).
others=$(ls "${AMFOL_SYS_EPAN:-/nonexistent}" 2>/dev/null | grep -c '\.so$' || true)
if [ -n "${AMFOL_SYS_EPAN:-}" ]; then
  mirrored=$(ls "$stage/plugins/$AMFOL_WS_XY/epan" | grep -c '\.so$')
  [ "$mirrored" = "$others" ] || fail "the stage has $mirrored epan plugins, the system folder $others (stale one included)"
fi
echo "loaded: the build's plugin ($so), staged at $loaded; the stale copies were ignored"
