#!/usr/bin/env bash
# A ctest of tests/html: runs the CLI with --report WORKDIR/NAME.html (and NAME.json), checks its
# exit status, then opens the HTML report in headless Chromium with page_check.mjs and the given
# checks (its result: WORKDIR/NAME.result.json, a screenshot: WORKDIR/NAME.png).
# usage: report_check.sh WORKDIR NAME EXPECTED_EXIT CLI [CLI ARGS...] -- [PAGE_CHECK ARGS...]
# In the page_check arguments, {VIEW:X,Y,Z} stands for the pixel (CSS px from the top left
# corner of the picture's <img>) where the picture VIEW draws the model point X,Y,Z, and
# {VIEW:deepest} for where it draws the deepest violation of the JSON report (the first of equal
# depths). VIEW is "top" (the first picture with a data-projection: the top view), "zoom" (the
# first region's zoom, which must be the deepest violation's), "section" (the section after
# that zoom) or "excess" (the excess map's top view). Each picture states its mapping
# in data-projection (docs/report-format.md); the image is drawn at its natural size inside the
# report's 1 px border. The checks of the part's pixels and of the background around it are
# what show that mapping to be the one the picture was drawn with.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$1 name=$2 expected_exit=$3
shift 3
source "$here/browser_env.sh"
require_browser_tools
cli=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do cli+=("$1"); shift; done
[ $# -gt 0 ] || { echo "usage: report_check.sh WORKDIR NAME EXPECTED_EXIT CLI [ARGS...] -- [PAGE_CHECK ARGS...]" >&2; exit 2; }
shift
mkdir -p "$work"
html=$work/$name.html json=$work/$name.json
rm -f "$html" "$json" "$work/$name.result.json" "$work/$name.png"

status=0
"${cli[@]}" --report "$html" --report "$json" -q || status=$?
[ "$status" -eq "$expected_exit" ] || { echo "FAILED: the CLI exited $status, not $expected_exit" >&2; exit 1; }

# {VIEW:...} placeholders, each replaced by X,Y in that picture's pixels.
page_args=()
for arg in "$@"; do
  while [[ $arg =~ \{(top|zoom|section|excess):([^}]*)\} ]]; do
    point=$(node -e '
      const fs = require("fs");
      const [html, json, view, what] = process.argv.slice(1);
      const report = JSON.parse(fs.readFileSync(json, "utf8"));
      const unescape = text => text.replace(/&quot;/g, "\"").replace(/&#39;/g, "\x27")
                                   .replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
      const images = [...fs.readFileSync(html, "utf8").matchAll(/<img ([^>]*)>/g)].map(m => {
        const alt = /alt="([^"]*)"/.exec(m[1]), projection = /data-projection="([^"]*)"/.exec(m[1]);
        return {alt: alt ? unescape(alt[1]) : "", projection: projection && JSON.parse(unescape(projection[1]))};
      }).filter(image => image.projection);
      const deepest = () => {
        if (report.violations.length === 0) throw new Error(`{${view}:deepest}: the report has no violation`);
        return report.violations.reduce((a, b) => b.depth > a.depth ? b : a);
      };
      const zoom = images.findIndex(i => i.alt.startsWith("the region"));
      const image = view === "top" ? images[0] : view === "zoom" ? images[zoom]
                  : view === "excess" ? images.find(i => i.alt.startsWith("top view: the design"))
                  : images[zoom + 1];
      if (!image || (view !== "top" && zoom < 0))
        throw new Error(`no ${view} picture with a data-projection`);
      if (view === "section" && !image.alt.startsWith("section through"))
        throw new Error(`the picture after the first zoom is no section: ${image.alt}`);
      if (view !== "top" && view !== "excess" && !images[zoom].alt.includes(`(line ${deepest().line})`))
        throw new Error(`the first region\x27s zoom is not the deepest violation\x27s: ${image.alt}`);
      const at = what === "deepest" ? deepest().at : what.split(",").map(Number);
      while (at.length < 3) at.push(0);
      const p = image.projection, d = at.map((c, k) => c - p.centre[k]);
      const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
      const border = 1;
      const x = border + p.cx + dot(d, p.right) * p.px_per_mm, y = border + p.cy - dot(d, p.up) * p.px_per_mm;
      console.log(`${x.toFixed(2)},${y.toFixed(2)}`);' "$html" "$json" "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}")
    arg=${arg/"${BASH_REMATCH[0]}"/$point}
  done
  page_args+=("$arg")
done

node "$here/page_check.mjs" "$html" --out "$work/$name.result.json" --screenshot "$work/$name.png" \
  "${page_args[@]}"
node -e 'const r = require(process.argv[1]);
         console.log(`${process.argv[2]}: ${r.page_bytes} bytes, load ${r.load_ms} ms, ${r.checks.length} checks passed`);' \
  "$work/$name.result.json" "$name"
