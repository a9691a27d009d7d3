#!/usr/bin/env bash
# Regenerates the run summaries in proofs/: one JSON file per run, holding the
# engine's report (verdict, max_moves, positions, seconds, stats per stage,
# the counterexample or a longest line) plus the machine and the command.
#
#   proofs/regenerate.sh            # every run listed below
#   proofs/regenerate.sh k4-inf-21  # only the named runs
#
# Each summary also gets "resources": wall and CPU seconds and peak memory
# (GNU time, /usr/bin/time) and the load average at the start. THREADS (default 1) sets --threads;
# the memory cap is --max-memory's default (half the machine; the largest run here peaks at
# about 370 MB; docs/cli-reference.md, Limits). Verdicts,
# lines and counts do not depend on either, but a refuted run with 2 threads can
# take minutes where the sequential one takes a second (see
# strategies/src/k4/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
BIN=target/release/ramsey-verify
THREADS=${THREADS:-1}
MACHINE="$(uname -sm); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); $(nproc) cores"

# name | arguments
RUNS=(
  "k3-inf-4|verify --strategy k3 --board inf --bound 4"
  "k3-5-4|verify --strategy k3 --board 5 --bound 4"
  "k3-4-4|verify --strategy k3 --board 4 --bound 4"
  "k3-inf-3|verify --strategy k3 --board inf --bound 3"
  "k4-regular-inf-21-shortest|verify --strategy k4-regular --board inf --bound 21 --shortest"
  "k4-beck-l4-inf-21-shortest|verify --strategy k4-beck-l4 --board inf --bound 21 --shortest"
  "figures-k4-regular|refute --strategy k4-regular --at-round 5 --at-round 4 --phase 'stage 2' --bound 21"
  "k4-regular-inf-21|verify --strategy k4-regular --board inf --bound 21"
  "k4-beck-l4-inf-21|verify --strategy k4-beck-l4 --board inf --bound 21"
  "k4-inf-21|verify --strategy k4 --board inf --bound 21"
  "k4-17-21|verify --strategy k4 --board 17 --bound 21"
  "k4-repaired-inf-21|verify --strategy k4-repaired --board inf --bound 21"
  "k4-fresh-p-inf-21|verify --strategy k4-fresh-p --board inf --bound 21"
  "k4-other-hub-inf-21|verify --strategy k4-other-hub --board inf --bound 21"
  "k4-forcing-inf-21|verify --strategy k4-forcing --board inf --bound 21"
  "k4-forcing-fresh-p-inf-21|verify --strategy k4-forcing-fresh-p --board inf --bound 21"
  "k4-failures-inf|refute --strategy k4 --at-round 4 --at-round 5 --bound 21"
  "k4-failures-inf-stage2|refute --strategy k4 --at-round 5 --phase 'stage 2' --bound 21"
  "k4-failures-inf-stage3|refute --strategy k4 --at-round 5 --phase 'stage 3' --bound 21"
  "k4-failures-17-stage2|refute --strategy k4 --board 17 --at-round 5 --phase 'stage 2' --bound 21"
  "k4-failures-17-stage3|refute --strategy k4 --board 17 --at-round 5 --phase 'stage 3' --bound 21"
  "k4-forcing-failures-inf|refute --strategy k4-forcing --at-round 4 --bound 21"
  "k4-guarded-inf-21|verify --strategy k4-guarded --board inf --bound 21 --shortest --max-positions 20000000"
  "k4-guarded-failures-inf|refute --strategy k4-guarded --at-round 4 --bound 21"
  "k4-patched-inf-21|verify --strategy k4-patched --board inf --bound 21"
  "k4-patched-17-21|verify --strategy k4-patched --board 17 --bound 21"
  "k4-patched-16-21|verify --strategy k4-patched --board 16 --bound 21"
  "k4-as-written-some-inf-21|verify --strategy k4-as-written --board inf --bound 21 --choices some"
  "k4-as-written-some-17-21|verify --strategy k4-as-written --board 17 --bound 21 --choices some"
  "k4-as-written-all-inf-21|verify --strategy k4-as-written --board inf --bound 21 --choices all"
  "k4-as-written-all-17-21|verify --strategy k4-as-written --board 17 --bound 21 --choices all"
  "k4-game-no-win-within-10|solve --g6 '?:?' --budget 10 --clique 4 --board inf"
  "k4-game-no-win-within-11|solve --g6 '?:?' --budget 11 --clique 4 --board inf"
)

