#!/bin/bash
# check-sqlite.sh - prove MIP correct on SQLite's speedtest1:
#  1. at -O2, plain and MIP full, block-coverage and function-coverage
#     builds must print the same "Verification Hash", and the MIP runs
#     must write raw profiles that mipdata create + merge accept; the same
#     for -m32 builds (against the -m32 plain build) when the 32-bit
#     runtime is there (run under qemu-i386 where the kernel runs no
#     32-bit programs; see mip_detect_i386_runner);
#  2. at -O0, one build with both gcc --coverage and MIP full: every
#     function's MIP call count must equal gcov's execution count;
#  3. at -O2, the MIP full build under callgrind: every function's MIP call
#     count must equal the calls callgrind saw into it;
#  4. at -O2, the build that uses the MIP full build's own profile with
#     -fplugin-arg-mip-use-layout-only (which decides nothing before
#     the IPA passes) must find every function's blocks in it: no
#     function compiled differently from the profile's program (same
#     sources, same flags), and print plain's verification hash;
#  5. at -O2, the build that uses the block-count build's profile (its
#     early block counts, which GCC's passes then follow) must print
#     plain's verification hash and, under callgrind on the training's
#     workload (SPEEDTEST_ARGS), run at most COLD_MAX_PERCENT of its instructions in the
#     cold parts (NAME.cold) of its functions: code that ran in the
#     training must stay out of them.
# Part of check-real.sh; also runs alone.
#
# Environment: MIP_WORK, MIP_PLUGIN, MIP_RUNTIME_DIR, MIPDATA, CC,
#   SPEEDTEST_ARGS       speedtest1 options (default "--verify --size 10
#                        --memdb --singlethread")
#   CALLGRIND_SIZE       --size under callgrind (default 5)
#   MIP_I386_RUNNER      direct or qemu: how -m32 programs run (default:
#                        found out by running one)
#   MIP_CHECK_CROSS      cross targets (aarch64 arm thumb2 thumb1) built
#                        and compared with their plain builds like the
#                        -O2 one, run under qemu-user (see
#                        mip_checked_builds in mip-lib.sh; a target not
#                        built here is skipped with the reason)
#   CHECK_RESULT_FILE    where to append "sqlite PASSED FAILED SKIPPED"
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail
MIP_SCRIPT_NAME=check-sqlite
here=$(cd "$(dirname "$0")" && pwd)
. "$here/mip-lib.sh"

OUT=$MIP_WORK/sqlite
SPEEDTEST_ARGS=${SPEEDTEST_ARGS:---verify --size 10 --memdb --singlethread}
CALLGRIND_SIZE=${CALLGRIND_SIZE:-5}
# The guide (2.7, "Early block counts") has the figures before and after
# the binds of the use build kept blocks that ran out of the cold parts.
COLD_MAX_PERCENT=${COLD_MAX_PERCENT:-1}
build_all () {
  mip_say "building speedtest1: $(mip_checked_builds | tr '\n' ' ')x (plain $MIP_CHECKED_MODES); -O0 gcov + MIP full"
  mip_spawn_checked_builds mip_build_speedtest "$OUT"
  mip_spawn o0-gcov-full mip_build_speedtest "$OUT/o0-gcov-full" -O0 gcov full
  mip_wait_all
}

# run_speedtest DIR [ARGS...]: run DIR/speedtest1 in DIR (a 32-bit one
# under qemu-i386 where the kernel runs none), writing DIR/run.out and
# DIR/run.mipraw.
run_speedtest () {
  local dir=$1
  shift
  # shellcheck disable=SC2086,SC2046
  (cd "$dir" && rm -f run.mipraw run.out \
   && mip_run run.out env MIP_PROFILE_FILENAME="$dir/run.mipraw" \
        "$@" $(mip_run_prefix ./speedtest1) ./speedtest1 $SPEEDTEST_ARGS)
}

verification_hash () {
  grep '^Verification Hash' "$1/run.out" || echo "(no hash in $1/run.out)"
}

