# mip-lib.sh - shell helpers shared by the real-code check and benchmark
# scripts: the work directory, running a command so that a failure names
# the exact command, checking the MIP tool variables, and compiler flags.
# Sourced (not executed) by fetch-sources.sh, check-real.sh and bench.sh.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

# The directory of these scripts (and of their Python helpers).
MIP_SCRIPTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# Every file the scripts write goes under this directory.
MIP_WORK=${MIP_WORK:-$PWD/mip-work}
CC=${CC:-gcc}

mip_say () {
  printf '%s: %s\n' "${MIP_SCRIPT_NAME:-mip}" "$*"
}

mip_die () {
  printf '%s: error: %s\n' "${MIP_SCRIPT_NAME:-mip}" "$*" >&2
  exit 1
}

# Quote a command so that it can be pasted back into a shell.
mip_quote () {
  local word out=
  for word in "$@"; do
    case $word in
      *[!A-Za-z0-9_./=:,+@%-]* | '') word="'$(printf '%s' "$word" | sed "s/'/'\\\\''/g")'" ;;
    esac
    out="$out${out:+ }$word"
  done
  printf '%s\n' "$out"
}

# Run a command; on failure print it (and where its output went) and stop.
# mip_run LOG CMD...   (LOG may be - for the terminal)
mip_run () {
  local log=$1 status=0
  shift
  if [ "$log" = - ]; then
    "$@" || status=$?
  else
    "$@" >>"$log" 2>&1 || status=$?
  fi
  if [ "$status" -ne 0 ]; then
    printf '%s: error: command failed (exit %s) in %s:\n  %s\n' \
      "${MIP_SCRIPT_NAME:-mip}" "$status" "$PWD" "$(mip_quote "$@")" >&2
    if [ "$log" != - ]; then
      printf '%s: last lines of %s:\n' "${MIP_SCRIPT_NAME:-mip}" "$log" >&2
      tail -n 20 "$log" >&2
    fi
    exit 1
  fi
}

# Like mip_run, but standard output goes to the file OUT (errors to
# OUT.err): mip_capture OUT CMD...
mip_capture () {
  local out=$1 status=0
  shift
  "$@" >"$out" 2>"$out.err" || status=$?
  if [ "$status" -ne 0 ]; then
    printf '%s: error: command failed (exit %s) in %s:\n  %s\n' \
      "${MIP_SCRIPT_NAME:-mip}" "$status" "$PWD" "$(mip_quote "$@")" >&2
    tail -n 20 "$out.err" >&2
    exit 1
  fi
}

mip_need_tool () {
  command -v "$1" >/dev/null 2>&1 \
    || mip_die "cannot find '$1': install the Debian package ${2:-$1}"
}

# Check MIP_PLUGIN, MIP_RUNTIME_DIR and MIPDATA; make them absolute.
mip_check_tools () {
  [ -n "${MIP_PLUGIN:-}" ] || mip_die "MIP_PLUGIN is not set (path of mip.so)"
  [ -n "${MIP_RUNTIME_DIR:-}" ] \
    || mip_die "MIP_RUNTIME_DIR is not set (directory holding libmip.a)"
  [ -n "${MIPDATA:-}" ] || mip_die "MIPDATA is not set (path of mipdata)"
  [ -f "$MIP_PLUGIN" ] || mip_die "cannot find plugin '$MIP_PLUGIN'"
  [ -f "$MIP_RUNTIME_DIR/libmip.a" ] \
    || mip_die "cannot find runtime '$MIP_RUNTIME_DIR/libmip.a'"
  [ -x "$MIPDATA" ] || mip_die "cannot find program '$MIPDATA'"
  MIP_PLUGIN=$(cd "$(dirname "$MIP_PLUGIN")" && pwd)/$(basename "$MIP_PLUGIN")
  MIP_RUNTIME_DIR=$(cd "$MIP_RUNTIME_DIR" && pwd)
  MIPDATA=$(cd "$(dirname "$MIPDATA")" && pwd)/$(basename "$MIPDATA")
  export MIP_PLUGIN MIP_RUNTIME_DIR MIPDATA
}

