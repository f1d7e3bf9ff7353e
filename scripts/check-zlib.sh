#!/bin/bash
# check-zlib.sh - prove MIP correct on zlib: build the library with its
# test programs example and minigzip plain and with MIP (full,
# block-coverage and function-coverage modes) at -O2, also with -m32 when
# the 32-bit runtime is there (run under qemu-i386 where the kernel runs
# no 32-bit programs; see mip_detect_i386_runner), and require identical output and exit
# status from example and from minigzip round trips at two compression
# levels, plus raw profiles that mipdata accepts.  Then, at -O0, a build
# with both gcc --coverage and MIP full must give every function the same
# call count as gcov.  Part of check-real.sh; also runs alone.
#
# Environment: MIP_WORK, MIP_PLUGIN, MIP_RUNTIME_DIR, MIPDATA, CC,
#   MIP_I386_RUNNER      direct or qemu: how -m32 programs run (default:
#                        found out by running one)
#   MIP_CHECK_CROSS      cross targets (aarch64 arm thumb2 thumb1) built
#                        and compared with their plain builds like the
#                        -O2 one, run under qemu-user (see
#                        mip_checked_builds in mip-lib.sh; a target not
#                        built here is skipped with the reason)
#   CHECK_RESULT_FILE    where to append "zlib PASSED FAILED SKIPPED"
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail
MIP_SCRIPT_NAME=check-zlib
here=$(cd "$(dirname "$0")" && pwd)
. "$here/mip-lib.sh"

OUT=$MIP_WORK/zlib
build_all () {
  mip_say "building zlib, example and minigzip: $(mip_checked_builds | tr '\n' ' ')x (plain $MIP_CHECKED_MODES); -O0 gcov + MIP full"
  mip_spawn_checked_builds mip_build_zlib "$OUT"
  mip_spawn o0-gcov-full mip_build_zlib "$OUT/o0-gcov-full" -O0 gcov full
  mip_wait_all
}

