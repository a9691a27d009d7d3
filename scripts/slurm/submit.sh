#!/usr/bin/env bash
# Submits a split search to Slurm: a job array of its jobs (at most P
# running at once) and the merge, which starts once every task succeeded.
#
#   scripts/slurm/submit.sh DIR [P] [SBATCH OPTIONS...]
#
# Prints the array's and the merge's job ids. DIR must be on a file system
# the compute nodes see. Slurm's MaxArraySize (default 1001) bounds the
# number of jobs per array: split with --jobs below it. A layered folder
# (split --layers) is submitted as one array per step (its shards), each
# starting once the step before succeeded (--dependency=afterok), then
# the merge.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=$(cd "${1:?usage: $0 DIR [P] [SBATCH OPTIONS...]}" && pwd)
running=${2:-64}
shift $(( $# < 2 ? $# : 2 ))
bin=${RAMSEY_VERIFY:-ramsey-verify}
status=$("$bin" jobs "$dir" --json)
total=$(echo "$status" | sed -n 's/.*"total":\([0-9]*\).*/\1/p')
steps=$(echo "$status" | sed -n 's/.*"steps":\([0-9]*\).*/\1/p')
cd "$dir"
if [ -n "$steps" ]; then
  shards=$((total / steps))
  after=()
  for step in $(seq 0 $((steps - 1))); do
    array=$(sbatch --parsable "$@" --export=ALL,RAMSEY_JOB_OFFSET=$((step * shards)) "${after[@]}" \
      --array="0-$((shards - 1))%$running" "$here/job-array.sbatch" "$dir")
    after=(--dependency="afterok:${array%%;*}")
  done
  merge=$(sbatch --parsable "$@" --export=ALL "${after[@]}" "$here/merge.sbatch" "$dir")
  echo "$steps arrays of $shards jobs, chained, merge $merge"
  exit
fi
array=$(sbatch --parsable "$@" --export=ALL --array="0-$((total - 1))%$running" "$here/job-array.sbatch" "$dir")
merge=$(sbatch --parsable "$@" --export=ALL --dependency="afterok:${array%%;*}" "$here/merge.sbatch" "$dir")
echo "array ${array%%;*} ($total jobs, at most $running at once), merge $merge"