# Compile flags and link flags of an instrumented build, by variant name:
#   plain  full  bcnt  bcov  fcov  (MIP: full, block-count, block-coverage,
#   function-coverage)
#   fullatomic (MIP full with -fplugin-arg-mip-atomic)
#   heap (MIP function coverage with the heap option: every call of an
#   allocation function counted per site)
#   | gcov  pgen  finst (GCC's own, for reference)
# The MIP variants link $MIP_RUNTIME_DIR/libmip.a, or the 32-bit one in
# $MIP_RUNTIME_DIR/m32 when MIP_RUNTIME_BITS=32.
mip_variant_cflags () {
  case $1 in
    plain) ;;
    full) printf '%s\n' "-fplugin=$MIP_PLUGIN -fplugin-arg-mip-generate" ;;
    fullatomic) printf '%s\n' \
      "-fplugin=$MIP_PLUGIN -fplugin-arg-mip-generate -fplugin-arg-mip-atomic" ;;
    bcnt) printf '%s\n' \
      "-fplugin=$MIP_PLUGIN -fplugin-arg-mip-generate=block-count" ;;
    bcov) printf '%s\n' \
      "-fplugin=$MIP_PLUGIN -fplugin-arg-mip-generate=block-coverage" ;;
    fcov | fcovc) printf '%s\n' \
      "-fplugin=$MIP_PLUGIN -fplugin-arg-mip-generate=function-coverage" ;;
    heap) printf '%s\n' "-fplugin=$MIP_PLUGIN -fplugin-arg-mip-generate=heap" ;;
    gcov) printf '%s\n' "--coverage" ;;
    pgen) printf '%s\n' "-fprofile-generate" ;;
    finst) printf '%s\n' "-finstrument-functions" ;;
    *) mip_die "unknown build variant '$1'" ;;
  esac
}

mip_variant_ldflags () {
  case $1 in
    full | fullatomic | bcnt | bcov | fcov | heap)
      printf '%s\n' "-L$(mip_runtime_libdir) -lmip" ;;
    fcovc) printf '%s\n' "-L$(mip_runtime_libdir) -lmip-complete" ;;
    gcov) printf '%s\n' "--coverage" ;;
    pgen) printf '%s\n' "-fprofile-generate" ;;
    *) ;;
  esac
}

mip_runtime_libdir () {
  if [ "${MIP_RUNTIME_BITS:-64}" = 32 ]; then
    printf '%s\n' "$MIP_RUNTIME_DIR/m32"
  else
    printf '%s\n' "$MIP_RUNTIME_DIR"
  fi
}

# Is the 32-bit runtime there (for -m32 programs)?
mip_have_runtime32 () {
  [ -f "$MIP_RUNTIME_DIR/m32/libmip.a" ]
}

mip_variant_title () {
  case $1 in
    plain) echo "plain" ;;
    full) echo "MIP full" ;;
    fullatomic) echo "MIP full -atomic" ;;
    bcnt) echo "MIP block-count" ;;
    bcov) echo "MIP block-coverage" ;;
    fcov) echo "MIP function-coverage" ;;
    fcovc) echo "  with -lmip-complete" ;;
    heap) echo "MIP heap" ;;
    gcov) echo "gcc --coverage" ;;
    pgen) echo "gcc -fprofile-generate" ;;
    finst) echo "gcc -finstrument-functions" ;;
  esac
}