# make_profile DIR: DIR/run.mip from DIR/speedtest1 and DIR/run.mipraw,
# and DIR/mip-counts.txt from it.
make_profile () {
  local dir=$1
  (cd "$dir" \
   && rm -f run.mip \
   && mip_run mipdata.log "$MIPDATA" create -p run.mip speedtest1 \
   && mip_run mipdata.log "$MIPDATA" merge -p run.mip run.mipraw \
   && mip_capture show.json "$MIPDATA" show -p run.mip --json) \
    || return 1
  # Fails, saying why, when the profile lists no function or shows that
  # nothing ran (all-null or all-uncovered counts are no profile).
  mip_show_counts "$dir/show.json" >"$dir/mip-counts.txt"
}

# check_hashes BUILD: each MIP mode of BUILD (o2, o2-m32) against its
# plain build.
check_hashes () {
  local build=$1 flags want got variant dir prefix
  flags=$(mip_checked_build_label "$build")
  run_speedtest "$OUT/$build-plain"
  want=$(verification_hash "$OUT/$build-plain")
  mip_say "plain $flags: $want"
  case $want in
    'Verification Hash'*) ;;
    *) mip_fail "plain $flags: speedtest1 printed no verification hash (see $OUT/$build-plain/run.out)"
       return ;;
  esac
  for variant in $(mip_checked_modes "$build"); do
    dir=$OUT/$build-$variant
    run_speedtest "$dir"
    got=$(verification_hash "$dir")
    prefix=$(mip_run_prefix "$dir/speedtest1")
    if [ "$got" = "$want" ]; then
      mip_pass "$flags $variant: same verification hash"
    else
      mip_fail "$flags $variant: verification hash '$got', plain '$want'" \
        "(cd $dir && ${prefix:+$prefix }./speedtest1 $SPEEDTEST_ARGS)"
    fi
    if [ -s "$dir/run.mipraw" ] && make_profile "$dir"; then
      mip_pass "$flags $variant: .mipraw written, mipdata create/merge/show accept it"
    else
      mip_fail "$flags $variant: no usable .mipraw (see $dir/mipdata.log)"
    fi
  done
}

# check_same_hash DIR LABEL: DIR/speedtest1, run, prints the plain -O2
# build's verification hash.
check_same_hash () {
  local dir=$1 label=$2 got want
  run_speedtest "$dir"
  got=$(verification_hash "$dir")
  want=$(verification_hash "$OUT/o2-plain")
  if [ "$got" = "$want" ]; then
    mip_pass "$label: same verification hash"
  else
    mip_fail "$label: verification hash '$got', plain -O2 '$want'"
  fi
}

