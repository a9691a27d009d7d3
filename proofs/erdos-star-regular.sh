#!/usr/bin/env bash
# Cambie and Provoost's Conjecture 7 tested by computer: "with the exception
# of K2 and K3, for every regular graph G, the Star game is winning for the
# second player" (s_Delta(G) = 0). Every connected d-regular graph on n
# vertices (nauty's geng -c -d d -D d n) is a board of `erdos --game star
# --winner-only`, read as a graph6 stream (`--board @- --json-lines`); only
# who wins is asked (a draw counts for Bob, as in the paper's Section 1).
# A disconnected regular graph is left out: its components are the boards
# of the table (the union is not a sum of games, so it is not implied; see
# proofs/erdos-star-regular.md).
#
#   proofs/erdos-star-regular.sh [MAX_N] [MIN_N]   # default 4..10
#   MAX_EDGES=30 proofs/erdos-star-regular.sh      # leave out boards with more edges
#   proofs/erdos-star-regular.sh table             # only the table, from the files
#   proofs/erdos-star-regular.sh certs [MAX_N] [MIN_N]   # the certificates
#
# Writes proofs/erdos-star-regular/N-D.jsonl.gz (one JSON line per graph)
# and the table proofs/erdos-star-regular.md. Needs nauty (Debian: nauty).
#
# `certs` writes instead, per (n, d), the family certificate (format 15,
# proofs/FORMAT.md) proofs/certs/erdos-star-regular-N-D.cert.gz: one
# Star-game certificate per graph that Alice does not win, from the same
# stream with `--cert`; the checker counts the family itself, so it does
# not trust geng. Then it rewrites the index proofs/CERTIFICATES.md
# (proofs/certs.sh), which proofs/check-all.sh checks. CERT_SKIP lists
# the (n, d) not written as N-D (default: the ones over two CPU minutes,
# 9-6 (47 MB gzipped, 219 s) and 10-4 (37 MB, about 260 s), both committed
# from a run of 2026-12-07, and 10-5, never written; and the ones the table
# has not run). `CERT_SKIP= proofs/erdos-star-regular.sh certs 10 9` writes them all.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = certs ]; then
  shift
  cargo build --release --quiet
  BIN=$PWD/target/release/ramsey-verify
  command -v nauty-geng >/dev/null || { echo "needs nauty-geng (apt-get install nauty)" >&2; exit 2; }
  SKIP=" ${CERT_SKIP:-9-6 9-8 10-4 10-5 10-6 10-7 10-8 10-9} "
  for n in $(seq "${2:-4}" "${1:-10}"); do
    for d in $(seq 2 $((n - 1))); do
      [ $((n * d % 2)) -eq 0 ] && [[ $SKIP != *" $n-$d "* ]] || continue
      file=proofs/certs/erdos-star-regular-$n-$d.cert.gz
      start=$(date +%s.%N)
      nauty-geng -cq -d"$d" -D"$d" "$n" \
        | "$BIN" erdos --game star --board @- --json-lines --winner-only --threads 1 --max-memory 3000 \
          --cert "$file.part.gz" > /dev/null
      mv "$file.part.gz" "$file"
      echo "n=$n d=$d: $(stat -c %s "$file") bytes, $(echo "$(date +%s.%N) - $start" | bc) s" >&2
    done
  done
  exec proofs/certs.sh
fi
TABLE_ONLY=false
if [ "${1:-}" = table ]; then TABLE_ONLY=true; set -- 0 1; fi
MAX=${1:-10}
MIN=${2:-4}
MAX_EDGES=${MAX_EDGES:-1000}
cargo build --release --quiet
BIN=$PWD/target/release/ramsey-verify
command -v nauty-geng >/dev/null || { echo "needs nauty-geng (apt-get install nauty)" >&2; exit 2; }
OUT=proofs/erdos-star-regular
mkdir -p "$OUT"
$TABLE_ONLY || for n in $(seq "$MIN" "$MAX"); do
  for d in $(seq 2 $((n - 1))); do
    [ $((n * d % 2)) -eq 0 ] || continue
    [ $((n * d / 2)) -le "$MAX_EDGES" ] || { echo "n=$n d=$d: left out (more than $MAX_EDGES edges)" >&2; continue; }
    file="$OUT/$n-$d.jsonl.gz"
    start=$(date +%s.%N)
    nauty-geng -cq -d"$d" -D"$d" "$n" \
      | "$BIN" erdos --game star --board @- --json-lines --winner-only --threads 1 \
      | gzip -9n > "$file.part"
    mv "$file.part" "$file"
    echo "n=$n d=$d: $(gzip -cd "$file" | wc -l) graphs, $(echo "$(date +%s.%N) - $start" | bc) s" >&2
  done
