#!/bin/bash
# check-pipefail.sh - a check whose result is piped into another command
# (check-lcov.sh's "python3 compare | tee report") reports the
# comparison's status, not the last command's.  Fed a deliberately wrong
# comparison, check-lcov.sh's compare_lines must FAIL; fed nothing to
# compare, or a run in which nothing ran, it must FAIL; fed agreeing
# data, it must PASS.  The same wrong comparison without pipefail is
# shown to PASS, which is the hole this test closes.  And every bash
# script in scripts/ sets pipefail.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -u
. "$(dirname "$0")/script-test-lib.sh"

# Every bash script of scripts/ that checks something sets pipefail.
# Not: POSIX sh scripts (install-deps.sh, which checks nothing), files
# sourced by others (no "#!": they run under their caller's options),
# and make bench's scripts, which print tables and assert nothing.
for script in "$MIP_SRCDIR"/scripts/*.sh; do
  case $(basename "$script"):$(head -n 1 "$script") in
    *':#!/bin/sh'* | bench*) continue ;;
    *':#!'*) ;;
    *) continue ;;
  esac
  if grep -Eq '^set .*-[a-z]*o pipefail' "$script"; then
    expect "$(basename "$script") sets pipefail" yes yes
  else
    expect "$(basename "$script") sets pipefail" no yes
  fi
done

# check-lcov.sh's functions, without its main.
export MIP_WORK=$scratch/work
. "$MIP_SRCDIR/scripts/check-lcov.sh"
set +e
OUT=$scratch

# A source of four lines; line 3 is the statement both tools report.
printf 'int main (void)\n{\n  return 0;\n}\n' >"$scratch/a.c"

# make_case NAME MIP_RAN GCOV_COUNT [NO_LINES]: a tracefile and a gcov
# JSON report of a.c.
make_case () {
  local dir=$scratch/$1
  mkdir -p "$dir/gcov"
  {
    echo "SF:$scratch/a.c"
    [ -n "${4:-}" ] || echo "DA:3,$2"
    echo "end_of_record"
  } >"$dir/run.info"
  python3 - "$dir/gcov/a.gcov.json.gz" "$3" <<'PY'
import gzip, json, sys
report = {"files": [{"file": "a.c", "lines": [
    {"line_number": 3, "count": int(sys.argv[2]), "unexecuted_block": False}]}]}
with gzip.open(sys.argv[1], "wt") as stream:
    json.dump(report, stream)
PY
}

# run_case NAME: the outcome of compare_lines on case NAME (PASS/FAIL).
run_case () {
  local before_failed=$mip_failed before_passed=$mip_passed
  compare_lines "$1" "$scratch/$1/run.info" "$scratch/$1/gcov" \
    "a.c=$scratch/a.c" "$scratch/$1/report" >/dev/null
  if [ "$mip_failed" -gt "$before_failed" ]; then
    echo FAIL
  elif [ "$mip_passed" -gt "$before_passed" ]; then
    echo PASS
  else
    echo NONE
  fi
}

make_case agree 1 5
make_case disagree 1 0
make_case nothing-compared 1 5 no-lines
make_case nothing-ran 0 0
expect "agreeing lines pass" "$(run_case agree)" PASS
expect "a disagreement fails (compare | tee)" "$(run_case disagree)" FAIL
expect "a comparison of no line fails" "$(run_case nothing-compared)" FAIL
expect "a run in which nothing ran fails" "$(run_case nothing-ran)" FAIL

# Without pipefail the disagreement passes: tee's status hides it.
set +o pipefail
expect "without pipefail, the disagreement would pass" \
  "$(run_case disagree)" PASS
set -o pipefail

finish
