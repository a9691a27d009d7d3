#!/usr/bin/env bash
# End to end on a one-machine Slurm (single-node.sh; root, Debian): split
# Sim (misere K3 on K6) into jobs, submit the array and the merge
# (submit.sh), wait for the merge, and require the checker's VALID and one
# process's position count; then the same for a layered split (an array
# per step, chained); the Slurm daemons are stopped at the end.
# CI runs it (.ci/run); RAMSEY_VERIFY defaults to target/release/ramsey-verify.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${RAMSEY_VERIFY:-$root/target/release/ramsey-verify}
work=$(mktemp -d /tmp/ramsey-slurm-test.XXXXXX)
trap '"$root/scripts/slurm/single-node.sh" down "$work/slurm"; rm -rf "$work"' EXIT
"$root/scripts/slurm/single-node.sh" up "$work/slurm"
export SLURM_CONF=$work/slurm/slurm.conf RAMSEY_VERIFY=$bin
"$bin" split --rules misere --target K3 --board 6 --jobs 8 --keys --out "$work/sim"
submitted=$("$root/scripts/slurm/submit.sh" "$work/sim" 2)
echo "$submitted"
merge=${submitted##* }
for _ in $(seq 600); do
  reason=$(squeue -h -j "$merge" -o %r 2>/dev/null || true)
  [ -z "$reason" ] && break
  [ "$reason" = DependencyNeverSatisfied ] && { echo "a job of the array failed" >&2; exit 1; }
  sleep 1
done
log=$(ls "$work"/sim/ramsey-merge-*.out)
cat "$log"
positions=$("$bin" solve --rules misere --target K3 --board 6 --json | sed -n 's/.*"positions":\([0-9]*\).*/\1/p')
grep -q "^VALID: blue wins" "$log"
grep -q "positions: $positions distinct" "$log"
# The layered split: one array per step, chained, then the merge.
"$bin" split --rules misere --target K3 --board 4 --layers --shards 2 --out "$work/layers"
submitted=$("$root/scripts/slurm/submit.sh" "$work/layers" 2)
echo "$submitted"
merge=${submitted##* }
for _ in $(seq 600); do
  reason=$(squeue -h -j "$merge" -o %r 2>/dev/null || true)
  [ -z "$reason" ] && break
  [ "$reason" = DependencyNeverSatisfied ] && { echo "a job of a layered step failed" >&2; exit 1; }
  sleep 1
done
log=$(ls "$work"/layers/ramsey-merge-*.out)
cat "$log"
positions=$("$bin" solve --rules misere --target K3 --board 4 --json | sed -n 's/.*"positions":\([0-9]*\).*/\1/p')
grep -q "^VALID" "$log"
grep -q "positions: $positions distinct" "$log"
echo "slurm test: passed"
