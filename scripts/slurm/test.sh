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
# Splits misere K3 on K_$1 into $work/$2 with the split flags after $3,
# submits it (submit.sh), waits for the merge, and requires the checker's
# line starting with $3 and one process's position count.
split_submit_check() {
  local board=$1 name=$2 valid=$3
  shift 3
  "$bin" split --rules misere --target K3 --board "$board" "$@" --out "$work/$name"
  local submitted merge reason log positions
  submitted=$("$root/scripts/slurm/submit.sh" "$work/$name" 2)
  echo "$submitted"
  merge=${submitted##* }
  for _ in $(seq 600); do
    reason=$(squeue -h -j "$merge" -o %r 2>/dev/null || true)
    [ -z "$reason" ] && break
    [ "$reason" = DependencyNeverSatisfied ] && { echo "a job of $work/$name failed" >&2; exit 1; }
    sleep 1
  done
  log=$(ls "$work/$name"/ramsey-merge-*.out)
  cat "$log"
  positions=$("$bin" solve --rules misere --target K3 --board "$board" --json | sed -n 's/.*"positions":\([0-9]*\).*/\1/p')
  grep -q "^$valid" "$log"
  grep -q "positions: $positions distinct" "$log"
}
split_submit_check 6 sim "VALID: blue wins" --jobs 8 --keys
# The layered split: one array per step, chained, then the merge.
split_submit_check 4 layers VALID --layers --shards 2
echo "slurm test: passed"
