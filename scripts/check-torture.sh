#!/bin/bash
# check-torture.sh - run GCC's c-torture execute tests with and without
# MIP (see torture-test.sh for what one test checks), two at a time, and
# summarise: checks passed and failed, tests skipped because the plain
# build fails or because their directives cannot be honoured, and every
# failure with the command to reproduce it.  Part of check-real.sh; also
# runs alone.
#
# Environment: MIP_WORK, MIP_PLUGIN, MIP_RUNTIME_DIR, MIPDATA, CC,
#   SAMPLE=N             check only every Nth test (default 1: all)
#   FULL=1               ignore SAMPLE
#   TORTURE_MODES        ';'-separated flag sets (default "-O0;-O2")
#   MIP_VARIANTS         MIP modes to check (default "full fcov"; empty
#                        checks only the plain builds)
#   TORTURE_MIPDATA_EVERY  run mipdata create+merge on every Nth checked
#                        test (default 10)
#   TORTURE_FILTER       only tests whose name matches this grep pattern
#   CHECK_RESULT_FILE    where to append "torture PASSED FAILED SKIPPED"
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu
MIP_SCRIPT_NAME=check-torture
here=$(cd "$(dirname "$0")" && pwd)
. "$here/mip-lib.sh"

TORTURE_DIR=$MIP_WORK/src/gcc-torture/execute
export TORTURE_OUT=$MIP_WORK/torture
export TORTURE_MODES=${TORTURE_MODES:--O0;-O2}
export MIP_VARIANTS=${MIP_VARIANTS-full fcov}
export TORTURE_MIPDATA_EVERY=${TORTURE_MIPDATA_EVERY:-10}
export TORTURE_TIMEOUT=${TORTURE_TIMEOUT:-20}
export CC
sample=${SAMPLE:-1}
[ "${FULL:-0}" = 1 ] && sample=1

list_tests () {
  ls "$TORTURE_DIR"/*.c | grep -e "${TORTURE_FILTER:-.}" \
    | awk -v n="$sample" '(NR - 1) % n == 0 { print ++k, $0 }'
}

count () {
  cat "$TORTURE_OUT"/results/*.res 2>/dev/null | grep -c "^$1	" || true
}

print_failures () {
  local file
  for file in "$TORTURE_OUT"/results/*.res; do
    grep -A 3 '^FAIL	' "$file" | grep -v '^--$' || true
  done
}

main () {
  local total passed failed plain_fail unsupported plain_ok crashed
  [ -n "$MIP_VARIANTS" ] && mip_check_tools
  [ -d "$TORTURE_DIR" ] || bash "$here/fetch-sources.sh" torture
  rm -rf "$TORTURE_OUT"
  mkdir -p "$TORTURE_OUT/results" "$TORTURE_OUT/tmp"
  total=$(list_tests | wc -l)
  if [ "$sample" -gt 1 ]; then
    mip_say "SAMPLE=$sample: checking 1 test in $sample, $total of $(ls "$TORTURE_DIR"/*.c | wc -l) (FULL=1 checks all)"
  else
    mip_say "checking $total tests"
  fi
  mip_say "modes: $TORTURE_MODES; MIP variants: ${MIP_VARIANTS:-none (plain only)}; $MIP_JOBS jobs"
  crashed=0
  list_tests | xargs -P "$MIP_JOBS" -n 2 bash "$here/torture-test.sh" \
    || crashed=1
  passed=$(count PASS)
  failed=$(count FAIL)
  if [ "$crashed" -eq 1 ]; then
    mip_say "FAIL: torture-test.sh itself failed on some test (its messages are above)"
    failed=$((failed + 1))
  fi
  plain_fail=$(count PLAINFAIL)
  unsupported=$(count UNSUPPORTED)
  plain_ok=$(count PLAINOK)
  if [ "$failed" -gt 0 ]; then
    mip_say "failures (files kept in $TORTURE_OUT/tmp):"
    print_failures
  fi
  mip_say "plain builds: $plain_ok passed, $plain_fail failed (skipped), $unsupported unsupported (directives)"
  mip_say "torture: $passed passed, $failed failed, $((plain_fail + unsupported)) skipped"
  if [ -n "${CHECK_RESULT_FILE:-}" ]; then
    echo "torture $passed $failed $((plain_fail + unsupported))" >>"$CHECK_RESULT_FILE"
  fi
  [ "$failed" -eq 0 ]
}

main
