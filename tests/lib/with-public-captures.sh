#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# with-public-captures.sh: run a test that needs the public captures, or skip it with a reason.
#
# The public captures live beside the clone (../shared/captures/public) on the project's machines;
# a user's clone does not have them. AMFOL_PUBLIC_CAPTURES may point to another copy. When neither
# holds a MANIFEST.md the test is skipped: exit 77 (CTest SKIP_RETURN_CODE) with the reason.
#
# Usage: with-public-captures.sh COMMAND [ARGS...]
#   Every "@PUBLIC@" inside an argument is replaced by the folder found.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
default=$top/../shared/captures/public
# The project's own worktrees sit one level deeper (/work/wt/<name>) than its clones.
[ -f "$default/MANIFEST.md" ] || [ ! -f "$top/../../shared/captures/public/MANIFEST.md" ] ||
  default=$top/../../shared/captures/public
public=${AMFOL_PUBLIC_CAPTURES:-$default}
if [ ! -f "$public/MANIFEST.md" ]; then
  echo "SKIP: public captures not found at $public" \
       "(set AMFOL_PUBLIC_CAPTURES to a copy of shared/captures/public)"
  exit 77
fi
public=$(cd "$public" && pwd)
args=()
for a in "$@"; do args+=("${a//@PUBLIC@/$public}"); done
exec "${args[@]}"
