#!/bin/sh
# run-regress.sh - make check's replay of the fuzz inputs: every input
# kept in regress/READER/ and the sample files of tests/data/compat go
# through the plain (fuzzer-less) harness of their reader, which must
# neither crash nor abort, and print for each the verdict written in
# regress/READER/expected ("ok: ..." or the reader's one-line error).
# The ELF harness also gets the sample program compat.c built with the
# plugin, when the plugin and the runtime are there.
#
# Environment (set by Makefile.am): MIP_FUZZ_SRCDIR, MIP_SRCDIR,
# MIP_PLUGIN, MIP_RUNTIME_DIR, MIP_FUZZ_MIPDATA (the mipdata whose
# commands the profile harness runs on the profiles it accepts), CC.  Run from the build directory of
# tests/fuzz, where the harnesses are.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -u

fuzz_srcdir=${MIP_FUZZ_SRCDIR:-.}
compat_dir=${MIP_SRCDIR:-../..}/tests/data/compat
failures=0
work=$(mktemp -d "${TMPDIR:-/tmp}/mip-regress.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT

# The sample files of tests/data/compat read by READER.
samples () {
  case $1 in
    raw) ls "$compat_dir"/*.mipraw ;;
    map) ls "$compat_dir"/*.mipmap ;;
    profile) ls "$compat_dir"/*.mip ;;
    yaml) ls "$compat_dir"/*.yaml ;;
    elf) [ -f "$work/compat" ] && echo "$work/compat" ;;
  esac
}

# The inputs kept for READER (every file of regress/READER but
# 'expected'), then its samples, one a line.
inputs () {
  for file in "$fuzz_srcdir/regress/$1"/*; do
    case ${file##*/} in
      expected|'*') ;;
      *) echo "$file" ;;
    esac
  done
  samples "$1"
}

# Build the ELF sample (compat.c, as tests/data/compat/generate.sh
# builds it) when the plugin and the runtime are there.
build_elf_sample () {
  if [ ! -f "${MIP_PLUGIN:-}" ] || [ ! -f "${MIP_RUNTIME_DIR:-}/libmip.a" ]; then
    echo "run-regress: no plugin or runtime built: the ELF sample is left out"
    return
  fi
  if ! ${CC:-gcc} -g -O1 -fplugin="$MIP_PLUGIN" \
       -fplugin-arg-mip-generate=full "$compat_dir/compat.c" \
       -o "$work/compat" -L"$MIP_RUNTIME_DIR" -lmip; then
    echo "FAIL: cannot build the ELF sample from '$compat_dir/compat.c'"
    failures=$((failures + 1))
  fi
}

# Replay READER's inputs; compare the verdicts with the expected ones.
replay () {
  reader=$1
  expected=$fuzz_srcdir/regress/$reader/expected
  inputs "$reader" > "$work/$reader.inputs"
  # The verdicts in the order of the expected file: sorted by name.
  command="./fuzz-$reader $(tr '\n' ' ' < "$work/$reader.inputs")"
  if ! ./fuzz-"$reader" $(cat "$work/$reader.inputs") \
       > "$work/$reader.out" 2> "$work/$reader.err"; then
    echo "FAIL: $reader: the harness failed on an input:"
    echo "  $command"
    tail -n 20 "$work/$reader.err"
    failures=$((failures + 1))
    return
  fi
  LC_ALL=C sort "$work/$reader.out" > "$work/$reader.sorted"
  if [ "$reader" = elf ] && [ ! -f "$work/compat" ]; then
    grep -v '^compat: ' "$expected" > "$work/$reader.expected"
  else
    cp "$expected" "$work/$reader.expected"
  fi
  if ! diff -u "$work/$reader.expected" "$work/$reader.sorted"; then
    echo "FAIL: $reader: verdicts differ from '$expected':"
    echo "  $command"
    failures=$((failures + 1))
    return
  fi
  echo "PASS: $reader: $(wc -l < "$work/$reader.sorted") inputs"
}

build_elf_sample
for reader in raw map profile elf yaml; do
  replay "$reader"
done
[ "$failures" -eq 0 ]