# A deterministic input of a few megabytes: zlib's and SQLite's sources.
make_input () {
  local input=$OUT/input.dat
  [ -s "$input" ] && return
  cat "$MIP_WORK"/src/zlib/*.c "$MIP_WORK"/src/zlib/*.h >"$input"
  if [ -f "$MIP_WORK/src/sqlite-amalgamation/sqlite3.c" ]; then
    cat "$MIP_WORK/src/sqlite-amalgamation/sqlite3.c" >>"$input"
  fi
}

# run_programs DIR: run example and the minigzip round trips in DIR,
# recording each output and exit status in DIR/results.txt; every run
# writes its own raw profile DIR/NAME.mipraw.  32-bit programs run under
# qemu-i386 where the kernel runs none (the prefix is empty elsewhere).
run_programs () {
  local dir=$1 status level prefix
  cd "$dir"
  rm -f ./*.mipraw ./*.mip results.txt
  prefix=$(mip_run_prefix ./example)
  status=0
  # shellcheck disable=SC2086 # no prefix or one word
  MIP_PROFILE_FILENAME=$dir/example.mipraw $prefix ./example example.gz \
    >example.out 2>&1 || status=$?
  echo "example exit $status" >>results.txt
  for level in 1 9; do
    status=0
    # shellcheck disable=SC2086
    MIP_PROFILE_FILENAME=$dir/minigzip-c$level.mipraw \
      $prefix ./minigzip -c -$level <"$OUT/input.dat" >"input-$level.gz" || status=$?
    echo "minigzip -$level exit $status" >>results.txt
    status=0
    # shellcheck disable=SC2086
    MIP_PROFILE_FILENAME=$dir/minigzip-d$level.mipraw \
      $prefix ./minigzip -d -c <"input-$level.gz" >"input-$level.out" || status=$?
    echo "minigzip -d (level $level) exit $status" >>results.txt
    if cmp -s "input-$level.out" "$OUT/input.dat"; then
      echo "round trip -$level ok" >>results.txt
    else
      echo "round trip -$level differs" >>results.txt
    fi
  done
  cd "$OUT"
}

# compare_with_plain BUILD VARIANT
compare_with_plain () {
  local build=$1 variant=$2 dir=$OUT/$1-$2 plain=$OUT/$1-plain file ok=1 flags
  flags=$(mip_checked_build_label "$build")
  for file in results.txt example.out input-1.gz input-9.gz; do
    if ! cmp -s "$plain/$file" "$dir/$file"; then
      mip_fail "$flags $variant: $file differs from plain: diff $plain/$file $dir/$file"
      ok=0
    fi
  done
  [ "$ok" -eq 1 ] && mip_pass "$flags $variant: example output, minigzip output and exit statuses identical to plain"
  return 0
}

# Every raw profile of a run must merge into a profile of its binary.
check_raw_profiles () {
  local variant=$1 dir=$OUT/$1 raw program ok=1
  cd "$dir"
  for raw in example minigzip-c1 minigzip-d1 minigzip-c9 minigzip-d9; do
    program=${raw%%-*}
    if [ ! -s "$raw.mipraw" ]; then
      mip_fail "$variant: $program wrote no $dir/$raw.mipraw"
      ok=0
      continue
    fi
    if [ ! -f "$program.mip" ] \
       && ! "$MIPDATA" create -p "$program.mip" "$program" >>mipdata.log 2>&1; then
      mip_fail "$variant: $(mip_quote "$MIPDATA" create -p "$program.mip" "$program") failed (in $dir)"
      ok=0
      continue
    fi
    if ! "$MIPDATA" merge -p "$program.mip" "$raw.mipraw" >>mipdata.log 2>&1; then
      mip_fail "$variant: $(mip_quote "$MIPDATA" merge -p "$program.mip" "$raw.mipraw") failed (in $dir)"
      ok=0
    fi
  done
  # The merged profiles must show that the programs ran: a raw profile
  # of all-zero records merges as well as a real one.
  for program in example minigzip; do
    [ "$ok" -eq 1 ] || break
    if ! "$MIPDATA" show -p "$program.mip" --json >"$program.show.json" 2>>mipdata.log \
       || ! mip_show_counts "$program.show.json" >/dev/null; then
      mip_fail "$variant: the profile of $program shows nothing run (in $dir: $(mip_quote "$MIPDATA" show -p "$program.mip" --json))"
      ok=0
    fi
  done
  cd "$OUT"
  [ "$ok" -eq 0 ] || mip_pass "$variant: raw profiles written and merged, and they show the programs ran"
}

check_against_gcov () {
  local dir=$OUT/o0-gcov-full
  cd "$dir"
  rm -f ./*.gcda ./*.gcov.json.gz ./*.mipraw
  mip_run run.log env MIP_PROFILE_FILENAME="$dir/example.mipraw" ./example example.gz
  mip_run gcov.log gcov --json-format ./*.gcda
  for json in ./*.gcov.json.gz; do
    case $json in ./minigzip.*) continue ;; esac
    gcov_json_counts "$json"
  done >gcov-counts.txt
  rm -f example.mip
  mip_run mipdata.log "$MIPDATA" create -p example.mip example
  mip_run mipdata.log "$MIPDATA" merge -p example.mip example.mipraw
  mip_capture show.json "$MIPDATA" show -p example.mip --json
  # gcov's own constructor and destructor are not in its report.
  if ! mip_show_counts show.json _sub_I_ _sub_D_ >mip-counts.all.txt; then
    cd "$OUT"
    mip_fail "-O0 example: no usable MIP counts (see above; $dir/show.json)"
    return
  fi
  cut -f 1,2 mip-counts.all.txt >mip-counts.txt
  cd "$OUT"
  if compare_counts "$dir/gcov-counts.txt" "$dir/mip-counts.txt" gcov; then
    mip_pass "-O0 example: MIP call counts equal gcov's execution counts"
  else
    mip_fail "-O0 example: MIP call counts differ from gcov's (see above; $dir)"
  fi
}

check_build () {
  local build=$1 variant
  for variant in plain $(mip_checked_modes "$build"); do
    run_programs "$OUT/$build-$variant"
  done
  if ! grep -q 'exit 0' "$OUT/$build-plain/results.txt" \
     || grep -v 'exit 0\|ok$' "$OUT/$build-plain/results.txt"; then
    mip_die "the plain zlib build does not pass its own tests: $OUT/$build-plain/results.txt"
  fi
  for variant in $(mip_checked_modes "$build"); do
    compare_with_plain "$build" "$variant"
    check_raw_profiles "$build-$variant"
  done
}

main () {
  local build
  mip_check_tools
  mip_detect_i386_runner say
  [ -f "$MIP_WORK/src/zlib/zlib.h" ] || bash "$here/fetch-sources.sh" zlib
  mkdir -p "$OUT"
  cd "$OUT"
  build_all || mip_die "zlib builds failed (logs in $OUT/*/build.log)"
  make_input
  for build in $(mip_checked_builds); do
    check_build "$build"
  done
  check_against_gcov
  mip_check_summary zlib
}

main
