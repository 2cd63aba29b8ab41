#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds (Release, warnings as errors), runs ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release
cmake --build --preset release -j"$(nproc)"
ctest --preset release -j"$(nproc)"
