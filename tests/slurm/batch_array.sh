#!/usr/bin/env bash
# The ctest slurm.batch_array: docs/cluster.md's Slurm recipe, run as it is written there, on the
# one-node Slurm of slurm_array.sh, must give what one `gougechek batch` on this machine gives.
#
# usage: batch_array.sh SOURCE_DIR GOUGECHEK WORKDIR   (WORKDIR is emptied first)
#
# 1. Takes nightly-shards.sbatch and nightly-merge.sbatch out of docs/cluster.md, and checks that
#    every other recipe of docs/cluster.md handles a shard's exit code with the same line.
# 2. Writes nightly.yaml: 7 jobs on samples/ (clean, violations, violations partly waived, another
#    cutter, two programs, a program with a syntax error, a clean program of its own).
# 3. Runs nightly-shards.sbatch as a 3-task job array (slurm_array.sh: each task must end
#    COMPLETED with exit code 0). Each task first saves its SLURM_ variables, to show that
#    Slurm ran it.
# 4. Runs nightly.yaml once on this machine (`gougechek batch nightly.yaml --out single`), then
#    nightly-merge.sbatch; both must exit 2 (the job in error), and the merged folder must equal
#    the single run's, times aside (tests/batch/same_batch_outputs.py).
# 5. Checks that a real failure shows: nightly-shards.sbatch on a bad manifest, with a
#    summary.json of an earlier run in its shard folder, exits 2.
#
# Exit status: 0 passed, 1 failed, 77 (skipped) when slurm_array.sh skips: Slurm or MUNGE not
# installed, or not root.
set -euo pipefail

