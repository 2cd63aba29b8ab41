#!/usr/bin/env bash
# Rebuilds the generated samples with gougechek-samplegen (see README.md).
#   samples/regenerate.sh             the part and both programs
#   samples/regenerate.sh --expected  also rewrites expected/*.json with the built gougechek:
#                                     review the diff against the injected faults before keeping it
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${BUILD_DIR:-$here/../build/release}"
samplegen="$build/tools/samplegen/gougechek-samplegen"
cd "$here"

"$samplegen" mold --grid 160 --out mold.stl
"$samplegen" finish --grid 160 --tool-diameter 6 --stepover 1.0 --step 0.5 --out mold_finish.nc
"$samplegen" finish --grid 160 --tool-diameter 6 --stepover 1.0 --step 0.5 \
  --gouge 6152:0.5 --gouge 10130:0.05 --rapid-through --buried-plunge --out mold_finish_bad.nc

if [[ "${1:-}" == "--expected" ]]; then
  for program in mold_finish mold_finish_bad; do
    status=0
    "$build/gougechek" mold.stl "$program.nc" --tool ball:6,flute=12 --format json -j1 \
      > "expected/$program.json" || status=$?
    if (( status > 1 )); then echo "gougechek failed on $program.nc" >&2; exit "$status"; fi
  done
fi
