#!/usr/bin/env bash
# Builds the libFuzzer harnesses of fuzz/ (the fuzz preset: clang, ASan, UBSan, into
# build/fuzz), replays the committed reproducers of fuzz/regressions/, then fuzzes each harness
# from its seed corpus and prints a summary table (harness, runs, exec/s, cov, ft, findings).
#
#   scripts/fuzz.sh                        every harness for 60 s (CI: --seconds 30)
#   scripts/fuzz.sh --seconds 300 gcode    one harness for 5 minutes
#   scripts/fuzz.sh --long                 every harness for an hour (the issue's long runs)
#   scripts/fuzz.sh --long 7200            every harness for 2 hours
#   scripts/fuzz.sh --long -runs=10000000  every harness for 10 million executions
#   scripts/fuzz.sh --replay               build and replay the reproducers only
#   FUZZ_PARALLEL=2 scripts/fuzz.sh        two harnesses at a time (default 1)
#
# The corpus grows in build/fuzz/corpus/<harness> (not committed) and is kept between runs; it
# starts from fuzz/seeds/<harness>/, samples/ and ../shared/corpus. Findings (crash-*,
# timeout-*, oom-*, leak-*) go to build/fuzz/findings/<harness>/, and the script exits
# non-zero. A short run stops at its first finding; a long run (libFuzzer's -fork=1) keeps going
# and collects them all. Minimise a finding (fuzz_<harness> -minimize_crash=1 -runs=10000 FILE)
# and commit it to fuzz/regressions/<harness>/: every later run replays it first.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
shared="$root/../shared/corpus"
build="$root/build/fuzz"

all_harnesses=(stl_binary stl_ascii gcode parameter_file tool_spec tool_table tool_library report
  batch)
limit=(-max_total_time=60)
keep_going=()
replay_only=false
harnesses=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) limit=(-max_total_time="$2"); shift 2 ;;
    --long)
      limit=(-max_total_time=3600)
      keep_going=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
      if [ $# -gt 1 ] && [[ "$2" =~ ^[0-9]+$ ]]; then limit=(-max_total_time="$2"); shift
      elif [ $# -gt 1 ] && [[ "$2" =~ ^-runs=[0-9]+$ ]]; then limit=("$2"); shift
      fi
      shift ;;
    --replay) replay_only=true; shift ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1' "$0"; exit 0 ;;
    *) harnesses+=("$1"); shift ;;
  esac
done
[ ${#harnesses[@]} -gt 0 ] || harnesses=("${all_harnesses[@]}")

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j"$(nproc)"

# Longest input each harness is given: enough for real files' structure, short enough to keep
# the executions fast (longer corpus files are cut to this).
max_len() {
  case "$1" in
    stl_binary|stl_ascii) echo 65536 ;;
    gcode|batch) echo 16384 ;;
    *) echo 4096 ;;
  esac
}

dictionary() {
  case "$1" in
    gcode|parameter_file) echo "-dict=$root/fuzz/gcode.dict" ;;
    stl_binary|stl_ascii) echo "-dict=$root/fuzz/stl.dict" ;;
    tool_spec|tool_table) echo "-dict=$root/fuzz/tool.dict" ;;
    batch) echo "-dict=$root/fuzz/batch.dict" ;;
  esac
}

# Copies `files` into the corpus directory `dir`; for the G-code harness each file gets the
# dialect byte the harness reads first ('0' linuxcnc, '1' fanuc, '2' haas, '3' grbl), guessed
# from its name.
seed_files() {
  local harness="$1" dir="$2"; shift 2
  local f name
  for f in "$@"; do
    [ -f "$f" ] || continue
    name="$(basename "$(dirname "$f")")_$(basename "$f")"
    if [ "$harness" = gcode ]; then
      local dialect=0
      case "$f" in
        *fanuc*|*mach3*) dialect=1 ;;
        *haas*) dialect=2 ;;
        *grbl*|*ugs_*) dialect=3 ;;
      esac
      { printf '%s' "$dialect"; head -c "$(max_len gcode)" "$f"; } > "$dir/$name"
    else
      head -c "$(max_len "$harness")" "$f" > "$dir/$name"
    fi
  done
}

