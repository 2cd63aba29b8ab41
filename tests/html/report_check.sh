#!/usr/bin/env bash
# A ctest of tests/html: runs the CLI with --report WORKDIR/NAME.html (and NAME.json), checks its
# exit status, then opens the HTML report in headless Chromium with page_check.mjs and the given
# checks (its result: WORKDIR/NAME.result.json, a screenshot: WORKDIR/NAME.png).
# usage: report_check.sh WORKDIR NAME EXPECTED_EXIT CLI [CLI ARGS...] -- [PAGE_CHECK ARGS...]
# In the page_check arguments, {top:X,Y} stands for the pixel (CSS px from the top left corner of
# the view's svg) where today's top view (src/report/html_report.cpp, writeView) draws the model
# point X,Y, and {top:deepest} for the deepest violation's, the first of equal depths; computed
# here from the JSON report, independently of the page, as that function lays out a view.
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

# {top:...} placeholders, each replaced by X,Y in the top view's pixels.
page_args=()
for arg in "$@"; do
  while [[ $arg =~ \{top:([^}]*)\} ]]; do
    point=$(node -e '
      const report = require(process.argv[1]), what = process.argv[2];
      const [lo, hi] = report.inputs.part.bounds.map(corner => corner.slice(0, 2));
      for (const v of report.violations) for (const k of [0, 1]) {
        lo[k] = Math.min(lo[k], v.at[k]);
        hi[k] = Math.max(hi[k], v.at[k]);
      }
      let at;
      if (what === "deepest") {
        if (report.violations.length === 0) throw new Error("{top:deepest}: the report has no violation");
        at = report.violations.reduce((a, b) => b.depth > a.depth ? b : a).at;
      } else {
        at = what.split(",").map(Number);
      }
      const margin = 12, scale = 420 / Math.max(hi[0] - lo[0], hi[1] - lo[1], 1e-9);
      const height = (hi[1] - lo[1]) * scale + 2 * margin;
      const x = margin + (at[0] - lo[0]) * scale, y = height - margin - (at[1] - lo[1]) * scale;
      console.log(`${x.toFixed(2)},${y.toFixed(2)}`);' "$json" "${BASH_REMATCH[1]}")
    arg=${arg/"${BASH_REMATCH[0]}"/$point}
  done
  page_args+=("$arg")
done

node "$here/page_check.mjs" "$html" --out "$work/$name.result.json" --screenshot "$work/$name.png" \
  "${page_args[@]}"
node -e 'const r = require(process.argv[1]);
         console.log(`${process.argv[2]}: ${r.page_bytes} bytes, load ${r.load_ms} ms, ${r.checks.length} checks passed`);' \
  "$work/$name.result.json" "$name"
