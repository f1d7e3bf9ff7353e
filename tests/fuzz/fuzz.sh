#!/bin/sh
# fuzz.sh - build the fuzz harnesses of MIP's readers with libFuzzer and
# run them.
#
# Usage: tests/fuzz/fuzz.sh build BUILDDIR
#        tests/fuzz/fuzz.sh run BUILDDIR READER [SECONDS] [LIBFUZZER-OPTION...]
#        tests/fuzz/fuzz.sh minimize BUILDDIR READER CRASH-FILE
#
# READER is raw, map, profile, elf or yaml.  BUILDDIR is a configured and built
# tree (its plugin and runtime build the seed program).  'build' compiles
# each harness with clang -fsanitize=fuzzer,address,undefined into
# BUILDDIR/tests/fuzz/libfuzzer/ and makes the seed corpora there:
# the sample files of tests/data/compat, the inputs kept in regress/,
# for yaml the testsuite's YAML profiles and, for elf, the sample program in several shapes (plain, sections
# compressed with zlib and zstd, stripped, relocatable object).  'run'
# fuzzes READER for SECONDS (default 600) at nice 15, one process, adding
# what it finds to the corpus; inputs that crash it are written to
# BUILDDIR/tests/fuzz/libfuzzer/found/READER/.  'minimize' shrinks such an
# input; keep the result in tests/fuzz/regress/READER/ with its verdict
# in the 'expected' file there.  Environment: CLANG (default clang),
# CC (default gcc, for the seed program), OBJCOPY, STRIP,
# MIP_FUZZ_MIPDATA (the mipdata the profile harness runs; default
# BUILDDIR's, empty for none).
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu

here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/../.." && pwd)
readers="raw map profile elf yaml"

usage () {
  sed -n 's/^# Usage: //p; s/^#        //p' "$0" | head -n 3 >&2
  exit 2
}

[ $# -ge 2 ] || usage
action=$1
builddir=$(cd "$2" && pwd)
out=$builddir/tests/fuzz/libfuzzer
clang=${CLANG:-clang}
flags="-g -O1 -std=c11 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"

# Compile the harness of READER.
build_harness () {
  reader=$1
  extra=
  libraries=
  if [ "$reader" = elf ]; then
    extra="$srcdir/mipdata/messages.c $srcdir/mipdata/elf-map.c
	   $srcdir/mipdata/debug-file.c $srcdir/mipdata/debug-info.c"
    libraries="$(pkg-config --libs libdw libelf libzstd)"
  elif [ "$reader" = yaml ]; then
    extra="$srcdir/mipdata/messages.c $srcdir/mipdata/cmd-import.c
	   $srcdir/mipdata/yaml-reader.c"
  fi
  # shellcheck disable=SC2086
  "$clang" $flags -I"$srcdir/lib" -I"$srcdir/mipdata" \
    -o "$out/fuzz-$reader" "$here/fuzz-$reader.c" "$here/fuzz-common.c" \
    $extra "$srcdir"/lib/mip-*.c $libraries
}

# The ELF seeds: compat.c built with the plugin, in several shapes.
make_elf_seeds () {
  corpus=$1
  plugin=$builddir/plugin/.libs/mip.so
  cc=${CC:-gcc}
  objcopy=${OBJCOPY:-objcopy}
  strip=${STRIP:-strip}
  program=$out/compat
  "$cc" -g -O1 -fplugin="$plugin" -fplugin-arg-mip-generate=full \
    "$srcdir/tests/data/compat/compat.c" -o "$program" \
    -L"$builddir/runtime" -lmip
  cp "$program" "$corpus/compat"
  "$objcopy" --compress-debug-sections=zlib "$program" "$corpus/compat-zlib"
  "$objcopy" --compress-debug-sections=zstd "$program" "$corpus/compat-zstd" \
    2>/dev/null || true
  "$objcopy" --compress-debug-sections=zlib-gnu "$program" \
    "$corpus/compat-zlib-gnu" 2>/dev/null || true
  "$strip" -o "$corpus/compat-stripped" "$program"
  "$objcopy" --only-keep-debug "$program" "$corpus/compat-debug"
  "$cc" -g -O1 -fplugin="$plugin" -fplugin-arg-mip-generate=full -c \
    "$srcdir/tests/data/compat/compat.c" -o "$corpus/compat.o"
}

# The seed corpus of READER.
make_seeds () {
  reader=$1
  corpus=$out/corpus/$reader
  mkdir -p "$corpus"
  for file in "$here/regress/$reader"/*; do
    [ -f "$file" ] && [ "${file##*/}" != expected ] && cp "$file" "$corpus/"
  done
  case $reader in
    raw)
      cp "$srcdir"/tests/data/compat/*.mipraw "$corpus/"
      # A file of two dumps, as a program and a shared object write.
      for file in "$srcdir"/tests/data/compat/*.mipraw; do
	cat "$file" "$file" > "$corpus/two-dumps-${file##*/}"
      done ;;
    map) cp "$srcdir"/tests/data/compat/*.mipmap "$corpus/" ;;
    profile) cp "$srcdir"/tests/data/compat/*.mip "$corpus/" ;;
    yaml) cp "$srcdir"/tests/data/compat/*.yaml \
	     "$srcdir"/testsuite/mip.dg/*.yaml "$corpus/" 2>/dev/null || true ;;
    elf) make_elf_seeds "$corpus" ;;
  esac
}

check_reader () {
  case " $readers " in
    *" $1 "*) ;;
    *) echo "fuzz.sh: '$1' is not a reader ($readers)" >&2; exit 2 ;;
  esac
}

case $action in
  build)
    mkdir -p "$out"
    for reader in $readers; do
      build_harness "$reader"
      make_seeds "$reader"
    done
    echo "fuzz.sh: harnesses and seeds in '$out'"
    ;;
  run)
    [ $# -ge 3 ] || usage
    reader=$3
    seconds=${4:-600}
    check_reader "$reader"
    [ $# -ge 4 ] && shift 4 || shift 3
    mkdir -p "$out/found/$reader"
    # The profile harness runs mipdata's printing commands on the
    # profiles it accepts: the built mipdata, unless one is given (a
    # build configured with --enable-sanitizers catches more).
    if [ "$reader" = profile ] && [ -z "${MIP_FUZZ_MIPDATA+set}" ]; then
      MIP_FUZZ_MIPDATA=$builddir/mipdata/mipdata
      export MIP_FUZZ_MIPDATA
    fi
    cd "$out"
    # Leaks inside the system's libdw are not the reader's (lsan.supp).
    LSAN_OPTIONS=suppressions=$here/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}
    export LSAN_OPTIONS
    # One process (the machine is shared); -rss_limit_mb catches inputs
    # that make a reader allocate without bound.
    exec nice -n 15 "./fuzz-$reader" -max_total_time="$seconds" \
      -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
      -artifact_prefix="$out/found/$reader/" "$@" "corpus/$reader"
    ;;
  minimize)
    [ $# -eq 4 ] || usage
    check_reader "$3"
    cd "$out"
    exec nice -n 15 "./fuzz-$3" -minimize_crash=1 -runs=20000 \
      -exact_artifact_path="$4.min" "$4"
    ;;
  *)
    usage
    ;;
esac
