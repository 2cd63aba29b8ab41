#!/usr/bin/env bash
# Runs COMMAND as a Slurm job array of N tasks (0 .. N-1) on a one-node Slurm cluster that this
# script starts on this machine, inside WORKDIR, and stops again before it exits.
#
# usage: slurm_array.sh WORKDIR N -- COMMAND...
#
# Every task runs COMMAND with $SLURM_ARRAY_TASK_ID (its index) and $SLURM_ARRAY_TASK_COUNT (N)
# in its environment. The words of COMMAND are passed as they are, except that the text
# $SLURM_ARRAY_TASK_ID or ${SLURM_ARRAY_TASK_ID} in a word (and the same for
# SLURM_ARRAY_TASK_COUNT) is replaced by its value, so that a caller can write
#   slurm_array.sh /tmp/w 3 -- gougechek batch m.yaml --out out/shard-\$SLURM_ARRAY_TASK_ID \
#                                  --shard \$SLURM_ARRAY_TASK_ID/3
# No other expansion happens. Tasks run as root, in the caller's working directory.
#
# Exit status: 0 when every task ended COMPLETED with exit code 0:0; 77 (ctest's skip code)
# when Slurm or MUNGE is not installed or this is not root, but 1 then too if the environment
# variable CI is set (CI installs them and runs as root, so there the test must run); 1
# otherwise, with the reason and the logs printed.
#
# Must run as root: the daemons run as SlurmUser=root. Everything the cluster needs (MUNGE key
# and socket, slurm.conf, state, spool, logs, pid files) is made in WORKDIR/cluster, which is
# wiped first. /etc/slurm, /etc/munge and any daemon of the system are never used or touched.
# A trap stops slurmd, slurmctld and munged on exit, whatever the way out.
set -euo pipefail

readonly submit_timeout=${GOUGECHEK_SLURM_TIMEOUT:-600}   # seconds for the whole array
readonly start_timeout=60     # seconds for the node to come up idle

log() { echo "slurm_array: $*" >&2; }
fail() { log "FAILED: $*"; exit 1; }

# --- Arguments and preconditions ----------------------------------------------------------------

usage() { echo "usage: $0 WORKDIR N -- COMMAND..." >&2; exit 2; }