collect_corpus() {
  local harness="$1" dir="$build/corpus/$1"
  mkdir -p "$dir"
  shopt -s nullglob globstar
  case "$harness" in
    stl_binary|stl_ascii)
      seed_files "$harness" "$dir" samples/*.stl "$shared"/models/*.stl "$shared"/models/*.STL \
        "$shared"/cam/*/*.stl ;;
    gcode)
      seed_files "$harness" "$dir" samples/*.nc tests/gcode/programs/*.ngc "$shared"/gcode/* \
        "$shared"/cam/**/*.nc ;;
    parameter_file)
      seed_files "$harness" "$dir" tests/gcode/programs/*.var ;;
    tool_table)
      seed_files "$harness" "$dir" tests/gcode/programs/*.tbl "$shared"/tools/linuxcnc/*.tbl ;;
    tool_library)
      seed_files "$harness" "$dir" "$shared"/tools/fusion/*.json "$shared"/tools/freecad/**/*.fctl ;;
  esac
  shopt -u nullglob globstar
}

# Runs every reproducer of fuzz/regressions/<harness>/ once, each on its own (libFuzzer stops
# at the first that crashes); fails when one still does.
replay() {
  local harness="$1" reproducer failed=0
  for reproducer in "$root/fuzz/regressions/$harness"/*; do
    [ -f "$reproducer" ] || continue
    if ! "$build/fuzz/fuzz_$harness" -timeout=10 -rss_limit_mb=2048 "$reproducer" \
        > "$build/logs/replay_$harness.log" 2>&1; then
      echo "still failing: ${reproducer#"$root"/}"
      grep -E '^SUMMARY|^fuzz_' "$build/logs/replay_$harness.log" | sed 's/^/  /'
      failed=1
    fi
  done
  return "$failed"
}

fuzz_one() {
  local harness="$1"
  local findings="$build/findings/$harness" seeds="$root/fuzz/seeds/$harness"
  mkdir -p "$findings"
  touch "$build/logs/$harness.start"
  local seed_dirs=()
  [ -d "$seeds" ] && seed_dirs+=("$seeds")
  # shellcheck disable=SC2046
  "$build/fuzz/fuzz_$harness" "$build/corpus/$harness" "${seed_dirs[@]}" "${limit[@]}" \
    "${keep_going[@]}" -timeout=10 -rss_limit_mb=2048 -max_len="$(max_len "$harness")" \
    $(dictionary "$harness") -print_final_stats=1 -artifact_prefix="$findings/" \
    > "$build/logs/$harness.log" 2>&1 || true
}

# The findings this run of `harness` left in build/fuzz/findings/<harness>/.
new_findings() {
  find "$build/findings/$1" -type f -newer "$build/logs/$1.start" | sort
}

# One row of the summary: runs, exec/s and the last cov/ft libFuzzer printed (its final stats,
# or in fork mode its last status line), and how many findings this run left.
summary_row() {
  local harness="$1" log="$build/logs/$1.log"
  local runs rate cov ft
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p; s/^#\([0-9]*\): cov:.*/\1/p' "$log" | tail -1)"
  rate="$(sed -n 's/^stat::average_exec_per_sec: *//p; s/^#[0-9]*: cov:.* exec\/s \([0-9]*\).*/\1/p' \
    "$log" | tail -1)"
  cov="$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)"
  ft="$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)"
  printf '| %s | %s | %s | %s | %s | %s |\n' "$harness" "${runs:-?}" "${rate:-?}" "${cov:-?}" \
    "${ft:-?}" "$(new_findings "$harness" | wc -l)"
}

mkdir -p "$build/logs"
status=0
for harness in "${harnesses[@]}"; do
  replay "$harness" || status=1
done
$replay_only && exit "$status"

parallel="${FUZZ_PARALLEL:-1}"
running=0
for harness in "${harnesses[@]}"; do
  collect_corpus "$harness"
  echo "fuzzing $harness (${limit[*]}), log: build/fuzz/logs/$harness.log"
  fuzz_one "$harness" &
  running=$((running + 1))
  if [ "$running" -ge "$parallel" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait

echo
echo "| harness | runs | exec/s | cov | ft | findings |"
echo "|---|---|---|---|---|---|"
for harness in "${harnesses[@]}"; do
  summary_row "$harness"
done
for harness in "${harnesses[@]}"; do
  while read -r finding; do
    echo "finding: ${finding#"$root"/}"
    status=1
  done < <(new_findings "$harness")
done
exit "$status"
