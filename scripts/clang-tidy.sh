#!/usr/bin/env bash
# Runs clang-tidy (.clang-tidy: readability-function-size, 80 lines) over every .cpp of src/,
# with the compile commands of the release build (configured here if it is not yet), two files
# at a time, and lists the functions over the threshold, longest first:
#
#   scripts/clang-tidy.sh            exit 1 when a function is over 80 lines, else 0
#   scripts/clang-tidy.sh src/gcode  only the files under these paths
#
# and exit 2 when clang-tidy could not check a file: a parse error is never a pass.
#
# Headers are checked through the files that include them (HeaderFilterRegex: /src/), each
# function listed once.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/release
[ -f "$build/compile_commands.json" ] || cmake --preset release >/dev/null
paths=("$@")
[ ${#paths[@]} -gt 0 ] || paths=(src)
log="$(mktemp)"
# The build generates a source (the 3D view's script): compile commands may name it; clang-tidy
# only needs the tracked sources.
# clang-tidy exits non-zero only when it could not check a file (warnings are not errors
# here): that is a failure of its own, never a pass.
trap 'rm -f "$log" "$log.err"' EXIT
status=0
git ls-files -- "${paths[@]}" | grep -E '\.cpp$' |
  xargs -P "${TIDY_JOBS:-2}" -n 4 clang-tidy -p "$build" --quiet \
    --extra-arg=-Wno-unknown-warning-option 2>"$log.err" >"$log" || status=$?
if [ "$status" -ne 0 ] || grep -q ': error: ' "$log"; then
  echo "clang-tidy could not check every file (exit $status):"
  grep -h -e ': error: ' -e '^Error' "$log" "$log.err" | sed "s|$PWD/||" | head -20
  exit 2
fi
# "file:line:col: warning: function 'name' exceeds recommended size/complexity thresholds"
# is followed by the note "N lines including whitespace and comments (threshold 80)".
awk '
  /warning: function .* exceeds recommended size/ {
    split($0, at, ":"); where = at[1] ":" at[2]
    match($0, /function .* exceeds/); name = substr($0, RSTART + 9, RLENGTH - 17)
  }
  /note: [0-9]+ lines including whitespace/ && where != "" {
    match($0, /[0-9]+ lines/); lines = substr($0, RSTART, RLENGTH - 6)
    if (!(where in seen)) { seen[where] = 1; print lines "\t" where "\t" name }
    where = ""
  }' "$log" | sort -t$'\t' -k1,1nr -k2,2 | sed "s|$PWD/||" >"$log.list"
count=$(wc -l <"$log.list")
if [ "$count" -gt 0 ]; then
  echo "clang-tidy: $count function(s) over 80 lines (lines, where, function):"
  column -t -s$'\t' "$log.list"
  rm -f "$log.list"
  exit 1
fi
rm -f "$log.list"
echo "clang-tidy: no function over 80 lines in ${paths[*]}"