[ $# -ge 4 ] && [ "$3" = "--" ] || usage
workdir=$1 tasks=$2
shift 3
command=("$@")
[[ $tasks =~ ^[1-9][0-9]*$ ]] || fail "N must be a positive integer, not '$tasks'"

# Skip (77) only when the programs are not there or this is not root (never under CI); anything
# else is a failure.
skip() {
  [ -z "${CI:-}" ] || fail "$* (and CI is set, so the test must run)"
  echo "SKIP: $*"
  exit 77
}
for program in munged munge unmunge slurmctld slurmd sbatch sinfo squeue scontrol scancel; do
  command -v "$program" >/dev/null ||
    skip "$program is not installed (Debian: apt-get install slurm-wlm munge)"
done
[ "$(id -u)" -eq 0 ] || skip "not root: the test cluster runs its daemons as root"

mkdir -p "$workdir"
workdir=$(cd "$workdir" && pwd)
cluster=$workdir/cluster
# A Unix socket's path is at most 107 bytes long; slurm.conf takes no blanks in paths.
[ ${#cluster} -le 80 ] || fail "WORKDIR is too long for a socket path: $cluster"
[[ $cluster != *[[:space:]]* ]] || fail "WORKDIR has a blank in it: $cluster"

# A tag in the environment of the Slurm daemons and of the job: whatever carries it was started
# by this run, so that stop_cluster can find a job step left behind without guessing by name.
readonly tag="GOUGECHEK_SLURM_ARRAY_RUN=$cluster.$$"

# Pids of the daemons started here, so that the trap stops these and nothing else.
# (Each daemon also writes its pid file in WORKDIR/cluster, with the same pid.)
munged_pid="" slurmctld_pid="" slurmd_pid="" job_id=""

# --- Stopping -----------------------------------------------------------------------------------

# Sends SIGTERM to PID, waits up to 15 s for it to exit, then SIGKILL.
stop_process() {
  local name=$1 pid=$2
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 150); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "$name (pid $pid) ignored SIGTERM; killing it"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  wait "$pid" 2>/dev/null || true
}

# Prints the pids of the live processes that carry the tag, but for the daemons and the helper
# slurmctld forks (slurmscriptd): the job's slurmstepd and the tasks under it. (A zombie's
# environment reads empty.)
tagged_processes() {
  local file pid parent
  for file in $(grep -lzxF "$tag" /proc/[0-9]*/environ 2>/dev/null); do
    pid=${file#/proc/}
    pid=${pid%/environ}
    parent=$(awk '$1 == "PPid:" {print $2}' "/proc/$pid/status" 2>/dev/null || true)
    case " $slurmctld_pid $slurmd_pid " in *" $pid "*) continue ;; esac
    [ "$parent" != "$slurmctld_pid" ] || continue
    echo "$pid"
  done
  return 0
}

# Waits up to SECONDS seconds for the job's processes to end; true if they did.
wait_for_job_processes() {
  local deadline=$((SECONDS + $1))
  while [ -n "$(tagged_processes)" ]; do
    [ $SECONDS -lt $deadline ] || return 1
    sleep 0.2
  done
}

# Kills what is left of the job's processes once the daemons are gone.
kill_job_processes() {
  local pid
  for pid in $(tagged_processes); do
    log "killing leftover process $pid: $({ tr '\0' ' ' <"/proc/$pid/cmdline"; } 2>/dev/null)"
    kill -KILL "$pid" 2>/dev/null || true
  done
  wait_for_job_processes 5 || log "processes still there: $(tagged_processes)"
}

# The EXIT trap: cancels the job if it is still there and waits for its processes (slurmstepd
# too, which reports to the daemons as it ends), then stops slurmd, slurmctld and munged,
# keeping the exit status.
stop_cluster() {
  local status=$?
  trap - EXIT
  if [ -n "$job_id" ] && [ -n "$slurmctld_pid" ] && kill -0 "$slurmctld_pid" 2>/dev/null; then
    if [ -n "$(squeue -h -j "$job_id" -o %i 2>/dev/null)" ]; then
      timeout 10 scancel "$job_id" 2>/dev/null || true
    fi
    wait_for_job_processes 15 || true
  fi
  stop_process slurmd "$slurmd_pid"
  stop_process slurmctld "$slurmctld_pid"
  kill_job_processes
  stop_process munged "$munged_pid"
  exit "$status"
}
trap stop_cluster EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Prints the daemons' logs, for a failure: their standard output and error, which hold what
# they log (-D, -F) and what they say before their log file is open.
print_logs() {
  local file
  for file in "$cluster"/log/*.out; do
    [ -f "$file" ] || continue
    echo "----- $file (last 40 lines)" >&2
    tail -n 40 "$file" >&2
  done
}

# --- MUNGE --------------------------------------------------------------------------------------

# Starts munged with its own key, socket, pid, log and seed files; waits until it answers.
start_munge() {
  # munged refuses a key that others can read, and a key or socket directory that others can
  # write; the socket's directory must be searchable by all.
  install -d -m 0755 "$cluster/munge"
  dd if=/dev/urandom of="$cluster/munge/munge.key" bs=1024 count=1 status=none
  chmod 0400 "$cluster/munge/munge.key"
  munge_socket=$cluster/munge/munge.socket
  # -F: stays a child of this script, so that its pid is $! and it cannot outlive the trap; it
  # logs to its standard error then (munged.out), not to a log file.
  # -f: runs even if a directory above WORKDIR is writable by its group (a umask of 002).
  munged -F -f --socket="$munge_socket" --key-file="$cluster/munge/munge.key" \
    --pid-file="$cluster/munge/munged.pid" --seed-file="$cluster/munge/munged.seed" \
    </dev/null >>"$cluster/log/munged.out" 2>&1 &
  munged_pid=$!
  for _ in $(seq 100); do
    if munge -S "$munge_socket" -n 2>/dev/null | unmunge -S "$munge_socket" >/dev/null 2>&1; then
      return 0
    fi
    kill -0 "$munged_pid" 2>/dev/null || { print_logs; fail "munged exited at start"; }
    sleep 0.1
  done
  print_logs
  fail "munged does not answer on $munge_socket"
}

# --- Slurm --------------------------------------------------------------------------------------

# Prints a TCP port from PORT .. PORT+199 that nothing listens on, starting at a random one.
free_port() {
  local base=$1 offset port
  for offset in $(shuf -i 0-199); do
    port=$((base + offset))
    ss -Htln "sport = :$port" 2>/dev/null | grep -q . && continue
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && continue
    echo "$port"
    return 0
  done
  fail "no free TCP port in $base .. $((base + 199))"
}

# Writes slurm.conf (and an empty plugstack.conf, so that /etc/slurm's is not read) for one
# node, this machine, in one partition, without accounting.
write_slurm_conf() {
  local node ctld_port slurmd_port
  node=$(hostname -s)
  ctld_port=$(free_port 46800)
  slurmd_port=$(free_port 47000)
  mkdir -p "$cluster/state" "$cluster/spool" "$cluster/job"
  : >"$cluster/plugstack.conf"
  cat >"$cluster/slurm.conf" <<EOF
# Written by tests/slurm/slurm_array.sh for one run; removed by the next.
ClusterName=gougechek-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$munge_socket
StateSaveLocation=$cluster/state
SlurmdSpoolDir=$cluster/spool
SlurmctldPidFile=$cluster/slurmctld.pid
SlurmdPidFile=$cluster/slurmd.pid
SlurmctldLogFile=$cluster/log/slurmctld.log
SlurmdLogFile=$cluster/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$cluster/plugstack.conf
MailProg=/bin/true
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
# One CPU per task, so that the array's tasks run side by side on the node's CPUs.
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
# The job records outlive the wait for the array, for the per-task check.
MinJobAge=$((submit_timeout + 60))
# The scheduler looks at pending array tasks every second, not every minute.
SchedulerParameters=sched_interval=1
# The node as configured here, even if the hardware says more.
SlurmdParameters=config_overrides
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=1024 State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
  node_name=$node
}

# Starts slurmctld and slurmd in the foreground as children of this script (-D), so that their
# pids are known and they go with it; they log to their files and to log/*.out. Waits until
# sinfo shows the node idle.
start_slurm() {
  env "$tag" slurmctld -D -f "$SLURM_CONF" </dev/null >>"$cluster/log/slurmctld.out" 2>&1 &
  slurmctld_pid=$!
  env "$tag" slurmd -D -f "$SLURM_CONF" </dev/null >>"$cluster/log/slurmd.out" 2>&1 &
  slurmd_pid=$!
  local state="" deadline=$((SECONDS + start_timeout))
  while [ $SECONDS -lt $deadline ]; do
    kill -0 "$slurmctld_pid" 2>/dev/null || { print_logs; fail "slurmctld exited at start"; }
    kill -0 "$slurmd_pid" 2>/dev/null || { print_logs; fail "slurmd exited at start"; }
    state=$(sinfo -h -N -n "$node_name" -o %T 2>/dev/null || true)
    [ "$state" = idle ] && return 0
    sleep 0.5
  done
  print_logs
  fail "node $node_name is not idle after ${start_timeout} s (state: '${state:-no answer}')"
}

# --- The job array ------------------------------------------------------------------------------

# Writes the batch script: COMMAND's words, quoted, with the task's index put in; the exit
# status goes to a file per task as well, for check_tasks.
write_batch_script() {
  local quoted
  quoted=$(printf '%q ' "${command[@]}")
  cat >"$cluster/job/array.sbatch" <<EOF
#!/bin/bash
#SBATCH --job-name=gougechek-array
#SBATCH --output=$cluster/job/task-%a.out
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
set -u
command=($quoted)
for i in "\${!command[@]}"; do
  for name in SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_COUNT; do
    command[i]=\${command[i]//"\\\${\$name}"/\${!name}}
    command[i]=\${command[i]//"\\\$\$name"/\${!name}}
  done
done
status=0
"\${command[@]}" || status=\$?
echo "\$status" >"$cluster/job/task-\$SLURM_ARRAY_TASK_ID.status"
exit "\$status"
EOF
}

# Submits the array and waits, bounded by submit_timeout, until none of its tasks is pending,
# running or completing. (Not sbatch --wait: it polls at 2, 10, 42, 74... s, so a task of 8 s
# took 43 s; squeue every second is as strict and ends on time.)
run_array() {
  env "$tag" timeout 60 sbatch --parsable --array="0-$((tasks - 1))" "$cluster/job/array.sbatch" \
    >"$cluster/job/sbatch.out" 2>"$cluster/job/sbatch.err" || true
  job_id=$(head -n 1 "$cluster/job/sbatch.out" | cut -d ';' -f 1)
  if ! [[ $job_id =~ ^[0-9]+$ ]]; then
    cat "$cluster/job/sbatch.err" >&2
    print_logs
    fail "sbatch did not submit the array"
  fi
  local deadline=$((SECONDS + submit_timeout))
  while [ -n "$(squeue -h -j "$job_id" -o %i 2>/dev/null || echo unknown)" ]; do
    if [ $SECONDS -ge $deadline ]; then
      print_logs
      fail "array job $job_id did not end within ${submit_timeout} s"
    fi
    sleep 1
  done
}

# Checks each task: COMPLETED with ExitCode=0:0 in slurmctld's record, and a status file of 0.
# Prints the output of each task that failed.
check_tasks() {
  local id record state exit_code file_status failed=0
  for id in $(seq 0 $((tasks - 1))); do
    record=$(scontrol -o show job "${job_id}_$id" 2>/dev/null || true)
    state=$(grep -o 'JobState=[A-Z_]*' <<<"$record" | cut -d = -f 2 || true)
    exit_code=$(grep -o ' ExitCode=[0-9:]*' <<<"$record" | cut -d = -f 2 || true)
    file_status=$(cat "$cluster/job/task-$id.status" 2>/dev/null || echo none)
    if [ "$state" = COMPLETED ] && [ "$exit_code" = 0:0 ] && [ "$file_status" = 0 ]; then
      continue
    fi
    failed=1
    log "task $id: state ${state:-unknown}, exit code ${exit_code:-unknown}, status $file_status"
    echo "----- output of task $id ($cluster/job/task-$id.out)" >&2
    cat "$cluster/job/task-$id.out" >&2 2>/dev/null || echo "(no output file)" >&2
  done
  [ "$failed" -eq 0 ] || fail "array job $job_id: a task failed"
}

# Fails if a daemon of an earlier run on this WORKDIR is still running (its pid file names a live
# process started with this cluster's files): wiping its files under it would orphan it.
check_no_earlier_cluster() {
  local file pid
  for file in "$cluster/munge/munged.pid" "$cluster/slurmctld.pid" "$cluster/slurmd.pid"; do
    pid=$(cat "$file" 2>/dev/null) || continue
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || continue
    { tr '\0' ' ' <"/proc/$pid/cmdline"; } 2>/dev/null | grep -qF "$cluster/" || continue
    fail "a daemon of an earlier run is still running (pid $pid, $file); stop it first"
  done
}

# --- Main ---------------------------------------------------------------------------------------

check_no_earlier_cluster
rm -rf "$cluster"
mkdir -p "$cluster/log"
start_munge
write_slurm_conf
export SLURM_CONF=$cluster/slurm.conf
start_slurm
log "node $node_name idle after ${SECONDS} s; submitting $tasks tasks"
write_batch_script
run_array
check_tasks
log "all $tasks tasks of array job $job_id COMPLETED with exit code 0:0 (${SECONDS} s in all)"