done

# The table: per (n, d), the graphs and who wins; every Alice win listed.
{
  echo "# Conjecture 7 (Cambie and Provoost): the Star game on connected regular graphs"
  echo
  echo "Written by \`proofs/erdos-star-regular.sh\` (nauty's \`geng -c -d d -D d n\` piped into"
  echo "\`ramsey-verify erdos --game star --board @- --json-lines --winner-only --threads 1\`);"
  echo "one JSON line per graph in \`proofs/erdos-star-regular/N-D.jsonl.gz\`. \"Bob\" means"
  echo "s_Delta(G) = 0 (a draw counts for Bob), \"Alice\" s_Delta(G) = 1. Seconds: the sum of"
  echo "the searches' own times (\`seconds\` of each game), one thread. Certified:"
  echo "the family certificate (format 15, \`proofs/certs/erdos-star-regular-N-D.cert.gz\`,"
  echo "written by \`proofs/erdos-star-regular.sh certs\`) that the checker accepts."
  echo
  echo "| n | d | graphs | Bob wins | Alice wins | seconds | certified | Alice's wins (graph6) |"
  echo "|---|---|---|---|---|---|---|---|"
  for file in $(ls "$OUT"/*.jsonl.gz | sort -t/ -k3 -V); do
    name=$(basename "$file" .jsonl.gz)
    certified=no
    if [ -f "proofs/certs/erdos-star-regular-$name.cert.gz" ]; then certified=yes
    elif grep -q "^  \"erdos-star-regular-$name.cert.gz|" proofs/certs.sh; then
      certified="yes (over 50 MB: not committed, its SHA-256 in CERTIFICATES.md)"
    fi
    gzip -cd "$file" | python3 -c '
import json, sys
n, d = sys.argv[1].split("-")
rows = [json.loads(line) for line in sys.stdin]
alice = [r["board"] for r in rows if r["games"][0]["winner"].startswith("Alice")]
bob = [r for r in rows if r["games"][0]["winner"].startswith("Bob")]
assert len(alice) + len(bob) == len(rows), "a winner that is neither"
secs = sum(r["games"][0]["seconds"] for r in rows)
shown = ", ".join("`%s`" % g for g in alice[:10]) + (" and %d more" % (len(alice) - 10) if len(alice) > 10 else "")
print("| %s | %s | %d | %d | %d | %.2f | %s | %s |" % (n, d, len(rows), len(bob), len(alice), secs, sys.argv[2], shown))
' "$name" "$certified"
  done
  echo
  missing=""
  for n in $(seq 4 10); do
    for d in $(seq 2 $((n - 1))); do
      if [ $((n * d % 2)) -eq 0 ] && [ ! -f "$OUT/$n-$d.jsonl.gz" ]; then missing="$missing ($n, $d)"; fi
    done
  done
  echo "Not run (too expensive so far; n <= 10):${missing:- none}."
  # A row stopped part way keeps its first graphs (in geng's order) as
  # N-D-first-K.jsonl, so a later run can start after them (tail -n +K+1).
  # Graphs of such a row run beyond a gap (one whose run stopped at the
  # memory cap, to be run again with a larger one) are in N-D-more.jsonl.
  for part in "$OUT"/*-first-*.jsonl "$OUT"/*-more.jsonl; do
    [ -e "$part" ] || continue
    name=$(basename "$part" .jsonl)
    case $name in
      *-more) what="further graphs, after a gap in geng's order" ;;
      *) what="the first $(wc -l < "$part") graphs of geng's order" ;;
    esac
    echo
    echo "Partly run: ($(cut -d- -f1 <<< "$name"), $(cut -d- -f2 <<< "$name")), $what: $(python3 -c '
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
print(", ".join("`%s` %s (%d positions)" % (r["board"], r["games"][0]["winner"].split(" (")[0], r["games"][0]["positions"]) for r in rows))
' "$part") (\`proofs/erdos-star-regular/$name.jsonl\`)."
  done
} > proofs/erdos-star-regular.md
cat proofs/erdos-star-regular.md