# MIP call counts (full mode, -O0) against gcov's execution counts.
check_against_gcov () {
  local dir=$OUT/o0-gcov-full
  rm -f "$dir"/*.gcda
  check_same_hash "$dir" "-O0 gcov+full"
  (cd "$dir" && mip_run gcov.log gcov --json-format sqlite3.gcda speedtest1.gcda)
  {
    gcov_json_counts "$dir/sqlite3.gcov.json.gz"
    gcov_json_counts "$dir/speedtest1.gcov.json.gz"
  } >"$dir/gcov-counts.txt"
  make_profile "$dir" || { mip_fail "-O0 gcov+full: mipdata failed"; return; }
  report_duplicates "$dir/gcov-counts.txt"
  # gcov's own constructor and destructor are not in its report.
  grep -v '^_sub_[ID]_' "$dir/mip-counts.txt" | cut -f 1,2 >"$dir/mip-compare.txt"
  report_not_instrumented "$dir/gcov-counts.txt" "$dir/mip-compare.txt"
  if compare_counts "$dir/gcov-counts.txt" "$dir/mip-compare.txt" gcov; then
    mip_pass "-O0: MIP call counts equal gcov's execution counts"
  else
    mip_fail "-O0: MIP call counts differ from gcov's (see above; $dir)"
  fi
}

report_duplicates () {
  local dups
  dups=$(cut -f 1 "$1" | sort | uniq -d)
  # shellcheck disable=SC2086
  [ -z "$dups" ] || mip_say "note: names defined in both units, compared by sum:" $dups
}

# Functions gcov counted that MIP has no record of.
report_not_instrumented () {
  local missing
  missing=$(awk -F '\t' 'NR == FNR { mip[$1] = 1; next } !($1 in mip) { print $1 }' \
    "$2" "$1" | sort -u)
  if [ -n "$missing" ]; then
    # shellcheck disable=SC2086
    mip_fail "functions counted by gcov but absent from MIP's profile:" $missing
  fi
}

# MIP call counts (full mode, -O2) against callgrind's call totals.
check_against_callgrind () {
  local dir=$OUT/o2-full-callgrind
  mip_need_tool valgrind
  rm -rf "$dir"
  mkdir -p "$dir"
  cp "$OUT/o2-full/speedtest1" "$dir/"
  SPEEDTEST_ARGS="--verify --size $CALLGRIND_SIZE --memdb --singlethread" \
    run_speedtest "$dir" valgrind --tool=callgrind --compress-strings=no \
      --callgrind-out-file="$dir/callgrind.out"
  callgrind_calls "$dir/callgrind.out" >"$dir/callgrind-counts.txt"
  make_profile "$dir" || { mip_fail "-O2 full under callgrind: mipdata failed"; return; }
  awk -F '\t' '$2 != "null" { print $1 "\t" $2 }' "$dir/mip-counts.txt" \
    >"$dir/mip-compare.txt"
  if compare_counts "$dir/callgrind-counts.txt" "$dir/mip-compare.txt" callgrind; then
    mip_pass "-O2: MIP call counts equal callgrind's call totals"
  else
    mip_fail "-O2: MIP call counts differ from callgrind's (see above; $dir)"
  fi
  check_all_called_functions_known "$dir"
}

# Functions of the program that callgrind saw called must all be in the
# profile, except the C start files', the C library's static part's
# (libc_nonshared.a: pthread_atfork, which libmip calls, and the like),
# libmip's own and split-off .cold parts.
check_all_called_functions_known () {
  local dir=$1 unknown nonshared
  nm --defined-only "$MIP_RUNTIME_DIR/libmip-runtime.a" 2>/dev/null \
    | awk 'NF == 3 { print $3 }' >"$dir/runtime-functions.txt"
  nonshared=$("$CC" -print-file-name=libc_nonshared.a)
  if [ -f "$nonshared" ]; then
    nm --defined-only "$nonshared" 2>/dev/null \
      | awk 'NF == 3 { print $3 }' >>"$dir/runtime-functions.txt"
  fi
  printf '%s\n' _start _init _fini __do_global_dtors_aux frame_dummy \
    register_tm_clones deregister_tm_clones >>"$dir/runtime-functions.txt"
  nm --defined-only "$dir/speedtest1" | awk '$2 ~ /^[tTwW]$/ { print $3 }' \
    | grep -v '\.cold$' | sort -u >"$dir/own-functions.txt"
  unknown=$(awk -F '\t' '
      FILENAME == ARGV[1] { skip[$1] = 1; next }
      FILENAME == ARGV[2] { known[$1] = 1; next }
      FILENAME == ARGV[3] { own[$1] = 1; next }
      ($1 in own) && !($1 in known) && !($1 in skip) && $2 > 0 { print $1 }' \
    "$dir/runtime-functions.txt" "$dir/mip-counts.txt" "$dir/own-functions.txt" \
    "$dir/callgrind-counts.txt")
  if [ -z "$unknown" ]; then
    mip_pass "-O2: every function of the program that callgrind saw called is in MIP's profile"
  else
    # shellcheck disable=SC2086
    mip_fail "-O2: called but absent from MIP's profile:" $unknown
  fi
}

# The layout-only use of the -O2 full build's own profile (4. above).
check_use_own_profile () {
  local dir=$OUT/o2-use-layout profile=$OUT/o2-full/run.mip src=$MIP_WORK/src/sqlite-amalgamation
  local use differ
  if [ ! -f "$profile" ]; then
    mip_fail "-O2 layout-only use: no profile of the full build ($profile)"
    return
  fi
  use="-fplugin=$MIP_PLUGIN -fplugin-arg-mip-use=$profile -fplugin-arg-mip-use-layout-only -fplugin-arg-mip-use-verbose"
  rm -rf "$dir"
  mkdir -p "$dir"
  # shellcheck disable=SC2086 # flags are words
  # In the C locale, so that the compiler quotes names with '.
  if ! (export LC_ALL=C && cd "$dir" \
        && mip_run build.log $CC -O2 $use -I"$src" -c "$src/sqlite3.c" -o sqlite3.o \
        && mip_run build.log $CC -O2 $use -I"$src" -c "$src/speedtest1.c" -o speedtest1.o \
        && mip_run build.log $CC -O2 sqlite3.o speedtest1.o -o speedtest1 -lm -lpthread -ldl); then
    mip_fail "-O2 layout-only use: the build failed (see $dir/build.log)"
    return
  fi
  differ=$({ grep -o "'[^']*' was compiled differently\|'[^']*' has changed since" \
               "$dir/build.log" || true; } | cut -d"'" -f2 | sort -u)
  if [ -z "$differ" ]; then
    mip_pass "-O2 layout-only use: every function found its blocks in its own profile"
  else
    # shellcheck disable=SC2086
    mip_fail "-O2 layout-only use: compiled differently from the profile's program:" $differ
  fi
  check_same_hash "$dir" "-O2 layout-only use"
}

# The use of the -O2 block-count build's own profile, its early block
# counts given to GCC (5. above).
check_use_early_counts () {
  local dir=$OUT/o2-use-early profile=$OUT/o2-bcnt/run.mip src=$MIP_WORK/src/sqlite-amalgamation
  local use given share
  mip_need_tool valgrind
  if [ ! -f "$profile" ]; then
    mip_fail "-O2 use of the block-count profile: no profile ($profile)"
    return
  fi
  # Not position-independent, so that the addresses callgrind reports
  # are those of the symbol table.
  use="-fno-pie -fplugin=$MIP_PLUGIN -fplugin-arg-mip-use=$profile -fplugin-arg-mip-use-verbose"
  rm -rf "$dir"
  mkdir -p "$dir"
  # shellcheck disable=SC2086 # flags are words
  if ! (cd "$dir" \
        && mip_run build.log $CC -O2 $use -I"$src" -c "$src/sqlite3.c" -o sqlite3.o \
        && mip_run build.log $CC -O2 $use -I"$src" -c "$src/speedtest1.c" -o speedtest1.o \
        && mip_run build.log $CC -O2 -no-pie sqlite3.o speedtest1.o -o speedtest1 -lm -lpthread -ldl); then
    mip_fail "-O2 use of the block-count profile: the build failed (see $dir/build.log)"
    return
  fi
  given=$(grep -o 'early block counts of profile [^ ]* for [1-9][0-9]* functions' \
            "$dir/build.log" | head -n 1 || true)
  if [ -n "$given" ]; then
    mip_pass "-O2 use of the block-count profile (made without -g): $given"
  else
    mip_fail "-O2 use of the block-count profile: GCC got no early block counts (see $dir/build.log)"
  fi
  check_same_hash "$dir" "-O2 use of the block-count profile"
  run_speedtest "$dir" valgrind --tool=callgrind --dump-instr=yes \
    --dump-line=no --compress-pos=no --callgrind-out-file="$dir/callgrind.out"
  nm -S --defined-only "$dir/speedtest1" >"$dir/nm.txt"
  if share=$(python3 "$here/script-data.py" cold-share "$dir/callgrind.out" \
               "$dir/nm.txt" "$COLD_MAX_PERCENT"); then
    mip_pass "-O2 use of the block-count profile: $(head -n 1 <<<"$share") (at most $COLD_MAX_PERCENT%)"
  else
    mip_fail "-O2 use of the block-count profile: more than $COLD_MAX_PERCENT% of the" \
      "instructions in cold parts: $share"
  fi
}

main () {
  local build
  mip_check_tools
  mip_detect_i386_runner say
  [ -f "$MIP_WORK/src/sqlite-amalgamation/sqlite3.c" ] \
    || bash "$here/fetch-sources.sh" sqlite
  mkdir -p "$OUT"
  build_all || mip_die "speedtest1 builds failed (logs in $OUT/*/build.log)"
  for build in $(mip_checked_builds); do
    check_hashes "$build"
  done
  check_against_gcov
  check_against_callgrind
  check_use_own_profile
  check_use_early_counts
  mip_check_summary sqlite
}

main
