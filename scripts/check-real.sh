#!/bin/bash
# check-real.sh - `make check-real`: prove MIP correct on code nobody here
# wrote.  Fetches the sources (fetch-sources.sh), then runs four parts:
# GCC's c-torture execute tests (check-torture.sh), SQLite's speedtest1
# (check-sqlite.sh), zlib (check-zlib.sh), MIP's block coverage against
# gcov's line counts on both (check-gcov-blocks.sh), the line coverage
# of mipdata export's lcov tracefiles against gcov's (check-lcov.sh) and
# the README's demo as a new user runs it (check-demo.sh), the bare-metal
# example under qemu-system-arm (check-firmware.sh), mipdata export's CI
# formats on speedtest1 read by their consumers (check-export-formats.sh),
# the Debian packages built, checked by lintian, installed into a clean
# bookworm root and used there on the demo (check-debian.sh), one other
# GCC release built and sampled in its own Debian root, picked by the
# commit (check-gcc-matrix.sh); c-torture's
# output must show progress at least once a minute (the part "progress").  Each part prints its
# own failures with the commands to reproduce them; a part that crashes
# counts as one failure.  The last line is "check-real: N passed, N failed, N
# skipped", for CI.
#
# Environment: MIP_PLUGIN (mip.so), MIP_RUNTIME_DIR (holds libmip.a),
# MIPDATA (the mipdata program), MIP_WORK (work directory, default
# ./mip-work), CC; SAMPLE=N checks each c-torture test in 1 of every N of
# its 12 x86 configurations (x86-64, i386 and i386 PIE x 4 optimisation
# modes, drawn from a seed printed in the output, by default the
# commit; see check-torture.sh; default 256: about 7 tests per
# configuration, 84 in all); the cross targets' 16 configurations
# (aarch64, arm, thumb2, thumb1 x -O0, -O2, -Os, -O3) check 1 test in
# TORTURE_CROSS_SAMPLE (default 512: about 4 each, 64 in all).  A
# checked test costs 2 to 4 seconds of a 2-core machine (5 builds and
# runs, the extra checks, more where -m32 and Arm programs run under
# qemu), so the default run takes about 10 minutes there, the other
# parts 8, the Debian packages' part 4 more (a minute more the
# first time, to make its root) and the other GCC's part about 5; over
# 128 commits every test is checked somewhere
# (tests/unit/check-torture-sample.py);
# FULL=1 checks every test in every configuration (about 12 hours of
# such a machine);
# CHECK_PARTS (default "torture sqlite zlib gcov-blocks lcov
# export-formats demo specs firmware debian gcc-matrix"; specs: zlib's and xz's configure, build and tests with
# -specs=mip-generate.specs, check-specs.sh; debian and gcc-matrix: need
# root and Debian's mirror, else UNSUPPORTED);
# CHECK_ZLIB_CROSS (default "aarch64 arm thumb2 thumb1") and
# CHECK_SQLITE_CROSS (default none: its 16 builds of sqlite3.c with the
# cross compilers take longer than the rest of check-real), the cross
# targets whose builds of zlib and SQLite are checked like the -O2 one,
# under qemu (MIP_CHECK_CROSS of those scripts);
# MIP_I386_RUNNER=direct|qemu (how -m32 programs run; by default found out
# once by running one: directly where the kernel runs 32-bit x86
# programs, else under qemu-i386); and the variables of each part's script.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail
MIP_SCRIPT_NAME=check-real
here=$(cd "$(dirname "$0")" && pwd)
. "$here/mip-lib.sh"

export MIP_WORK CC
export SAMPLE=${SAMPLE:-256}
CHECK_PARTS=${CHECK_PARTS:-torture sqlite zlib gcov-blocks lcov export-formats demo specs firmware debian gcc-matrix}
CHECK_ZLIB_CROSS=${CHECK_ZLIB_CROSS-aarch64 arm thumb2 thumb1}
CHECK_SQLITE_CROSS=${CHECK_SQLITE_CROSS-}

