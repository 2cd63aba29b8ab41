#!/usr/bin/env bash
# The ctest html.viewer3d: the HTML report's 3D view (src/report/viewer3d.js) in headless
# Chromium, on the demo page test_report writes (Viewer3d.WritesDemoPage: the sample mold, a
# raster path, 40 violations and their table). No console error, no request, the canvas drawn
# with WebGL (SwiftShader), a click on violation 35's marker scrolls to its row #v-35 and
# highlights it, and a click on that row scrolls back to the view.
# usage: viewer3d_check.sh WORKDIR TEST_REPORT   (GOUGECHEK_PUPPETEER_DIR: install.sh's install)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$1
test_report=$2
source "$here/browser_env.sh"
require_browser_tools
rm -rf "$work"
mkdir -p "$work"
GOUGECHEK_VIEWER3D_DEMO="$work/demo.html" "$test_report" --gtest_filter=Viewer3d.WritesDemoPage \
  >"$work/demo.log" || { cat "$work/demo.log" >&2; exit 1; }
node "$here/page_check.mjs" "$work/demo.html" --out "$work/result.json" \
  --expect-ready --expect-no-errors --expect-no-requests --expect-webgl '#gc3d-canvas' \
  --click '#marker-spot' --expect-scrolled-to '#v-35' --expect-count '#v-35.gc3d-row=1' \
  --click '#v-35' --expect-scrolled-to '#gc3d-canvas'
node -e 'const r = require(process.argv[1]);
         console.log(`3D view drawn by ${r.canvases[0].renderer}; ${r.page_bytes} bytes, ready ${r.ready_ms} ms`);' \
  "$work/result.json"
