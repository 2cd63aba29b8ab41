# Sourced by the scripts of tests/html: where the browser checks find their tools, and what
# happens when one is missing. On a developer's machine without them the test is skipped (exit
# 77, the tests' SKIP_RETURN_CODE); under CI (CI set and not empty, as .ci/run exports) it fails,
# since CI installs them (scripts/install-deps.sh: Debian's chromium, node and npm).

# The browser page_check.mjs drives: Debian's launcher script unless GOUGECHEK_CHROMIUM says.
export GOUGECHEK_CHROMIUM="${GOUGECHEK_CHROMIUM:-/usr/bin/chromium}"

missing_tool() {  # WHAT
  if [ -n "${CI:-}" ]; then
    echo "FAILED: $1; CI is set, and scripts/install-deps.sh installs it" >&2
    exit 1
  fi
  echo "SKIPPED: $1 (scripts/install-deps.sh installs it)" >&2
  exit 77
}

require_browser_tools() {
  command -v node >/dev/null || missing_tool "node is not on PATH"
  command -v npm >/dev/null || missing_tool "npm is not on PATH"
  [ -x "$GOUGECHEK_CHROMIUM" ] || missing_tool "no Chromium at $GOUGECHEK_CHROMIUM (Debian package chromium)"
}