fetch_needed_sources () {
  local part sources=
  for part in $CHECK_PARTS; do
    case $part in
      torture) sources="$sources torture" ;;
      sqlite | export-formats) sources="$sources sqlite" ;;
      zlib | gcov-blocks | lcov) sources="$sources zlib sqlite" ;;  # zlib's input uses sqlite3.c
      demo | firmware | debian | gcc-matrix) ;;
      specs) sources="$sources zlib xz" ;;
      *) mip_die "unknown part '$part' (expected torture, sqlite, zlib, gcov-blocks, lcov, export-formats, demo, specs, firmware, debian or gcc-matrix)" ;;
    esac
  done
  # Parts that need no sources (demo, firmware, debian) fetch nothing:
  # fetch-sources.sh without arguments would fetch its default three.
  [ -n "$sources" ] || return 0
  # shellcheck disable=SC2086
  mip_run - bash "$here/fetch-sources.sh" $sources
}

# A long part must not stay silent: c-torture prints a progress line
# every TORTURE_PROGRESS_SECONDS (default 60); OUTPUT, the part's output
# over SECONDS, must hold at least one per period but the last.  Counted
# as the part "progress".
check_progress () {
  local output=$1 seconds=$2 period=${TORTURE_PROGRESS_SECONDS:-60}
  local lines expected
  lines=$(grep -c '^check-torture: progress: [0-9]*/[0-9]* tests started' "$output" || true)
  expected=$(( seconds / period - 1 ))
  if [ "$lines" -ge "$expected" ]; then
    mip_say "PASS: c-torture printed $lines progress lines in $seconds s"
    echo "progress 1 0 0" >>"$CHECK_RESULT_FILE"
  else
    mip_say "FAIL: c-torture printed $lines progress lines in $seconds s (one every $period s expected)"
    echo "progress 0 1 0" >>"$CHECK_RESULT_FILE"
  fi
}

run_part () {
  local part=$1 before after start
  before=$(wc -l <"$CHECK_RESULT_FILE")
  start=$(date +%s)
  mip_say "---- $part ----"
  case $part in
    zlib) MIP_CHECK_CROSS=$CHECK_ZLIB_CROSS bash "$here/check-$part.sh" || true ;;
    sqlite) MIP_CHECK_CROSS=$CHECK_SQLITE_CROSS bash "$here/check-$part.sh" || true ;;
    *) bash "$here/check-$part.sh" || true ;;
  esac 2>&1 | tee "$MIP_WORK/check-real.$part.out"
  [ "$part" != torture ] \
    || check_progress "$MIP_WORK/check-real.$part.out" $(( $(date +%s) - start ))
  after=$(wc -l <"$CHECK_RESULT_FILE")
  if [ "$after" -eq "$before" ]; then
    mip_say "FAIL: part $part stopped before its summary: $(mip_quote bash "$here/check-$part.sh")"
    echo "$part 0 1 0" >>"$CHECK_RESULT_FILE"
  fi
  echo "$part $(( $(date +%s) - start ))" >>"$MIP_WORK/check-real.times"
}

main () {
  local part start
  mip_check_tools
  mkdir -p "$MIP_WORK"
  MIP_WORK=$(cd "$MIP_WORK" && pwd)
  export CHECK_RESULT_FILE=$MIP_WORK/check-real.results
  : >"$CHECK_RESULT_FILE"
  : >"$MIP_WORK/check-real.times"
  start=$(date +%s)
  mip_say "work directory $MIP_WORK; plugin $MIP_PLUGIN"
  mip_detect_i386_runner say
  fetch_needed_sources
  for part in $CHECK_PARTS; do
    run_part "$part"
  done
  mip_say "---- summary ($(( $(date +%s) - start )) s) ----"
  awk 'NR == FNR { seconds[$1] = $2; next }
       { printf "check-real: %-12s %d passed, %d failed, %d skipped (%d s)\n",
                $1, $2, $3, $4, seconds[$1] }' \
    "$MIP_WORK/check-real.times" "$CHECK_RESULT_FILE"
  awk '{ p += $2; f += $3; s += $4 }
       END { printf "check-real: %d passed, %d failed, %d skipped\n", p, f, s
             exit f > 0 }' "$CHECK_RESULT_FILE"
}

main
