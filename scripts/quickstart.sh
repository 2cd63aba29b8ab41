#!/usr/bin/env bash
# First run on a fresh Debian 12 machine: installs what is missing, builds gougechek (Release)
# with the worker that reads STEP and IGES parts, and checks the bundled sample, a mold
# finishing program with injected faults (samples/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release
# The worker too: without it the program reads STL parts only (docs/checking-rules.md: every input it names).
cmake --build --preset release --target gougechek gougechek_brep_worker -j"$(nproc)"

# The sample's faults make gougechek exit with 1 (violations found); anything else is a failure.
status=0
build/release/gougechek samples/mold.stl samples/mold_finish_bad.nc --tool ball:6,flute=12 ||
  status=$?
if [ "$status" -ne 1 ]; then
  echo "quickstart: expected exit code 1 (violations found), got $status" >&2
  exit 1
fi
echo
echo "quickstart: the violations above are the faults injected into samples/mold_finish_bad.nc"
echo "(listed in samples/README.md); exit code 1 means violations were found."
