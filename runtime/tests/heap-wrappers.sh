#!/bin/sh
# heap-wrappers.sh - every libmip built here (the host's, the i386 one,
# each cross target's) has a hidden wrapper of every allocation function
# of lib/mip-heap-callees.inc, under the name for its size_t, and the
# member of the C wrappers needs nothing of libstdc++.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Run by make check in the runtime's build directory, with top_srcdir
# set; prints what it checks.

set -u
top_srcdir=${top_srcdir:-..}
table=$top_srcdir/lib/mip-heap-callees.inc
prefix=__mip_heap_
status=0

fail () {
  echo "FAIL: $*" >&2
  status=1
}

# The table's symbols: field 2 (size_t of 64 bits) or 3 (32 bits) of
# each MIP_HEAP_CALLEE entry, whose fields may span lines.
callees () {
  sed -n '/^MIP_HEAP_CALLEE (/,/)$/p' "$table" | tr '\n' ' ' \
    | sed 's/MIP_HEAP_CALLEE (/\n/g' \
    | awk -F'"' -v field="$1" 'NF > 4 { print $field }'
}

count=$(callees 2 | wc -l)
[ "$count" -eq 34 ] || fail "$table: $count entries read, 34 expected"

checked=0
for archive in libmip-runtime.a */libmip-runtime.a; do
  [ -f "$archive" ] || continue
  case $(readelf -h "$archive" | sed -n 's/^ *Class: *//p' | sed 1q) in
    ELF64) field=2 ;;
    *) field=4 ;;
  esac
  # Symbols defined, with their visibility: "NAME VISIBILITY".
  defined=$(readelf -sW "$archive" \
    | awk '$7 != "UND" && $8 ~ /^__mip_heap_/ { print $8, $6 }')
  for symbol in $(callees $field); do
    case "$defined" in
      *"$prefix$symbol HIDDEN"*) ;;
      *) fail "$archive: no hidden $prefix$symbol" ;;
    esac
  done
  # The member that defines the C wrappers refers to no C++ symbol
  # (readelf, which reads every target's objects: "File: A(MEMBER)"
  # before each member's symbols).
  member=$(readelf -sW "$archive" | awk -v name="${prefix}malloc" '
    /^File: / { member = $2 }
    $7 != "UND" && $8 == name { print member }')
  [ -n "$member" ] || fail "$archive: no member defines ${prefix}malloc"
  cxx=$(readelf -sW "$archive" | awk -v member="$member" '
    /^File: / { current = $2 }
    current == member && $7 == "UND" && $8 ~ /^_Z/ { print $8 }')
  [ -z "$cxx" ] || fail "$archive: $member refers to C++ symbols:" $cxx
  echo "$archive: the 34 wrappers, hidden ($member has the C ones)"
  checked=$((checked + 1))
done
[ "$checked" -gt 0 ] || fail "no libmip-runtime.a found"
exit $status
