#!/usr/bin/env bash
# The batch mode's benchmark (docs/performance.md, "Batch"): a manifest of JOBS (200)
# one-program jobs over a few parts, checked by `gougechek batch` with -j 1, -j 2 and the
# default (all cores); and the same checks the old way, as JOBS separate `gougechek PART
# PROGRAM ...` runs one after another (the command lines summary.json gives; each reads its
# part again and writes one JSON report), with -j 1 and -j 2; REPEATS times each. Prints the
# machine, the inputs and a markdown table: median wall time and CPU time (user + sys),
# jobs/s and moves/s at the median wall time, the part imports and their time (the sum of
# summary.json's "timings"; for the separate runs an estimate: `gougechek PART air.nc`,
# process start, import and tree, timed once a part after the run, times its checks), and
# beside each run the 1-minute load average before it and the cores other processes kept busy
# during it (/proc/stat less this run's own CPU time). Fails (exit 1, after the table) unless
# -j 1, -j 2 and the default give the same outputs (tests/batch/same_batch_outputs.py) and
# every separate run found what the batch found (each report's summary and violations).
#
# The jobs, in this order until there are JOBS of them:
#   corpus     (when CORPUS_DIR, default ../shared/corpus/cam beside the repository, is there)
#              each part's part.stl and part.step with its four posts, each checked three
#              ways: as posted, with tool.json's cutter, stock and the post's dialect; the
#              setup 0.02 mm high (G54 Z +0.02 in a work-offsets file); with a cutter of the
#              same type 2 mm smaller. Then known_bad/pocket_plate_fitarcs's two programs
#              (3 real gouges) against both files, as posted and 0.02 mm high. 128 checks,
#              flat, bull and ball cutters, 22 programs.
#   samples    samples/mold.stl with mold_finish_bad.nc, and with mold_finish.nc as posted,
#              0.02 mm high, with a 4 mm ball, and with a flat and a bull of its size (the
#              wrong cutter loaded: nearly every move gouges). 6 checks.
#   generated  ball-end raster finishes dropped by gougechek-samplegen on the samples' mold
#              (samples/mold.stl, grid 160) or on the same mold on a 240 grid (made here,
#              118,080 triangles), one check each with its ball, no two alike: ball 4, 5, 6,
#              8 or 10 mm, stepover 0.8 to 2 mm, step 0.3 to 0.6 mm (7,000 to 34,000 moves);
#              every tenth with a 0.05 mm gouge injected. At most 200 of them.
# Without the corpus the samples and the generated finishes make all the jobs (two parts, one
# cutter type but for the two wrong-cutter checks), and the output says so.
#
#   bench/batch_bench.sh [DIR]  DIR: where the manifest, the inputs made for it and the last
#                               outputs of each run go, kept (its runs/ and single/ are
#                               replaced); default a folder in bench/out/, removed at the end
#   REPEATS=N          runs of each kind and thread count (default 3)
#   JOBS=N             jobs (default 200)
#   MAX_LOAD=L LOAD_TRIES=N LOAD_WAIT=S
#                      before each run, while the 1-minute load average less this script's own
#                      share of it is above L (default 1.5), wait S seconds (default 60), at
#                      most N - 1 times (default 6); then run anyway: the table shows the load
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="${BUILD_DIR:-$root/build/release}"
gougechek="$build/gougechek"
samplegen="$build/tools/samplegen/gougechek-samplegen"
corpus="${CORPUS_DIR:-$root/../shared/corpus/cam}"
repeats="${REPEATS:-3}"
jobs="${JOBS:-200}"
max_load="${MAX_LOAD:-1.5}"
load_tries="${LOAD_TRIES:-6}"
load_wait="${LOAD_WAIT:-60}"
python=/usr/bin/python3
cores=$(nproc)
ticks_per_s=$(getconf CLK_TCK)

