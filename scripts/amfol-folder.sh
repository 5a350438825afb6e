#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# amfol-folder.sh: run amfol over every capture in a folder and print one line per capture
# (AMFs in overload, episodes, findings by severity), keeping the full JSON per capture.
#   scripts/amfol-folder.sh DIR [OUT_DIR]      (tshark must load the installed plugin)
#   AMFOL_PLUGIN_SO=build/plugins/4.0/epan/amfol.so scripts/amfol-folder.sh DIR
#       runs the given plugin through tests/lib/tshark-as-user.sh (works as root too)
# Extra tshark options (e.g. Decode As for SBI on an unusual port) go in AMFOL_TSHARK_OPTS.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$1
out=${2:-$(mktemp -d /tmp/amfol-folder.XXXXXX)}
mkdir -p "$out"
tshark_run() {
  if [ -n "${AMFOL_PLUGIN_SO:-}" ]; then
    "$top/tests/lib/tshark-as-user.sh" "$AMFOL_PLUGIN_SO" "$@"
  else
    tshark "$@"
  fi
}
shopt -s nullglob
n=0
for cap in "$dir"/*.pcap "$dir"/*.pcapng "$dir"/*.cap; do
  name=$(basename "$cap")
  # shellcheck disable=SC2086
  if ! tshark_run -r "$cap" -2 -q ${AMFOL_TSHARK_OPTS:-} -z amfol,json >"$out/$name.json" 2>"$out/$name.err"; then
    printf '%-40s  tshark failed: %s\n' "$name" "$(head -1 "$out/$name.err")"
    continue
  fi
  python3 - "$out/$name.json" "$name" <<'PY'
import json, sys
path, name = sys.argv[1], sys.argv[2]
try:
    doc = json.load(open(path))
except Exception as e:  # tshark printed something that is not our JSON
    print(f"{name:40s}  no amfol JSON ({e.__class__.__name__})"); sys.exit(0)
amfs = doc.get("amfs", [])
eps = sum(len(a.get("episodes", [])) for a in amfs)
over = [a.get("name") or a.get("id") for a in amfs if a.get("episodes")]
sev = {}
for f in doc.get("findings", []):
    sev[f["severity"]] = sev.get(f["severity"], 0) + 1
rules = sorted({f["rule"] for f in doc.get("findings", [])})
print(f"{name:40s}  frames {doc['capture']['frames']:>8}  overloaded AMFs {len(over)} "
      f"({', '.join(over) or '-'})  episodes {eps}  "
      f"errors {sev.get('error', 0)} warnings {sev.get('warning', 0)}  {' '.join(rules)}")
PY
  n=$((n + 1))
done
echo "$n capture(s); JSON per capture in $out"
