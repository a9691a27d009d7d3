#!/usr/bin/env bash
# Two builds of ramsey-verify side by side on the colouring games (issue 28's
# "10x faster per position"), in one run so that both see the same load:
# each round runs every workload with the old build, then with the new one.
# Per workload it prints each build's answer, positions stored (each build's
# own count: their canonical forms differ), CPU seconds (user + system,
# median and range over the rounds), CPU time per stored position, the
# ratios old/new per position and for the whole question, and peak RSS.
# Exit 1 if the two builds answer a question differently (winner and plies
# of the exact solver, chi_g).
#
# Both builds read the same graph: grid:4x4 and torus:5x5 are written as
# edge-list files (`u v` lines, vertex i*N+j in row i, column j, as the new
# build's grid:/torus: families number them), since builds before
# b8fc784 have no grid:/torus: families. The 14-vertex tree is graph6.
#
# Usage: scripts/colour-compare.sh OLD_BIN NEW_BIN
#   Environment: ROUNDS (default 3), THREADS (default 1), WORKLOADS (default
#   "a b c d"; e is chi_g of C5 x C5, run once per build: the old build under
#   `timeout ${TORUS_TIMEOUT:-600}`), KEEP=DIR keeps the raw JSON and times.
#   a: colour --game ccg --colours 4 --graph grid:4x4 (exact solver)
#   b: colour --game ccg --colours 3 --graph grid:4x4 (exact solver)
#   c: colour --game ccg --colours 4 --graph 'M???????F?B_?M?p_' (14-vertex tree)
#   d: colour --game-chromatic --graph grid:4x4 (the issue's own question)
#   e: colour --game-chromatic --graph torus:5x5
set -euo pipefail
old=${1:?usage: scripts/colour-compare.sh OLD_BIN NEW_BIN}
new=${2:?usage: scripts/colour-compare.sh OLD_BIN NEW_BIN}
out=${KEEP:-$(mktemp -d)}
mkdir -p "$out"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$out"' EXIT

product() { # product M N TORUS: the edge list of P_M x P_N (C_M x C_N if TORUS=1)
  awk -v m="$1" -v n="$2" -v t="$3" 'BEGIN {
    for (i = 0; i < m; i++) for (j = 0; j < n; j++) {
      if (t || j + 1 < n) print i*n+j, i*n+(j+1)%n
      if (t || i + 1 < m) print i*n+j, ((i+1)%m)*n+j
    } }'
}
product 4 4 0 > "$out/grid4x4.txt"
product 5 5 1 > "$out/torus5x5.txt"

args() { # the flags of workload $1
  case $1 in
    a) echo "--game ccg --colours 4 --graph @$out/grid4x4.txt" ;;
    b) echo "--game ccg --colours 3 --graph @$out/grid4x4.txt" ;;
    c) echo "--game ccg --colours 4 --graph M???????F?B_?M?p_" ;;
    d) echo "--game-chromatic --graph @$out/grid4x4.txt" ;;
    e) echo "--game-chromatic --graph @$out/torus5x5.txt" ;;
  esac
}

run() { # run SIDE WORKLOAD ROUND [TIMEOUT]
  local bin=$old; [ "$1" = new ] && bin=$new
  local stem="$out/$2.$1.$3" limit=()
  [ -n "${4:-}" ] && limit=(timeout "$4")
  # shellcheck disable=SC2046 # the flags are words
  /usr/bin/time -f '%U %S %M' -o "$stem.time" "${limit[@]}" "$bin" colour $(args "$2") \
    --threads "${THREADS:-1}" --json > "$stem.json" 2> "$stem.err" || echo "stopped" >> "$stem.time"
}

echo "load before: $(uptime)" >&2
for round in $(seq 1 "${ROUNDS:-3}"); do
  for w in ${WORKLOADS:-a b c d}; do
    [ "$w" = e ] && [ "$round" -gt 1 ] && continue
    for side in old new; do
      timeout=""; [ "$w" = e ] && [ $side = old ] && timeout=${TORUS_TIMEOUT:-600}
      run $side "$w" "$round" "$timeout"
      echo "round $round $w $side: $(head -1 "$out/$w.$side.$round.time")" >&2
    done
  done
done
echo "load after: $(uptime)" >&2

python3 - "$out" "${WORKLOADS:-a b c d}" <<'PY'
import glob, json, statistics, sys
out, workloads = sys.argv[1], sys.argv[2].split()

def answer(j):
    """What both builds must agree on: winner and plies, or chi_g."""
    if "levels" in j:
        return f"chi_g = {j['game_chromatic_number']}"
    return f"player {j['winner']} in {j['plies']} plies"

def runs(w, side):
    rows = []
    for t in sorted(glob.glob(f"{out}/{w}.{side}.*.time")):
        lines = open(t).read().split("\n")
        if "stopped" in lines or not lines[-2].split():
            rows.append(None)
            continue
        user, system, rss = lines[-2].split()[:3]
        j = json.load(open(t[:-5] + ".json"))
        pos = sum(l["positions"] for l in j["levels"]) if "levels" in j else j["positions"]
        rows.append((answer(j), pos, float(user) + float(system), int(rss) / 1024))
    return rows

status = 0
print("| workload | answer | old positions | new positions | old CPU s | new CPU s | old us/position | new us/position | per position old/new | question old/new | old peak MB | new peak MB |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
for w in workloads:
    o, n = runs(w, "old"), runs(w, "new")
    if None in o or None in n or not o or not n:
        done = [r for r in n if r]
        print(f"| {w} | {done[0][0] if done else '-'} | old stopped | {done[0][1]:,} | - | {statistics.median(r[2] for r in done):.2f} | - | - | - | - | - | {max(r[3] for r in done):.0f} |" if done else f"| {w} | stopped |")
        continue
    if {r[0] for r in o} != {r[0] for r in n} or len({r[0] for r in o}) != 1:
        status = 1
    oc, nc = [r[2] for r in o], [r[2] for r in n]
    op, np_ = o[0][1], n[0][1]
    # under /usr/bin/time's 0.01 s resolution a run reads 0: count it as 0.005 s
    mo, mn = max(statistics.median(oc), 0.005), max(statistics.median(nc), 0.005)
    span = lambda c: f"{statistics.median(c):.2f} ({min(c):.2f}-{max(c):.2f})"
    same = "" if o[0][0] == n[0][0] else f" (old: {o[0][0]})"
    print(f"| {w} | {n[0][0]}{same} | {op:,} | {np_:,} | {span(oc)} | {span(nc)} | "
          f"{1e6 * mo / op:.1f} | {1e6 * mn / np_:.1f} | {(mo / op) / (mn / np_):.2f}x | "
          f"{mo / mn:.2f}x | {max(r[3] for r in o):.0f} | {max(r[3] for r in n):.0f} |")
sys.exit(status)
PY
