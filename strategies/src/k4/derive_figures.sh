#!/usr/bin/env bash
# Derives the data of the paper's missing Figures 5 and 6 (Bowler & Gut,
# Section 4, Stages 5 and 6): the positions after round 5 (Figure 5) and
# round 4 (Figure 6), up to isomorphism, in which the regular strategy
# `k4-regular` is still in Stage 2 (where the paper's switch is checked) and
# from which the second player beats it. Writes figure5.g6 and figure6.g6
# next to this script: one `RED:BLUE` graph6 pair per line, with the play
# order, the degrees (vertex:F/S) and the failure in a comment.
#
#   strategies/src/k4/derive_figures.sh          # both figures
#   strategies/src/k4/derive_figures.sh 5        # only Figure 5 (round 5)
set -euo pipefail
cd "$(dirname "$0")/../../.."
cargo build --release --quiet
BIN=target/release/ramsey-verify
rounds=("${@:-5 4}")
for round in ${rounds[*]}; do
  figure=$((round == 5 ? 5 : 6))
  command="ramsey-verify refute --strategy k4-regular --at-round $round --phase 'stage 2' --bound 21 --json"
  nice "$BIN" refute --strategy k4-regular --at-round "$round" --phase "stage 2" --bound 21 --threads "${THREADS:-2}" --json |
    python3 -c '
import json, sys
r = json.load(sys.stdin)
print("# Figure %s: %d positions after round %d, derived by" % (sys.argv[1], r["count"], r["round"]))
print("#   " + sys.argv[2])
print("# (strategies/src/k4/derive_figures.sh). Format: RED:BLUE graph6 pair; comment: play order, degrees.")
for c in r["classes"]:
    order = " ".join("%d-%d" % (u, v) for u, v in c["edges_in_play_order"])
    degrees = " ".join("%d:%d/%d" % (i, d["f"], d["s"]) for i, d in enumerate(c["degrees"]))
    print("%s  # play %s; degrees %s; %s in %d" % (c["graph6"], order, degrees, c["failure"], c["his_moves_after"]))
' "$figure" "$command" > "strategies/src/k4/figure$figure.g6"
done
