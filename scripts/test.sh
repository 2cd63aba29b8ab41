#!/usr/bin/env bash
# The whole test suite: installs what is missing, checks the formatting, builds (Release,
# warnings as errors) and runs ctest, then builds and runs the whole suite again under
# AddressSanitizer and UBSan (the asan preset), and last fuzzes every libFuzzer harness for a
# minute (scripts/fuzz.sh, two at a time) after replaying the reproducers of past findings.
# The Release ctest includes the Slurm tests (tests/slurm/): as root (CI), each starts its own
# one-node Slurm, alone (RUN_SERIAL), and stops it again, bounded in time.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="$(nproc)"
scripts/install-deps.sh
scripts/check-format.sh
scripts/check-doc-refs.py

cmake --preset release
cmake --build --preset release -j"$jobs"
ctest --preset release -j"$jobs"

cmake --preset asan
cmake --build --preset asan -j"$jobs"
ctest --preset asan -j"$jobs"

FUZZ_PARALLEL=2 scripts/fuzz.sh --seconds 60
