#!/usr/bin/env bash
# The ctest slurm.toy_array: a job array of 3 tasks on the one-node Slurm of slurm_array.sh, each
# task writing its index to a file of its own; then checks that every file is there and right.
# usage: toy_array.sh WORKDIR   (emptied first; 77, the skip code, as slurm_array.sh skips)
set -euo pipefail
work=$1 tasks=3
rm -rf "$work"
mkdir -p "$work/out"
status=0
# The whole Slurm run, the daemons' start and stop included, is bounded well within ctest's
# TIMEOUT, whose SIGKILL no trap sees: timeout(1) sends SIGTERM, on which slurm_array.sh stops
# the daemons (its trap), and SIGKILL 90 s later if it is still running.
timeout -k 90 450 "$(dirname "$0")/slurm_array.sh" "$work" "$tasks" -- \
  sh -c 'echo "task $SLURM_ARRAY_TASK_ID of $SLURM_ARRAY_TASK_COUNT" >"$1/task-$SLURM_ARRAY_TASK_ID.txt"' \
  toy "$work/out" || status=$?
[ "$status" -ne 124 ] || echo "FAILED: the Slurm run took more than 450 s"
[ "$status" -eq 0 ] || exit "$status"
for id in $(seq 0 $((tasks - 1))); do
  file=$work/out/task-$id.txt
  [ "$(cat "$file" 2>/dev/null)" = "task $id of $tasks" ] ||
    { echo "FAILED: $file is missing or wrong: $(cat "$file" 2>&1)"; exit 1; }
done
echo "toy_array: the $tasks tasks wrote their files"