# ---- Running 32-bit x86 programs ---------------------------------------------
# A kernel without IA-32 emulation runs no 32-bit x86 program (exec fails
# with "Exec format error").  There the -m32 programs run under qemu-i386
# (Debian: qemu-user), which finds the multilib loader and libraries in the
# host's own paths; valgrind cannot run them at all (it needs the kernel to
# start its 32-bit tool, and does not run under qemu).
#
# mip_detect_i386_runner say|quiet sets and exports MIP_I386_RUNNER: direct
# (the kernel runs them), qemu (under MIP_I386_QEMU), or none (nothing
# here can: MIP_I386_PROBLEM says why), by running a tiny -m32 program
# once; a value already in the environment is kept, so the parts of
# check-real.sh detect once, and MIP_I386_RUNNER=direct or =qemu forces
# the choice (to test the other kind of machine).  With say, prints the
# choice.
mip_detect_i386_runner () {
  local dir result
  MIP_I386_QEMU=$(command -v qemu-i386 || command -v qemu-i386-static || true)
  MIP_I386_PROBLEM=${MIP_I386_PROBLEM:-}
  case ${MIP_I386_RUNNER:-} in
    direct) ;;
    qemu)
      [ -n "$MIP_I386_QEMU" ] \
        || mip_die "MIP_I386_RUNNER=qemu, but there is no qemu-i386 (install qemu-user)" ;;
    none) MIP_I386_PROBLEM=${MIP_I386_PROBLEM:-MIP_I386_RUNNER=none} ;;
    '')
      dir=$MIP_WORK/i386-probe
      mkdir -p "$dir"
      printf '#include <stdio.h>\nint main (void) { puts ("i386 ok"); return 0; }\n' \
        >"$dir/probe.c"
      MIP_I386_RUNNER=none
      if ! $CC -m32 "$dir/probe.c" -o "$dir/probe" >"$dir/build.log" 2>&1; then
        MIP_I386_PROBLEM="'$CC -m32' cannot build programs (install gcc-multilib)"
      elif result=$("$dir/probe" 2>&1) && [ "$result" = "i386 ok" ]; then
        MIP_I386_RUNNER=direct
      elif [ -z "$MIP_I386_QEMU" ]; then
        MIP_I386_PROBLEM="the kernel runs no i386 programs and there is no qemu-i386 (install qemu-user)"
      elif result=$("$MIP_I386_QEMU" "$dir/probe" 2>&1) && [ "$result" = "i386 ok" ]; then
        MIP_I386_RUNNER=qemu
      else
        MIP_I386_PROBLEM="the kernel runs no i386 programs, and $MIP_I386_QEMU cannot run $dir/probe either: $result"
      fi ;;
    *) mip_die "MIP_I386_RUNNER='$MIP_I386_RUNNER': expected direct or qemu" ;;
  esac
  export MIP_I386_RUNNER MIP_I386_PROBLEM MIP_I386_QEMU
  [ "$1" = quiet ] && return 0
  case $MIP_I386_RUNNER in
    direct) mip_say "32-bit x86 programs: run directly" ;;
    qemu) mip_say "32-bit x86 programs: run under $MIP_I386_QEMU (the kernel runs none)" ;;
    none) mip_say "32-bit x86 programs: cannot run: $MIP_I386_PROBLEM" ;;
  esac
}

# Is FILE a 32-bit x86 ELF file?  Its header: the ELF magic, class 1
# (ELFCLASS32) and machine 3 (EM_386).
mip_is_i386_elf () {
  # shellcheck disable=SC2046 # one word per byte
  set -- $(head -c 20 "$1" 2>/dev/null | od -An -tu1 -v)
  [ "$#" -eq 20 ] && [ "$1 $2 $3 $4 $5" = "127 69 76 70 1" ] \
    && [ "${19} ${20}" = "3 0" ]
}

# mip_run_prefix FILE: the words to put before the program FILE to run
# it: none, qemu-i386 for a 32-bit x86 program where the kernel runs
# none (mip_detect_i386_runner first), or MIP_CROSS_RUN_PREFIX when a
# cross target's program is run (mip_cross_setup).
mip_run_prefix () {
  local target
  if [ -n "${MIP_CROSS_RUN_PREFIX:-}" ]; then
    printf '%s\n' "$MIP_CROSS_RUN_PREFIX"
    return
  fi
  if [ "${MIP_I386_RUNNER:-direct}" = qemu ] && mip_is_i386_elf "$1"; then
    printf '%s\n' "$MIP_I386_QEMU"
  elif target=$(mip_arm_elf_target "$1") && mip_cross_setup "$target"; then
    printf '%s\n' "$MIP_CROSS_QEMU"
  fi
}

