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
#   proofs/colouring-census.sh 10   # n = 10: 12,005,168 graphs, CPU hours
#
# From n = 10 on, geng's own split (`nauty-geng n i/PARTS`, PARTS = 64) cuts
# the census into parts, each answered into DIR/n-i.jsonl (DIR =
# $CENSUS_DIR, default target/census) and renamed there only once whole: a
# stopped census is rerun with the same command and skips the finished
# parts; JOBS parts (default 1) run at once. Then the lines are read in
# part order (part 0's in geng's order, then part 1's, ...): that is the
# order the checksum covers for those n. A part's standard error (progress,
# or why it failed) is kept in DIR/n-i.jsonl.log. BIN overrides the binary.
#
#   CERT=1 proofs/colouring-census.sh 8   # the certificate instead of the table
#   proofs/colouring-census.sh stream 8   # the stream it reads: every graph on 1..8
#
# CERT=1 writes, instead of the table, the family certificate of every
# graph on 1 to N vertices (format 8, family `graphs`, one chi_g
# certificate per graph: proofs/FORMAT.md) from the stream of every graph
# on 1..N vertices (`stream N`: geng for each n, concatenated), to
# proofs/certs/chi-g-graphs-1-N.cert.gz (or $CERT_FILE), and checks it; N
# at most 9 (N = 8: 6 s, 2.4 MB; N = 9: 280 s of CPU, 0.8 GB, 112 MB).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v nauty-geng >/dev/null || { echo "needs nauty-geng (apt-get install nauty)" >&2; exit 2; }
if [ "${1:-}" = stream ]; then
  for n in $(seq 1 "${2:?stream N}"); do nauty-geng -q "$n"; done
  exit
fi
N=${1:-8}
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN=target/release/ramsey-verify
fi
DIR=${CENSUS_DIR:-target/census}
PARTS=64
JOBS=${JOBS:-1}
mkdir -p "$DIR"

# Answers every graph on n vertices into $DIR/n.jsonl (parts from n = 10).
answer() {
  local n=$1
  if [ "$n" -lt 10 ]; then
    nauty-geng -q "$n" | "$BIN" colour --game-chromatic --graph @- --json-lines --threads 1 > "$DIR/$n.jsonl"
    return
  fi
  seq 0 $((PARTS - 1)) | xargs -P "$JOBS" -I{} sh -c '
    part="$1/$2-$3.jsonl"
    [ -e "$part" ] && exit 0
    nauty-geng -q "$2" "$3/$4" | "$5" colour --game-chromatic --graph @- --json-lines --threads 1 2> "$part.log" > "$part.tmp" &&
      mv "$part.tmp" "$part"' _ "$DIR" "$n" {} "$PARTS" "$BIN"
  for i in $(seq 0 $((PARTS - 1))); do cat "$DIR/$n-$i.jsonl"; done > "$DIR/$n.jsonl"
}
if [ -n "${CERT:-}" ]; then
  [ "$N" -le 9 ] || { echo "CERT=1: N at most 9 (10's 12 million members are beyond the writer's memory)" >&2; exit 2; }
  FILE=${CERT_FILE:-proofs/certs/chi-g-graphs-1-$N.cert.gz}
  "$0" stream "$N" | "$BIN" colour --game-chromatic --graph @- --json-lines --threads 1 --cert "$FILE" > "$DIR/cert-1-$N.jsonl"
  "$BIN" check --threads 1 --max-text-mib 1024 "$FILE"
  exit
fi
OUT=proofs/colouring-census-graphs.md
{
  echo "# chi_g of every graph on up to $N vertices"
  echo
  echo "Made by \`proofs/colouring-census.sh $N\`: \`nauty-geng -q n | ramsey-verify colour"
  echo "--game-chromatic --graph @- --json-lines --threads 1\` for each n. chi_g is the least"
  echo "number of colours with which player 1 (who colours first) wins the colouring"
  echo "game CCG (Bodlaender); graphs are counted up to isomorphism, connected or not."
  echo
  echo "Certified for n = 1..8 by \`proofs/certs/chi-g-graphs-1-8.cert.gz\` (\`CERT=1"
  echo "proofs/colouring-census.sh 8\`; format 8, family \`graphs\`: one chi_g certificate"
  echo "per graph, and the checker counts the graphs itself, their isomorphism classes"
  echo "holding all 2^(n(n-1)/2) labelled graphs on each n), and for n = 1..9 by a"
  echo "certificate of 112 MB gzipped, not committed (proofs/CERTIFICATES.md). Both"
  echo "checked distributions are this table's, and their members' answers have the"
  echo "checksums below. n = 10 is by search only."
  echo
  echo "| n | graphs | chi_g = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | first graph (graph6) per value | SHA-256 of the lines \`G6 CHI_G\` (first 16 hex digits) | seconds |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  for n in $(seq 1 "$N"); do
    start=$(date +%s.%N)
    answer "$n"
    seconds=$(echo "$(date +%s.%N) - $start" | bc)
    python3 - "$n" "$DIR/$n.jsonl" "$seconds" <<'PY'
import hashlib, json, sys
n, path, seconds = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
# The checksum covers the answers (graph6 and chi_g per line, in geng's
# order), not the search's counts: it stays the same when the search changes.
counts, first, digest, searched = {}, {}, hashlib.sha256(), 0.0
for line in open(path):
    answer = json.loads(line)
    value = answer["game_chromatic_number"]
    searched += sum(level["seconds"] for level in answer["levels"])
    digest.update(f"{answer['graph']} {value}\n".encode())
    counts[value] = counts.get(value, 0) + 1
    first.setdefault(value, answer["graph"])
cells = [str(counts.get(k, "")) for k in range(1, 11)]
# graph6 may hold a backtick (`I???FB`wW`): such a code span takes two.
code = lambda g: f"`` {g} ``" if "`" in g else f"`{g}`"
firsts = ", ".join(f"{k}: {code(g)}" for k, g in sorted(first.items()))
# A census in parts may have been stopped and resumed: its wall time says
# little, so from n = 10 on the column is the sum of the searches' own times.
timing = f"{seconds:.1f}" if n < 10 else f"{searched:.1f} (searches)"
print(f"| {n} | {sum(counts.values())} | " + " | ".join(cells) + f" | {firsts} | `{digest.hexdigest()[:16]}` | {timing} |")
PY
  done
} > "$OUT"
echo "wrote $OUT" >&2
