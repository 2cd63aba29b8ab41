#!/bin/bash
# The generated man page and completions (src/cli/shell_docs.hpp) hold every option of the
# command line's --help, the man page renders without warnings, and bash completes an option's
# name and its values. Run by ctest (cli.shell_docs) with the build's share/ folder and gougechek.
set -euo pipefail
share=$1 gougechek=$2
fail() { echo "FAIL: $*" >&2; exit 1; }

for option in $("$gougechek" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
  grep -q -- "${option//-/\\\\-}" "$share/gougechek.1" || fail "man page lacks $option"
  grep -q -- " $option" "$share/gougechek.bash" || fail "bash completion lacks $option"
  grep -q -- "'$option\[" "$share/_gougechek" || fail "zsh completion lacks $option"
done
warnings=$(groff -man -Tutf8 -ww -z "$share/gougechek.1" 2>&1)
[[ -z $warnings ]] || fail "groff: $warnings"

source "$share/gougechek.bash"
complete_words() {  # the completions of the last word of "$@"
  COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _gougechek; echo "${COMPREPLY[*]}"
}
[[ $(complete_words gougechek part.stl job.nc --toleran) == --tolerance ]] || fail "--toleran"
[[ $(complete_words gougechek part.stl job.nc --fail-on "") == "any severe" ]] || \
  [[ $(complete_words gougechek part.stl job.nc --fail-on "") == "any new severe" ]] || fail "values"
[[ $(complete_words gougechek batch m.yaml --basel) == --baseline ]] || fail "batch --basel"
[[ $(complete_words gougechek part.stl job.nc --rapid-path d) == dogleg ]] || fail "--rapid-path"
echo "shell docs: every option, man page clean, bash completes"
