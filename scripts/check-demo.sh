#!/bin/bash
# check-demo.sh - the part "demo" of make check-real: scripts/demo.sh, the
# README's first command, run as a new user runs it (on the build tree
# MIP_BUILDDIR, already built, so its build step is quick), must succeed
# and read well: no more than a few lines of build output before its
# first step (autoreconf, configure and make write to a log), every
# numbered step, a size table that shows .text, data, file and stripped
# sizes (not whole files alone), and the profile it shows must hold the
# demo's functions.
#
# Environment: MIP_BUILDDIR (a configured and built tree), MIP_WORK,
# CHECK_RESULT_FILE (where to append "demo PASSED FAILED SKIPPED").
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -u -o pipefail
MIP_SCRIPT_NAME=check-demo
here=$(cd "$(dirname "$0")" && pwd)
. "$here/mip-lib.sh"

# The lines before the first step: the build's own lines at most.
max_lines_before_first_step=8
steps=7

check_output () {
  local output=$1 before step
  before=$(awk '/^=== 1\. /{ print NR - 1; found = 1; exit }
		END { if (!found) print -1 }' "$output")
  if [ "$before" -lt 0 ]; then
    mip_fail "the demo printed no step 1" "$(tail -20 "$output")"
  elif [ "$before" -gt "$max_lines_before_first_step" ]; then
    mip_fail "the demo printed $before lines before its first step (at most $max_lines_before_first_step: the build's output belongs in its log)"
  else
    mip_pass "$before lines before the first step"
  fi
  for step in $(seq 1 "$steps"); do
    grep -q "^=== $step\. " "$output" \
      || mip_fail "the demo printed no step $step"
  done
  if grep -Eq '^\$ size -A / stat / strip' "$output" \
     && grep -Eq '^demo-full +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +\(\.text [+-][0-9]+%\)$' "$output"; then
    mip_pass "the size table gives .text, data, file and stripped sizes"
  else
    mip_fail "the size table does not give .text, data, file and stripped sizes per program"
  fi
  if grep -q "^scale" "$output" && grep -Eq "Call Count: [1-9]" "$output"; then
    mip_pass "the profile shown holds the demo's functions with call counts"
  else
    mip_fail "the profile shown lacks the demo's functions or their call counts"
  fi
}

main () {
  local output
  mkdir -p "$MIP_WORK"
  output=$MIP_WORK/demo.out
  if [ -z "${MIP_BUILDDIR:-}" ] || [ ! -f "$MIP_BUILDDIR/config.status" ]; then
    mip_skip "no configured build tree (MIP_BUILDDIR) to run the demo in"
  elif MIP_SKIP_DEPS=1 MIP_BUILD_DIR=$MIP_BUILDDIR \
	 bash "$here/demo.sh" >"$output" 2>&1; then
    mip_pass "scripts/demo.sh succeeded"
    check_output "$output"
  else
    mip_fail "scripts/demo.sh failed: $(mip_quote env MIP_SKIP_DEPS=1 MIP_BUILD_DIR="$MIP_BUILDDIR" bash "$here/demo.sh")" "$(tail -20 "$output")"
  fi
  mip_check_summary demo
}

main
