#!/usr/bin/env bash
# The ctest html.harness: page_check.mjs itself, on two fixture pages. fixtures/webgl_marker.html
# must pass every check (WebGL drawn through the headless Chromium's software GPU, the ready flag,
# a pixel inside and outside the drawing, a click on the drawing scrolling to the paragraph it
# names), and a click beside the drawing must not count as scrolling; fixtures/faults.html must
# fail each check, and its result must list the console error, the uncaught exception and each
# blocked request.
# usage: harness_test.sh WORKDIR   (GOUGECHEK_PUPPETEER_DIR: the install of install.sh)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$1
source "$here/browser_env.sh"
require_browser_tools
rm -rf "$work"
mkdir -p "$work"
check=("node" "$here/page_check.mjs")
fail() { echo "FAILED: $*" >&2; exit 1; }

# The WebGL page: everything works.
"${check[@]}" "$here/fixtures/webgl_marker.html" --out "$work/webgl.json" \
  --expect-ready --expect-no-errors --expect-no-requests --expect-webgl '#view' \
  --pixel-check '#view:20,180:#0080ff' --pixel-check '#view:180,20:background' \
  --click '#view:20,180' --expect-scrolled-to '#far' ||
  fail "page_check failed on fixtures/webgl_marker.html"
node -e 'const r = require(process.argv[1]);
         const [canvas] = r.canvases;
         console.log(`webgl_marker.html: WebGL drawn by ${canvas.renderer}; load ${r.load_ms} ms, ready ${r.ready_ms} ms`);' \
  "$work/webgl.json"

# A click beside the triangle scrolls nowhere: --expect-scrolled-to must see that.
status=0
"${check[@]}" "$here/fixtures/webgl_marker.html" --out "$work/beside.json" --timeout 3000 \
  --click '#view:180,20' --expect-scrolled-to '#far' 2>"$work/beside.err" || status=$?
[ "$status" -eq 1 ] && grep -q -- "--expect-scrolled-to #far: not in view after" "$work/beside.err" ||
  fail "a click beside the drawing counted as scrolling (exit $status): $(cat "$work/beside.err")"

# The faulty page: every check fails, each for its own reason.
status=0
"${check[@]}" "$here/fixtures/faults.html" --out "$work/faults.json" --timeout 5000 \
  --expect-no-errors --expect-no-requests --expect-ready \
  --expect-selector '#hidden' --expect-selector '#broken' --expect-selector '#missing' \
  --expect-count 'img=1' --expect-drawn '#blank' --expect-webgl '#blank' \
  --pixel-check '#blank:50,50:not-background' \
  --click '#inert' --expect-scrolled-to '#near' 2>"$work/faults.err" || status=$?
[ "$status" -eq 1 ] || fail "page_check exited $status on fixtures/faults.html, not 1: $(cat "$work/faults.err")"
expected_failures=(
  # Which errors and requests: below, from the result (their order varies).
  "--expect-no-errors: "
  "--expect-no-requests: "
  "--expect-ready: the page never set window.gougechekReady"
  "--expect-selector #hidden: element 1 of 1 (<div>) is hidden"
  "--expect-selector #broken: element 1 of 1 (<img>) is not decoded"
  "--expect-selector #missing: no element matches"
  "--expect-count img=1: 2 match"
  "--expect-drawn #blank: flat"
  "--expect-webgl #blank: the page made no WebGL context on it (context: 2d)"
  "--pixel-check #blank:50,50:not-background: #ffffff (background #ffffff)"
  "--expect-scrolled-to #near: in view before the click already"
)
for failure in "${expected_failures[@]}"; do
  grep -qF -- "FAILED: $here/fixtures/faults.html: $failure" "$work/faults.err" ||
    fail "page_check did not report: $failure; it said: $(cat "$work/faults.err")"
done
[ "$(grep -c '^FAILED: ' "$work/faults.err")" -eq "${#expected_failures[@]}" ] ||
  fail "page_check reported other failures too: $(cat "$work/faults.err")"
node -e 'const r = require(process.argv[1]);
         const has = (list, text) => list.some(e => (e.text ?? e).includes(text));
         const requests = r.requests.map(q => `${q.type} ${q.url}`).sort().join(" | ");
         if (requests !== "fetch https://example.org/data.json | image http://example.com/picture.png | websocket ws://example.net/socket" ||
             !has(r.console_errors, "fixture: a console error") || !has(r.page_errors, "fixture: an uncaught exception") ||
             r.checks.length !== 12 || r.checks.some(c => c.ok !== c.check.startsWith("--click ")))
           { console.error("FAILED: the result of faults.html is wrong:", JSON.stringify(r)); process.exit(1); }' \
  "$work/faults.json"

# A usage error is no check failure.
status=0
"${check[@]}" "$here/fixtures/faults.html" --pixel-check '#blank:50:red' 2>/dev/null >/dev/null || status=$?
[ "$status" -eq 2 ] || fail "page_check exited $status on a bad --pixel-check, not 2"
echo "harness_test: page_check passed the WebGL page, and found every fault of faults.html"
