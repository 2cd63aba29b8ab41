#!/usr/bin/env bash
# How the whole run's cost grows with the part and the program: the samples' mold on grids of
# 0.25M, 1M, 4M and 16M triangles, each with a 6 mm ball-end raster finish touching it
# everywhere, 0.25M, 1M, 4M and 16M moves long (twice as many lines of twice as many points
# for each 4× in triangles). Prints, per size and thread count, the wall time, the CPU time
# (user + sys) and the peak RSS of `gougechek PART NC --tool ball:6 -jN -q` (/usr/bin/time),
# and the violations (none expected).
#
#   bench/scaling.sh [SIZE...]      sizes: 0.25m 1m 4m 16m (default: all)
#
# Inputs are made in bench/out/ (git-ignored) unless already there; the 1m pair is the one
# bench/make_bench_inputs.sh makes. The 0.25m and 1m finishes are dropped by
# gougechek-samplegen; the 4m and 16m ones are the 1m finish refined 2× and 4× by
# bench/refine_finish.awk, as dropping the ball on 16M points of the 16M-triangle mold takes
# hours. The 16m pair takes 1.3 GB of disk: delete bench/out/scale_* when done.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${BUILD_DIR:-$here/../build/release}"
samplegen="$build/tools/samplegen/gougechek-samplegen"
out="$here/out"
mkdir -p "$out"

# The mold is 100 × 80 mm whatever its grid. Dropped finishes: stepover and step (mm).
declare -A grid=([0.25m]=355 [1m]=710 [4m]=1420 [16m]=2840)
declare -A stepover=([0.25m]=0.16 [1m]=0.08)
declare -A step=([0.25m]=0.2 [1m]=0.1)
declare -A refinement=([4m]=2 [16m]=4)  # of the 1m finish
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(0.25m 1m 4m 16m)

partFile() { [ "$1" = 1m ] && echo "$out/mold_1m.stl" || echo "$out/scale_$1.stl"; }
programFile() { [ "$1" = 1m ] && echo "$out/finish_1m.nc" || echo "$out/scale_$1.nc"; }

# Makes the inputs of a size unless there, under another name first, so that an interrupted
# run leaves no partial input.
makeInputs() {
  local size=$1 part program
  part=$(partFile "$size") program=$(programFile "$size")
  if [ ! -s "$part" ]; then
    "$samplegen" mold --grid "${grid[$size]}" --out "$part.part" >&2
    mv "$part.part" "$part"
  fi
  [ ! -s "$program" ] || return 0
  if [ -n "${refinement[$size]:-}" ]; then
    makeInputs 1m
    awk -v f="${refinement[$size]}" -f "$here/refine_finish.awk" "$(programFile 1m)" \
      >"$program.part"
  else
    "$samplegen" finish --grid "${grid[$size]}" --tool-diameter 6 --stepover "${stepover[$size]}" \
      --step "${step[$size]}" --substeps 2 --out "$program.part" >&2
  fi
  mv "$program.part" "$program"
}

printf '%-6s %12s %12s %8s %10s %10s %10s %11s\n' \
  size triangles moves threads "wall (s)" "CPU (s)" "RSS (MB)" violations
for size in "${sizes[@]}"; do
  [ -n "${grid[$size]:-}" ] || { echo "unknown size $size (0.25m 1m 4m 16m)" >&2; exit 2; }
  makeInputs "$size"
  part=$(partFile "$size") program=$(programFile "$size")
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
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    printf '%-6s %12d %12d %8d %10s %10s %10d %11d\n' \
      "$size" "$triangles" "$moves" "$threads" "$seconds" "$cpu" $((kb / 1024)) "$violations"
  done
done
