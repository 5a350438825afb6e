#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Run the real tshark with the freshly built amfol plugin, as Wireshark would load it for a user.
#
# tshark ignores personal plugin folders and WIRESHARK_PLUGIN_DIR when it runs as root, and CI's
# clone may sit where an unprivileged user cannot read. So: stage the plugin (and any capture
# named with -r) in a world-readable temporary folder with a private HOME, then run tshark as
# "nobody" via setpriv when we are root, or as ourselves otherwise.
#
# The build's plugin, never an installed one: an amfol.so in the system plugin folder (the .deb,
# `cmake --install`) or in the user's personal folder would otherwise be loaded instead of, or
# beside, the one under test. WIRESHARK_PLUGIN_DIR (read by Wireshark 4.0's wsutil/filesystem.c
# unless running with special privileges, which nobody is not) replaces the system folder by the
# stage's plugins/X.Y, a mirror of the system folder (links to its codecs, epan and wiretap
# plugins) without any amfol.so and with the build's; the private HOME has no personal plugins.
# tests/tools/check-loaded-plugin.sh proves it with a stale amfol.so planted in both folders.
# An empty PLUGIN_SO ("") runs tshark with no amfol at all.
#
# Usage: tshark-as-user.sh PLUGIN_SO [tshark args...]
#   Every "-r FILE" argument is copied into the staging folder first ("-r -" reads standard input).
#   AMFOL_STAGE=DIR reuses a staging folder (faster for many calls).
#        tshark-as-user.sh --version-xy   prints tshark's X.Y (e.g. 4.0) and exits.
#   AMFOL_TSHARK_LOG=FILE appends one line per tshark run (start, end, caller, arguments).
#   AMFOL_TSHARK_CACHE=DIR keeps each run's stdout, stderr and exit status under DIR, keyed by the
#        sha256 of the plugin, of every file an argument names (the -r capture, a key log, ...),
#        of the arguments, of this script and of the tshark binary's identity: the same run again
#        replays them without starting tshark. CTest sets it to <build>/tshark-cache for the suite
#        (tests/lib/ctest-env.cmake.in), so a suite run on an unchanged plugin starts no tshark for
#        the runs it has seen; unset or empty, every run starts tshark (benchmarks, users' scripts).
#        Not kept: runs writing a file (-w), reading stdin or a pipe, with stdout and stderr on the
#        same file (their interleaving is not replayed), or ending on a signal (exit >= 128).
set -euo pipefail
plugin_so=$1; shift
# The plugin folder is named after tshark's X.Y. "tshark --version" costs as much CPU as decoding a
# small capture (~0.2 s), so its answer is kept per user, keyed by the tshark binary's device,
# inode, mtime and size (an upgrade replaces the binary, so the key changes with the version).
# The system plugin folder (tshark -G folders, "Global Plugins") is kept the same way.
ws_xy= sys_plugins=
tshark_bin=$(command -v tshark || true)
vcache=${TMPDIR:-/tmp}/amfol-tshark-folders.$(id -u)   # key, X.Y, system plugin folder
vkey=$( [ -n "$tshark_bin" ] && stat -L -c '%d:%i:%Y:%s' "$tshark_bin" 2>/dev/null || true)
if [ -n "$vkey" ] && [ -f "$vcache" ] && [ -O "$vcache" ] && read -r k v d <"$vcache" && [ "$k" = "$vkey" ]; then
  ws_xy=$v sys_plugins=$d
fi
if [ -z "$ws_xy" ] || [ -z "$sys_plugins" ]; then
  ws_xy=$(tshark --version 2>/dev/null | sed -n '1s/.*(Wireshark) \([0-9]*\.[0-9]*\).*/\1/p')
  sys_plugins=$(env -u WIRESHARK_PLUGIN_DIR tshark -G folders 2>/dev/null | sed -n 's/^Global Plugins:[[:space:]]*//p')
  if [ -n "$vkey" ] && [ -n "$ws_xy" ] && [ -n "$sys_plugins" ] && vtmp=$(mktemp "$vcache.XXXXXX" 2>/dev/null); then
    printf '%s %s %s\n' "$vkey" "$ws_xy" "$sys_plugins" >"$vtmp" && mv -f "$vtmp" "$vcache" || rm -f "$vtmp"
  fi
