#!/usr/bin/env bash
# The whole test suite (CI: .ci/run), within 30 minutes on an idle 2-core machine; each stage's
# time and what it leaves out: docs/testing.md. Installs what is missing, checks the formatting
# and the documentation's references, builds (Release, warnings as errors) and runs the whole
# ctest; then the module, robustness and front-end tests under AddressSanitizer and UBSan (the
# asan preset: not the end-to-end tests, which the release run covers), the tests that run
# threads under ThreadSanitizer (the tsan preset, with a oneTBB built for it by
# scripts/tsan-tbb.sh, kept in build/tsan-tbb/ between runs), and last fuzzes every libFuzzer
# harness for 15 s (scripts/fuzz.sh, two at a time) after replaying the reproducers of past
# findings. clang-tidy's function-size check (scripts/clang-tidy.sh: no function of src/ over
# 80 lines) runs after the Release build, with its compile commands.
# The Release ctest includes the Slurm tests (tests/slurm/): as root (CI), each starts its own
# one-node Slurm, alone (RUN_SERIAL), and stops it again, bounded in time.
# Each stage prints its wall time and the CPU time (user + system) of its processes, and the
# run ends with the table of them: on a loaded machine the CPU time is what an idle one's cores
# would divide (docs/testing.md#the-time-budget).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="$(nproc)"
stages=()

times_file="$(mktemp)"
trap 'rm -f "$times_file"' EXIT
# Sets `cpu` to the CPU time (user + system, s) of every finished child of this shell so far:
# the second line of bash's `times` ("0m12.340s 0m1.250s"), which only this shell can ask.
cpu_so_far() {
  times >"$times_file"
  cpu="$(awk 'NR == 2 {
    for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); total += t[1] * 60 + t[2] }
    printf "%d\n", total }' "$times_file")"
}

# Runs one stage (its name, then the command), and keeps its wall and CPU time for the table.
stage() {
  local name="$1" start="$SECONDS" cpu_start
  shift
  cpu_so_far
  cpu_start="$cpu"
  echo "== $name"
  "$@"
  cpu_so_far
  local wall=$((SECONDS - start)) used=$((cpu - cpu_start))
  echo "== $name: $wall s wall, $used s CPU"
  stages+=("$(printf '| %s | %d | %d |' "$name" "$wall" "$used")")
}

checks() { scripts/check-format.sh && scripts/check-doc-refs.py; }
build() { cmake --preset "$1" && cmake --build --preset "$1" -j"$jobs"; }
run_tests() { ctest --preset "$1" -j"$jobs"; }
tsan_build() { scripts/tsan-tbb.sh && build tsan; }

stage "install missing packages" scripts/install-deps.sh
stage "clang-format, documentation references" checks
stage "Release build" build release
stage "Release ctest" run_tests release
stage "clang-tidy, function size" scripts/clang-tidy.sh
stage "AddressSanitizer/UBSan build" build asan
stage "AddressSanitizer/UBSan ctest" run_tests asan
stage "ThreadSanitizer: oneTBB and build" tsan_build
stage "ThreadSanitizer ctest" run_tests tsan
stage "fuzzers: build, replay, run" env FUZZ_PARALLEL=2 scripts/fuzz.sh --seconds 15

echo
echo "| stage | wall (s) | CPU (s) |"
echo "|---|---:|---:|"
printf '%s\n' "${stages[@]}"
echo "| total | $SECONDS | |"
