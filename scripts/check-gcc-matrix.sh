#!/bin/bash
# check-gcc-matrix.sh - check-real's part "gcc-matrix": MIP built and
# tested with one GCC other than the host's, in a Debian root
# (scripts/gcc-matrix.sh), so that CI keeps every GCC a user may have
# working within its time.
#
# A whole matrix (GCC 11, 13, 14, 15 and 16: five roots, five builds)
# would double CI's time; each run therefore tests one of them, picked
# by the commit (CHECK_MATRIX_SEED, default the commit's id), so that a
# few commits go round them all; `make check-gcc-matrix` tests them all
# at once.  On that GCC: the build with -Werror on the plugin, 1
# DejaGnu test in GCC_MATRIX_DG_SAMPLE (default 32) plus every profile
# use test, and a c-torture sample of 1 test in
# GCC_MATRIX_TORTURE_SAMPLE (default 800) per x86-64 configuration in
# every mode.  A root that cannot be made (no mirror, not root) makes
# the part skipped with the reason, never passed.  Appends "gcc-matrix
# PASSED FAILED SKIPPED" (tests) to CHECK_RESULT_FILE.
#
# Environment: CHECK_MATRIX_GCC (the releases to test, overriding the
# pick), CHECK_MATRIX_RELEASES (those picked from, default "11 13 14 15
# 16"), CHECK_MATRIX_SEED, MIP_WORK, CHECK_RESULT_FILE, and those of
# gcc-matrix.sh.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -uo pipefail
MIP_SCRIPT_NAME=check-gcc-matrix
here=$(cd "$(dirname "$0")" && pwd)
. "$here/mip-lib.sh"

releases=${CHECK_MATRIX_RELEASES:-11 13 14 15 16}
seed=${CHECK_MATRIX_SEED:-$(git -C "$here/.." rev-parse HEAD 2>/dev/null || echo 0)}

# The release of RELEASES that SEED picks: by its checksum, so that
# consecutive commits pick unrelated ones.
pick_release () {
  local count index
  # shellcheck disable=SC2086
  set -- $releases
  count=$#
  index=$(( $(printf '%s' "$seed" | cksum | cut -d' ' -f1) % count + 1 ))
  printf '%s\n' "${!index}"
}

gcc_matrix=${CHECK_MATRIX_GCC:-$(pick_release)}
mip_say "GCC $gcc_matrix this run (picked from $releases by $seed; CHECK_MATRIX_GCC sets it, make check-gcc-matrix tests them all)"
GCC_MATRIX=$gcc_matrix \
  GCC_MATRIX_DG_SAMPLE=${GCC_MATRIX_DG_SAMPLE:-32} \
  GCC_MATRIX_TORTURE_SAMPLE=${GCC_MATRIX_TORTURE_SAMPLE:-800} \
  GCC_MATRIX_SEED=${GCC_MATRIX_SEED:-$seed} \
  GCC_MATRIX_RESULT_FILE=${CHECK_RESULT_FILE:-/dev/null} \
  bash "$here/gcc-matrix.sh"
