#!/bin/sh
# check-compat.sh - format compatibility: the files of every released
# format version kept in tests/data/compat are read by this mipdata as
# doc/format.md says.
#
# For the current version N (MIP_FORMAT_VERSION): 'mipdata show' and
# 'mipdata info' of vN.mip print exactly vN.show and vN.info, and a
# profile created from vN.mipmap, with vN.mipraw merged into it, has
# the same summary (vN.info).  A file of any other version, kept or
# made here by changing the version field of vN.mip, vN.mipraw and
# vN.mipmap, is refused with the one-line message that names both
# versions, and the profile merged into is left as it was.
#
# Environment: MIPDATA (the mipdata to test), MIP_SRCDIR.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -u

mipdata=${MIPDATA:-../../mipdata/mipdata}
srcdir=${MIP_SRCDIR:-../..}
data=$srcdir/tests/data/compat
failures=0
checks=0

version=$(sed -n 's/^#define MIP_FORMAT_VERSION \([0-9]*\)u$/\1/p' \
	    "$srcdir/lib/mip-format.h")
if [ -z "$version" ]; then
  echo "FAIL: no MIP_FORMAT_VERSION in '$srcdir/lib/mip-format.h'"
  exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/mip-compat.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT

fail () {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# expect_output FILE COMMAND...: COMMAND succeeds and prints FILE.
expect_output () {
  expected=$1
  shift
  checks=$((checks + 1))
  if ! "$@" > "$work/out" 2> "$work/err"; then
    fail "$* failed: $(cat "$work/err")"
  elif ! diff -u "$expected" "$work/out"; then
    fail "$* does not print '$expected'"
  fi
}

# expect_refusal MESSAGE COMMAND...: COMMAND exits with 1 and prints
# exactly MESSAGE on stderr.
expect_refusal () {
  message=$1
  shift
  checks=$((checks + 1))
  "$@" > "$work/out" 2> "$work/err"
  status=$?
  if [ "$status" -ne 1 ]; then
    fail "$* exited with $status, not 1"
  elif [ "$(cat "$work/err")" != "$message" ]; then
    fail "$* said '$(cat "$work/err")', not '$message'"
  fi
}

# with_version FILE VERSION COPY: COPY is FILE whose version field (the
# u32 after the 8-byte magic, little-endian) says VERSION.
with_version () {
  cp "$1" "$3"
  printf "$(printf '\\%03o' "$2")" \
    | dd of="$3" bs=1 seek=8 count=1 conv=notrunc 2>/dev/null
}

# The current version's files.
current=$data/v$version
if [ ! -f "$current.mip" ]; then
  fail "no sample files of format version $version ('$current.mip'):" \
       "run tests/data/compat/generate.sh"
else
  expect_output "$current.show" "$mipdata" show -p "$current.mip"
  expect_output "$current.info" "$mipdata" info -p "$current.mip"
  checks=$((checks + 1))
  if ! "$mipdata" create -p "$work/from-map.mip" "$current.mipmap" \
       > /dev/null 2> "$work/err" \
     || ! "$mipdata" merge -p "$work/from-map.mip" "$current.mipraw" \
       > /dev/null 2>> "$work/err"; then
    fail "create from '$current.mipmap' and merge of '$current.mipraw':" \
	 "$(cat "$work/err")"
  else
    expect_output "$current.info" "$mipdata" info -p "$work/from-map.mip"
  fi
fi

# Kept files of other versions: refused, naming both versions.
for kept in "$data"/v*.mip; do
  [ -f "$kept" ] || continue
  kept_version=${kept##*/v}
  kept_version=${kept_version%.mip}
  [ "$kept_version" = "$version" ] && continue
  expect_refusal "mipdata: '$kept': unsupported format version: written in version $kept_version, this mipdata reads version $version" \
    "$mipdata" show -p "$kept"
done

# The version before and after the current one, made from its files.
if [ -f "$current.mip" ]; then
  for other in $((version - 1)) $((version + 1)); do
    with_version "$current.mip" "$other" "$work/v$other.mip"
    with_version "$current.mipraw" "$other" "$work/v$other.mipraw"
    with_version "$current.mipmap" "$other" "$work/v$other.mipmap"
    expect_refusal "mipdata: '$work/v$other.mip': unsupported format version: written in version $other, this mipdata reads version $version" \
      "$mipdata" show -p "$work/v$other.mip"
    expect_refusal "mipdata: '$work/v$other.mipmap': unsupported format version: unit 0 has version $other, this mipdata reads version $version" \
      "$mipdata" create -p "$work/other.mip" "$work/v$other.mipmap"
    cp "$current.mip" "$work/target.mip"
    expect_refusal "mipdata: '$work/v$other.mipraw': unsupported format version: written in version $other, this mipdata reads version $version" \
      "$mipdata" merge -p "$work/target.mip" "$work/v$other.mipraw"
    checks=$((checks + 1))
    cmp -s "$current.mip" "$work/target.mip" \
      || fail "a refused merge of '$work/v$other.mipraw' changed the profile"
  done
fi

echo "check-compat: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