fi
if [ "$plugin_so" = --version-xy ]; then echo "$ws_xy"; exit 0; fi
# The cache key (AMFOL_TSHARK_CACHE above): empty when this run is not to be kept.
cache_key() { # TSHARK_ARGS...
  local a f sums=() v
  [ -n "${AMFOL_TSHARK_CACHE:-}" ] && [ -n "$vkey" ] && [ "$one_file" = 0 ] || return 0
  sums+=("script $(sha256sum <"${BASH_SOURCE[0]}" | cut -c1-64)" "tshark $vkey $ws_xy")
  [ -z "$plugin_so" ] || [ -f "$plugin_so" ] || return 0
  if [ -n "$plugin_so" ]; then sums+=("plugin $(sha256sum <"$plugin_so" | cut -c1-64)"); else sums+=("plugin none"); fi
  for a in "$@"; do
    case "$a" in -w|-i|-|--export-objects|--output-file) return 0;; esac
    # A file named by the argument, whole or after "name:" (-o tls.keylog_file:PATH, -X lua_script:PATH).
    f=
    if [ -f "$a" ]; then f=$a; elif [[ "$a" == *:* ]] && [ -f "${a#*:}" ]; then f=${a#*:}; fi
    if [ -n "$f" ]; then
      [ -r "$f" ] || return 0
      v="file ${a%%"$f"} $(sha256sum <"$f" | cut -c1-64)"
    else
      case "$a" in /*|./*|../*) [ -e "$a" ] && return 0;; esac   # a folder or a pipe: not kept
      v="arg $a"
    fi
    sums+=("$v")
  done
  printf '%s\n' "${sums[@]}" | sha256sum | cut -c1-64
}
one_file=0   # stdout and stderr on one file: asked here, cache_key runs in a $(...)
[ /dev/stdout -ef /dev/stderr ] && one_file=1
t0=${AMFOL_TSHARK_LOG:+$(date +%s.%N)}
log_run() { # RC HIT ARGS...: AMFOL_TSHARK_LOG's line (start, end, caller, arguments)
  local hit=$2; shift 2
  [ -n "${AMFOL_TSHARK_LOG:-}" ] || return 0
  printf '%s %s %s :: %s%s\n' "$t0" "$(date +%s.%N)" "$(ps -o args= "$PPID" | cut -c1-120)" "$*" \
    "$([ "$hit" = 1 ] && echo ' [cached]')" >>"$AMFOL_TSHARK_LOG"
}
key=$(cache_key "$@")
if [ -n "$key" ]; then
  cdir=$AMFOL_TSHARK_CACHE/${key:0:2}
  entry=$cdir/$key
  if [ -f "$entry.rc" ] && [ -f "$entry.out" ] && [ -f "$entry.err" ]; then
    # A run seen before: replayed without staging anything or starting tshark.
    cat "$entry.err" >&2
    cat "$entry.out"
    rc=$(cat "$entry.rc")
    touch "$entry.rc" 2>/dev/null   # in use: kept by ctest-env.cmake's clean-up
    log_run "$rc" 1 "$@"
    exit "$rc"
  fi
fi
stage=${AMFOL_STAGE:-}
own_stage=0
if [ -z "$stage" ]; then
  stage=$(mktemp -d /tmp/amfol-stage.XXXXXX); own_stage=1
fi
mkdir -p "$stage"
chmod 755 "$stage"
plugroot="$stage/plugins"
plugdir="$plugroot/$ws_xy/epan"
mkdir -p "$plugdir" "$stage/home/.config/wireshark" "$stage/cap"
rm -rf "$stage/home/.local/lib/wireshark/plugins"   # where earlier versions staged the plugin
# The mirror of the system folder, made once per stage: a link to each of its plugins but amfol.so.
if [ ! -e "$plugroot/.mirrored" ]; then
  for sub in "$sys_plugins"/*/; do
    [ -d "$sub" ] || continue
    dst="$plugroot/$ws_xy/$(basename "$sub")"
    mkdir -p "$dst"
    for so in "$sub"*.so; do
      [ -f "$so" ] && [ "$(basename "$so")" != amfol.so ] && ln -sfn "$so" "$dst/"
    done
  done
  touch "$plugroot/.mirrored"
fi
# A file is staged as a copy under a temporary name, renamed into place: runs that share a stage
# (amfol-parallel.sh's jobs, tests/scale) never load a half-written plugin or read a half-written
# capture, and a running tshark keeps the file it opened. The temporary name does not end in
# .so, so Wireshark does not load it as a plugin.
stage_copy() { # SRC DST
  local tmp
  tmp=$(mktemp "$(dirname "$2")/.staging.XXXXXX") || return 1
  if cp "$1" "$tmp" && chmod 644 "$tmp" && mv -f "$tmp" "$2"; then return 0; fi
  rm -f "$tmp"
  return 1
}
if [ -n "$plugin_so" ]; then
  [ -f "$plugin_so" ] || { echo "tshark-as-user.sh: no plugin $plugin_so (build it first)" >&2; exit 2; }
  cmp -s "$plugin_so" "$plugdir/amfol.so" 2>/dev/null || stage_copy "$plugin_so" "$plugdir/amfol.so"
fi
args=()
while [ $# -gt 0 ]; do
  if [ "$1" = "-r" ] && [ $# -ge 2 ] && [ "$2" != - ]; then   # "-r -": standard input, as is
    src=$2
    dst="$stage/cap/$(printf '%s' "$src" | md5sum | cut -c1-12)-$(basename "$src")"
    [ -f "$dst" ] || stage_copy "$src" "$dst"
    args+=("-r" "$dst"); shift 2
  else
    args+=("$1"); shift
  fi
done
# Another run's temporary copy can vanish under the recursive walk: that is no error here.
chmod -R a+rX "$stage" 2>/dev/null || true
# Wireshark 4.2+ prints boolean fields as True/False in -T fields where 4.0 prints 1/0; the tests
# compare with 1/0, so whole True/False cells (between separators or aggregators) are mapped back.
bools01=cat
sep=""
for a in "${args[@]}"; do case "$a" in separator=*|aggregator=*) sep+=${a#*=};; esac; done
case " ${args[*]} " in
  *" -T fields "*) case "$ws_xy" in 4.0|4.1) ;; *)
    export AMFOL_FIELD_SEPS=$'\t,'"$sep"
    bools01=(perl -pe 'BEGIN { $s = quotemeta($ENV{AMFOL_FIELD_SEPS}) }
                       s/(?:^|(?<=[$s]))True(?=[$s\n]|$)/1/g; s/(?:^|(?<=[$s]))False(?=[$s\n]|$)/0/g');;
  esac;;
esac
run_tshark() {
  if [ "$(id -u)" = 0 ]; then
    chown -R 65534:65534 "$stage/home" 2>/dev/null || true   # as above: a vanished copy is no error
    setpriv --reuid=65534 --regid=65534 --clear-groups \
      env -i PATH=/usr/bin:/bin HOME="$stage/home" LANG=C.UTF-8 WIRESHARK_PLUGIN_DIR="$plugroot" tshark "$@"
  else
    env HOME="$stage/home" LANG=C.UTF-8 WIRESHARK_PLUGIN_DIR="$plugroot" tshark "$@"
  fi
}
cd "$stage"
set +e
# A run to keep (AMFOL_TSHARK_CACHE), when its folder can be written (else it just runs).
if [ -n "$key" ] && mkdir -p "$cdir" 2>/dev/null && tmp=$(mktemp "$entry.XXXXXX" 2>/dev/null); then
  run_tshark "${args[@]}" 2>"$tmp.err" | "${bools01[@]}" >"$tmp.out"
  rc=${PIPESTATUS[0]}
  cat "$tmp.err" >&2
  cat "$tmp.out"
  # Kept only whole: out and err first, rc last (its presence says the entry is complete).
  if [ "$rc" -lt 128 ]; then
    mv -f "$tmp.out" "$entry.out" && mv -f "$tmp.err" "$entry.err" && echo "$rc" >"$tmp" &&
      mv -f "$tmp" "$entry.rc"
  fi
  rm -f "$tmp" "$tmp.out" "$tmp.err"
else
  run_tshark "${args[@]}" | "${bools01[@]}"
  rc=${PIPESTATUS[0]}
fi
# AMFOL_TSHARK_LOG=FILE: one line per run, to count what a test or the suite spends on tshark
# (tshark's start-up alone is ~0.4 s of CPU).
log_run "$rc" 0 "${args[@]}"
[ $own_stage = 1 ] && rm -rf "$stage"
exit $rc
