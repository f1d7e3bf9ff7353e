# script-test-lib.sh - shared by the tests of the check scripts: a
# scratch directory and the counting of this test's own checks.
# Sourced; MIP_SRCDIR is the source tree (make check sets it).
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

MIP_SRCDIR=${MIP_SRCDIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
test_passed=0
test_failed=0
scratch=$(mktemp -d "$PWD/script-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# expect WHAT ACTUAL WANTED: one check of this test.
expect () {
  if [ "$2" = "$3" ]; then
    test_passed=$((test_passed + 1))
    printf 'PASS: %s\n' "$1"
  else
    test_failed=$((test_failed + 1))
    printf 'FAIL: %s: got %s, expected %s\n' "$1" "$2" "$3"
  fi
}

# The closing line; the exit status automake's harness reads.
finish () {
  printf '%s: %d passed, %d failed\n' "$(basename "$0")" \
    "$test_passed" "$test_failed"
  [ "$test_failed" -eq 0 ] && [ "$test_passed" -gt 0 ]
}
