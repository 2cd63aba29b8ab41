#!/usr/bin/env bash
# Times the whole CLI run (import included) on the corpus part chamfer_bracket (a FreeCAD
# program posted for a 4 mm flat end mill) with each cutter type, on one thread:
#   touching  a cutter of the program's size: it meets the part, gouges little or not at all
#   deep      one size up (6 mm): every cut about 1 mm too deep, the depth search's worst case
# Prints, per cutter: the median wall time and CPU time (user + sys; on a busy machine the
# better measure of a one-thread run) with every run's CPU time, peak RSS (MB) and the
# violations reported. A run is stopped after CPU_LIMIT seconds of CPU time (default 600) and
# shown as "> CPU_LIMIT"; runs over REPEAT_UNDER seconds of CPU (default 30) are not repeated.
#
#   bench/cutter_cli.sh [CUTTER...]     cutters whose spec starts so (default: all), e.g. flat:6
#   REPEATS=N                           runs of each cutter (default 3)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${BUILD_DIR:-$here/../build/release}"
part_dir="${CHAMFER_BRACKET_DIR:-$here/../../shared/corpus/cam/chamfer_bracket}"
repeats="${REPEATS:-3}"
cpu_limit="${CPU_LIMIT:-600}"
repeat_under="${REPEAT_UNDER:-30}"
mkdir -p "$here/out"
out="$(mktemp -d "$here/out/cutter_cli.XXXXXX")"  # one per instance: several may run at once
trap 'rm -rf "$out"' EXIT

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

selected() {  # case -> whether the command line asks for it
  [ $# -eq 1 ] && return 0
  local case=$1 prefix
  shift
  for prefix in "$@"; do [[ "$case" == "$prefix"* ]] && return 0; done
  return 1
}

median() { sort -g | awk '{ v[NR] = $0 } END { print v[int((NR + 1) / 2)] }'; }

printf '%-30s %8s %8s %-24s %8s %10s\n' cutter "wall (s)" "CPU (s)" "CPU of each run" "RSS (MB)" violations
for case in "${cases[@]}"; do
  selected "$case" "$@" || continue
  read -r -a words <<<"$case"
  times=()
  cpus=()
  rss_kb=0
  violations="?"
  for ((run = 0; run < repeats; run++)); do
    # gougechek exits 1 when it finds violations; SIGXCPU (128 + 24) stops it at the limit.
    status=0
    /usr/bin/time -f '%e %U %S %M' -o "$out/time.txt" bash -c 'ulimit -S -t "$0" && exec "$@"' \
      "$cpu_limit" "$build/gougechek" "$part_dir/part.stl" "$part_dir/linuxcnc.nc" \
      --tool "${words[@]}" -j1 -q --report "$out/report.csv" || status=$?
    if [ "$status" -eq 152 ]; then
      times+=("$(tail -n 1 "$out/time.txt" | cut -d ' ' -f 1)")
      cpus+=("> $cpu_limit")
      break
    fi
    [ "$status" -le 1 ] || { echo "gougechek failed on $case (exit $status)" >&2; exit 1; }
    # time writes "Command exited with non-zero status 1" above its figures on exit 1.
    read -r seconds user sys kb < <(tail -n 1 "$out/time.txt")
    times+=("$seconds")
    cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')")
    rss_kb=$((kb > rss_kb ? kb : rss_kb))
    violations=$(($(wc -l <"$out/report.csv") - 1))  # less the header
    awk -v t="${cpus[-1]}" -v limit="$repeat_under" 'BEGIN { exit !(t > limit) }' && break
  done
  printf '%-30s %8s %8s %-24s %8d %10s\n' "$case" "$(printf '%s\n' "${times[@]}" | median)" \
    "$(printf '%s\n' "${cpus[@]}" | median)" "$(printf '%s ' "${cpus[@]}")" \
    $((rss_kb / 1024)) "$violations"
done