# The cross target whose qemu and sysroot run the Arm ELF FILE: aarch64
# (ELFCLASS64, EM_AARCH64 = 183), else for EM_ARM (40) arm, the
# hard-float sysroot, when e_flags has EF_ARM_ABI_FLOAT_HARD (0x400),
# thumb1 (soft-float) when not.  Fails for any other file.
mip_arm_elf_target () {
  # shellcheck disable=SC2046 # one word per byte
  set -- $(head -c 40 "$1" 2>/dev/null | od -An -tu1 -v)
  [ "$#" -eq 40 ] && [ "$1 $2 $3 $4" = "127 69 76 70" ] || return 1
  case "$5 ${19} ${20}" in
    "2 183 0") echo aarch64 ;;
    "1 40 0") if (( ${38} & 4 )); then echo arm; else echo thumb1; fi ;;
    *) return 1 ;;
  esac
}

# ---- Cross targets (aarch64, 32-bit Arm) -----------------------------------
# The c-torture targets aarch64 (aarch64-linux-gnu), arm and thumb2
# (arm-linux-gnueabihf -marm / -mthumb) and thumb1 (arm-linux-gnueabi
# -march=armv5te -mthumb) build with the cross compiler TRIPLET-gcc-12
# (MIP_GCC_MAJOR), the plugin MIP_CROSS_PLUGIN_DIR/TRIPLET/mip.so (default:
# the plugin directory of the build tree, beside MIP_PLUGIN's .libs) and
# the runtime MIP_RUNTIME_DIR/TRIPLET, and run under qemu-aarch64 or
# qemu-arm -L /usr/TRIPLET.

mip_is_cross_target () {
  case $1 in aarch64 | arm | thumb2 | thumb1) return 0 ;; esac
  return 1
}

mip_cross_triplet () {
  case $1 in
    aarch64) echo aarch64-linux-gnu ;;
    arm | thumb2) echo arm-linux-gnueabihf ;;
    thumb1) echo arm-linux-gnueabi ;;
  esac
}

mip_cross_flags () {
  case $1 in
    arm) echo -marm ;;
    thumb2) echo -mthumb ;;
    thumb1) echo "-march=armv5te -mthumb" ;;
  esac
}

# mip_cross_setup TARGET: set MIP_CROSS_CC, MIP_CROSS_PLUGIN,
# MIP_CROSS_RUNTIME_DIR and MIP_CROSS_QEMU for TARGET, or return 1 with
# MIP_CROSS_PROBLEM saying why it cannot be checked here.
mip_cross_setup () {
  local triplet qemu name plugin_dir
  triplet=$(mip_cross_triplet "$1")
  MIP_CROSS_PROBLEM=
  MIP_CROSS_CC=
  for name in "$triplet-gcc-${MIP_GCC_MAJOR:-12}" "$triplet-gcc"; do
    if command -v "$name" >/dev/null 2>&1; then
      MIP_CROSS_CC=$name
      break
    fi
  done
  plugin_dir=${MIP_CROSS_PLUGIN_DIR:-$(dirname "$(dirname "$MIP_PLUGIN")")}
  MIP_CROSS_PLUGIN=$plugin_dir/$triplet/mip.so
  MIP_CROSS_RUNTIME_DIR=$MIP_RUNTIME_DIR/$triplet
  case $triplet in
    aarch64-*) qemu=qemu-aarch64 ;;
    *) qemu=qemu-arm ;;
  esac
  MIP_CROSS_QEMU="$(command -v "$qemu" || true) -L /usr/$triplet"
  if [ -z "$MIP_CROSS_CC" ]; then
    MIP_CROSS_PROBLEM="no $triplet-gcc-${MIP_GCC_MAJOR:-12}"
  elif [ ! -f "$MIP_CROSS_PLUGIN" ] || [ ! -f "$MIP_CROSS_RUNTIME_DIR/libmip.a" ]; then
    MIP_CROSS_PROBLEM="MIP not built for $triplet (no $MIP_CROSS_PLUGIN or $MIP_CROSS_RUNTIME_DIR/libmip.a; see configure's cross targets)"
  elif [ "${MIP_CROSS_QEMU% -L *}" = "" ]; then
    MIP_CROSS_PROBLEM="no $qemu to run $triplet programs (install qemu-user)"
  fi
  [ -z "$MIP_CROSS_PROBLEM" ]
}

