#!/usr/bin/env bash
# How the whole run's cost grows with the part and the program: the samples' mold on grids of
# 0.25M, 1M, 4M and 16M triangles, each with a 6 mm ball-end raster finish touching it
# everywhere whose length grows with it (step and stepover halved for each 4× in triangles:
# 0.25M, 1M, 4M and 16M moves). Prints, per size and thread count, the wall time and the peak
# RSS of `gougechek PART NC --tool ball:6 -q` (/usr/bin/time), and the violations (none
# expected).
#
#   bench/scaling.sh [SIZE...]      sizes: 0.25m 1m 4m 16m (default: all)
#
# Inputs are generated into bench/out/ (git-ignored) unless already there; the 1m pair is the
# one bench/make_bench_inputs.sh makes. The 16m pair takes about 1.3 GB of disk and a long
# time to generate (the finish drops the ball on 16M points): delete bench/out/scale_16m.* and
# bench/out/scale_4m.* when done.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${BUILD_DIR:-$here/../build/release}"
samplegen="$build/tools/samplegen/gougechek-samplegen"
out="$here/out"
mkdir -p "$out"

# size: mold grid, raster stepover and step (mm). The mold is 100 × 80 mm whatever its grid.
declare -A grid=([0.25m]=355 [1m]=710 [4m]=1420 [16m]=2840)
declare -A stepover=([0.25m]=0.16 [1m]=0.08 [4m]=0.04 [16m]=0.02)
declare -A step=([0.25m]=0.2 [1m]=0.1 [4m]=0.05 [16m]=0.025)
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(0.25m 1m 4m 16m)

inputs() {  # size -> "part program", generated if missing
  local size=$1 part program
  if [ "$size" = 1m ]; then
    part="$out/mold_1m.stl" program="$out/finish_1m.nc"
  else
    part="$out/scale_$size.stl" program="$out/scale_$size.nc"
  fi
  [ -s "$part" ] || "$samplegen" mold --grid "${grid[$size]}" --out "$part" >&2
  [ -s "$program" ] || "$samplegen" finish --grid "${grid[$size]}" --tool-diameter 6 \
    --stepover "${stepover[$size]}" --step "${step[$size]}" --substeps 2 --out "$program" >&2
  echo "$part $program"
}

printf '%-6s %12s %12s %8s %10s %10s %11s\n' \
  size triangles moves threads "time (s)" "RSS (MB)" violations
for size in "${sizes[@]}"; do
  [ -n "${grid[$size]:-}" ] || { echo "unknown size $size (0.25m 1m 4m 16m)" >&2; exit 2; }
  read -r part program < <(inputs "$size")
  # Binary STL: an 80-byte header, a 4-byte count, 50 bytes a triangle.
  triangles=$((($(stat -c %s "$part") - 84) / 50))
  moves=$(grep -cE '^G[0-3] ' "$program")  # one move a line
  for threads in 1 2; do
    status=0
    /usr/bin/time -f '%e %U %S %M' -o "$out/scaling_time.txt" "$build/gougechek" "$part" "$program" \
      --tool ball:6 -j "$threads" -q --report "$out/scaling_report.csv" || status=$?
    [ "$status" -le 1 ] || { echo "gougechek failed on $size (exit $status)" >&2; exit 1; }
    # time writes "Command exited with non-zero status 1" above its figures on exit 1.
    read -r seconds user sys kb < <(tail -n 1 "$out/scaling_time.txt")
    violations=$(($(wc -l <"$out/scaling_report.csv") - 1))  # less the header
    printf '%-6s %12d %12d %8d %10s %10d %11d\n' \
      "$size" "$triangles" "$moves" "$threads" "$seconds" $((kb / 1024)) "$violations"
  done
done
