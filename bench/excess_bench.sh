#!/usr/bin/env bash
# Issue 24: the excess of the 2M-triangle bench mold (mold_2m.stl of bench/make_bench_inputs.sh)
# under its 250k-move 6 mm ball finish (finish_250k.nc), end to end: `gougechek PART PROGRAM
# --tool ball:6,flute=12 --excess` on 1 and 2 threads, against the same check without --excess.
# Prints, for each: wall and user CPU time, peak RSS; for the excess runs the rays cast (the
# JSON report's excess.samples), rays a second of wall time over the excess's own time (the run
# less the run without --excess), and the extra peak memory per ray.
#
#   bench/excess_bench.sh [GOUGECHEK]   (default: build/release/gougechek)
#   SPACING=0.1 TOLERANCE=0.01 bench/excess_bench.sh
#   PART=samples/mold.stl PROGRAM=samples/mold_finish.nc bench/excess_bench.sh   (another pair)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${BUILD_DIR:-$here/../build/release}"
gougechek="${1:-$build/gougechek}"
part="${PART:-$here/out/mold_2m.stl}"
program="${PROGRAM:-$here/out/finish_250k.nc}"
spacing="${SPACING:-0.2}"
tolerance="${TOLERANCE:-0.01}"
if [ ! -f "$part" ] || [ ! -f "$program" ]; then
  "$here/make_bench_inputs.sh"
fi
out="$(mktemp -d "$here/out/excess_bench.XXXXXX")"
trap 'rm -rf "$out"' EXIT

# run NAME THREADS [OPTIONS...]: prints `wall user rss_kb` of one run.
run() {
  local name="$1" threads="$2"
  shift 2
  /usr/bin/time -f '%e %U %M' -o "$out/$name.time" "$gougechek" "$part" "$program" \
    --tool ball:6,flute=12 --tolerance "$tolerance" -j"$threads" -q --report "$out/$name.json" \
    "$@" >/dev/null || true  # a finish with findings exits 1; the times are what matter here
  tail -1 "$out/$name.time"
}

printf '| threads | run | wall (s) | user (s) | peak RSS (MB) | rays | rays/s (excess) | bytes/ray |\n'
printf '|---|---|---:|---:|---:|---:|---:|---:|\n'
for threads in 1 2; do
  read -r base_wall base_user base_rss <<<"$(run "check_$threads" "$threads")"
  printf '| %s | check | %s | %s | %.0f | | | |\n' "$threads" "$base_wall" "$base_user" \
    "$(awk -v k="$base_rss" 'BEGIN { print k / 1024 }')"
  read -r wall user rss <<<"$(run "excess_$threads" "$threads" --excess --excess-spacing "$spacing")"
  rays=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['excess']['samples'])" \
    "$out/excess_$threads.json")
  printf '| %s | --excess | %s | %s | %.0f | %s | %.0f | %.1f |\n' "$threads" "$wall" "$user" \
    "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')" "$rays" \
    "$(awk -v r="$rays" -v w="$wall" -v b="$base_wall" 'BEGIN { print r / (w - b) }')" \
    "$(awk -v k="$rss" -v b="$base_rss" -v r="$rays" 'BEGIN { print (k - b) * 1024 / r }')"
done
