#!/usr/bin/env bash
# Generates the end-to-end benchmark inputs into bench/out/ (git-ignored) with
# gougechek-samplegen:
#   mold_1m.stl   the samples' mold on a 710 × 710 grid: 1,016,720 triangles (51 MB)
#   finish_1m.nc  a 6 mm ball-end raster finish of it touching the surface everywhere:
#                 1001 lines × 1001 points, 1,002,000 raster moves
#   mold_2m.stl   the same mold on a 1000 × 1000 grid: 2,012,000 triangles (101 MB), for
#                 bench/setup_bench (issue 9's setup and memory figures)
#   finish_250k.nc  its ball-end raster finish, 0.16 mm stepover, points 0.2 mm apart:
#                 251,000 raster moves
# Points 0.1 mm apart leave at most ~1e-3 mm of dip between them on this part, so checking
# each move at its midpoint (--substeps 2) is enough for it to verify clean at 0.01 mm.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${BUILD_DIR:-$here/../build/release}"
samplegen="$build/tools/samplegen/gougechek-samplegen"
mkdir -p "$here/out"

"$samplegen" mold --grid 710 --out "$here/out/mold_1m.stl"
"$samplegen" finish --grid 710 --tool-diameter 6 --stepover 0.08 --step 0.1 --substeps 2 \
  --out "$here/out/finish_1m.nc"
"$samplegen" mold --grid 1000 --out "$here/out/mold_2m.stl"
"$samplegen" finish --grid 1000 --tool-diameter 6 --stepover 0.16 --step 0.2 --substeps 2 \
  --out "$here/out/finish_250k.nc"
