#!/bin/bash
# check-specs.sh - MIP's specs files on real build systems: a project's
# own configure, build and test suite, with only the guide's one option
# added to CFLAGS (-specs=mip-generate.specs, section 2.1).
#
# For each project (zlib: its own configure script; xz: Autotools), in
# fresh copies of its sources:
#   1. configure runs three times: plain, with the specs, and the old
#      way (-fplugin=... in CFLAGS and -lmip in LDFLAGS); the specs'
#      output must be the plain one line for line, apart from lines that
#      show the flags (compare-configure.py); the old way's must differ
#      for zlib ("No shared library support", no strerror, no
#      vsnprintf), which proves that the comparison sees a difference
#      (Autotools gives LDFLAGS to every link test: for xz the old way
#      is only reported);
#   2. the instrumented build builds, and its test suite passes (zlib:
#      make test; xz: make check);
#   3. the test programs wrote raw profiles (MIP_PROFILE_FILENAME with
#      %p: one per process), and a profile made from the project's
#      shared library, with those merged, shows that the library's main
#      functions ran.
# The last line is "check-specs: N passed, N failed, N skipped".
#
# Environment: MIP_SPECS_DIR (holds mip-generate.specs; default
# $MIP_BUILDDIR/specs), MIPDATA, MIP_WORK (default ./mip-work), CC;
# CHECK_SPECS_PROJECTS (default "zlib xz", checked at the same time);
# MAKE_JOBS (make -j of each project's build and of xz's make check;
# default 2);
# CHECK_RESULT_FILE (check-real.sh's result file, to report into).
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -uo pipefail
MIP_SCRIPT_NAME=check-specs
here=$(cd "$(dirname "$0")" && pwd)
. "$here/mip-lib.sh"

MIP_SPECS_DIR=${MIP_SPECS_DIR:-${MIP_BUILDDIR:-.}/specs}
CHECK_SPECS_PROJECTS=${CHECK_SPECS_PROJECTS:-zlib xz}
MAKE_JOBS=${MAKE_JOBS:-2}
passed=0 failed=0 skipped=0

pass () { mip_say "PASS: $*"; passed=$((passed + 1)); }
fail () { mip_say "FAIL: $*"; failed=$((failed + 1)); }
skip () { mip_say "SKIP: $*"; skipped=$((skipped + 1)); }

generate=$(cd "$MIP_SPECS_DIR" 2>/dev/null && pwd)/mip-generate.specs
[ -f "$generate" ] \
  || mip_die "cannot find '$MIP_SPECS_DIR/mip-generate.specs': set MIP_SPECS_DIR (the build tree's specs/)"
[ -x "${MIPDATA:-}" ] || mip_die "MIPDATA is not set to mipdata's path"
# The old way's flags: the plugin and the runtime that the specs name.
plugin=$(sed -n 's/^-fplugin=\([^ ]*\) .*/\1/p' "$generate")
libmip=$(sed -n 's/.*%{m32:[^;]*;:\([^}]*\)}.*/\1/p' "$generate")
[ -f "$plugin" ] && [ -f "$libmip" ] \
  || mip_die "'$generate' names no plugin or runtime that exists ('$plugin', '$libmip')"

# unpack NAME DIR: a fresh copy of NAME's sources in DIR.
unpack () {
  rm -rf "$2"
  cp -a "$MIP_WORK/src/$1" "$2"
}

