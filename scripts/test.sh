#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# test.sh: the whole test suite (README's second command; .ci/run calls exactly this).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${AMFOL_BUILD:-$top/build}
"$top/scripts/build.sh"
cd "$build"
ctest --output-on-failure -j"$(nproc)" --timeout 900
