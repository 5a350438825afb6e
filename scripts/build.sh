#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# build.sh: install missing dependencies, configure and build amfol into ./build (or $AMFOL_BUILD).
#   scripts/build.sh [TARGET...]   only those CMake targets (scripts/demo.sh: amfol amfol-synth)
#   AMFOL_DEPS=PURPOSE             the dependency set to install first (scripts/install-deps.sh;
#                                  default demo: what building and running the plugin needs)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${AMFOL_BUILD:-$top/build}
# shellcheck disable=SC2086   # AMFOL_DEPS may name several purposes
"$top/scripts/install-deps.sh" ${AMFOL_DEPS:-demo}
echo "build: configuring $build" >&2
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
targets=()
for t in "$@"; do targets+=(--target "$t"); done
echo "build: compiling${*:+ $*} with $(nproc) jobs" >&2
cmake --build "$build" -j"$(nproc)" "${targets[@]}"
