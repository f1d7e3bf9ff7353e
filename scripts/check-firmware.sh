#!/bin/bash
# check-firmware.sh - `make check-firmware`, and the part "firmware" of
# make check-real: the bare-metal example (examples/firmware) built with
# the arm-linux-gnueabi cross plugin for a Cortex-M0 and a Cortex-M3,
# plain and in each MIP mode, run under qemu-system-arm, its profile got
# out by the firmware (semihosting) and by GDB (a dump of __mip_raw,
# mipdata merge --section-dump), and checked: both ways give the same
# profile, coverage and call counts are the firmware's own (see
# examples/firmware/README).  Each PASS and FAIL of the example's make
# check counts here; without qemu-system-arm, gdb-multiarch, the cross
# compiler or its plugin the part is one skip that says why.
#
# Environment: MIP_SRCDIR (MIP's sources), MIP_CROSS_PLUGIN_DIR (holds
# arm-linux-gnueabi/mip.so), MIP_GCC_MAJOR (the cross compiler is
# arm-linux-gnueabi-gcc-MIP_GCC_MAJOR, default 12), MIPDATA, MIP_WORK
# (the builds go to MIP_WORK/firmware), CHECK_RESULT_FILE (check-real's
# result file, to report into).
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -u -o pipefail
MIP_SCRIPT_NAME=check-firmware
here=$(cd "$(dirname "$0")" && pwd)
. "$here/mip-lib.sh"

main () {
  local srcdir=${MIP_SRCDIR:-$here/..} output status
  local triplet=arm-linux-gnueabi
  # Its own make, not a sub-make of make check-firmware's (whose
  # jobserver it would not be given).
  local command=(env -u MAKEFLAGS -u MFLAGS make -C "$srcdir/examples/firmware" check
    "CROSS_CC=$triplet-gcc-${MIP_GCC_MAJOR:-12}"
    "MIP_PLUGIN=${MIP_CROSS_PLUGIN_DIR:-}/$triplet/mip.so"
    "MIP_SRCDIR=$srcdir" "MIPDATA=${MIPDATA:-mipdata}"
    "BUILD=$MIP_WORK/firmware")
  mkdir -p "$MIP_WORK"
  output=$MIP_WORK/firmware.out
  mip_say "$(mip_quote "${command[@]}")"
  "${command[@]}" 2>&1 | tee "$output"
  status=$?
  while IFS= read -r line; do
    case $line in
      PASS:*) mip_passed=$((mip_passed + 1)) ;;
      FAIL:*) mip_fail "${line#FAIL: }" ;;
      UNSUPPORTED:*) mip_skip "${line#UNSUPPORTED: }" ;;
    esac
  done <"$output"
  if [ "$status" -ne 0 ] && [ "$mip_failed" -eq 0 ]; then
    mip_fail "the firmware example's make check failed (status $status): $(mip_quote "${command[@]}")"
  fi
  mip_check_summary firmware
}

main
