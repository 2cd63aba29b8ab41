#!/usr/bin/env bash
# Times the whole CLI run (import included) on the corpus part chamfer_bracket (a FreeCAD
# program posted for a 4 mm flat end mill) with each cutter type, on one thread:
#   touching  a cutter of the program's size: it meets the part, gouges little or not at all
#   deep      one size up (6 mm): every cut about 1 mm too deep, the depth search's worst case
# Prints, per cutter: the median wall time and CPU time (user + sys; on a busy machine the
# better measure of a one-thread run) with every run's CPU time, peak RSS (MB) and the
# violations reported.
# A run longer than TIMEOUT seconds (default 900) is stopped and shown as "> TIMEOUT" (killed
# 10 s later: a deep search does not stop on SIGTERM until its block of moves is done).
# Runs that take longer than REPEAT_UNDER seconds (default 60) are not repeated.
#
#   bench/cutter_cli.sh [REPEATS]        (default 3)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${BUILD_DIR:-$here/../build/release}"
part_dir="${CHAMFER_BRACKET_DIR:-$here/../../shared/corpus/cam/chamfer_bracket}"
repeats="${1:-3}"
timeout_s="${TIMEOUT:-900}"
repeat_under="${REPEAT_UNDER:-60}"
out="$here/out/cutter_cli"
mkdir -p "$out"

cases=(
  "ball:4"
  "ball:6,flute=20"
  "flat:4,flute=25"
  "flat:4,flute=25 --stock 0.2"
  "flat:6,flute=20"
  "bull:4:1,flute=25"
  "bull:6:1,flute=20"
  "taper:4:0:10,flute=25"
  "taper:6:0:10,flute=20"
)

median() { sort -g | awk '{ v[NR] = $0 } END { print v[int((NR + 1) / 2)] }'; }

printf '%-30s %8s %8s %-24s %8s %10s\n' cutter "wall (s)" "CPU (s)" "CPU of each run" "RSS (MB)" violations
for case in "${cases[@]}"; do
  read -r -a words <<<"$case"
  times=()
  cpus=()
  rss_kb=0
  violations="?"
  for ((run = 0; run < repeats; run++)); do
    # gougechek exits 1 when it finds violations; timeout exits 124 when it stops
    # the run, 137 when it has to kill it.
    status=0
    /usr/bin/time -f '%e %U %S %M' -o "$out/time.txt" timeout -k 10 "$timeout_s" \
      "$build/gougechek" "$part_dir/part.stl" "$part_dir/linuxcnc.nc" --tool "${words[@]}" \
      -j1 -q --report "$out/report.csv" || status=$?
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
      times+=("> $timeout_s")
      cpus+=("> $timeout_s")
      break
    fi
    [ "$status" -le 1 ] || { echo "gougechek failed on $case (exit $status)" >&2; exit 1; }
    # time writes "Command exited with non-zero status 1" above its figures on exit 1.
    read -r seconds user sys kb < <(tail -n 1 "$out/time.txt")
    times+=("$seconds")
    cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')")
    rss_kb=$((kb > rss_kb ? kb : rss_kb))
    violations=$(($(wc -l <"$out/report.csv") - 1))  # less the header
    awk -v t="$seconds" -v limit="$repeat_under" 'BEGIN { exit !(t > limit) }' && break
  done
  printf '%-30s %8s %8s %-24s %8d %10s\n' "$case" "$(printf '%s\n' "${times[@]}" | median)" \
    "$(printf '%s\n' "${cpus[@]}" | median)" "$(printf '%s ' "${cpus[@]}")" \
    $((rss_kb / 1024)) "$violations"
done