if [ $# -ge 1 ]; then
  mkdir -p "$1"
  work="$(cd "$1" && pwd)"
else
  mkdir -p "$here/out"
  work="$(mktemp -d "$here/out/batch_bench.XXXXXX")"  # one per instance
  trap 'rm -rf "$work"' EXIT
fi
if [ ! -x "$gougechek" ] || [ ! -x "$samplegen" ]; then
  echo "build gougechek and gougechek-samplegen first ($build)" >&2
  exit 2
fi
rm -rf "$work/runs" "$work/single"
mkdir -p "$work/runs" "$work/single"
: >"$work/runs.tsv"
: >"$work/runs.imports"

# The manifest, its work-offsets file and generated inputs in $work; what it holds in
# $work/inputs.txt.
"$python" - "$root" "$corpus" "$work" "$jobs" "$samplegen" <<'PY'
import json, os, subprocess, sys

root, corpus, work, wanted, samplegen = sys.argv[1:6]
wanted = int(wanted)
inputs = os.path.join(work, "inputs")
os.makedirs(os.path.join(inputs, "gen"), exist_ok=True)
high = os.path.join(inputs, "high.var")  # G54 0.02 mm higher: LinuxCNC parameters 5221-5223
with open(high, "w") as f:
    f.write("5221\t0\n5222\t0\n5223\t0.02\n")
jobs, pools = [], {}


def add(pool, name, part, program, **settings):
    pools[pool] = pools.get(pool, 0) + 1
    jobs.append(dict(name=name, part=part, program=program, **settings))


def cutter(kind, diameter, corner, flute):
    shape = f"{kind}:{diameter:g}" + (f":{corner:g}" if kind == "bull" else "")
    return shape + (f",flute={flute:g}" if flute else "")


parts = ["pocket_plate", "boss_block", "chamfer_bracket", "mold_core", "mold_cavity"]
posts = {"linuxcnc": "linuxcnc", "grbl": "grbl", "fanuc": "fanuc", "mach3_mach4": "linuxcnc"}
use_corpus = os.path.isdir(corpus)
if use_corpus:
    corpus = os.path.realpath(corpus)
    for part in parts:
        tool = json.load(open(os.path.join(corpus, part, "tool.json")))
        kind, d, r, flute = tool["type"], tool["diameter"], tool["corner_radius"], tool["flute_length"]
        own = cutter(kind, d, r, flute)
        smaller = cutter(kind, d - 2, r, flute)  # inside the own cutter: bull keeps its corner
        stock = tool["stock_to_leave"]
        for ext in ["stl", "step"]:
            part_file = os.path.join(corpus, part, "part." + ext)
            for post, dialect in posts.items():
                program = os.path.join(corpus, part, post + ".nc")
                base = dict(dialect=dialect, stock=stock)
                add("corpus", f"{part}.{ext}-{post}", part_file, program, tool=own, **base)
                add("corpus", f"{part}.{ext}-{post}-high", part_file, program, tool=own,
                    **{"work-offsets": high}, **base)
                add("corpus", f"{part}.{ext}-{post}-smaller", part_file, program, tool=smaller,
                    **base)
    bad = os.path.join(corpus, "known_bad", "pocket_plate_fitarcs")
    tool = json.load(open(os.path.join(bad, "tool.json")))
    own = cutter(tool["type"], tool["diameter"], tool["corner_radius"], tool["flute_length"])
    for ext in ["stl", "step"]:
        part_file = os.path.join(corpus, "pocket_plate", "part." + ext)
        for post in ["linuxcnc", "grbl"]:
            program = os.path.join(bad, post + ".nc")
            add("corpus", f"fitarcs.{ext}-{post}", part_file, program, tool=own, dialect=post,
                stock=tool["stock_to_leave"])
            add("corpus", f"fitarcs.{ext}-{post}-high", part_file, program, tool=own,
                dialect=post, stock=tool["stock_to_leave"], **{"work-offsets": high})

mold = os.path.join(root, "samples", "mold.stl")
finish = os.path.join(root, "samples", "mold_finish.nc")
ball = "ball:6,flute=12"  # samples/README.md: the flutes end below the top
add("samples", "sample-finish", mold, finish, tool=ball)
add("samples", "sample-finish_bad", mold, os.path.join(root, "samples", "mold_finish_bad.nc"),
    tool=ball)
add("samples", "sample-finish-high", mold, finish, tool=ball, **{"work-offsets": high})
add("samples", "sample-finish-ball4", mold, finish, tool="ball:4,flute=12")
add("samples", "sample-finish-flat6", mold, finish, tool="flat:6,flute=12")
add("samples", "sample-finish-bull6", mold, finish, tool="bull:6:1,flute=12")

# Generated finishes: the digits of k in a mixed radix (5 diameters, 5 stepovers, 2 grids,
# 4 steps) pick its parameters, so the first 200 all differ.
generated = wanted - len(jobs)
if generated > 200:
    sys.exit(f"JOBS={wanted} would need {generated} generated finishes; at most 200 differ")
mold_240 = os.path.join(inputs, "mold_240.stl")
if generated > 25:
    subprocess.run([samplegen, "mold", "--grid", "240", "--out", mold_240], check=True,
                   capture_output=True)
for k in range(max(generated, 0)):
    d = [4, 5, 6, 8, 10][k % 5]
    stepover = [0.8, 1.0, 1.25, 1.6, 2.0][k // 5 % 5]
    grid = [160, 240][k // 25 % 2]
    step = [0.5, 0.4, 0.6, 0.3][k // 50 % 4]
    stem = f"g{grid}_d{d}_so{stepover:g}_st{step:g}"
    args = [samplegen, "finish", "--grid", str(grid), "--tool-diameter", str(d),
            "--stepover", f"{stepover:g}", "--step", f"{step:g}"]
    if k % 10 == 9:  # a raster move's end lowered 0.05 mm: 2 gouges (it and the next)
        stem += "_gouge"
        args += ["--gouge", f"{1000 + 37 * k % 5000}:0.05"]
    program = os.path.join(inputs, "gen", stem + ".nc")
    subprocess.run(args + ["--out", program], check=True, capture_output=True)
    add("generated", "gen-" + stem, mold if grid == 160 else mold_240, program, tool=f"ball:{d}")
jobs = jobs[:wanted]

with open(os.path.join(work, "manifest.yaml"), "w") as f:
    f.write("# bench/batch_bench.sh: generated, do not edit\ndefaults:\n  tolerance: 0.01\njobs:\n")
    for job in jobs:
        f.write(f"  - name: {json.dumps(job.pop('name'))}\n")
        for key, value in job.items():
            f.write(f"    {key}: {json.dumps(value)}\n")

kinds = {}
for job in jobs:
    kind = job["tool"].split(":")[0]
    kinds[kind] = kinds.get(kind, 0) + 1
counted = {}
for pool, count in pools.items():
    counted[pool] = min(count, max(0, wanted - sum(counted.values())))
with open(os.path.join(work, "inputs.txt"), "w") as f:
    f.write(("corpus " + corpus if use_corpus else
             f"samples only (no corpus at {corpus})") + "\n")
    f.write(", ".join(f"{pool} {count}" for pool, count in counted.items() if count) + "\n")
    f.write(", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items())) + "\n")
PY

load1() { cut -d ' ' -f 1 /proc/loadavg; }
# CPU time the machine has spent busy, in ticks: user nice system irq softirq steal.
busyTicks() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat; }

# This script's runs raise the load average themselves: it decays by e^(-t/60) from the end of
# the last run, which added about its CPU time over its wall time. Waits while the load less
# that share is above max_load.
own_share=0
own_end=$(date +%s)
waitForQuiet() {
  local try others
  for ((try = 1; ; try++)); do
    others=$(awk -v l="$(load1)" -v s="$own_share" -v t="$(($(date +%s) - own_end))" \
      'BEGIN { o = l - s * exp(-t / 60); printf "%.2f", (o > 0 ? o : 0) }')
    awk -v o="$others" -v max="$max_load" 'BEGIN { exit !(o > max) }' || return 0
    [ "$try" -lt "$load_tries" ] || return 0
    echo "load of others about $others > $max_load: waiting $load_wait s ($try/$load_tries)" >&2
    sleep "$load_wait"
  done
}

# timed LABEL THREADS RUN COMMAND...: runs COMMAND (exit 0 or 1: violations are expected) and
# adds to runs.tsv its label, threads, run, wall and CPU seconds, the 1-minute load before it
# and the cores other processes kept busy on average during it.
timed() {
  local label=$1 threads=$2 run=$3 status=0 load busy_before busy_after wall user sys others
  shift 3
  waitForQuiet
  load=$(load1)
  busy_before=$(busyTicks)
  /usr/bin/time -f '%e %U %S' -o "$work/time.txt" "$@" || status=$?
  busy_after=$(busyTicks)
  [ "$status" -le 1 ] || { echo "$label -j $threads failed (exit $status): $*" >&2; exit 1; }
  # time writes "Command exited with non-zero status 1" above its figures on exit 1.
  read -r wall user sys < <(tail -n 1 "$work/time.txt")
  others=$(awk -v b="$((busy_after - busy_before))" -v hz="$ticks_per_s" -v u="$user" \
    -v s="$sys" -v w="$wall" 'BEGIN { o = (b / hz - u - s) / w; printf "%.2f", (o > 0 ? o : 0) }')
  own_share=$(awk -v u="$user" -v s="$sys" -v w="$wall" 'BEGIN { printf "%.2f", (u + s) / w }')
  own_end=$(date +%s)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$threads" "$run" "$wall" \
    "$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')" "$load" "$others" \
    >>"$work/runs.tsv"
  echo "$label -j $threads run $run: $wall s wall, load $load before, others $others cores" >&2
}

for ((run = 1; run <= repeats; run++)); do
  for threads in 1 2 default; do
    out="$work/runs/$threads"
    rm -rf "$out"
    thread_option=()
    [ "$threads" = default ] || thread_option=(-j "$threads")
    timed batch "$threads" "$run" "$gougechek" batch "$work/manifest.yaml" --out "$out" \
      "${thread_option[@]}" -q
    # Its part imports and their time, beside the run's figures.
    "$python" -c 'import json, sys
t = json.load(open(sys.argv[1]))["timings"]["parts"]
print(len(t), round(sum(p["import_s"] for p in t), 3), sep="\t")' "$out/summary.json" \
      >>"$work/runs.imports"
  done
done

# The old way: each check's command line from summary.json, one process each.
"$python" - "$work/runs/1/summary.json" "$gougechek" >"$work/single.sh" <<'PY'
import json, shlex, sys

summary = json.load(open(sys.argv[1]))
print("# $1: threads, $2: report folder. Exit 1 (violations) goes on; any other stops: 2.")
number = 0
for job in summary["jobs"]:
    for check in job["checks"]:
        number += 1
        words = shlex.split(check["command"])
        assert words[0] == "gougechek"
        line = " ".join(shlex.quote(w) for w in [sys.argv[2]] + words[1:])
        print(f'{line} -j "$1" -q --report "$2/{number:03d}.json" || [ $? -eq 1 ] || exit 2')
PY
for ((run = 1; run <= repeats; run++)); do
  for threads in 1 2; do
    rm -rf "$work/single/$threads"
    mkdir -p "$work/single/$threads"
    timed single "$threads" "$run" bash "$work/single.sh" "$threads" "$work/single/$threads"
    # What each separate run spends before checking: `gougechek PART air.nc` (process start,
    # part import and tree; one move far above it) timed once a part, times its checks.
    "$python" - "$work/runs/1/summary.json" "$gougechek" "$threads" "$work/air.nc" \
      >>"$work/runs.imports" <<'PY'
import json, subprocess, sys, time

summary, gougechek, threads, air = sys.argv[1:5]
with open(air, "w") as f:
    f.write("G21 G90\nG0 X-500 Y-500 Z500\n")
checks = {}
for job in json.load(open(summary))["jobs"]:
    checks[job["part"]] = checks.get(job["part"], 0) + len(job["checks"])
total = 0
for part, count in checks.items():
    started = time.monotonic()
    subprocess.run([gougechek, part, air, "--tool", "ball:1", "-j", threads, "-q"], check=True)
    total += count * (time.monotonic() - started)
print(sum(checks.values()), round(total, 3), sep="\t")
PY
  done
done
paste "$work/runs.tsv" "$work/runs.imports" >"$work/runs_imports.tsv"

same=yes
for threads in 2 default; do
  "$python" "$root/tests/batch/same_batch_outputs.py" "$work/runs/1" "$work/runs/$threads" \
    >"$work/same_$threads.txt" || same=no
done

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); gougechek $(git -C "$root" rev-parse --short HEAD)"
cpuField() { grep -m 1 "^$1[[:space:]]*:" /proc/cpuinfo | cut -d : -f 2- | sed 's/^ *//'; }
guest=""
grep -qw hypervisor /proc/cpuinfo && guest=", a virtual machine"
echo "machine: $cores cores (nproc), $(cpuField 'model name') (family $(cpuField 'cpu family')," \
  "model $(cpuField model)$guest)"
"$python" - "$work" "$cores" "$repeats" "$same" <<'PY'
import csv, json, os, statistics, sys

work, cores, repeats, same = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
source, pools, kinds = open(os.path.join(work, "inputs.txt")).read().splitlines()
summary = json.load(open(os.path.join(work, "runs", "1", "summary.json")))
checks = [(job, check) for job in summary["jobs"] for check in job["checks"]]
reports = [check["report"] for _, check in checks]
moves = sum(r["inputs"]["path"]["moves"] for r in reports)
programs = {check["program"] for _, check in checks}
statuses = {}
for r in reports:
    statuses[r["summary"]["status"]] = statuses.get(r["summary"]["status"], 0) + 1
if statuses.get("error"):
    sys.exit(f"{statuses['error']} checks in error: the benchmark would measure errors")
parts = {}
for job, _ in checks:
    parts[job["part"]] = parts.get(job["part"], 0) + 1
triangles = {job["part"]: check["report"]["inputs"]["part"]["triangles"] for job, check in checks}
print(f"inputs: {source}; {len(checks)} jobs of one program ({pools}); {len(programs)} "
      f"programs, {moves:,} moves; cutters: {kinds}; results: "
      + ", ".join(f"{n} {s}" for s, n in sorted(statuses.items())))
print(f"parts ({len(parts)}): " + ", ".join(
    f"{os.path.relpath(p, os.path.dirname(os.path.dirname(p)))} ({triangles[p]:,} triangles, "
    f"{n} jobs)" for p, n in parts.items()))

# The separate runs: the same findings as the batch, check by check.
def found(report):
    return ({k: v for k, v in report["summary"].items() if k != "elapsed_s"},
            report.get("violations"))


differing = []
single_dir = os.path.join(work, "single")
for threads in sorted(os.listdir(single_dir)):
    for number, r in enumerate(reports, 1):
        alone = json.load(open(os.path.join(single_dir, threads, f"{number:03d}.json")))
        if found(alone) != found(r):
            differing.append(f"-j {threads}: {checks[number - 1][1]['program']}")

rows = {}
with open(os.path.join(work, "runs_imports.tsv")) as f:
    for label, threads, _, wall, cpu, load, others, imports, import_s in csv.reader(
            f, delimiter="\t"):
        rows.setdefault((label, threads), []).append(
            (float(wall), float(cpu), load, others, int(imports), float(import_s)))


def median_run(runs):  # the run of the median wall time (the lower middle one of an even count)
    return sorted(runs)[(len(runs) - 1) // 2]


def rate(n):
    return f"{n / 1e6:.2f}M" if n >= 1e6 else f"{n / 1e3:.0f}k" if n >= 1e3 else f"{n:.1f}"


print()
print("| run | threads | wall (s): median (each run) | CPU (s), median | jobs/s | moves/s "
      "| part imports | import time (s) | each run: load before, cores others kept busy |")
print("|---|---|---|---|---|---|---|---|---|")
for (label, threads), runs in rows.items():
    wall, _, _, _, imports, import_s = median_run(runs)
    what = "`gougechek batch`" if label == "batch" else f"{len(checks)} × `gougechek PART PROGRAM`"
    threads_text = f"default ({cores})" if threads == "default" else threads
    estimate = "≈ " if label == "single" else ""
    print(f"| {what} | {threads_text} | {wall:.1f} ({' '.join(f'{r[0]:.1f}' for r in runs)}) "
          f"| {statistics.median(r[1] for r in runs):.1f} | {len(checks) / wall:.2f} "
          f"| {rate(moves / wall)} | {imports} | {estimate}{import_s:.2f} "
          f"| {'; '.join(f'{r[2]}, {r[3]}' for r in runs)} |")
print()
print("Import time: the sum over parts of summary.json's import_s (parts read side by side "
      "with -j 2 each take longer); for the separate runs, `gougechek PART air.nc` timed once "
      "a part after the run, times the checks against it.")
print(f"Same outputs with -j 1, -j 2 and the default (tests/batch/same_batch_outputs.py): {same}.")
print("Separate runs found what the batch found (each report's summary and violations): "
      + ("yes." if not differing else f"NO, {len(differing)} differ: " + ", ".join(differing[:10])))
if same != "yes" or differing:
    sys.exit(1)
PY
