#!/bin/bash
# check-count-results.sh - scripts/test.sh's counts (count-results.py)
# fail a run whose DejaGnu summary is clean but whose log has an ERROR
# (a Tcl error in a check) or an UNRESOLVED test, count Check tests that
# printed a SKIP line as skipped, and fail when a summary is missing or
# a make step failed without a failure in the logs.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -u -o pipefail
. "$(dirname "$0")/script-test-lib.sh"
count=$MIP_SRCDIR/scripts/count-results.py

# make_build NAME SUM_EXTRA: a build directory with a DejaGnu summary of
# 10 passes (plus the lines SUM_EXTRA) and one unit test that passed
# with one Check test skipped.
make_build () {
  local dir=$scratch/$1
  mkdir -p "$dir/testsuite" "$dir/tests/unit"
  {
    echo "PASS: mip.dg/a.c (test for excess errors)"
    printf '%s' "$2"
    echo
    echo "		=== mip Summary ==="
    echo
    echo "# of expected passes		10"
    case $2 in *UNSUPPORTED*) echo "# of unsupported tests		1" ;; esac
  } >"$dir/testsuite/mip.sum"
  printf '# TOTAL: 1\n# PASS:  1\n# SKIP:  0\n# XFAIL: 0\n# FAIL:  0\n# XPASS: 0\n# ERROR: 0\n' \
    >"$dir/tests/unit/test-suite.log"
  printf 'SKIP: check_mipdata: test_x_fn: no objcopy (binutils)\n100%%: Checks: 3, Failures: 0, Errors: 0\n' \
    >"$dir/tests/unit/check_mipdata.log"
  printf ':test-result: PASS\n' >"$dir/tests/unit/check_mipdata.trs"
}

# last NAME [ARGS...]: the closing line and exit status of the count.
last () {
  local dir=$scratch/$1 status=0
  shift
  python3 "$count" "$@" "$dir" >"$dir.out" 2>&1 || status=$?
  printf '%s (exit %s)\n' "$(tail -n 1 "$dir.out")" "$status"
}

make_build clean ""
make_build error "ERROR: mip.dg/b.c: error executing dg-final: no dump"
make_build unresolved "UNRESOLVED: mip.dg/c.c: compile"
make_build unsupported "UNSUPPORTED: mip.dg/d.c: no zstd"
make_build no-summary ""
rm "$scratch/no-summary/testsuite/mip.sum"
make_build real ""
printf 'check-real: 7 passed, 0 failed, 2 skipped\n' >"$scratch/real-check.log"
printf 'check-real: 7 passed, 1 failed, 2 skipped\n' >"$scratch/real-failed.log"

expect "a clean run passes, its Check skip counted" "$(last clean)" \
  "test: 11 passed, 0 failed, 1 skipped (exit 0)"
expect "a DejaGnu ERROR fails the run" "$(last error)" \
  "test: 11 passed, 1 failed, 1 skipped (exit 1)"
expect "an UNRESOLVED test fails the run" "$(last unresolved)" \
  "test: 11 passed, 1 failed, 1 skipped (exit 1)"
expect "an UNSUPPORTED test is skipped" "$(last unsupported)" \
  "test: 11 passed, 0 failed, 2 skipped (exit 0)"
expect "no DejaGnu summary fails the run" "$(last no-summary)" \
  "test: 1 passed, 1 failed, 1 skipped (exit 1)"
expect "a failed make step with clean logs fails the run" \
  "$(last clean --failed-steps 1)" "test: 11 passed, 1 failed, 1 skipped (exit 1)"
expect "check-real's counts are added" \
  "$(python3 "$count" "$scratch/real" "$scratch/real-check.log" | tail -n 1)" \
  "test: 18 passed, 0 failed, 3 skipped"
expect "check-real's failure fails the run" \
  "$(python3 "$count" "$scratch/real" "$scratch/real-failed.log" | tail -n 1)" \
  "test: 18 passed, 1 failed, 3 skipped"

finish