# mip_cross_refusal TARGET (after mip_cross_setup): compile a trivial
# function with the target's plugin; print why it cannot be checked
# when the plugin refuses to instrument (its target file is still a
# placeholder) or the compiler fails.
mip_cross_refusal () {
  local dir=$MIP_WORK/cross-probe/$1 flags
  mkdir -p "$dir"
  flags=$(mip_cross_flags "$1")
  printf 'int mip_trivial (int x) { return x + 1; }\n' >"$dir/trivial.c"
  # shellcheck disable=SC2086 # the flags are words
  if "$MIP_CROSS_CC" $flags -O2 -fplugin="$MIP_CROSS_PLUGIN" \
       -fplugin-arg-mip-generate -c "$dir/trivial.c" -o "$dir/trivial.o" \
       >"$dir/log" 2>&1; then
    return 0
  fi
  if grep -q 'sorry, unimplemented: mip: instrumentation is not supported' "$dir/log"; then
    echo "mip: instrumentation not implemented for $(mip_cross_triplet "$1") yet"
  else
    echo "$MIP_CROSS_CC $flags -fplugin=$MIP_CROSS_PLUGIN -fplugin-arg-mip-generate fails: $(head -c 300 "$dir/log" | tr '\n' ' ')"
  fi
}

# Number of parallel jobs.
MIP_JOBS=${MIP_JOBS:-$(nproc 2>/dev/null || echo 2)}

# ---- Running jobs in the background, at most MIP_JOBS at once ------------
# mip_spawn NAME CMD... runs CMD in a subshell with set -e (so mip_run
# stops it at the first failure); mip_wait_all waits for every job and
# fails, naming them, if any failed.
MIP_SPAWN_DIR=
mip_spawn () {
  local name=$1
  shift
  if [ -z "$MIP_SPAWN_DIR" ]; then
    MIP_SPAWN_DIR=$MIP_WORK/jobs.$$
    rm -rf "$MIP_SPAWN_DIR"
    mkdir -p "$MIP_SPAWN_DIR"
  fi
  while [ "$(jobs -rp | wc -l)" -ge "$MIP_JOBS" ]; do
    wait -n 2>/dev/null || true
  done
  : >"$MIP_SPAWN_DIR/$name.started"
  ( set -e; "$@"; : >"$MIP_SPAWN_DIR/$name.done" ) &
}

