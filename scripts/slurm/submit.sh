#!/usr/bin/env bash
# Submits a split search to Slurm: a job array of its jobs (at most P
# running at once) and the merge, which starts once every task succeeded.
#
#   scripts/slurm/submit.sh DIR [P] [SBATCH OPTIONS...]
#
# Prints the array's and the merge's job ids. DIR must be on a file system
# the compute nodes see. Slurm's MaxArraySize (default 1001) bounds the
# number of jobs per array: split with --jobs below it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=$(cd "${1:?usage: $0 DIR [P] [SBATCH OPTIONS...]}" && pwd)
running=${2:-64}
shift $(( $# < 2 ? $# : 2 ))
bin=${RAMSEY_VERIFY:-ramsey-verify}
total=$("$bin" jobs "$dir" --json | sed -n 's/.*"total":\([0-9]*\).*/\1/p')
cd "$dir"
array=$(sbatch --parsable "$@" --export=ALL --array="0-$((total - 1))%$running" "$here/job-array.sbatch" "$dir")
merge=$(sbatch --parsable "$@" --export=ALL --dependency="afterok:${array%%;*}" "$here/merge.sbatch" "$dir")
echo "array ${array%%;*} ($total jobs, at most $running at once), merge $merge"
