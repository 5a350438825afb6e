#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# build.sh: install missing dependencies, configure and build amfol into ./build (or $AMFOL_BUILD).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${AMFOL_BUILD:-$top/build}
"$top/scripts/install-deps.sh"
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"$(nproc)"
