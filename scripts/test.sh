#!/usr/bin/env bash
# The whole test suite (CI: .ci/run), within 30 minutes on an idle 2-core machine; each stage's
# time and what it leaves out: docs/testing.md. Installs what is missing, checks the formatting
# and the documentation's references, builds (Release, warnings as errors) and runs the whole
# ctest; then the module, robustness and front-end tests under AddressSanitizer and UBSan (the
# asan preset: not the end-to-end tests, which the release run covers), and last fuzzes every
# libFuzzer harness for 30 s (scripts/fuzz.sh, two at a time) after replaying the reproducers
# of past findings. The ThreadSanitizer preset (tsan) is not run yet: docs/testing.md.
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

FUZZ_PARALLEL=2 scripts/fuzz.sh --seconds 30
