#!/usr/bin/env bash
# Issue 21: a freeform finish that touches the part everywhere, with a few gouges injected.
# The 2M-triangle mold (mold_2m.stl of bench/make_bench_inputs.sh) and its 6 mm ball finish,
# 0.16 mm stepover, points 0.2 mm apart (some 251,000 moves), with 150 gouges from 0.05 to
# 0.5 mm deep injected by gougechek-samplegen --gouge at every 1650th move from the 1000th:
# almost every move's cutter comes within a hair of the surface and only 150 cut it, so the
# time goes to ruling triangles out, which the fault-free bench finish shows far less.
# Generates the inputs into bench/out/ (git-ignored) when missing, then checks on one thread
# REPEATS times (default 3) and prints each run's user CPU time, the median, and the median per
# move (on a busy machine CPU time, not wall time, is the measure of a one-thread run).
#
#   bench/touching_finish.sh [GOUGECHEK]   (default: build/release/gougechek)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${BUILD_DIR:-$here/../build/release}"
gougechek="${1:-$build/gougechek}"
samplegen="$build/tools/samplegen/gougechek-samplegen"
repeats="${REPEATS:-3}"
part="$here/out/mold_2m.stl"
program="$here/out/finish_250k_gouged.nc"
mkdir -p "$here/out"

if [ ! -f "$part" ]; then
  "$samplegen" mold --grid 1000 --out "$part"
fi
if [ ! -f "$program" ]; then
  gouges=()
  for ((i = 0; i < 150; i++)); do
    gouges+=(--gouge "$((1000 + 1650 * i)):$(awk -v i="$i" 'BEGIN { printf "%.3f", 0.05 + 0.45 * ((i * 37) % 150) / 150 }')")
  done
  "$samplegen" finish --grid 1000 --tool-diameter 6 --stepover 0.16 --step 0.2 --substeps 2 \
    "${gouges[@]}" --out "$program" >/dev/null
fi

moves=$(grep -c '^G1' "$program")
out="$(mktemp -d "$here/out/touching_finish.XXXXXX")"
trap 'rm -rf "$out"' EXIT
cpus=()
for ((run = 0; run < repeats; run++)); do
  status=0
  /usr/bin/time -f '%U' -o "$out/time.txt" "$gougechek" "$part" "$program" --tool ball:6 -j1 -q \
    --report "$out/report.csv" >/dev/null 2>&1 || status=$?
  [ "$status" -le 1 ] || { echo "gougechek failed (exit $status)" >&2; exit 1; }
  cpus+=("$(tail -n 1 "$out/time.txt")")
done
median=$(printf '%s\n' "${cpus[@]}" | sort -g | awk '{ v[NR] = $0 } END { print v[int((NR + 1) / 2)] }')
echo "runs (user s): ${cpus[*]}"
echo "median user CPU: $median s for $moves feed moves, $(awk -v t="$median" -v n="$moves" 'BEGIN { printf "%.2f", 1e6 * t / n }') µs a move"
echo "violations: $(($(wc -l <"$out/report.csv") - 1))"
