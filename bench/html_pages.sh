#!/usr/bin/env bash
# The HTML report's size and load time in headless Chromium with many violations (issue 12), on
# the samples' mold with the 6 mm ball (--tool ball:6,flute=12):
#   10k  samples/mold_finish.nc with its first 10,000 cuts (lines 8-10007: the plunge and raster
#        moves 1-9,999) lowered 0.5 mm: 10,001 gouges (raster move 10,000 starts low)
#   16k  samples/mold_finish.nc with every Z lowered 0.5 mm: 16,281 gouges and the rapid after
#        the last cut, 16,282 violations
# Each page is opened REPEATS times (default 3), each time in a new headless Chromium, by
# tests/html/page_check.mjs (which fails the run on a console error or a network request).
# Prints a markdown table: violations, page size, document height, and the medians of
#   load      navigation start to the end of the load event
#   painted   to two animation frames later: the page laid out and painted
#   ready     to window.gougechekReady = true, for a page that sets it (else "-")
#
#   bench/html_pages.sh          BUILD_DIR (default build/release), REPEATS
# Needs node, npm and chromium (scripts/install-deps.sh); puppeteer-core is installed where the
# ctest html.install puts it. The programs and pages are made in bench/out/ (git-ignored).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="$(realpath "${BUILD_DIR:-$root/build/release}")"
repeats="${REPEATS:-3}"
cli="$build/gougechek"
[ -x "$cli" ] || { echo "html_pages.sh: no $cli: build first" >&2; exit 2; }
export GOUGECHEK_PUPPETEER_DIR="$build/tests/html/npm"
"$root/tests/html/install.sh" "$GOUGECHEK_PUPPETEER_DIR" >/dev/null
mkdir -p "$here/out"
out="$(mktemp -d "$here/out/html_pages.XXXXXX")"
trap 'rm -rf "$out"' EXIT

# lower FIRST LAST: mold_finish.nc with the Z of lines FIRST..LAST lowered 0.5 mm.
lower() {
  awk -v first="$1" -v last="$2" '
    NR >= first && NR <= last && match($0, /Z-?[0-9.]+/) {
      $0 = substr($0, 1, RSTART) sprintf("%.4f", substr($0, RSTART + 1, RLENGTH - 1) - 0.5) \
           substr($0, RSTART + RLENGTH)
    }
    { print }' "$root/samples/mold_finish.nc"
}
lower 8 10007 >"$out/10k.nc"
lower 1 999999 >"$out/16k.nc"

# The median of the numbers on standard input, in seconds (2 decimals); "-" if there are none.
median() {
  sort -n | awk '{ v[NR] = $1 }
    END { if (NR == 0) print "-"; else printf "%.2f s\n", ((NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) / 1000 }'
}

echo "| program | violations | page size | document height | load | painted | ready |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for name in 10k 16k; do
  # Run in $out with the program's bare name: each marker's tooltip quotes the program's path.
  status=0
  (cd "$out" && "$cli" "$root/samples/mold.stl" "$name.nc" --tool ball:6,flute=12 -q \
     --report "$name.html" --report "$name.json") || status=$?
  [ "$status" -eq 1 ] || { echo "html_pages.sh: $name: the CLI exited $status, not 1" >&2; exit 1; }
  violations=$(node -e 'console.log(require(process.argv[1]).violations.length)' "$out/$name.json")
  : >"$out/$name.times"
  for run in $(seq "$repeats"); do
    node "$root/tests/html/page_check.mjs" "$out/$name.html" --out "$out/$name.run$run.json" \
      --expect-no-errors --expect-no-requests --timeout 120000
    node -e 'const r = require(process.argv[1]);
             console.log(r.load_ms, r.painted_ms, r.ready_ms ?? "-", r.page_bytes, r.document_height, r.chromium)' \
      "$out/$name.run$run.json" >>"$out/$name.times"
  done
  read -r _ _ _ bytes height chromium <"$out/$name.times"
  printf '| %s | %s | %s MB | %s px | %s | %s | %s |\n' "$name" "$violations" \
    "$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')" "$height" \
    "$(cut -d' ' -f1 "$out/$name.times" | median)" "$(cut -d' ' -f2 "$out/$name.times" | median)" \
    "$(cut -d' ' -f3 "$out/$name.times" | { grep -v -- - || true; } | median)"
done
echo
echo "$chromium headless, 1200x900 viewport; medians of $repeats runs; $(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg)."