mip_wait_all () {
  local started name failed=0
  wait || true
  [ -n "$MIP_SPAWN_DIR" ] || return 0
  for started in "$MIP_SPAWN_DIR"/*.started; do
    [ -e "$started" ] || continue
    name=$(basename "$started" .started)
    if [ ! -e "$MIP_SPAWN_DIR/$name.done" ]; then
      printf '%s: error: job %s failed\n' "${MIP_SCRIPT_NAME:-mip}" "$name" >&2
      failed=1
    fi
  done
  rm -rf "$MIP_SPAWN_DIR"
  MIP_SPAWN_DIR=
  return "$failed"
}

# ---- Counting the checks of a script ---------------------------------------
# mip_pass MESSAGE and mip_fail MESSAGE [DETAILS...] count a check and
# print it, mip_skip REASON counts one that cannot be made here and says
# why; mip_check_summary NAME prints the failures again and the totals,
# appends "NAME PASSED FAILED SKIPPED" to $CHECK_RESULT_FILE when set
# (check-real.sh adds them up) and fails if any check failed.
mip_passed=0
mip_failed=0
mip_skipped=0
mip_failures=

mip_pass () {
  mip_passed=$((mip_passed + 1))
  mip_say "PASS: $*"
}

mip_fail () {
  mip_failed=$((mip_failed + 1))
  mip_failures="$mip_failures  $1
"
  mip_say "FAIL: $*"
}

mip_skip () {
  mip_skipped=$((mip_skipped + 1))
  mip_say "SKIPPED: $*"
}

mip_check_summary () {
  if [ "$mip_failed" -gt 0 ]; then
    mip_say "failures:"
    printf '%s' "$mip_failures"
  fi
  mip_say "$1: $mip_passed passed, $mip_failed failed, $mip_skipped skipped"
  if [ -n "${CHECK_RESULT_FILE:-}" ]; then
    echo "$1 $mip_passed $mip_failed $mip_skipped" >>"$CHECK_RESULT_FILE"
  fi
  [ "$mip_failed" -eq 0 ]
}

# ---- The builds that SQLite's and zlib's checks compare -------------------
# "o2" (-O2) and, with the 32-bit runtime and a way to run 32-bit x86
# programs (mip_detect_i386_runner first), "o2-m32" (-O2 -m32): each is
# built plain and in every MIP mode (heap: function coverage with the
# heap option), into DIR/BUILD-VARIANT.
MIP_CHECKED_MODES="full bcnt bcov fcov heap"

# The MIP modes of BUILD: MIP_CHECKED_MODES, but the block-count mode on
# the cross targets, which do not have it yet.
mip_checked_modes () {
  local variant
  for variant in $MIP_CHECKED_MODES; do
    case $1:$variant in
      o2:* | o2-m32:*) printf '%s ' "$variant" ;;
      *:bcnt) ;;
      *) printf '%s ' "$variant" ;;
    esac
  done
}

# The builds of the real programs that check-sqlite.sh and
# check-zlib.sh compare with their plain builds: o2 (the host), o2-m32
# (where -m32 programs can run), and o2-TARGET for each cross target of
# MIP_CHECK_CROSS (aarch64 arm thumb2 thumb1; default none: each costs
# about as much as the x86 builds again, and its runs go through qemu)
# that mip_cross_setup finds usable.
mip_checked_builds () {
  local target
  echo o2
  mip_have_runtime32 && [ "${MIP_I386_RUNNER:-direct}" != none ] && echo o2-m32
  for target in ${MIP_CHECK_CROSS:-}; do
    mip_is_cross_target "$target" && mip_cross_setup "$target" \
      && echo "o2-$target"
  done
  return 0
}

# The cross targets of MIP_CHECK_CROSS that cannot be checked here, each
# reported as skipped with the reason.
mip_skip_unusable_cross_builds () {
  local target
  for target in ${MIP_CHECK_CROSS:-}; do
    if ! mip_is_cross_target "$target"; then
      mip_die "MIP_CHECK_CROSS: unknown target '$target' (expected aarch64, arm, thumb2 or thumb1)"
    fi
    mip_cross_setup "$target" || mip_skip "-O2 builds for $target: $MIP_CROSS_PROBLEM"
  done
}

# The compiler options of BUILD.
mip_checked_build_flags () {
  case $1 in
    o2) echo -O2 ;;
    o2-m32) echo "-O2 -m32" ;;
    o2-*) printf '%s\n' "-O2 $(mip_cross_flags "${1#o2-}")" | sed 's/ *$//' ;;
  esac
}

# BUILD in messages: its options, and its target when it is a cross one.
mip_checked_build_label () {
  case $1 in
    o2 | o2-m32) mip_checked_build_flags "$1" ;;
    o2-*) echo "$(mip_checked_build_flags "$1") (${1#o2-}, $(mip_cross_triplet "${1#o2-}"))" ;;
  esac
}

# mip_checked_builder BUILD BUILDER ARGS...: BUILDER ARGS..., with the
# 32-bit runtime for an -m32 build.
mip_checked_builder () {
  local build=$1
  shift
  case $build in
    o2) "$@" ;;
    o2-m32) MIP_RUNTIME_BITS=32 "$@" ;;
    o2-*)
      mip_cross_setup "${build#o2-}" || mip_die "$MIP_CROSS_PROBLEM"
      CC=$MIP_CROSS_CC MIP_PLUGIN=$MIP_CROSS_PLUGIN \
        MIP_RUNTIME_DIR=$MIP_CROSS_RUNTIME_DIR "$@" ;;
  esac
}

# mip_spawn_checked_builds BUILDER DIR: spawn BUILDER DIR/BUILD-VARIANT
# FLAGS VARIANT for each build and variant (plain too), the -m32 builds
# with the 32-bit runtime.
mip_spawn_checked_builds () {
  local builder=$1 dir=$2 build variant
  mip_have_runtime32 \
    || mip_say "note: no 32-bit runtime $MIP_RUNTIME_DIR/m32/libmip.a: no -m32 builds"
  if mip_have_runtime32 && [ "${MIP_I386_RUNNER:-direct}" = none ]; then
    mip_skip "-O2 -m32 builds: cannot run 32-bit x86 programs: $MIP_I386_PROBLEM"
  fi
  mip_skip_unusable_cross_builds
  for build in $(mip_checked_builds); do
    for variant in plain $(mip_checked_modes "$build"); do
      mip_spawn "$build-$variant" mip_checked_builder "$build" "$builder" \
        "$dir/$build-$variant" "$(mip_checked_build_flags "$build")" \
        "$variant"
    done
  done
}

# ---- Building the real programs --------------------------------------------
# MIP_REUSE_BUILDS=1 keeps programs already built (for working on these
# scripts; the builds are not checked for being up to date).
mip_reuse_build () {
  [ "${MIP_REUSE_BUILDS:-0}" = 1 ] && [ -x "$1" ] \
    && printf '%s: reusing %s (MIP_REUSE_BUILDS=1)\n' "${MIP_SCRIPT_NAME:-mip}" "$1"
}

# mip_build_speedtest DIR "OPTFLAGS" VARIANT...: SQLite's speedtest1 from
# the amalgamation (two translation units), as DIR/speedtest1.  Objects
# named in LDFLAGS_EXTRA are linked in too.
mip_build_speedtest () {
  local dir=$1 opt=$2 src=$MIP_WORK/src/sqlite-amalgamation cflags='' ldflags=''
  local variant
  shift 2
  mip_reuse_build "$dir/speedtest1" && return
  for variant in "$@"; do
    cflags="$cflags $(mip_variant_cflags "$variant")"
    ldflags="$ldflags $(mip_variant_ldflags "$variant")"
  done
  rm -rf "$dir"
  mkdir -p "$dir"
  cd "$dir"
  # shellcheck disable=SC2086
  {
    mip_run build.log $CC $opt $cflags -I"$src" -c "$src/sqlite3.c" -o sqlite3.o
    mip_run build.log $CC $opt $cflags -I"$src" -c "$src/speedtest1.c" \
      -o speedtest1.o
    mip_run build.log $CC $opt $cflags sqlite3.o speedtest1.o -o speedtest1 \
      $ldflags ${LDFLAGS_EXTRA:-} -lm -lpthread -ldl
  }
}

# mip_build_zlib DIR "OPTFLAGS" VARIANT...: zlib's library sources plus
# test/example.c and test/minigzip.c, as DIR/example and DIR/minigzip.
MIP_ZLIB_SOURCES="adler32 crc32 deflate infback inffast inflate inftrees
  trees zutil compress uncompr gzclose gzlib gzread gzwrite"
mip_build_zlib () {
  local dir=$1 opt=$2 src=$MIP_WORK/src/zlib cflags='' ldflags='' variant name
  local objects=
  shift 2
  mip_reuse_build "$dir/minigzip" && return
  for variant in "$@"; do
    cflags="$cflags $(mip_variant_cflags "$variant")"
    ldflags="$ldflags $(mip_variant_ldflags "$variant")"
  done
  rm -rf "$dir"
  mkdir -p "$dir"
  cd "$dir"
  # shellcheck disable=SC2086
  {
    for name in $MIP_ZLIB_SOURCES; do
      mip_run build.log $CC $opt $cflags -D_LARGEFILE64_SOURCE=1 \
        -I"$src" -c "$src/$name.c" -o "$name.o"
      objects="$objects $name.o"
    done
    for name in example minigzip; do
      mip_run build.log $CC $opt $cflags -D_LARGEFILE64_SOURCE=1 -I"$src" \
        -c "$src/test/$name.c" -o "$name.o"
      mip_run build.log $CC $opt $cflags "$name.o" $objects -o "$name" \
        $ldflags ${LDFLAGS_EXTRA:-}
    done
  }
}

# mip_source_paths PROGRAM: the own sources of speedtest1 or zlib's
# example (those gcov reports on), as "base=path ..." (check-lcov.sh and
# check-gcov-blocks.sh compare their lines).
mip_source_paths () {
  local name
  case $1 in
    speedtest1)
      for name in sqlite3 speedtest1; do
        printf '%s.c=%s ' "$name" "$MIP_WORK/src/sqlite-amalgamation/$name.c"
      done ;;
    example)
      for name in $MIP_ZLIB_SOURCES; do
        printf '%s.c=%s ' "$name" "$MIP_WORK/src/zlib/$name.c"
      done
      printf 'example.c=%s ' "$MIP_WORK/src/zlib/test/example.c" ;;
  esac
}

# mip_own_sources PROGRAM: the base names of mip_source_paths, as
# "base ...".
mip_own_sources () {
  local pair
  for pair in $(mip_source_paths "$1"); do
    printf '%s ' "${pair%%=*}"
  done
}

# ---- Reading counts ---------------------------------------------------------
# The JSON and the tables the scripts read back are read by
# scripts/script-data.py, by key and by column name:
# mip_script_data COMMAND ARGS... (its commands are listed there).
mip_script_data () {
  python3 "$MIP_SCRIPTS_DIR/script-data.py" "$@"
}

# Each prints "name<TAB>count" lines.

# From 'mipdata show --json' output in the file $1: the call count (or
# "null"), then covered (true/false).  Functions whose names start with
# one of the further arguments are left out.  Fails, saying why, when the
# profile lists no function or none of them ran.
mip_show_counts () {
  local show=$1 prefix excluded=()
  shift
  for prefix in "$@"; do
    excluded+=(--exclude-prefix "$prefix")
  done
  mip_script_data show-counts "$show" "${excluded[@]}"
}

# From gcov JSON files (.gcov.json.gz): each function's execution_count.
gcov_json_counts () {
  mip_script_data gcov-counts "$@"
}

# From a callgrind output written with --compress-strings=no: the calls
# into each function, summed over callers and recursion levels.
callgrind_calls () {
  awk '
    /^cfn=/ { callee = substr($0, 5); sub(/\047[0-9]+$/, "", callee) }
    /^calls=/ { n = substr($1, 7); calls[callee] += n }
    END { for (f in calls) print f "\t" calls[f] }' "$1" | sort
}

# Total instructions executed (Ir) from a callgrind output.
callgrind_total_ir () {
  sed -n 's/^summary: *\([0-9]*\).*/\1/p; s/^totals: *\([0-9]*\).*/\1/p' "$1" | head -n 1
}

# compare_counts EXPECTED ACTUAL LABEL: both "name<TAB>count" files; counts
# are summed by name (static functions of the same name in two units can
# only be compared together).  Every name of ACTUAL must have the same
# count in EXPECTED (absent = 0).  Prints each mismatch and "LABEL:
# compared N functions, mismatches M"; fails on a mismatch, and when
# ACTUAL has no count or only zeros.
compare_counts () {
  mip_script_data compare-counts "$1" "$2" "$3"
}
