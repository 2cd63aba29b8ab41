#!/usr/bin/env bash
# Issue 21: a wrong tool is the everyday mistake, and must be caught as fast as the right one.
# Runs each program with every tool of the corpus's tool libraries in the spindle (its T words
# rewritten to that tool's number, the library given with --tool-library, the ball for tool 0
# before the first tool change), on one thread, next
# to a ball of the part's scale on the same program, and prints per run the CPU time (user +
# sys: on a busy machine the better measure of a one-thread run), its ratio to the ball's
# (target: at most 4), the exit status and the violations reported. A run is stopped after
# CPU_LIMIT seconds of CPU (default 120) and shown as "> CPU_LIMIT".
#
#   bench/wrong_tool_cli.sh [LIBRARY...]   libraries (default: every one under corpus/tools)
#   CASES="PART:PROGRAM:BALL ..."           parts, programs and their ball (default: the sample
#                                           mold finish and the corpus parts' LinuxCNC posts)
#   TOOLS="N ..."                           only these tool numbers
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${BUILD_DIR:-$here/../build/release}"
corpus="${CORPUS_DIR:-$here/../../shared/corpus}"
cpu_limit="${CPU_LIMIT:-120}"
mkdir -p "$here/out"
out="$(mktemp -d "$here/out/wrong_tool_cli.XXXXXX")"  # one per instance: several may run at once
trap 'rm -rf "$out"' EXIT

if [ $# -gt 0 ]; then
  libraries=("$@")
else
  mapfile -t libraries < <(find "$corpus/tools" -path '*/known_bad' -prune -o \
    \( -name '*.json' -o -name '*.fctl' -o -name '*.tbl' \) -print | sort)
fi
if [ -n "${CASES:-}" ]; then
  read -r -a cases <<<"$CASES"
else
  cases=("$here/../samples/mold.stl:$here/../samples/mold_finish.nc:ball:6,flute=12")
  for dir in "$corpus"/cam/*/; do
    [ -f "$dir/tool.json" ] && [ -f "$dir/linuxcnc.nc" ] || continue
    diameter=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["diameter"])' \
      "$dir/tool.json")
    cases+=("$dir/part.stl:$dir/linuxcnc.nc:ball:$diameter")
  done
fi

# Tool numbers of a library: Fusion 360 JSON, FreeCAD .fctl, LinuxCNC table.
toolNumbers() {
  python3 - "$1" <<'EOF'
import json, re, sys
path = sys.argv[1]
if path.endswith(".tbl"):
    numbers = {int(m.group(1)) for m in re.finditer(r"^\s*T(\d+)", open(path).read(), re.M)}
elif path.endswith(".fctl"):
    # A list of {"nr": N, "path": BIT} (FreeCAD 0.19 on), or an object keyed by number.
    tools = json.load(open(path)).get("tools", {})
    numbers = {int(t["nr"]) for t in tools} if isinstance(tools, list) else {int(n) for n in tools}
else:
    numbers = {t["post-process"]["number"] for t in json.load(open(path)).get("data", [])
               if "post-process" in t and "number" in t["post-process"]}
print(" ".join(str(n) for n in sorted(numbers)))
EOF
}

# run PART PROGRAM OPTIONS... -> "cpu status violations"
run() {
  local part=$1 program=$2 status=0
  shift 2
  /usr/bin/time -f '%U %S' -o "$out/time.txt" bash -c 'ulimit -S -t "$0" && exec "$@"' \
    "$cpu_limit" "$build/gougechek" "$part" "$program" "$@" -j1 -q \
    --report "$out/report.csv" >/dev/null 2>"$out/stderr.txt" || status=$?
  if [ "$status" -eq 152 ]; then
    echo "> $cpu_limit $status -"
    return
  fi
  local cpu violations="-"
  cpu=$(tail -n 1 "$out/time.txt" | awk '{ printf "%.2f", $1 + $2 }')
  [ "$status" -le 1 ] && violations=$(($(wc -l <"$out/report.csv") - 1))
  echo "$cpu $status $violations"
}

printf '%-28s %-40s %5s %9s %7s %5s %10s\n' part library tool "CPU (s)" "x ball" exit violations
for case in "${cases[@]}"; do
  IFS=: read -r part program ball <<<"$case"
  name="$(basename "$(dirname "$part")")/$(basename "$program")"
  read -r ball_cpu ball_status ball_violations < <(run "$part" "$program" --tool "$ball")
  printf '%-28s %-40s %5s %9s %7s %5s %10s\n' "$name" "--tool $ball" - "$ball_cpu" 1.0 \
    "$ball_status" "$ball_violations"
  for library in "${libraries[@]}"; do
    for number in ${TOOLS:-$(toolNumbers "$library")}; do
      # The tool length offset too: LinuxCNC posts load it with G43 H<tool>.
      sed -E -e "s/(^|[^A-Za-z(;])T[0-9]+/\1T$number/g" \
        -e "/G43/s/(^|[^A-Za-z(;])H[0-9]+/\1H$number/g" "$program" >"$out/program.nc"
      # The ball also stands for tool 0, which LinuxCNC and FreeCAD posts move with before
      # their first tool change: a library alone names no cutter for it.
      read -r cpu status violations < <(run "$part" "$out/program.nc" --tool-library "$library" \
        --tool "$ball")
      ratio=$(awk -v c="$cpu" -v b="$ball_cpu" 'BEGIN { if (c ~ />/ || b <= 0) print "-"; else printf "%.1f", c / b }')
      printf '%-28s %-40s %5s %9s %7s %5s %10s\n' "$name" "$(basename "$library")" "$number" \
        "$cpu" "$ratio" "$status" "$violations"
    done
  done
done
