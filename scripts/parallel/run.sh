#!/usr/bin/env bash
# Runs every job of a split search with GNU parallel, then shows the
# progress, merges the jobs into one certificate and checks it.
#
#   scripts/parallel/run.sh DIR [SLOTS] [PARALLEL OPTIONS...]
#
# DIR: a folder made by `ramsey-verify split`. SLOTS: jobs at once
# (default: the cores here). Further options go to parallel, e.g.
# `--sshloginfile hosts` to run across machines (DIR must then be on a
# file system every host sees, at the same path, and ramsey-verify of the
# same version on every host's PATH).
#
# Restartable: parallel's job log (DIR/parallel.joblog) with
# --resume-failed skips the jobs that finished and reruns the failed ones,
# and `ramsey-verify job` itself skips a job whose result is there, so a
# run cut off anywhere is finished by running this again.
# A layered folder (split --layers) runs step by step: the jobs of one
# step at once, each step after the one before has finished (one job log
# per step, DIR/parallel.joblog.K).
# RAMSEY_VERIFY: the program (default: ramsey-verify on the PATH).
set -euo pipefail
dir=${1:?usage: $0 DIR [SLOTS] [PARALLEL OPTIONS...]}
slots=${2:-$(nproc)}
shift $(( $# < 2 ? $# : 2 ))
bin=${RAMSEY_VERIFY:-ramsey-verify}
status=$("$bin" jobs "$dir" --json)
total=$(echo "$status" | sed -n 's/.*"total":\([0-9]*\).*/\1/p')
steps=$(echo "$status" | sed -n 's/.*"steps":\([0-9]*\).*/\1/p')
if [ -n "$steps" ]; then
  shards=$((total / steps))
  for step in $(seq 0 $((steps - 1))); do
    seq $((step * shards)) $((step * shards + shards - 1)) |
      parallel -j "$slots" --joblog "$dir/parallel.joblog.$step" --resume-failed --halt now,fail=1 "$@" \
        "$bin" job "$dir" {} --threads 1 >>"$dir/parallel.out"
  done
else
  seq 0 $((total - 1)) |
    parallel -j "$slots" --joblog "$dir/parallel.joblog" --resume-failed --halt never "$@" \
      "$bin" job "$dir" {} --threads 1 >"$dir/parallel.out"
fi
"$bin" jobs "$dir"
# Games whose jobs write no certificates (Erdős' games) merge without one.
if grep -q '"certificates": true' "$dir/manifest.json"; then
  "$bin" merge "$dir" --cert "$dir/merged.cert"
  "$bin" check "$dir/merged.cert"
else
  "$bin" merge "$dir"
fi
