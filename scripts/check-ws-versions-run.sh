#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# check-ws-versions-run.sh (scripts/check-ws-versions.sh --run): build amfol inside minimal Debian
# roots of other releases (trixie: Wireshark 4.4, sid: 4.6; debootstrap --variant=minbase, cached
# by tests/lib/debian-root.sh under /var/cache/amfol-roots) and run the test suite there with that
# release's tshark. Prints passed / failed / skipped per release.
#   scripts/check-ws-versions.sh --run [trixie] [sid]
# Exit 0 when every release passes, 1 when one fails, 77 when a root cannot be had (not root, or
# the Debian archive unreachable: said on the output).
#
# What runs there is what depends on the Wireshark version, not the whole suite (the host runs
# that): every name the plugin looks up registered in that tshark (tools.wanted_fields: a renamed
# dissector field fails there even when no capture has it); the findings of the four scenarios
# whose captures hold every dissector field the plugin reads that any scenario holds (70 names:
# clean-episode, message-zoo, mixed-storm, rebalance-loaded; the host compares all 27 on 4.0,
# and the analysis behind the extraction does not depend on the version) through the tap and
# -z amfol,json (with their area counters), the per-frame fields, filters and Expert Info (n2.fields/expert,
# field.*, rrc.tags.* of three scenarios, crafted F1AP/h2c/NAS decodes), a radio and the SBI stat
# table, the flow graph, re-priming (e2e.priming: a plain run's events equal a -V run's), and the
# package (cpack: name, Depends on that release's libwireshark ABI package, the plugin in that
# version's folder). AMFOL_WSVER_TESTS=REGEX selects other tests ('.' = the whole suite, as before).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
suites=("$@"); [ ${#suites[@]} -gt 0 ] || suites=(trixie sid)
# What scripts/install-deps.sh installs for the demo, and GNU parallel; not what only this host's
# extra tests use (chromium too: the chart tests check the page there and skip the rendering,
# AMFOL_NO_BROWSER). The cached roots are keyed by this list.
read -r -a pkgs <<<"$("$top/scripts/install-deps.sh" --list demo) parallel"
public=${AMFOL_PUBLIC_CAPTURES:-$top/../shared/captures/public}
# Tests that need the host itself (Debian roots, clang) are left to the host's own run, and so is
# the core's UE capacity test (no Wireshark in it, and it runs alone).
exclude='^(package\.|tools\.ws_versions|fuzz\.sanitized_build|fuzz\.libfuzzer\.|asan\.|capacity\.core)'
include=${AMFOL_WSVER_TESTS:-'^(e2e\.findings\.(clean-episode|message-zoo|mixed-storm|rebalance-loaded)$|field\.|n2\.(fields|expert)$|rrc\.(tags\.(mixed-storm|slice-blocked|rejects-after-stop)|crafted_f1ap)$|sbi\.(crafted_h2c|table\.mixed-storm)$|nas\.causes$|tables\.radio\.calm$|pictures\.flow\.mixed-storm$|tools\.wanted_fields$|e2e\.priming$)'}
# Only what those tests and the package need is built (not the benchmarks, unit tests, ...).
targets='amfol amfol-synth amfol-replay amfol-man'
[ "$include" = . ] && targets=all
jobs=$(nproc)
results=()
status=0
mounts=()
cleanup() {
  local i
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount "${mounts[$i]}" 2>/dev/null || true; done
  mounts=()
}
trap cleanup EXIT
unmount_stale() {   # unmount_stale DIR: a run killed before its cleanup left DIR mounted (held
  # under the root's lock, nothing else can be using it); its source may be gone, and a bind
  # onto such a mount fails
  while mountpoint -q "$1"; do umount -l "$1" || break; done
}
bind_ro() {   # bind_ro SRC DST: SRC read-only at DST
  mkdir -p "$2"
  unmount_stale "$2"
  mount --bind "$1" "$2"; mounts+=("$2")
  mount -o remount,bind,ro "$2"
}
for suite in "${suites[@]}"; do
  root=$("$top/tests/lib/debian-root.sh" "$suite" "${pkgs[@]}") || { rc=$?; echo "$root"; exit "$rc"; }
  exec 8>"$root.lock"; flock 8          # one user of a root at a time
  ws=$(chroot "$root" tshark --version 2>/dev/null | sed -n '1s/.*(Wireshark) \([0-9.]*[0-9]\).*/\1/p')
  echo "== $suite: Wireshark $ws (root $root)"
  bind_ro "$top" "$root/mnt/amfol"
  if [ -f "$public/MANIFEST.md" ]; then
    bind_ro "$public" "$root/mnt/public"
  fi
  mkdir -p "$root/proc"; unmount_stale "$root/proc"; mount -t proc proc "$root/proc"; mounts+=("$root/proc")
  # The build folder stays in the root between runs, one per source tree (keyed by its path: every
  # tree is mounted at /mnt/amfol), so that an unchanged tree is not built again: CMake rebuilds
  # what changed, as in the host's build folder. The 4 most recently used are kept per root.
  # Build type None (gcc -O0, no debug info): what these runs prove (it compiles against that
  # release's headers, with its warnings, and the tests pass with its tshark) needs no optimiser,
  # and it halves the compile CPU (after a change to a core header: 25 s -> 13 s of CPU per root).
  builds=/var/cache/amfol-build
  bdir=$builds/$(printf '%s' "$top" | md5sum | cut -c1-12)
  mkdir -p "$root$bdir"
  touch "$root$bdir"
  ls -1t "$root$builds" | tail -n +5 | while read -r old; do rm -rf "${root:?}$builds/$old"; done
  rm -rf "$root/tmp/amfol-build"   # where earlier versions of this script built
  log=$root.test.log
  start=$SECONDS
  set +e
  chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    AMFOL_PUBLIC_CAPTURES=/mnt/public AMFOL_NO_BROWSER=1 sh -c "
      build() {
        cmake -S /mnt/amfol -B $bdir -DCMAKE_BUILD_TYPE=None \
              -DCMAKE_SKIP_INSTALL_ALL_DEPENDENCY=ON >/dev/null &&
        cmake --build $bdir -j$jobs --target $targets >/dev/null
      }
      # A kept folder that no longer builds (interrupted, or made by another CMake) is made afresh.
      build || { echo 'kept build folder failed: building from scratch'; rm -rf $bdir; build; } &&
      cd $bdir || exit 1
      ctest -j$jobs --timeout 900 --output-on-failure -R '$include' -E '$exclude'; t=\$?
      /mnt/amfol/tests/package/deb-in-fresh-root.sh --contents-only $bdir /mnt/amfol; p=\$?
      [ \$t = 0 ] && [ \$p = 0 ]" >"$log" 2>&1
  rc=$?
  set -e
  cleanup
  exec 8>&-
  total=$(sed -n 's/.* tests failed out of \([0-9]*\)$/\1/p' "$log" | tail -1)
  failed=$(sed -n 's/.* tests passed, \([0-9]*\) tests failed out of .*/\1/p' "$log" | tail -1)
  skipped=$(grep -c '(Skipped)$' "$log" || true)
  if [ -z "$total" ]; then
    echo "build or test run failed in $suite (log: $log):"; tail -30 "$log"
    results+=("$suite|$ws|-|build failed|-|-"); status=1; continue
  fi
  grep -E '\*\*\*Failed|\*\*\*Exception|\*\*\*Timeout' "$log" || true
  grep -E '^package for Wireshark|^FAIL: ' "$log" || true
  results+=("$suite|$ws|$((total - failed - skipped))|$failed|$skipped|$((SECONDS - start)) s")
  [ "$rc" = 0 ] || status=1
done
echo
echo "release  Wireshark  passed  failed  skipped  build+tests"
for r in "${results[@]}"; do
  IFS='|' read -r s w p f k t <<<"$r"
  printf '%-8s %-10s %6s  %6s  %7s  %s\n' "$s" "$w" "$p" "$f" "$k" "$t"
done
exit $status
