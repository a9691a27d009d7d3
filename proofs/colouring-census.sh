#!/usr/bin/env bash
# The game chromatic number chi_g of every graph on 1..N vertices (default
# 8), connected or not, one per isomorphism class: nauty's geng lists them
# (Debian package `nauty`), `ramsey-verify colour --game-chromatic
# --json-lines` answers each. Writes proofs/colouring-census-graphs.md: per
# n the number of graphs with each value, the first graph (in geng's order)
# reaching each value, and the SHA-256 of the lines `G6 CHI_G` of the
# answers in geng's order (the same on every run and search).
#
#   proofs/colouring-census.sh      # n = 1..8 (5 s; n = 9 takes 4 minutes)
#   proofs/colouring-census.sh 7
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-8}
command -v nauty-geng >/dev/null || { echo "needs nauty-geng (apt-get install nauty)" >&2; exit 2; }
cargo build --release --quiet
BIN=target/release/ramsey-verify
OUT=proofs/colouring-census-graphs.md
{
  echo "# chi_g of every graph on up to $N vertices"
  echo
  echo "Made by \`proofs/colouring-census.sh $N\`: \`nauty-geng -q n | ramsey-verify colour"
  echo "--game-chromatic --graph @- --json-lines --threads 1\` for each n. chi_g is the least"
  echo "number of colours with which player 1 (who colours first) wins the colouring"
  echo "game CCG (Bodlaender); graphs are counted up to isomorphism, connected or not."
  echo
  echo "| n | graphs | chi_g = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | first graph (graph6) per value | SHA-256 of the lines \`G6 CHI_G\` (first 16 hex digits) | seconds |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  for n in $(seq 1 "$N"); do
    start=$(date +%s.%N)
    nauty-geng -q "$n" | "$BIN" colour --game-chromatic --graph @- --json-lines --threads 1 > "/tmp/census-$n.$$"
    seconds=$(echo "$(date +%s.%N) - $start" | bc)
    python3 - "$n" "/tmp/census-$n.$$" "$seconds" <<'PY'
import hashlib, json, sys
n, path, seconds = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
# The checksum covers the answers (graph6 and chi_g per line, in geng's
# order), not the search's counts: it stays the same when the search changes.
counts, first, digest = {}, {}, hashlib.sha256()
for line in open(path):
    answer = json.loads(line)
    value = answer["game_chromatic_number"]
    digest.update(f"{answer['graph']} {value}\n".encode())
    counts[value] = counts.get(value, 0) + 1
    first.setdefault(value, answer["graph"])
cells = [str(counts.get(k, "")) for k in range(1, 11)]
firsts = ", ".join(f"{k}: `{g}`" for k, g in sorted(first.items()))
print(f"| {n} | {sum(counts.values())} | " + " | ".join(cells) + f" | {firsts} | `{digest.hexdigest()[:16]}` | {seconds:.1f} |")
PY
    rm -f "/tmp/census-$n.$$"
  done
} > "$OUT"
echo "wrote $OUT" >&2