# configure_three NAME OLD-DIFFERS CONFIGURE...: run CONFIGURE in
# WORK/NAME/{plain,specs,old} with CC and CFLAGS set; compare the
# outputs.  OLD-DIFFERS is yes when the old way is known to change what
# configure finds (zlib's script links its tests without LDFLAGS), and
# then must; else (Autotools, which gives LDFLAGS to every link test)
# its comparison is only reported.
configure_three () {
  local name=$1 old_differs=$2 dir=$MIP_WORK/check-specs/$1 kind cflags ldflags
  shift 2
  mkdir -p "$dir"
  # The three run at once (a configure script runs one short program
  # after another and keeps no processor busy); each one's exit status
  # goes to configure.KIND.status.
  for kind in plain specs old; do
    cflags=-O2 ldflags=
    case $kind in
      specs) cflags="-O2 -specs=$generate" ;;
      old) cflags="-O2 -fplugin=$plugin -fplugin-arg-mip-generate"
           ldflags="-L$(dirname "$libmip") -lmip" ;;
    esac
    unpack "$name" "$dir/$kind"
    mip_say "$name: CC=$CC CFLAGS='$cflags' LDFLAGS='$ldflags' $* ($kind)"
    rm -f "$dir/configure.$kind.status"
    ( status=0
      (cd "$dir/$kind" && CC=$CC CFLAGS=$cflags LDFLAGS=$ldflags "$@") \
        >"$dir/configure.$kind" 2>&1 || status=$?
      echo "$status" >"$dir/configure.$kind.status" ) &
  done
  wait
  for kind in plain specs; do
    if [ "$(cat "$dir/configure.$kind.status" 2>/dev/null)" != 0 ]; then
      # The old way may well fail; the other two must not.
      fail "$name: configure failed ($kind): $(mip_quote "$@") in $dir/$kind; last lines:"
      tail -n 15 "$dir/configure.$kind"
      return 1
    fi
  done
  if python3 "$here/compare-configure.py" "$dir/configure.plain" \
       "$dir/configure.specs" "-specs=$generate" >"$dir/compare.specs"; then
    pass "$name: configure with -specs=mip-generate.specs prints what a plain configure prints ($(tail -n 1 "$dir/compare.specs"))"
  else
    fail "$name: configure with -specs=mip-generate.specs prints something else than a plain configure:"
    cat "$dir/compare.specs"
  fi
  if python3 "$here/compare-configure.py" "$dir/configure.plain" \
       "$dir/configure.old" "-fplugin=$plugin" -fplugin-arg-mip-generate \
       >"$dir/compare.old"; then
    if [ "$old_differs" = yes ]; then
      fail "$name: configure with the plugin in CFLAGS and -lmip in LDFLAGS prints what a plain one prints: the comparison cannot tell the old way from the specs"
    else
      mip_say "$name: the old way (plugin in CFLAGS, -lmip in LDFLAGS) prints the same here too ($(tail -n 1 "$dir/compare.old"))"
    fi
  else
    pass "$name: the old way (plugin in CFLAGS, -lmip in LDFLAGS) changes configure's findings, as expected ($(tail -n 1 "$dir/compare.old"))"
    sed -n 's/^  MIP:   /  old way: /p' "$dir/compare.old" | head -n 5
  fi
}

