#!/usr/bin/env bash
# The screenshots of HTML reports the README links (docs/screenshots/): the bad sample, a clean
# job of the CAM corpus (pocket_plate, FreeCAD's LinuxCNC post), and the known-bad FreeCAD job
# (known_bad/pocket_plate_fitarcs: three real 0.018 mm gouges), and of the last its first region
# (operation, zoom, section, G-code) and its 3D view; the excess section (--excess) of the bad
# sample and of the known-bad job. Each page is shot from its top, 1200 CSS px
# wide, at most 2000 tall; every picture is shrunk by optipng (its default level).
# usage: scripts/screenshots.sh [BUILD_DIR]   (default build/release, built; the corpus is
#        read from GOUGECHEK_SHARED_DIR, default ../shared: without it, its two pictures are left
#        as they are, and the script says so)
# Needs node, npm and chromium (scripts/install-deps.sh), and optipng (apt-get install optipng).
# The reports are made in a temporary folder linking to the inputs, by "gougechek" found on
# PATH, so that the pages show short file names and commands, not this machine's.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath "${1:-$root/build/release}")
shared=${GOUGECHEK_SHARED_DIR:-$root/../shared}
corpus=$shared/corpus/cam
out=$root/docs/screenshots
cli=$build/gougechek
[ -x "$cli" ] || { echo "screenshots.sh: no $cli: build first" >&2; exit 2; }
command -v optipng >/dev/null || { echo "screenshots.sh: optipng is missing (apt-get install optipng)" >&2; exit 2; }
# puppeteer-core where the ctest html.install puts it (quick when it is there already).
export GOUGECHEK_PUPPETEER_DIR=$build/tests/html/npm
"$root/tests/html/install.sh" "$GOUGECHEK_PUPPETEER_DIR" >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
ln -s "$root/samples" "$work/samples"
[ ! -d "$corpus" ] || ln -s "$corpus/pocket_plate" "$corpus/known_bad" "$work/"

# shot NAME EXPECTED_EXIT CLI_ARGS... [-- PAGE_CHECK_ARGS...]: the report of the CLI, as NAME.png
# (and whatever element screenshots the page_check arguments ask for, into docs/screenshots).
shot() {
  local name=$1 expected=$2 status=0 cli=() page=()
  shift 2
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do cli+=("$1"); shift; done
  [ $# -eq 0 ] || { shift; page=("$@"); }
  (cd "$work" && PATH=$build:$PATH gougechek "${cli[@]}" --report "$name.html" >/dev/null) || status=$?
  [ "$status" -eq "$expected" ] ||
    { echo "screenshots.sh: $name: the CLI exited $status, not $expected" >&2; exit 1; }
  node "$root/tests/html/page_check.mjs" "$work/$name.html" --out "$work/$name.json" \
    --expect-no-errors --expect-no-requests --width 1200 --max-height 2000 \
    --screenshot "$out/$name.png" "${page[@]}"
  for png in "$out/$name"*.png; do
    optipng -quiet "$png"
    echo "docs/screenshots/$(basename "$png"): $(stat -c %s "$png") bytes"
  done
}

shot sample_bad 1 samples/mold.stl samples/mold_finish_bad.nc --tool ball:6,flute=12
# The excess map (issue 24) of the same run: the report's excess section.
shot sample_bad_excess 1 samples/mold.stl samples/mold_finish_bad.nc --tool ball:6,flute=12 \
  --excess -- --element-screenshot "section#excess=$out/sample_bad_excess_map.png" \
  --expect-webgl "#gc3d-canvas" --element-screenshot "#gc3d=$out/sample_bad_excess_3d.png"
rm "$out/sample_bad_excess.png"  # the page is sample_bad.png's above its excess section
if [ -d "$corpus/pocket_plate" ]; then
  shot pocket_plate_clean 0 pocket_plate/part.step pocket_plate/linuxcnc.nc \
    --tool flat:6,flute=20 --dialect linuxcnc
  shot pocket_plate_fitarcs_bad 1 pocket_plate/part.step \
    known_bad/pocket_plate_fitarcs/linuxcnc.nc --tool flat:6,flute=20 --dialect linuxcnc -- \
    --element-screenshot "section.region=$out/pocket_plate_fitarcs_bad_region.png" \
    --expect-webgl "#gc3d-canvas" \
    --element-screenshot "#gc3d=$out/pocket_plate_fitarcs_bad_3d.png"
  shot pocket_plate_fitarcs_bad_excess 1 pocket_plate/part.step \
    known_bad/pocket_plate_fitarcs/linuxcnc.nc --tool flat:6,flute=20 --dialect linuxcnc \
    --excess -- --element-screenshot "section#excess=$out/pocket_plate_fitarcs_bad_excess_map.png"
  rm "$out/pocket_plate_fitarcs_bad_excess.png"
else
  echo "screenshots.sh: no CAM corpus at $corpus: pocket_plate_clean.png and" \
       "pocket_plate_fitarcs_bad.png are left as they are" >&2
fi
