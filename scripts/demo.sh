#!/bin/bash
# demo.sh - build MIP for GCC and show its whole workflow on the example
# program examples/demo: instrument, run, create a profile from the
# binary, merge the raw profile, show it (with source lines, as JSON, as
# a call graph), then show that the map is not needed at run time: dump
# it with objcopy, strip the binary, run the stripped copy and build the
# same profile from the dumped map.  Last, the size cost of each mode
# against gcov's.
# Installs the Debian packages it needs first.
#
# Usage: scripts/demo.sh
# Environment: MIP_BUILD_DIR (default build in the source tree; reused
# when it is already configured), MIP_SKIP_DEPS=1 (do not install
# packages), CC (default gcc), JOBS.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail

srcdir=$(cd "$(dirname "$0")/.." && pwd)
builddir=${MIP_BUILD_DIR:-$srcdir/build}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
cc=${CC:-gcc}

say () {
  printf '\n=== %s\n' "$*"
}

# Print a command as a user would type it, then run it.
run () {
  printf '$ %s\n' "$*"
  "$@"
}

if [ "${MIP_SKIP_DEPS:-0}" != 1 ]; then
  say "Installing the Debian packages MIP needs"
  MIP_SKIP_BENCH_DEPS=1 "$srcdir/scripts/install-deps.sh"
fi

say "Building MIP in $builddir"
mkdir -p "$builddir"
log=$builddir/demo-build.log
: >"$log"
# autoreconf, configure and make print hundreds of lines: into the log,
# and its end on the terminal only when a step fails.
build_step () {
  printf '%s\n' "$1"
  shift
  "$@" >>"$log" 2>&1 || { tail -40 "$log"; echo "demo.sh: failed; see $log" >&2; exit 1; }
}
if [ ! -f "$builddir/config.status" ]; then
  build_step "autoreconf -fi" sh -c 'cd "$1" && autoreconf -fi' sh "$srcdir"
  build_step "configure" sh -c 'cd "$1" && shift && "$@"' sh "$builddir" \
    "$srcdir/configure" ${CC:+CC="$CC"}
fi
build_step "make" make -C "$builddir" -j"$jobs"
echo "built: the output is in $log"

plugin=$builddir/plugin/.libs/mip.so
runtime_dir=$builddir/runtime
mipdata=$builddir/mipdata/mipdata
for piece in "$plugin" "$runtime_dir/libmip.a" "$mipdata"; do
  [ -e "$piece" ] || { echo "demo.sh: '$piece' was not built" >&2; exit 1; }
done

# Bytes of the sections of FILE whose names match the awk pattern PATTERN.
section_bytes () {
  size -A "$1" | awk -v pattern="$2" '$1 ~ pattern { total += $2 }
    END { print total + 0 }'
}

# As make bench does: .text, allocated data, the file, and the file after
# a plain strip, each against the first program's.
size_table () {
  local base_text="" program text data file stripped
  printf '$ size -A / stat / strip, for %s\n' "$*"
  printf '%-14s %10s %10s %10s %10s\n' program .text data file stripped
  for program in "$@"; do
    text=$(section_bytes "$program" '^\\.text$')
    data=$(section_bytes "$program" '^(\\.data|\\.bss|__mip_raw)$')
    file=$(stat -c %s "$program")
    strip -o "$program.stripped" "$program"
    stripped=$(stat -c %s "$program.stripped")
    if [ -z "$base_text" ]; then
      base_text=$text
      printf '%-14s %10s %10s %10s %10s\n' "$program" "$text" "$data" "$file" "$stripped"
    else
      printf '%-14s %10s %10s %10s %10s  (.text %+d%%)\n' "$program" "$text" \
        "$data" "$file" "$stripped" "$(( (text - base_text) * 100 / base_text ))"
    fi
  done
}

work=$builddir/demo-run
rm -rf "$work"
mkdir -p "$work"
cp "$srcdir"/examples/demo/*.c "$srcdir"/examples/demo/*.h "$work"
cd "$work"
# Short names for the commands below.
ln -s "$mipdata" mipdata
export PATH="$work:$PATH"

say "1. Compile with the plugin (-fplugin-arg-mip-generate: call counts and first-call order) and link with libmip"
echo "(-Og keeps every function out of line; at -O2 GCC inlines is_word_char"
echo "and both scale functions, and MIP, which profiles machine code, sees"
echo "no calls of them.)"
run "$cc" -g -Og -fplugin="$plugin" -fplugin-arg-mip-generate \
  main.c util.c -o demo -L"$runtime_dir" -lmip

say "2. Run it: at exit it writes default.mipraw (or \$MIP_PROFILE_FILENAME)"
run ./demo
run ls -l default.mipraw

say "3. Create an empty profile from the binary's .debug_mip_map section, merge the raw profile"
run mipdata create -p demo.mip demo
run mipdata merge -p demo.mip default.mipraw

say "4. Show it, with source lines from the debug information (two static functions named scale, one per file)"
run mipdata show -p demo.mip --debug demo

say "5. The same as JSON, the observed call graph and a summary"
run mipdata show -p demo.mip --json
run mipdata callgraph -p demo.mip --debug demo
run mipdata info -p demo.mip

say "6. The map is not needed at run time: dump it, strip the binary"
run objcopy --dump-section .debug_mip_map=demo.mipmap demo /dev/null
run strip -o demo-stripped demo
run ls -l demo demo-stripped demo.mipmap
run env MIP_PROFILE_FILENAME=stripped-%p.mipraw ./demo-stripped
run mipdata create -p stripped.mip demo.mipmap
run mipdata merge -p stripped.mip stripped-*.mipraw
run mipdata show -p stripped.mip

say "7. Size: plain, MIP function coverage, MIP full, gcov (--coverage)"
run "$cc" -O2 main.c util.c -o demo-plain
run "$cc" -O2 -fplugin="$plugin" -fplugin-arg-mip-generate=function-coverage \
  main.c util.c -o demo-coverage -L"$runtime_dir" -lmip
run "$cc" -O2 -fplugin="$plugin" -fplugin-arg-mip-generate \
  main.c util.c -o demo-full -L"$runtime_dir" -lmip
run "$cc" -O2 --coverage main.c util.c -o demo-gcov
size_table demo-plain demo-coverage demo-full demo-gcov
echo "(.text is the program's code, libmip's included; data is what the"
echo "program allocates (.data and .bss: counters, libmip's state); the file"
echo "sizes count the map and the debug information, which a plain strip"
echo "removes.  For a program this small libmip's fixed cost dominates; per"
echo "function, function coverage adds one 7-byte instruction and one byte of"
echo "__mip_raw, the full mode 16 bytes of __mip_raw plus one per block probe.)"

say "Done: the files are in $work"