[ $# -eq 3 ] || { echo "usage: $0 SOURCE_DIR GOUGECHEK WORKDIR" >&2; exit 2; }
source_dir=$(cd "$1" && pwd)
gougechek=$(realpath "$2")
work=$3
readonly tasks=3 jobs=7
# Every gougechek run here takes a few seconds; a bound so that none can hang the test. (The
# Slurm array has its own bound, GOUGECHEK_SLURM_TIMEOUT.)
readonly run_timeout=120
readonly python=/usr/bin/python3

fail() { echo "FAILED: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work/bin" "$work/night/ids"
work=$(cd "$work" && pwd)
# The recipes call `gougechek` by name. sbatch passes the environment, PATH included, to the
# tasks (--export=ALL, its default).
ln -s "$gougechek" "$work/bin/gougechek"
export PATH=$work/bin:$PATH

# --- 1. The scripts, from the docs --------------------------------------------------------------

# Prints the fenced block that follows the line "`NAME`:" in FILE.
extract() {
  awk -v title="\`$2\`:" '
    $0 == title { found = 1; next }
    found && /^```/ { if (inside) exit; inside = 1; next }
    inside { print }' "$1"
}

cd "$work/night"
extract "$source_dir/docs/cluster.md" nightly-shards.sbatch >nightly-shards.sbatch
extract "$source_dir/docs/cluster.md" nightly-merge.sbatch >nightly-merge.sbatch
for script in nightly-shards.sbatch nightly-merge.sbatch; do
  grep -q '^gougechek ' "$script" ||
    fail "no $script with a gougechek command in docs/cluster.md (a line \`$script\`: then a code block)"
done
# The Kubernetes, GitLab CI and GitHub Actions recipes cannot run here; they must at least
# decide a shard's outcome with the line tested here.
handling=$(grep '^if \[ \$status' nightly-shards.sbatch) ||
  fail "nightly-shards.sbatch has no 'if [ \$status' line deciding the shard's exit code"
uses=$(sed 's/^ *//' "$source_dir/docs/cluster.md" | grep -cxF -- "$handling" || true)
[ "$uses" -eq 4 ] ||
  fail "docs/cluster.md has the exit code line $uses times, not 4 (Slurm, Kubernetes, GitLab, GitHub): $handling"

# --- 2. The manifest ----------------------------------------------------------------------------

ln -s "$source_dir/samples" samples
# Line 4: a number without digits, an error that stops the check of this program (exit 2).
printf 'G21 G90\nG0 Z40\nG1 X10 Y10 Z30 F600\nG1 X20 Q\nM30\n' >broken.nc
# A square at Z26, 1 mm above the mold's rim (at most 25 mm high): clean, small, and within
# reach of the part (a program that never comes near it is an error).
printf 'G21 G90\nG0 Z40\nG0 X2 Y2\nG1 Z26 F2000\nG1 X98\nG1 Y78\nG1 X2\nG1 Y2\nG0 Z40\nM30\n' >above.nc
# The waiver takes the two 0.377 mm gouges at lines 6160-6161 (samples/README.md); the job
# still fails on the others.
cat >nightly.yaml <<'EOF'
defaults:
  tool: ball:6,flute=12
  tolerance: 0.01
jobs:
  - name: finish
    part: samples/mold.stl
    program: samples/mold_finish.nc
  - name: finish-bad
    part: samples/mold.stl
    program: samples/mold_finish_bad.nc
  - name: finish-bad-waived
    part: samples/mold.stl
    program: samples/mold_finish_bad.nc
    waivers:
      - kind: gouge
        lines: 6160-6161
        max_depth: 0.4
        by: A. Machinist
        reason: pocket flank, recut by the rest pass
  - name: ball4
    part: samples/mold.stl
    programs: [samples/mold_finish.nc, samples/mold_finish_bad.nc]
    tool: ball:4
  - name: bull
    part: samples/mold.stl
    program: samples/mold_finish.nc
    tool: bull:6:1
  - name: broken
    part: samples/mold.stl
    program: broken.nc
  - name: above
    part: samples/mold.stl
    program: above.nc
EOF

# --- 3. The shards, as a Slurm job array --------------------------------------------------------

status=0
# Bounded as in toy_array.sh: timeout(1)'s SIGTERM lets slurm_array.sh stop the daemons before
# ctest's TIMEOUT would SIGKILL the test, which no trap sees.
timeout -k 90 450 "$source_dir/tests/slurm/slurm_array.sh" "$work" "$tasks" -- \
  bash -c 'env | grep "^SLURM_" >"ids/job-$SLURM_JOB_ID.env" && exec bash nightly-shards.sbatch' ||
  status=$?
[ "$status" -ne 124 ] || fail "the Slurm run took more than 450 s"
[ "$status" -eq 0 ] || exit "$status"

# --- 4. The single run, the merge, the comparison -----------------------------------------------

status=0
timeout "$run_timeout" gougechek batch nightly.yaml --out single -q || status=$?
[ "$status" -eq 2 ] || fail "gougechek batch nightly.yaml --out single exited $status, not 2"
status=0
timeout "$run_timeout" bash nightly-merge.sbatch || status=$?
[ "$status" -eq 2 ] || fail "nightly-merge.sbatch exited $status, not 2 (as the single run)"

# What the tasks saved and wrote, and the single run's and the merge's summaries.
"$python" - "$tasks" "$jobs" <<'EOF' || fail "the shards or the summaries are not as they should be"
import glob
import json
import sys

tasks, jobs = int(sys.argv[1]), int(sys.argv[2])
failed = False


def check(condition, message):
    global failed
    if not condition:
        print("FAILED:", message, file=sys.stderr)
        failed = True


def variables(path):
    with open(path) as f:
        return dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line)


# Each task ran under Slurm: its own job ID, one array job, task IDs 0 .. tasks-1.
saved = [variables(path) for path in sorted(glob.glob("ids/job-*.env"))]
check(len(saved) == tasks, f"{len(saved)} tasks saved their SLURM_ variables, not {tasks}")
check(len({v.get("SLURM_JOB_ID") for v in saved}) == len(saved), "tasks share a job ID")
check(len({v.get("SLURM_ARRAY_JOB_ID") for v in saved}) == 1 and
      all(v.get("SLURM_ARRAY_JOB_ID", "").isdigit() for v in saved),
      "the tasks are not of one array job: " + str([v.get("SLURM_ARRAY_JOB_ID") for v in saved]))
check(sorted(v.get("SLURM_ARRAY_TASK_ID", "") for v in saved) == [str(i) for i in range(tasks)],
      "task IDs: " + str(sorted(v.get("SLURM_ARRAY_TASK_ID") for v in saved)))
check(all(v.get("SLURM_ARRAY_TASK_COUNT") == str(tasks) for v in saved),
      f"SLURM_ARRAY_TASK_COUNT is not {tasks} in every task")


def summary(folder):
    with open(folder + "/summary.json") as f:
        return json.load(f)


# Every shard holds some jobs, each job is in one shard, and the shards hold both outcomes the
# script turns into success: violations (exit 1) and a job in error (exit 2).
single = summary("single")
names = [job["name"] for job in single["jobs"]]
check(len(names) == jobs, f"the single run has {len(names)} jobs, not {jobs}")
dealt = []
statuses = set()
for index in range(tasks):
    shard = summary(f"out/shard-{index}")
    check(shard["shard"] == {"index": index, "count": tasks},
          f"out/shard-{index} says it is shard {shard['shard']}")
    check(len(shard["jobs"]) > 0, f"shard {index} has no job")
    dealt += [job["name"] for job in shard["jobs"]]
    statuses.add(shard["status"])
check(sorted(dealt) == sorted(names), "jobs dealt to the shards: " + str(sorted(dealt)))
check({"fail", "error"} <= statuses, "shard outcomes: " + str(sorted(statuses)))

# The manifest does what it is meant to, and the merge holds every job.
expected = {"finish": "pass", "finish-bad": "fail", "finish-bad-waived": "fail", "ball4": "fail",
            "bull": "fail", "broken": "error", "above": "pass"}
check({job["name"]: job["status"] for job in single["jobs"]} == expected,
      "job outcomes of the single run: " + str([(j["name"], j["status"]) for j in single["jobs"]]))
check(single["jobs"][2]["waivers"][0]["waived"] == 2, "the waiver did not take its 2 gouges")
merged = summary("out/night")
check([job["name"] for job in merged["jobs"]] == names,
      "jobs of the merge: " + str([job["name"] for job in merged["jobs"]]))
check(merged["shard"] == {"index": 0, "count": 1} and merged["totals"]["jobs"] == jobs,
      f"the merge is not a whole run: shard {merged['shard']}, {merged['totals']['jobs']} jobs")
sys.exit(1 if failed else 0)
EOF

"$python" "$source_dir/tests/batch/same_batch_outputs.py" single out/night ||
  fail "the merged folder out/night differs from the single run's"

# --- 5. A real failure shows --------------------------------------------------------------------

# A manifest that cannot be read: nothing is checked, and the stale summary.json left in the
# shard's folder by an earlier run must not pass for this run's.
mkdir -p "$work/bad/out"
cd "$work/bad"
cp ../night/nightly-shards.sbatch .
echo 'jobs: [' >nightly.yaml
cp -r ../night/out/shard-0 out/shard-0
status=0
SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_COUNT=$tasks SLURM_CPUS_PER_TASK=1 \
  timeout "$run_timeout" bash nightly-shards.sbatch >bad.out 2>&1 || status=$?
[ "$status" -eq 2 ] ||
  fail "nightly-shards.sbatch on a bad manifest exited $status, not 2: $(cat bad.out)"
[ ! -e out/shard-0/summary.json ] || fail "a failed shard left a summary.json"
grep -q 'nightly.yaml' bad.out || fail "the failed shard does not name the manifest: $(cat bad.out)"

echo "batch_array: $tasks shards on Slurm, merged, equal the single run ($jobs jobs; ${SECONDS} s)"