# Long runs, made only when named: 9-Sim's length, the two tests that pin it
# (blue wins within 31 plies: about 5 CPU minutes, 1.4 GB; not within 29: about
# 40 CPU minutes, 11 GB, so a cap of 20000 MiB).
NAMED_ONLY=(
  "sim9-within-31|solve --rules misere --board 9 --target K3 --within-plies 31 --player blue --max-memory 6000"
  "sim9-within-29|solve --rules misere --board 9 --target K3 --within-plies 29 --player blue --max-memory 20000"
)

run() {
  local name=$1 args=$2
  local command="ramsey-verify $args --threads $THREADS --json"
  local usage load
  usage=$(mktemp)
  # The 1-minute load average when the run starts: on a shared machine the
  # wall (and to a lesser degree CPU) seconds depend on it.
  load=$(cut -d' ' -f1 /proc/loadavg)
  echo "== $name: $command" >&2
  # $args is shell words (it may quote a value with spaces), hence eval.
  # GNU time records wall time, CPU time and peak memory of the run.
  eval "nice /usr/bin/time -f '%e %U %S %M' -o \"\$usage\" \"\$BIN\" $args --threads \"\$THREADS\" --json" |
    python3 -c 'import json,sys; rs=[json.loads(l) for l in sys.stdin if l.strip()]; r=rs[0] if len(rs)==1 else {"runs": rs}; r["machine"]=sys.argv[1]; r["command"]=sys.argv[2]; w,u,s,m=open(sys.argv[3]).read().split()[-4:]; r["resources"]={"wall_seconds":float(w),"cpu_seconds":round(float(u)+float(s),2),"peak_rss_mb":round(int(m)/1024,1),"load_average":float(sys.argv[4])}; print(json.dumps(r, indent=1))' \
      "$MACHINE" "$command" "$usage" "$load" > "proofs/$name.json"
  rm -f "$usage"
}

for entry in "${RUNS[@]}"; do
  name=${entry%%|*}
  if [ $# -eq 0 ] || [[ " $* " == *" $name "* ]]; then
    run "$name" "${entry#*|}"
  fi
done
for entry in "${NAMED_ONLY[@]}"; do
  name=${entry%%|*}
  if [[ " $* " == *" $name "* ]]; then
    run "$name" "${entry#*|}"
  fi
done

# Where each reading of the Figure 6 entry runs out under k4-as-written
# (every other open choice hers, --choices some): printed by a test.
if [ $# -eq 0 ] || [[ " $* " == *" k4-as-written-readings "* ]]; then
  echo "== k4-as-written-readings: cargo test --release --test k4_open_choices every_reading -- --nocapture" >&2
  cargo test --release --quiet --test k4_open_choices every_reading -- --nocapture 2>/dev/null |
    grep -E '^(reading |end: | *[0-9]+\. |$)' | sed -n '/^reading 0/,$p' > proofs/k4-as-written-readings.txt
fi

# The five Figure 6 positions under k4-as-written, --choices some: the value
# of each of her options at her 5th move (printed by a test).
if [ $# -eq 0 ] || [[ " $* " == *" k4-as-written-figure6 "* ]]; then
  echo "== k4-as-written-figure6: cargo test --release --test k4_open_choices figure6_positions_under -- --nocapture" >&2
  cargo test --release --quiet --test k4_open_choices figure6_positions_under -- --nocapture 2>/dev/null |
    grep -E '^[^ ]+: [0-9]+ options' > proofs/k4-as-written-figure6.txt
fi
if [ $# -eq 0 ] || [[ " $* " == *" k4-regular-failure-classes "* ]]; then
  dir=docs/figures/k4-regular-failure-classes
  echo "== k4-regular-failure-classes: refute --strategy k4-regular --at-round 5 --at-round 4 --phase 'stage 2' --bound 21 --svg-dir $dir" >&2
  nice "$BIN" refute --strategy k4-regular --at-round 5 --at-round 4 --phase 'stage 2' --bound 21 \
    --threads "$THREADS" --svg-dir "$dir" > "$dir/classes.txt"
fi

# Certificates of the k4-as-written runs (format version 4, proofs/FORMAT.md):
# under --choices some his tree against every option she is given, under
# --choices all the losing line with her choices. Check: ramsey-verify check FILE.
for m in some all; do
  for b in inf 17; do
    name=k4-as-written-$m-$b-21
    if [ $# -eq 0 ] || [[ " $* " == *" $name.cert "* ]]; then
      echo "== $name.cert" >&2
      "$BIN" verify --strategy k4-as-written --board "$b" --bound 21 --choices "$m" --threads 1 \
        --cert "proofs/$name.cert" > /dev/null
    fi
  done
done

# The certificates of issue 25 (proofs/certs/) and the index of every
# certificate, proofs/CERTIFICATES.md, are regenerated by proofs/certs.sh.
