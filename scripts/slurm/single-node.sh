#!/usr/bin/env bash
# A one-machine Slurm for trying the scripts here: munge, slurmctld and
# slurmd on this host, everything under one state folder; and its removal.
#
#   scripts/slurm/single-node.sh up [STATE]     # then: export SLURM_CONF=STATE/slurm.conf
#   scripts/slurm/single-node.sh down [STATE]
#
# STATE defaults to /tmp/ramsey-slurm. Needs root and Debian's packages
# `slurm-wlm` and `munge` (`up` installs them with apt-get if missing).
# Nothing outside STATE is changed but munge's key (/etc/munge/munge.key,
# made by the munge package) and munged's socket in /run/munge.
set -euo pipefail
action=${1:?usage: $0 up|down [STATE]}
state=${2:-/tmp/ramsey-slurm}
host=$(hostname -s)

down() {
  for daemon in slurmd slurmctld munged; do
    if [ -f "$state/$daemon.pid" ]; then
      pid=$(cat "$state/$daemon.pid")
      kill "$pid" 2>/dev/null || true
      # Wait for it to go: slurmctld saves its state on the way out.
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      rm -f "$state/$daemon.pid"
    fi
  done
  rm -rf "$state"
}

up() {
  command -v slurmctld >/dev/null && command -v munged >/dev/null ||
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge; }
  mkdir -p "$state"/{spool,ctld,log} /run/munge
  [ -f /etc/munge/munge.key ] || { mungekey --create 2>/dev/null || create-munge-key; }
  munged --force --pid-file="$state/munged.pid"
  cat >"$state/slurm.conf" <<CONF
ClusterName=ramsey
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/log/slurmctld.log
SlurmdLogFile=$state/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF="$state/slurm.conf"
  slurmctld -f "$SLURM_CONF"
  slurmd -f "$SLURM_CONF"
  for _ in $(seq 30); do
    sinfo -h -o %T 2>/dev/null | grep -q idle && { echo "slurm up: export SLURM_CONF=$SLURM_CONF"; return; }
    sleep 1
  done
  echo "slurm did not come up: see $state/log/" >&2
  exit 1
}

case $action in
  up) up ;;
  down) down ;;
  *) echo "usage: $0 up|down [STATE]" >&2; exit 2 ;;
esac
