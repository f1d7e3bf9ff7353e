#!/bin/sh
# freestanding.sh - the core of libmip builds without a C library, and
# its own data is small enough for a microcontroller.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The runtime compiled with MIP_PLATFORM_POSIX=0 (what a bare-metal port
# uses: no file writer, no fork or signal handling) and
# -ffreestanding -nostdlib must leave no symbol undefined but the
# __mip_raw bounds, the caller sample table of mip-first-call.c, its
# snapshot function and the bounds of its sections (all weak) and the GOT; it must link as a shared object
# with --no-undefined and no library at all; and its .data and .bss
# together must stay under 1 KB (the records are the instrumented
# code's, not counted here).  The cross compilers in CROSS_CCS must
# compile it with nothing undefined but libgcc's support routines.  Run
# by make check with CC, CROSS_CCS, srcdir and top_srcdir set; prints
# each command it runs.

set -u
CC=${CC:-cc}
CROSS_CCS=${CROSS_CCS:-}
srcdir=${srcdir:-.}
top_srcdir=${top_srcdir:-..}
work=freestanding-core.$$
trap 'rm -f "$work".o "$work".so' EXIT
status=0

fail () {
  echo "FAIL: $*" >&2
  status=1
}

# Compile the core with the compiler $1 into $work.o; print what it
# leaves undefined besides the section bounds, the GOT and the support
# routines of libgcc (the compiler's own library, which bare-metal
# programs link too: 64-bit division, atomics on old Arm cores).
undefined_in_core () {
  compile="$1 -ffreestanding -nostdlib -fPIC -fvisibility=hidden -Os \
    -DMIP_PLATFORM_POSIX=0 -I$top_srcdir/lib -I$srcdir"
  echo "$compile -c $srcdir/mip-parts.c -o $work.o" >&2
  if ! $compile -c "$srcdir/mip-parts.c" -o "$work.o"; then
    echo "(does not compile)"
    return
  fi
  nm -u "$work.o" | awk '{ print $NF }' \
    | grep -v -x -e _GLOBAL_OFFSET_TABLE_ -e __start___mip_raw \
	 -e __stop___mip_raw -e __mip_caller_samples -e mip_snapshot_samples \
	 -e __start___mip_sample_entries -e __stop___mip_sample_entries \
	 -e __start___mip_sample_index -e __stop___mip_sample_index \
	 -e '__aeabi_[a-z0-9_]*' -e '__aarch64_[a-z0-9_]*' -e '__sync_[a-z0-9_]*'
}

# The cross compilers too (CROSS_CCS): their code must not call the C
# library either.
for cc in $CROSS_CCS; do
  undefined=$(undefined_in_core "$cc")
  [ -z "$undefined" ] \
    || fail "$cc: the freestanding core needs from elsewhere:" $undefined
done

undefined=$(undefined_in_core "$CC")
[ -z "$undefined" ] \
  || fail "the freestanding core needs from elsewhere:" $undefined

compile="$CC -ffreestanding -nostdlib -fPIC -fvisibility=hidden -Os"
echo "$compile -shared -Wl,--no-undefined $work.o -o $work.so"
$compile -shared -Wl,--no-undefined "$work.o" -o "$work.so" \
  || fail "the freestanding core does not link with no library"

# size's Berkeley format: text data bss dec hex filename.
data_bytes=$(size "$work.o" | awk 'NR == 2 { print $2 + $3 }')
echo "freestanding core: $data_bytes bytes of .data and .bss"
if [ -z "$data_bytes" ] || [ "$data_bytes" -ge 1024 ]; then
  fail "the core's data takes '$data_bytes' bytes, 1024 at most expected"
fi
exit $status
