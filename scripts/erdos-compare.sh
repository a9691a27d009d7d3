#!/usr/bin/env bash
# Two builds of ramsey-verify side by side on Erdős' games, in one run (same
# load): per board and game, each build's outcome, optimal line, positions
# and CPU seconds (user + system), and whether outcome and line agree.
# Exit 1 if any outcome or line differs.
#
# Usage: scripts/erdos-compare.sh OLD_BIN NEW_BIN BOARD... 
#   BOARD: n for K_n, colex:m for C(m). Environment: GAMES (default
#   "clique star vc colex"), THREADS (default 1), MAX_MEMORY (MiB, default 6000).
set -euo pipefail
old=${1:?usage: scripts/erdos-compare.sh OLD_BIN NEW_BIN BOARD...}
new=${2:?usage: scripts/erdos-compare.sh OLD_BIN NEW_BIN BOARD...}
shift 2
games=${GAMES:-clique star vc colex}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
printf '| board | game | outcome | old positions | new positions | old CPU s | new CPU s | same |\n|---|---|---|---|---|---|---|---|\n'
for board in "$@"; do
  for game in $games; do
    for side in old new; do
      bin=$old; [ $side = new ] && bin=$new
      /usr/bin/time -f '%U %S' -o "$out/$side.time" "$bin" erdos --game "$game" --board "$board" \
        --threads "${THREADS:-1}" --max-memory "${MAX_MEMORY:-6000}" --json > "$out/$side.json"
    done
    row=$(python3 - "$out" "$board" "$game" <<'PY'
import json, sys
d, board, game = sys.argv[1:]
r = {}
for side in ("old", "new"):
    g = json.load(open(f"{d}/{side}.json"))["games"][0]
    u, s = map(float, open(f"{d}/{side}.time").read().split()[-2:])
    r[side] = (g["outcome"], g["line"], g["positions"], u + s)
same = r["old"][:2] == r["new"][:2]
o, n = r["old"], r["new"]
print(f"| {board} | {game} | {tuple(n[0])} | {o[2]:,} | {n[2]:,} | {o[3]:.2f} | {n[3]:.2f} | {'yes' if same else 'NO: old ' + str(o[:2])} |")
PY
)
    echo "$row"
    case $row in *"| NO"*) status=1 ;; esac
  done
done
exit $status
