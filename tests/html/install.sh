#!/usr/bin/env bash
# Installs puppeteer-core, exactly as package-lock.json here pins it, into DEST/node_modules
# (npm ci, from the npm registry; puppeteer-core downloads no browser). DEST is a folder of the
# build tree (the ctest html.install uses BUILD/tests/html/npm): nothing is written beside the
# sources. Quick when DEST already holds an install of this very lock file.
# usage: install.sh DEST     (exit 77, skipped, when node, npm or chromium is missing and CI is
#                             unset: browser_env.sh)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dest=$(realpath -m "$1")
source "$here/browser_env.sh"
require_browser_tools

stamp=$dest/installed-package-lock.json
if cmp -s "$here/package-lock.json" "$stamp" && [ -f "$dest/node_modules/puppeteer-core/package.json" ]; then
  echo "install.sh: $dest holds puppeteer-core $(node -p "require('$dest/node_modules/puppeteer-core/package.json').version") of this lock file already"
  exit 0
fi
mkdir -p "$dest"
rm -f "$stamp"
cp "$here/package.json" "$here/package-lock.json" "$dest/"
# --ignore-scripts: nothing the lock holds needs an install script, so none runs.
npm ci --prefix "$dest" --ignore-scripts --no-audit --no-fund --loglevel=error
# The stamp last: an interrupted install is done again next time.
cp "$here/package-lock.json" "$stamp"
echo "install.sh: puppeteer-core $(node -p "require('$dest/node_modules/puppeteer-core/package.json').version") installed in $dest"