# build_and_test NAME LIBRARY FUNCTIONS TEST-COMMAND...: in the specs
# copy, make, run TEST-COMMAND with the raw profiles going to raw/;
# LIBRARY's profile must show each of FUNCTIONS run.
build_and_test () {
  local name=$1 library=$2 functions=$3 dir=$MIP_WORK/check-specs/$1/specs
  local raw=$MIP_WORK/check-specs/$1/raw profile raws merged=0 function missing=
  shift 3
  mip_say "$name: make -j$MAKE_JOBS (specs)"
  if ! (cd "$dir" && make -j"$MAKE_JOBS") >"$dir/../build.log" 2>&1; then
    fail "$name: the build with -specs=mip-generate.specs failed (see $dir/../build.log):"
    tail -n 15 "$dir/../build.log"
    return 1
  fi
  rm -rf "$raw"
  mkdir -p "$raw"
  mip_say "$name: $* (specs, raw profiles in $raw)"
  if (cd "$dir" && MIP_PROFILE_FILENAME="$raw/%p.mipraw" "$@") \
       >"$dir/../test.log" 2>&1; then
    pass "$name: '$*' passes, built with -specs=mip-generate.specs"
  else
    fail "$name: '$*' fails, built with -specs=mip-generate.specs (see $dir/../test.log):"
    tail -n 15 "$dir/../test.log"
  fi
  raws=$(ls "$raw"/*.mipraw 2>/dev/null | wc -l)
  if [ "$raws" -eq 0 ]; then
    fail "$name: the test programs wrote no raw profile in $raw"
    return 1
  fi
  profile=$dir/../$name.mip
  rm -f "$profile"
  if ! "$MIPDATA" create -p "$profile" "$dir/$library" >"$dir/../mipdata.log" 2>&1; then
    fail "$name: mipdata create -p $profile $dir/$library failed:"
    cat "$dir/../mipdata.log"
    return 1
  fi
  # Each process that loaded the library wrote a dump of it (besides
  # its program's); a process that did not is refused by name.
  for file in "$raw"/*.mipraw; do
    "$MIPDATA" merge -p "$profile" "$file" >>"$dir/../mipdata.log" 2>&1 \
      && merged=$((merged + 1))
  done
  "$MIPDATA" show -p "$profile" >"$dir/../$name.show" 2>>"$dir/../mipdata.log"
  for function in $functions; do
    grep -A1 -x "$function" "$dir/../$name.show" | grep -q 'Covered: yes' \
      || missing="$missing $function"
  done
  if [ "$merged" -gt 0 ] && [ -z "$missing" ]; then
    pass "$name: $raws raw profiles written, $merged with $library's dump; $functions ran"
  else
    fail "$name: $raws raw profiles, $merged with $library's dump merged; not run:${missing:- (none)} (see $dir/../$name.show)"
  fi
}

check_zlib () {
  [ "$fetched" = 1 ] || { fail "zlib: cannot fetch the sources"; return; }
  configure_three zlib yes ./configure || return
  build_and_test zlib libz.so.1.2.13 "deflate inflate crc32" make test
}

check_xz () {
  [ "$fetched" = 1 ] || { skip "xz: cannot fetch the sources (fetch-sources.sh xz)"; return; }
  configure_three xz no ./configure --disable-nls --disable-doc || return
  build_and_test xz src/liblzma/.libs/liblzma.so "lzma_code lzma_stream_encoder lzma_stream_decoder lzma_crc32" make -j"$MAKE_JOBS" check
}

mkdir -p "$MIP_WORK"
MIP_WORK=$(cd "$MIP_WORK" && pwd)
export MIP_WORK
for project in $CHECK_SPECS_PROJECTS; do
  case $project in
    zlib | xz) ;;
    *) mip_die "unknown project '$project' (expected zlib or xz)" ;;
  esac
done
# The projects are checked at the same time, each in the background
# with its output in WORK/check-specs/NAME.out (printed when all are
# done, one project after the other) and its counts in NAME.counts: a
# configure script and a test suite leave a processor idle most of the
# time.  The sources are fetched first, one project after the other
# (apt's private state is shared).
results=$MIP_WORK/check-specs
mkdir -p "$results"
for project in $CHECK_SPECS_PROJECTS; do
  rm -f "$results/$project.out" "$results/$project.counts"
  fetched=1
  bash "$here/fetch-sources.sh" "$project" >"$results/$project.fetch.log" 2>&1 \
    || fetched=0
  ( passed=0 failed=0 skipped=0
    "check_$project"
    echo "$passed $failed $skipped" >"$results/$project.counts"
  ) >"$results/$project.out" 2>&1 &
done
wait
for project in $CHECK_SPECS_PROJECTS; do
  cat "$results/$project.out"
  if read -r p f s <"$results/$project.counts" 2>/dev/null; then
    passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
  else
    fail "$project: the check stopped before counting its results (see above)"
  fi
done
[ -n "${CHECK_RESULT_FILE:-}" ] \
  && echo "specs $passed $failed $skipped" >>"$CHECK_RESULT_FILE"
mip_say "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
