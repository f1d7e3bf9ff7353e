# bench-use.sh - the profile-use tables of `make bench`, sourced by
# bench.sh (which defines OUT, CC, BENCH_OPT, percent, build_qemu_trace,
# best_wall_time and the mip-lib.sh helpers).
#
# Four programs on x86-64, each trained on one workload and measured on
# another: SQLite's speedtest1, the sqlite3 shell, Lua 5.4's interpreter
# and xz (use_program describes each).  speedtest1, every build with
# BENCH_OPT -fno-pie -no-pie (fixed addresses, so pages are the binary's
# own):
#   plain      the reference
#   MIP use    trained by the MIP full-mode build on the training
#              workload, then built with -fplugin-arg-mip-use=PROFILE
#   MIP use, layout only   the same with -fplugin-arg-mip-use-layout-only
#              (placement without the cold decisions)
#   MIP use, call chains   the same with
#              -fplugin-arg-mip-use-layout=call-chains
#   gcc PGO    trained by gcc -fprofile-generate on the same workload,
#              then built with -fprofile-use
#   MIP use (block-count profile)   trained by the MIP block-count
#              build (with -g) on the same workload, then built with
#              -fplugin-arg-mip-use=PROFILE, which also gives GCC's
#              passes after hot/cold partitioning how often each block
#              ran; left out (saying why) when the profile is missing;
#              and the same with -fplugin-arg-mip-use-layout-only
#   MIP use (block counts), two rounds   a second block-count build,
#              given the first profile (-fplugin-arg-mip-use=PROFILE,
#              so that it compiles as the use build will), trained on
#              the same workload, then built with its profile and the
#              first one's early counts (-fplugin-arg-mip-use=SECOND
#              -fplugin-arg-mip-use-early=PROFILE); left out (saying
#              why) when either profile is missing
#   MIP block-count -> -fauto-profile   trained by the MIP block-count
#              build (with -g) on the same workload, its profile exported
#              by mipdata export --format=afdo as GCC's AutoFDO profile,
#              then built with -fauto-profile=FILE and no plugin; left out
#              (saying why) when any of that fails
#   MIP block-count -> -fauto-profile + MIP use   the same AutoFDO
#              profile for GCC's own decisions, and the block-count
#              profile itself for MIP use's placement
#              (-fplugin-arg-mip-use=PROFILE); shown when the previous
#              row is
#   MIP block-count -> exact AutoFDO (+ MIP use)   the same two with
#              -fplugin-arg-mip-afdo-exact
#   MIP use (function-coverage profile), and the same with its
#              never-run functions made cold; the same two of a
#              block-coverage profile   trained by the MIP build in that
#              coverage mode on the same workload, then built with
#              -fplugin-arg-mip-use=PROFILE (which only places code with
#              a profile without counts) and with
#              -fplugin-arg-mip-use-cold-never-run as well
#              (BENCH_USE_COVERAGE=0 leaves these four rows out); each
#              left out, saying why, when its profile cannot be made
# and, with BENCH_USE_OTHER=1, a post-link layout from the same
# training run (in every table):
#   BOLT       plain's objects linked with --emit-relocs, instrumented
#              by llvm-bolt -instrument, trained, then rewritten by
#              llvm-bolt with BENCH_BOLT_FLAGS (BENCH_BOLT: LLVM 19's
#              llvm-bolt, called from its own directory, where it finds
#              its instrumentation runtime); each process of the
#              training workload writes its own profile, and those of a
#              workload of several commands (xz's) are merged by
#              BENCH_MERGE_FDATA
#   BOLT -lite=0   the same, every function rewritten, not only those
#              the profile saw
# and, for speedtest1 only, other-compiler layouts from the same
# training run:
#   clang      BENCH_CLANG -ffunction-sections linked by lld (BENCH_LLD),
#              the reference of the two below
#   clang + order  the same objects linked with
#              --symbol-ordering-file: the functions in the order the
#              training run first called them (clang -fprofile-generate
#              -mllvm -pgo-temporal-instrumentation, then
#              BENCH_PROFDATA merge and order)
#   clang PGO + order  built with -fprofile-use of that profile, linked
#              with the same order
# each row "not run: REASON" when its tools are missing or fail (or
# its build or one of its runs does);
# and each runs the measured workload, a different one (the use builds
# the training workload too), under qemu-user
# with the TCG plugin scripts/qemu-trace.c, which lists the 4 KiB pages
# that executed instructions touched and counts the instructions.  The table shows, per build, the pages touched
# and their change over plain, the instructions and their change, .text,
# and the cost of collecting each profile: the training run's
# instructions in the instrumented build against plain's.
#
# The other three tables have the rows plain to MIP block-count ->
# -fauto-profile + MIP use, BOLT's two rows (BENCH_USE_OTHER=1; not
# clang's), the same columns and a verification, each program with its
# workloads, on which BOLT is trained too:
#   the sqlite3 shell  the amalgamation and shell.c, reading SQL on
#              standard input (:memory:): trained on
#              scripts/bench-shell-train.sql, measured on
#              scripts/bench-shell-measure.sql, start-up one trivial
#              statement, wall time of the measured script run
#              USE_SHELL_TIME_ROUNDS times in a row; no verification
#              (speedtest1 has the check)
#   Lua 5.4    (Debian's source package lua5.4, fetched by
#              fetch-sources.sh) every source of src/ but luac.c, with
#              USE_LUA_DEFINES: trained on scripts/bench-lua-train.lua,
#              measured on scripts/bench-lua-measure.lua (use_lua_workload
#              says what each runs), start-up prints the version, wall
#              time of the measured script made longer; verification:
#              the measured run's output, against plain's
#   xz         (Debian's xz-utils, fetched by fetch-sources.sh xz)
#              configured once (USE_XZ_CONFIGURE: liblzma linked in
#              statically, so the code measured is the program's own),
#              each build made by that tree's make, in a copy of it, with
#              the build's CFLAGS, and linked here; each workload a
#              compression and the decompression of its result, counted
#              together: trained on xz's own C sources at -6, measured on
#              generated mixed data (scripts/script-data.py mixed-data)
#              at -3 with a SHA-256 check (use_xz_workload), start-up
#              compresses one line, wall time of the measured workload;
#              verification: the measured run's .xz file, byte for byte
#              plain's, and its decompression the input ("round trip")
# A table that cannot be made (its sources not fetched, configure
# failing, the plain build or one of its runs failing) says "skipped"
# and why.
#
# Environment: BENCH_USE (default 1; 0 skips the table),
#   BENCH_USE_TRAIN    speedtest1 arguments of the training run
#                      (default "--testset main --size 5")
#   BENCH_USE_MEASURE  those of the measured run
#                      (default "--testset orm,cte,fp --size 5")
#   BENCH_USE_STARTUP  those of the start-up run, which does next to
#                      nothing (default "--testset debug1 --size 1")
#   BENCH_USE_EACH     test sets other than the training's, each run
#                      alone as another measured run (default
#                      "orm cte fp"; empty skips that table), at
#   BENCH_USE_EACH_SIZE  their --size (default 5)
#   BENCH_USE_TIME     those of the run whose wall time is shown, natively
#                      (not under qemu), best of BENCH_TIME_RUNS (default
#                      "--testset orm,cte,fp --size 25", the measured
#                      workload made longer; BENCH_TIME_RUNS=0 skips it),
#                      averaged over the code offsets (bytes)
#   BENCH_USE_OFFSETS  (default "0 16 32 48", see use_wall)
#   BENCH_USE_OTHER    1 (default) adds the BOLT rows to every table,
#                      and the clang rows to speedtest1's; 0 leaves
#                      them out
#   BENCH_USE_SHELL    1 (default) makes the sqlite3 shell's table too
#   BENCH_USE_LUA      1 (default) makes Lua's table too (0 skips it)
#   BENCH_USE_XZ       1 (default) makes xz's table too (0 skips it)
#   BENCH_USE_COVERAGE 1 (default) adds the rows of the coverage
#                      profiles (0 leaves them out)
#   BENCH_BOLT, BENCH_BOLT_FLAGS, BENCH_MERGE_FDATA, BENCH_CLANG,
#   BENCH_PROFDATA, BENCH_LLD
#                      the tools of those rows (above)
# Every build's measured workload of speedtest1 is also run natively with
# --verify, and its Verification Hash compared with plain's (the column
# "hash"; Lua's and xz's: "output").
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

BENCH_USE=${BENCH_USE:-1}
BENCH_OPT=${BENCH_OPT:--O2}
BENCH_USE_TRAIN=${BENCH_USE_TRAIN:---testset main --size 5}
BENCH_USE_MEASURE=${BENCH_USE_MEASURE:---testset orm,cte,fp --size 5}
BENCH_USE_STARTUP=${BENCH_USE_STARTUP:---testset debug1 --size 1}
BENCH_USE_EACH=${BENCH_USE_EACH-orm cte fp}
BENCH_USE_EACH_SIZE=${BENCH_USE_EACH_SIZE:-5}
BENCH_USE_TIME=${BENCH_USE_TIME:---testset orm,cte,fp --size 25}
BENCH_USE_OFFSETS=${BENCH_USE_OFFSETS:-0 16 32 48}
BENCH_USE_OTHER=${BENCH_USE_OTHER:-1}
BENCH_USE_SHELL=${BENCH_USE_SHELL:-1}
BENCH_USE_LUA=${BENCH_USE_LUA:-1}
BENCH_USE_XZ=${BENCH_USE_XZ:-1}
BENCH_USE_COVERAGE=${BENCH_USE_COVERAGE:-1}
BENCH_BOLT=${BENCH_BOLT:-/usr/lib/llvm-19/bin/llvm-bolt}
BENCH_BOLT_FLAGS=${BENCH_BOLT_FLAGS:--reorder-blocks=ext-tsp -reorder-functions=cdsort -split-functions -split-all-cold -dyno-stats}
BENCH_MERGE_FDATA=${BENCH_MERGE_FDATA:-$(dirname "$BENCH_BOLT")/merge-fdata}
BENCH_CLANG=${BENCH_CLANG:-clang-19}
BENCH_PROFDATA=${BENCH_PROFDATA:-llvm-profdata-19}
BENCH_LLD=${BENCH_LLD:-ld.lld-19}
USE_QEMU=qemu-x86_64
# The builds each table shows, plain first (use_program sets USE_BUILDS:
# BOLT's with BENCH_USE_OTHER=1, and clang's in speedtest1's table;
# use_names adds mipafdo and its variants when they were built), and the
# sections that hold their code (BOLT's rewritten code is in .text and
# .text.cold, what it left of the input in .bolt.org.text).
USE_GCC_BUILDS="plain mipuse miplayout mipchains pgo"
USE_BOLT_BUILDS="bolt boltall"
USE_CLANG_BUILDS="clang clangorder clangpgo"
USE_CODE_SECTIONS=".text .text.cold .bolt.org.text"
# Lua's build: the defines of its Makefile's "linux" target, and a fixed
# string hash seed (Lua's own mixes in the time and addresses, and a
# run's instructions would vary with it).
USE_LUA_DEFINES="-DLUA_USE_POSIX -DLUA_USE_DLOPEN -Dluai_makeseed(L)=0u"
# Lua's wall-time run: the measured script, this many rounds.
USE_LUA_TIME_SCALE=4
# The sqlite3 shell's wall-time run: the measured script, this many
# times in a row (one run takes about a tenth of a second).
USE_SHELL_TIME_ROUNDS=10
# The size of xz's measured corpus (scripts/script-data.py mixed-data).
USE_XZ_MEASURE_BYTES=2097152
# xz's configure options: liblzma linked in statically (the code
# measured is the program's own), nothing built but liblzma and xz.
USE_XZ_CONFIGURE="--disable-shared --disable-nls --disable-doc --disable-scripts --disable-xzdec --disable-lzmadec --disable-lzmainfo --disable-lzma-links"

# The builds of USE_PROGRAM that the tables show.
use_names () {
  # shellcheck disable=SC2086 # the names are words
  printf '%s\n' $USE_BUILDS
  local name
  for name in $USE_COUNT_VARIANTS mipafdo $USE_AFDO_VARIANTS $USE_COVERAGE_VARIANTS; do
    [ ! -x "$USE_DIR/$name/$USE_EXE" ] || echo "$name"
  done
}

# Why the table cannot be made here, or nothing.
use_problem () {
  [ "$(uname -m)" = x86_64 ] || { echo "not an x86-64 host"; return; }
  command -v "$USE_QEMU" >/dev/null 2>&1 \
    || { echo "no $USE_QEMU (install qemu-user)"; return; }
  build_qemu_trace "$OUT/use/qemu-trace.so" "$OUT/use/plugin.log" \
    || { echo "scripts/qemu-trace.c did not build (log: $OUT/use/plugin.log)"; return; }
}

# The program the functions below build and run (USE_PROGRAM): speedtest1
# or the sqlite3 shell, each from the amalgamation and its own main file;
# Lua's interpreter; or xz.  What describes it:
#   USE_DIR         where its builds go, one directory each
#   USE_EXE         the program's file name in each
#   USE_LIBS        the libraries its link ends with (after the objects:
#                   use_objects, compiled by use_compile)
#   USE_FIXED_ARGS  arguments of every run (after the others)
#   USE_WORKLOAD    empty: a run is one command, use_run's arguments; or
#                   a function that, given the workload's name (train,
#                   measure, startup, time), runs its commands by
#                   use_step (use_lua_workload, use_xz_workload)
#   USE_VERIFY_TITLE, USE_VERIFY_GOOD   the verification column's title,
#                   and the line a good verification holds (use_hash)
#   USE_BUILDS      the builds its table shows: GCC's, then with
#                   BENCH_USE_OTHER=1 BOLT's, and clang's for speedtest1
use_program () {
  USE_PROGRAM=$1 USE_FIXED_ARGS='' USE_WORKLOAD='' USE_BUILDS=$USE_GCC_BUILDS
  USE_VERIFY_TITLE=hash USE_VERIFY_GOOD='^Verification Hash'
  case $1 in
    speedtest1)
      USE_DIR=$OUT/use USE_MAIN=speedtest1 USE_EXE=speedtest1
      USE_FIXED_ARGS="--memdb --singlethread" USE_LIBS="-lm -lpthread -ldl" ;;
    shell)
      USE_DIR=$OUT/use-shell USE_MAIN=shell USE_EXE=sqlite3
      USE_LIBS="-lm -lpthread -ldl" ;;
    lua)
      USE_DIR=$OUT/use-lua USE_EXE=lua USE_LIBS="-lm -ldl"
      USE_WORKLOAD=use_lua_workload
      USE_VERIFY_TITLE=output USE_VERIFY_GOOD='^output ' ;;
    xz)
      # The libraries are those configure found (use_xz_prepare).
      USE_DIR=$OUT/use-xz USE_EXE=xz USE_WORKLOAD=use_xz_workload
      USE_LIBS=$(cat "$OUT/use-xz/libs" 2>/dev/null || true)
      USE_VERIFY_TITLE=output USE_VERIFY_GOOD='^round trip OK' ;;
  esac
  if [ "$BENCH_USE_OTHER" = 1 ]; then
    USE_BUILDS="$USE_BUILDS $USE_BOLT_BUILDS"
    [ "$1" != speedtest1 ] || USE_BUILDS="$USE_BUILDS $USE_CLANG_BUILDS"
  fi
}

# Lua's sources: every source of src/ but luac.c (the compiler's own
# main).
use_lua_sources () {
  local name
  for name in "$MIP_WORK/src/lua5.4/src"/*.c; do
    [ "$(basename "$name")" = luac.c ] || printf '%s\n' "$name"
  done
}

# The objects of USE_PROGRAM's link, in their order, each under PREFIX
# (a directory) when one is given.
use_objects () {
  local prefix=${1:+$1/} name
  case $USE_PROGRAM in
    speedtest1 | shell) printf '%s ' "${prefix}sqlite3.o" "$prefix$USE_MAIN.o" ;;
    lua)
      for name in $(use_lua_sources); do
        printf '%s ' "$prefix$(basename "$name" .c).o"
      done ;;
    xz)
      while read -r name; do
        printf '%s ' "$prefix$name"
      done <"$USE_DIR/objects" ;;
  esac
}

# use_compile CC CFLAGS: USE_PROGRAM's objects, in the current directory
# (a build's), by CC with BENCH_OPT -fno-pie CFLAGS.
use_compile () {
  local cc=$1 cflags=$2 src
  # shellcheck disable=SC2086 # flags are words
  case $USE_PROGRAM in
    speedtest1 | shell)
      src=$MIP_WORK/src/sqlite-amalgamation
      mip_run build.log $cc $BENCH_OPT -fno-pie $cflags -I"$src" \
        -c "$src/sqlite3.c" -o sqlite3.o
      mip_run build.log $cc $BENCH_OPT -fno-pie $cflags -I"$src" \
        -c "$src/$USE_MAIN.c" -o "$USE_MAIN.o" ;;
    lua)
      for src in $(use_lua_sources); do
        mip_run build.log $cc $BENCH_OPT -fno-pie $cflags $USE_LUA_DEFINES \
          -c "$src" -o "$(basename "$src" .c).o"
      done ;;
    xz)
      # A copy of the configured tree (USE_DIR/configured), made by its
      # own make with this build's CFLAGS; a build made again (gcc's
      # -fprofile-use after -fprofile-generate) is cleaned first, which
      # keeps gcc's profile files beside the objects.
      if [ -d build ]; then
        mip_run build.log make -C build/src/liblzma clean
        mip_run build.log make -C build/src/xz clean
      else
        mip_run build.log cp -a "$USE_DIR/configured" build
      fi
      mip_run build.log make -j2 -C build/src/liblzma CC="$cc" \
        CFLAGS="$BENCH_OPT -fno-pie $cflags" liblzma.la
      # shellcheck disable=SC2046 # one word per object
      mip_run build.log make -j2 -C build/src/xz CC="$cc" \
        CFLAGS="$BENCH_OPT -fno-pie $cflags" $(cat "$USE_DIR/xz-objects") ;;
  esac
}

# use_not_run NAME REASON: NAME's row says "not run: REASON".
use_not_run () {
  mkdir -p "$USE_DIR/$1"
  printf '%s\n' "$2" >"$USE_DIR/$1/not-run"
}

# True when NAME was built (its row is not "not run").
use_ran () {
  [ ! -f "$USE_DIR/$1/not-run" ]
}

# use_build NAME "CFLAGS" "LDFLAGS" [COMPILER]: the program in
# USE_DIR/NAME (objects kept there, so that gcc's profile files sit
# beside them), by COMPILER (default CC).
use_build () {
  local dir=$USE_DIR/$1 cflags=$2 ldflags=$3 cc=${4:-$CC}
  mkdir -p "$dir"
  cd "$dir"
  use_compile "$cc" "$cflags"
  # shellcheck disable=SC2046,SC2086 # flags are words
  mip_run build.log $cc $BENCH_OPT -no-pie $cflags $(use_objects) \
    -o "$USE_EXE" $ldflags $USE_LIBS
  cd "$OUT"
}

# The linker options of the clang builds: lld, and for ORDER-FILE (if
# given) the symbol order.
use_lld_flags () {
  printf -- '--ld-path=%s' "$(command -v "$BENCH_LLD")"
  [ -z "${1:-}" ] || printf -- ' -Wl,--symbol-ordering-file=%s -Wl,--no-warn-symbol-ordering' "$1"
}

# BOLT's options for NAME (bolt or boltall).
use_bolt_flags () {
  printf -- '%s' "$BENCH_BOLT_FLAGS"
  [ "$1" != boltall ] || printf -- ' -lite=0'
}

# use_link NAME OUTPUT [PADDING-OBJECT]: NAME's program linked again, in
# its directory, as OUTPUT, PADDING-OBJECT (see use_link_offset) first.
# BOLT's builds link plain's objects (use_objects ../plain: those in
# plain's directory, for xz in plain's copy of its tree) and rewrite the
# result with the training profile; clang + order links clang's objects.
use_link () {
  local name=$1 out=$2 padding=${3:-} order=''
  cd "$USE_DIR/$name"
  # shellcheck disable=SC2046,SC2086 # flags are words
  case $name in
    bolt | boltall)
      mip_run build.log $CC $BENCH_OPT -no-pie $padding $(use_objects ../plain) \
        -o "$out.input" -Wl,--emit-relocs $USE_LIBS
      mip_run build.log "$BENCH_BOLT" "$out.input" -o "$out" \
        -data="$USE_DIR/boltinstr/train.fdata" $(use_bolt_flags "$name")
      rm -f "$out.input" ;;
    clang | clangorder | clangpgo)
      if [ "$name" != clang ]; then
        order=$USE_DIR/clanggen/order.txt
        if [ -n "$padding" ]; then
          # The padding first, then the functions in their order.
          { echo bench_padding; cat "$order"; } >padded-order.txt
          order=$PWD/padded-order.txt
        fi
      fi
      local objects=.
      [ "$name" != clangorder ] || objects=../clang
      mip_run build.log "$BENCH_CLANG" $BENCH_OPT -no-pie $(use_lld_flags "$order") \
        $padding $(use_objects "$objects") -o "$out" $USE_LIBS ;;
    *)
      mip_run build.log $CC $BENCH_OPT -no-pie $padding $(use_objects) \
        -o "$out" $USE_LIBS ;;
  esac
  cd "$OUT"
}

# use_run NAME WHAT ARGS...: run USE_DIR/NAME's program under qemu with
# the plugin: USE_DIR/NAME/WHAT.pages and WHAT.insns.  With no
# USE_WORKLOAD, one run: the program with ARGS (then USE_FIXED_ARGS;
# standard input from USE_INPUT, default /dev/null); else the workload
# ARGS names, whose steps (use_step) count together: the pages any of
# them touched, the instructions of all.
use_run () {
  local dir=$USE_DIR/$1 what=$2 step=0
  shift 2
  cd "$dir"
  rm -f "$what.pages" "$what.insns" "$what".[0-9]*.pages "$what".[0-9]*.insns
  if [ -n "$USE_WORKLOAD" ]; then
    "$USE_WORKLOAD" "$@"
  else
    # shellcheck disable=SC2086 # the fixed arguments are words
    use_step "${USE_INPUT:-/dev/null}" - "$@" $USE_FIXED_ARGS
  fi
  [ "$step" -le 1 ] || use_add_steps "$what" "$step"
  cd "$OUT"
}

# use_step INPUT OUTPUT ARGS...: one run of the program with ARGS, its
# standard input from INPUT, its standard output into OUTPUT (-: into
# the log, with its messages).  Within use_run, under qemu with the
# plugin, in the build's directory: step N (from 1) of workload WHAT
# writes WHAT.pages and WHAT.insns (the first) or WHAT.N.pages and
# WHAT.N.insns, and the raw profiles WHAT.mipraw or WHAT.N.mipraw (and
# clang's .profraw).  With USE_NATIVE=1 (use_wall), natively, the program
# being USE_RUN_EXE; a failure is returned.
use_step () {
  local input=$1 output=$2 name=$what
  local -a redirect=()
  shift 2
  step=$((step + 1))
  [ "$step" = 1 ] || name=$what.$step
  if [ "${USE_NATIVE:-0}" = 1 ]; then
    [ "$output" != - ] || output=/dev/null
    "$USE_RUN_EXE" "$@" <"$input" >"$output"
    return
  fi
  [ "$output" = - ] || redirect=(use_output "$output")
  MIP_PROFILE_FILENAME=$dir/$name.mipraw LLVM_PROFILE_FILE=$dir/$name.profraw \
    mip_run "$what.log" "${redirect[@]}" "$USE_QEMU" \
    -plugin "$OUT/use/qemu-trace.so,pages=$dir/$name.pages,insns=$dir/$name.insns" \
    "./$USE_EXE" "$@" <"$input"
}

# use_output FILE COMMAND...: COMMAND, its standard output into FILE.
use_output () {
  local output=$1
  shift
  "$@" >"$output"
}

# use_add_steps WHAT N: WHAT.pages and WHAT.insns of steps 2 to N added
# to the first's: the pages any step touched, and the instructions of
# all.
use_add_steps () {
  local what=$1 n=$2 i pages='' insns=''
  for i in $(seq 2 "$n"); do
    pages="$pages $what.$i.pages" insns="$insns $what.$i.insns"
  done
  # shellcheck disable=SC2086 # one word per file
  {
    sort -u "$what.pages" $pages >"$what.all-pages"
    awk '$1 == "insns" { n += $2 } END { printf "insns %.0f\n", n }' \
      "$what.insns" $insns >"$what.all-insns"
    mv "$what.all-pages" "$what.pages"
    mv "$what.all-insns" "$what.insns"
    rm -f $pages $insns
  }
}

# use_raw_profiles DIR WHAT: the raw profiles the steps of WHAT wrote in
# DIR.
use_raw_profiles () {
  local file
  for file in "$1/$2.mipraw" "$1/$2".[0-9]*.mipraw; do
    [ ! -f "$file" ] || printf '%s\n' "$file"
  done
}

# The pages of WHAT.pages inside the code (USE_CODE_SECTIONS) of NAME's
# program.
use_text_pages () {
  local dir=$USE_DIR/$1
  # shellcheck disable=SC2086 # one word per section
  size -A "$dir/$USE_EXE" | mip_script_data section-pages "$dir/$2.pages" \
    $USE_CODE_SECTIONS
}

# use_link_offset NAME OFFSET: NAME's objects linked again, with OFFSET
# bytes of padding ahead of all their code (a .text.unlikely section of
# the first object on the command line, which GNU ld places first), into
# USE_DIR/NAME/PROGRAM.at-OFFSET: the same code, every function
# OFFSET bytes further.
# lld keeps the command line's order (the padding then comes after the C
# library's start-up code, still ahead of the program's), and the clang
# builds' order file names the padding first.  BOLT places the functions
# it rewrites itself: the padding moves only what it leaves in place.
use_link_offset () {
  local dir=$USE_DIR/$1 offset=$2
  cd "$dir"
  printf '\t.section .text.unlikely.bench_padding,"ax",@progbits\nbench_padding:\n\t.skip %d,0x90\n\t.section .note.GNU-stack,"",@progbits\n' \
    "$offset" >padding.s
  # shellcheck disable=SC2086 # CC may be several words
  mip_run build.log $CC -c padding.s -o padding.o
  use_link "$1" "$USE_EXE.at-$offset" "$dir/padding.o"
}

# use_wall NAME: NAME's wall time with BENCH_USE_TIME, in seconds, into
# USE_DIR/NAME/wall: for each code offset of BENCH_USE_OFFSETS, the best
# of BENCH_TIME_RUNS native runs, then the mean over the offsets.  On
# some processors the alignment of one loop moves a run's time far more
# than anything a profile does: plain -O2's speedtest1 spends 0.06 s or
# 0.21 s in test 110 of --testset orm as its code moves by 16 bytes, so
# the time of a single link is a lottery between builds.  With a
# USE_WORKLOAD, the run is its workload "time", every step of it; the
# sqlite3 shell's is its measured script, USE_SHELL_TIME_ROUNDS times.
use_wall () {
  local dir=$USE_DIR/$1 offset times='' seconds what=wall step=0
  for offset in $BENCH_USE_OFFSETS; do
    use_link_offset "$1" "$offset"
    cd "$dir"
    if [ -n "$USE_WORKLOAD" ]; then
      seconds=$(USE_NATIVE=1 USE_RUN_EXE=./$USE_EXE.at-$offset \
        best_wall_time /dev/null "$USE_WORKLOAD" time) || return 1
    elif [ "$USE_PROGRAM" = shell ]; then
      seconds=$(MIP_PROFILE_FILENAME=$dir/wall.mipraw best_wall_time /dev/null \
        use_repeat "$here/bench-shell-measure.sql" "$USE_SHELL_TIME_ROUNDS" \
        "./$USE_EXE.at-$offset" :memory:) || return 1
    else
      # shellcheck disable=SC2086 # the arguments are words
      seconds=$(MIP_PROFILE_FILENAME=$dir/wall.mipraw best_wall_time /dev/null \
        "./$USE_EXE.at-$offset" $BENCH_USE_TIME $USE_FIXED_ARGS) || return 1
    fi
    times="$times $seconds"
    rm -f wall.mipraw wall.out wall.xz "$USE_EXE.at-$offset"
    cd "$OUT"
  done
  echo "$times" | awk '{ for (i = 1; i <= NF; i++) s += $i; printf "%.3f\n", s / NF }' \
    >"$dir/wall"
}

# use_repeat INPUT N COMMAND...: COMMAND N times, each reading INPUT;
# false as soon as one fails.
use_repeat () {
  local input=$1 n=$2
  shift 2
  for _ in $(seq "$n"); do
    "$@" <"$input" || return 1
  done
}

# NAME's wall time, or - when not measured.
use_wall_time () {
  if [ -f "$USE_DIR/$1/wall" ]; then cat "$USE_DIR/$1/wall"; else echo -; fi
}

use_insns () {
  awk '$1 == "insns" { print $2 }' "$USE_DIR/$1/$2.insns"
}

# The code's size: .text, and BOLT's .text.cold (what BOLT rewrote; the
# input's code it keeps, .bolt.org.text, is not counted).
use_text_size () {
  size -A "$USE_DIR/$1/$USE_EXE" | mip_script_data size-sections .text .text.cold \
    | awk '{ print $1 + $2 }'
}

# use_verify NAME: NAME's Verification Hash of the measured workload
# (a native run with --verify) into USE_DIR/NAME/verify.
use_verify () {
  local dir=$USE_DIR/$1
  cd "$dir"
  # shellcheck disable=SC2086 # the arguments are words
  MIP_PROFILE_FILENAME=$dir/verify.mipraw LLVM_PROFILE_FILE=$dir/verify.profraw \
    "./$USE_EXE" --verify $BENCH_USE_MEASURE $USE_FIXED_ARGS </dev/null \
    >verify.out 2>&1 || echo "FAILED (exit $?)" >>verify.out
  grep -E '^Verification Hash|^FAILED' verify.out >verify || echo "no Verification Hash" >verify
  rm -f verify.mipraw verify.profraw
  cd "$OUT"
}

# use_verify_output NAME: the verification of NAME's measured run
# (USE_DIR/NAME/verify) when USE_PROGRAM has a USE_WORKLOAD: Lua's output
# (its digest), xz's compressed output (its digest) and whether its
# decompressed output is the input.
use_verify_output () {
  local dir=$USE_DIR/$1
  case $USE_PROGRAM in
    lua)
      if [ -s "$dir/measure.out" ]; then
        echo "output $(sha256sum <"$dir/measure.out")"
      else
        echo "no output"
      fi ;;
    xz)
      echo "compressed $(sha256sum <"$dir/measure.xz")"
      if cmp -s "$dir/measure.out" "$USE_DIR/data/measure.dat"; then
        echo "round trip OK"
      else
        echo "round trip FAILED"
      fi ;;
  esac >"$dir/verify"
}

# NAME's verification against plain's: same, DIFFERS, reference (plain)
# or -.
use_hash () {
  local dir=$USE_DIR/$1
  if [ ! -f "$dir/verify" ]; then
    echo -
  elif [ "$1" = plain ]; then
    echo reference
  elif grep -q "$USE_VERIFY_GOOD" "$dir/verify" \
       && cmp -s "$dir/verify" "$USE_DIR/plain/verify"; then
    echo same
  else
    echo DIFFERS
  fi
}

# use_run_or_drop NAME WHAT ARGS...: use_run; when it fails, NAME's row
# says so ("not run") and the table goes on without it; plain's failure
# stops the table (everything is measured against plain).
use_run_or_drop () {
  if [ "$1" = plain ]; then
    use_run "$@"
  else
    (use_run "$@") || use_not_run "$1" "its $2 run failed (see $USE_DIR/$1/$2.log)"
  fi
}

# use_build_or_drop NAME WHAT "CFLAGS" "LDFLAGS": use_build; when it
# fails, NAME's row says "not run: WHAT failed" (plain's failure stops
# the table).
use_build_or_drop () {
  if [ "$1" = plain ]; then
    use_build "$1" "$3" "$4"
  else
    (use_build "$1" "$3" "$4") \
      || use_not_run "$1" "$2 failed (see $USE_DIR/$1/build.log)"
  fi
}

# The plain, MIP full and gcc -fprofile-generate builds of USE_PROGRAM,
# each run on the training workload (ARGS; USE_INPUT for its input),
# then USE_DIR/mip.mip made from the MIP run.
use_training () {
  local profile=$USE_DIR/mip.mip name
  mip_say "profile use: building $USE_EXE plain, MIP full and gcc -fprofile-generate"
  use_build_or_drop plain "the build" "" ""
  use_build_or_drop mipgen "the MIP full build" \
    "-fplugin=$MIP_PLUGIN -fplugin-arg-mip-generate" "-L$(mip_runtime_libdir) -lmip"
  rm -rf "$USE_DIR/pgo"
  use_build_or_drop pgo "gcc -fprofile-generate" "-fprofile-generate" "-fprofile-generate"
  mip_say "profile use: $USE_EXE training runs"
  for name in plain mipgen pgo; do
    use_ran "$name" || continue
    use_run_or_drop "$name" train "$@"
  done
  rm -f "$profile"
  # shellcheck disable=SC2046 # one word per file
  if use_ran mipgen && ! (
      mip_run "$USE_DIR/mipdata.log" "$MIPDATA" create -p "$profile" \
        "$USE_DIR/mipgen/$USE_EXE"
      mip_run "$USE_DIR/mipdata.log" "$MIPDATA" merge -p "$profile" \
        $(use_raw_profiles "$USE_DIR/mipgen" train)); then
    use_not_run mipgen "mipdata create or merge failed (see $USE_DIR/mipdata.log)"
  fi
  use_afdo_training "$@"
  use_coverage_training "$@"
}

# MIP's block-count build (with -g: the export reads the line table and
# the inlined copies from DWARF), run on the training workload (ARGS),
# its profile exported as GCC's AutoFDO profile USE_DIR/mip.afdo.  Any
# failure leaves the mipafdo build out, with USE_DIR/afdo.problem
# saying why, and not the rest of the bench.
use_afdo_training () {
  local dir=$USE_DIR/mipbcnt profile=$USE_DIR/bcnt.mip
  rm -f "$USE_DIR/afdo.problem" "$USE_DIR/mip.afdo" "$profile"
  mip_say "profile use: $USE_EXE block-count build, its training run and AutoFDO export"
  if ! (
    use_build mipbcnt \
      "-g -fplugin=$MIP_PLUGIN -fplugin-arg-mip-generate=block-count" \
      "-L$(mip_runtime_libdir) -lmip"
    use_run mipbcnt train "$@"
    # shellcheck disable=SC2046 # one word per file
    "$MIPDATA" create -p "$profile" "$dir/$USE_EXE" \
      && "$MIPDATA" merge -p "$profile" $(use_raw_profiles "$dir" train) \
      && "$MIPDATA" export -p "$profile" --debug "$dir/$USE_EXE" \
        --format=afdo -o "$USE_DIR/mip.afdo"
  ) >>"$USE_DIR/afdo.log" 2>&1; then
    echo "the block-count build, its run or mipdata export --format=afdo failed (log: $USE_DIR/afdo.log)" \
      >"$USE_DIR/afdo.problem"
    rm -f "$USE_DIR/mip.afdo"
  fi
  use_second_round "$@"
}

# The second round: the block-count build given the first round's
# profile USE_DIR/bcnt.mip, run on the training workload (ARGS), and
# its profile USE_DIR/bcnt2.mip.  A failure leaves the mipcount2 build
# out, with USE_DIR/bcnt2.problem saying why.
use_second_round () {
  local dir=$USE_DIR/mipbcnt2 profile=$USE_DIR/bcnt2.mip
  rm -f "$USE_DIR/bcnt2.problem" "$profile"
  if [ ! -f "$USE_DIR/bcnt.mip" ]; then
    echo "no first-round profile: $(cat "$USE_DIR/afdo.problem" 2>/dev/null)" \
      >"$USE_DIR/bcnt2.problem"
    return 0
  fi
  mip_say "profile use: $USE_EXE block-count build of the second round and its training run"
  if ! (
    use_build mipbcnt2 \
      "-fplugin=$MIP_PLUGIN -fplugin-arg-mip-generate=block-count -fplugin-arg-mip-use=$USE_DIR/bcnt.mip" \
      "-L$(mip_runtime_libdir) -lmip"
    use_run mipbcnt2 train "$@"
    # shellcheck disable=SC2046 # one word per file
    "$MIPDATA" create -p "$profile" "$dir/$USE_EXE" \
      && "$MIPDATA" merge -p "$profile" $(use_raw_profiles "$dir" train)
  ) >>"$USE_DIR/bcnt2.log" 2>&1; then
    echo "the second round's block-count build or its run failed (log: $USE_DIR/bcnt2.log)" \
      >"$USE_DIR/bcnt2.problem"
    rm -f "$profile"
  fi
}

# The builds of USE_BUILDS other than plain, with the profiles (the MIP
# ones with USE_DIR/mip.mip, gcc's with its .gcda files); those whose
# profile could not be made say why.
use_profile_builds () {
  local use="-fplugin=$MIP_PLUGIN -fplugin-arg-mip-use=$USE_DIR/mip.mip" name
  mip_say "profile use: building $USE_EXE with the profiles"
  for name in mipuse miplayout mipchains; do
    if ! use_ran mipgen; then
      use_not_run "$name" "no MIP profile: $(cat "$USE_DIR/mipgen/not-run")"
      continue
    fi
    case $name in
      mipuse) use_build_or_drop mipuse "the MIP use build" "$use" "" ;;
      miplayout) use_build_or_drop miplayout "the MIP use build" \
                   "$use -fplugin-arg-mip-use-layout-only" "" ;;
      mipchains) use_build_or_drop mipchains "the MIP use build" \
                   "$use -fplugin-arg-mip-use-layout=call-chains" "" ;;
    esac
  done
  if use_ran pgo; then
    # -fprofile-use finds the .gcda files beside the objects it rebuilds.
    cp "$USE_DIR/pgo/$USE_EXE" "$USE_DIR/pgo/$USE_EXE.generate"
    use_build_or_drop pgo "gcc -fprofile-use" "-fprofile-use -Wno-missing-profile" ""
  fi
  use_count_build
  use_afdo_build
  use_coverage_builds
}

# The builds of USE_COUNT_VARIANTS: MIP use of the block-count profile
# USE_DIR/bcnt.mip (use_afdo_training makes it), and the same layout
# only; each left out, with USE_DIR/NAME.problem saying why, when the
# profile is missing or its build fails.
USE_COUNT_VARIANTS="mipcount mipcountlayout mipcount2"
use_count_build () {
  local name flags
  for name in $USE_COUNT_VARIANTS; do
    flags="-fplugin=$MIP_PLUGIN -fplugin-arg-mip-use=$USE_DIR/bcnt.mip"
    [ "$name" != mipcountlayout ] || flags="$flags -fplugin-arg-mip-use-layout-only"
    [ "$name" != mipcount2 ] \
      || flags="-fplugin=$MIP_PLUGIN -fplugin-arg-mip-use=$USE_DIR/bcnt2.mip -fplugin-arg-mip-use-early=$USE_DIR/bcnt.mip"
    rm -rf "${USE_DIR:?}/$name"
    rm -f "$USE_DIR/$name.problem" "$USE_DIR/$name.log"
    if [ ! -f "$USE_DIR/bcnt.mip" ]; then
      echo "no block-count profile: $(cat "$USE_DIR/afdo.problem" 2>/dev/null)" \
        >"$USE_DIR/$name.problem"
    elif [ "$name" = mipcount2 ] && [ ! -f "$USE_DIR/bcnt2.mip" ]; then
      echo "no second-round profile: $(cat "$USE_DIR/bcnt2.problem" 2>/dev/null)" \
        >"$USE_DIR/$name.problem"
    elif ! (use_build "$name" "$flags" "") >>"$USE_DIR/$name.log" 2>&1; then
      echo "gcc $flags failed (log: $USE_DIR/$name.log)" >"$USE_DIR/$name.problem"
      rm -rf "${USE_DIR:?}/$name"
    fi
  done
}

# The mipafdo build, with USE_DIR/mip.afdo.  When gcc fails in a function
# (GCC 12.2 divides by zero in its vectorizer on speedtest1's
# sqlite3Insert with this profile), that function is left out of the
# profile (mipdata export --afdo-exclude-function) and the build tried
# again, for up to 3 functions, named in USE_DIR/afdo.excluded.  Then
# the variants of USE_AFDO_VARIANTS, each left out when it fails, with
# USE_DIR/NAME.problem saying why.
use_afdo_build () {
  local excluded='' name tries=0
  for name in $USE_AFDO_VARIANTS; do
    rm -rf "${USE_DIR:?}/$name"
    rm -f "$USE_DIR/$name.problem"
  done
  [ -f "$USE_DIR/mip.afdo" ] || return 0
  rm -f "$USE_DIR/afdo.excluded"
  until (export LC_ALL=C
         use_build mipafdo "-fauto-profile=$USE_DIR/mip.afdo" "") \
          >>"$USE_DIR/afdo.log" 2>&1; do
    name=$(sed -n "s/.*In function '\([^']*\)'.*/\1/p" \
      "$USE_DIR/mipafdo/build.log" | tail -n 1)
    tries=$((tries + 1))
    # shellcheck disable=SC2086 # the options are words
    if [ -z "$name" ] || [ "$tries" -gt 3 ] \
      || ! "$MIPDATA" export -p "$USE_DIR/bcnt.mip" \
        --debug "$USE_DIR/mipbcnt/$USE_EXE" --format=afdo $excluded \
        "--afdo-exclude-function=$name" -o "$USE_DIR/mip.afdo" \
        >>"$USE_DIR/afdo.log" 2>&1; then
      echo "gcc -fauto-profile=$USE_DIR/mip.afdo failed (log: $USE_DIR/afdo.log)" \
        >"$USE_DIR/afdo.problem"
      rm -rf "$USE_DIR/mipafdo"
      return 0
    fi
    excluded="$excluded --afdo-exclude-function=$name"
    echo "$name" >>"$USE_DIR/afdo.excluded"
  done
  for name in $USE_AFDO_VARIANTS; do
    use_afdo_variant "$name"
  done
}

# The variants of the mipafdo build: the same AutoFDO file, and the
# plugin on top.
USE_AFDO_VARIANTS="mipafdouse mipafdoexact mipafdoexactuse"

# The plugin's options of the AutoFDO variant NAME.
use_afdo_variant_flags () {
  local use="-fplugin-arg-mip-use=$USE_DIR/bcnt.mip"
  local exact=-fplugin-arg-mip-afdo-exact
  case $1 in
    mipafdouse) echo "$use" ;;
    mipafdoexact) echo "$exact" ;;
    mipafdoexactuse) echo "$exact $use" ;;
  esac
}

# Build the AutoFDO variant NAME, or leave it out with USE_DIR/NAME.problem
# saying why.
use_afdo_variant () {
  local name=$1 flags
  flags="-fauto-profile=$USE_DIR/mip.afdo -fplugin=$MIP_PLUGIN $(use_afdo_variant_flags "$1")"
  if ! (use_build "$name" "$flags" "") >>"$USE_DIR/afdo.log" 2>&1; then
    echo "gcc $flags failed (log: $USE_DIR/afdo.log)" >"$USE_DIR/$name.problem"
    rm -rf "${USE_DIR:?}/$name"
  fi
}

# The builds of the coverage profiles: for each coverage mode, the
# instrumented build that trains (USE_COVERAGE_MODES: its name, the
# mode) and the use builds of its profile, USE_DIR/NAME.mip.
USE_COVERAGE_MODES="mipfcov:function-coverage mipbcov:block-coverage"
USE_COVERAGE_VARIANTS="mipfcovuse mipfcovcold mipbcovuse mipbcovcold"

# use_coverage_training ARGS...: each coverage mode's build, run on the
# training workload ARGS, its profile made as USE_DIR/NAME.mip; a mode
# whose build, run or profile fails has its use rows left out, with
# USE_DIR/NAME.problem saying why.
use_coverage_training () {
  local pair name mode profile
  for pair in $USE_COVERAGE_MODES; do
    name=${pair%%:*} mode=${pair#*:} profile=$USE_DIR/${pair%%:*}.mip
    rm -rf "${USE_DIR:?}/$name"
    rm -f "$USE_DIR/$name.problem" "$USE_DIR/$name.log" "$profile"
    [ "$BENCH_USE_COVERAGE" = 1 ] || continue
    mip_say "profile use: $USE_EXE $mode build and its training run"
    # shellcheck disable=SC2046 # one word per file
    if ! (
      use_build "$name" \
        "-fplugin=$MIP_PLUGIN -fplugin-arg-mip-generate=$mode" \
        "-L$(mip_runtime_libdir) -lmip"
      use_run "$name" train "$@"
      "$MIPDATA" create -p "$profile" "$USE_DIR/$name/$USE_EXE" \
        && "$MIPDATA" merge -p "$profile" \
          $(use_raw_profiles "$USE_DIR/$name" train)
    ) >>"$USE_DIR/$name.log" 2>&1; then
      echo "the $mode build, its run or its profile failed (log: $USE_DIR/$name.log)" \
        >"$USE_DIR/$name.problem"
      use_not_run "$name" "$(cat "$USE_DIR/$name.problem")"
      rm -f "$profile"
    fi
  done
}

# The use builds of the coverage profiles (USE_COVERAGE_VARIANTS), each
# left out, with USE_DIR/NAME.problem saying why, when its profile is
# missing or its build fails.
use_coverage_builds () {
  local name trainer profile flags
  for name in $USE_COVERAGE_VARIANTS; do
    rm -rf "${USE_DIR:?}/$name"
    rm -f "$USE_DIR/$name.problem" "$USE_DIR/$name.log"
  done
  [ "$BENCH_USE_COVERAGE" = 1 ] || return 0
  for name in $USE_COVERAGE_VARIANTS; do
    trainer=${name%cold} trainer=${trainer%use}
    profile=$USE_DIR/$trainer.mip
    flags="-fplugin=$MIP_PLUGIN -fplugin-arg-mip-use=$profile"
    case $name in
      *cold) flags="$flags -fplugin-arg-mip-use-cold-never-run" ;;
    esac
    if [ ! -f "$profile" ]; then
      echo "no profile: $(cat "$USE_DIR/$trainer.problem" 2>/dev/null)" \
        >"$USE_DIR/$name.problem"
    elif ! (use_build "$name" "$flags" "") >>"$USE_DIR/$name.log" 2>&1; then
      echo "gcc $flags failed (log: $USE_DIR/$name.log)" >"$USE_DIR/$name.problem"
      rm -rf "${USE_DIR:?}/$name"
    fi
  done
}

# Why the BOLT rows cannot be made here, or nothing.
use_bolt_problem () {
  [ -x "$BENCH_BOLT" ] || echo "no $BENCH_BOLT (install bolt-19)"
}

# Why the clang rows cannot be made here, or nothing.
use_clang_problem () {
  command -v "$BENCH_CLANG" >/dev/null 2>&1 \
    || { echo "no $BENCH_CLANG (install clang-19)"; return; }
  command -v "$BENCH_LLD" >/dev/null 2>&1 \
    || { echo "no $BENCH_LLD (install lld-19)"; return; }
}

# use_bolt_profile DIR: DIR/train.fdata, the profile of the training
# workload from the files its processes wrote (one each,
# DIR/train.fdata.PID.fdata: -instrumentation-file-append-pid, without
# which the last command of a workload would overwrite the others'):
# the one, or their merge by BENCH_MERGE_FDATA.  Prints why it cannot,
# or nothing.
use_bolt_profile () {
  local dir=$1
  local -a files=("$dir"/train.fdata.*.fdata)
  if [ ! -f "${files[0]}" ]; then
    echo "the instrumented run wrote no profile ($dir/train.fdata.PID.fdata)"
    return
  fi
  if [ "${#files[@]}" = 1 ]; then
    mv "${files[0]}" "$dir/train.fdata"
  elif [ ! -x "$BENCH_MERGE_FDATA" ]; then
    echo "no $BENCH_MERGE_FDATA to merge the profiles of the workload's ${#files[@]} processes (install bolt-19)"
    return
  elif (cd "$dir" && mip_run build.log "$BENCH_MERGE_FDATA" "${files[@]}" \
          -o "$dir/train.fdata"); then
    rm -f "${files[@]}"
  else
    echo "merge-fdata failed (see $dir/build.log)"
    return
  fi
  [ -s "$dir/train.fdata" ] \
    || echo "the instrumented run's profile is empty ($dir/train.fdata)"
}

# use_bolt_builds ARGS...: plain's objects linked with --emit-relocs,
# instrumented by llvm-bolt (USE_DIR/boltinstr), run on the training
# workload ARGS (USE_INPUT for its input, as use_training's runs), and
# rewritten with its profile (bolt, boltall).
use_bolt_builds () {
  local dir=$USE_DIR/boltinstr problem name
  problem=$(use_bolt_problem)
  mkdir -p "$dir"
  [ -n "$problem" ] || mip_say "profile use: BOLT: instrumenting plain $USE_EXE, training run"
  # shellcheck disable=SC2046,SC2086 # flags are words
  if [ -z "$problem" ] && ! (
      cd "$dir"
      mip_run build.log $CC $BENCH_OPT -no-pie $(use_objects ../plain) \
        -o "$USE_EXE.input" -Wl,--emit-relocs $USE_LIBS
      mip_run build.log "$BENCH_BOLT" "$USE_EXE.input" -instrument \
        -instrumentation-file="$dir/train.fdata" \
        -instrumentation-file-append-pid -o "$USE_EXE"); then
    problem="llvm-bolt -instrument failed (see $dir/build.log)"
  fi
  rm -f "$dir/train.fdata" "$dir"/train.fdata.*.fdata
  if [ -z "$problem" ] && ! (use_run boltinstr train "$@"); then
    problem="the instrumented program failed (see $dir/train.log)"
  fi
  [ -n "$problem" ] || problem=$(use_bolt_profile "$dir")
  for name in boltinstr bolt boltall; do
    if [ -n "$problem" ]; then
      use_not_run "$name" "$problem"
    elif [ "$name" != boltinstr ]; then
      mip_say "profile use: BOLT: $(use_title "$name")"
      mkdir -p "$USE_DIR/$name"
      (use_link "$name" "$USE_EXE") \
        || use_not_run "$name" "llvm-bolt failed (see $USE_DIR/$name/build.log)"
    fi
  done
}

# use_clang_builds ARGS...: clang's builds: the temporal profile of the
# training workload ARGS (USE_DIR/clanggen: train.profdata, order.txt),
# clang plain, its objects linked in that order, and clang's PGO build
# linked in that order.
use_clang_builds () {
  local dir=$USE_DIR/clanggen problem order_problem='' name
  problem=$(use_clang_problem)
  mkdir -p "$dir"
  if [ -z "$problem" ]; then
    mip_say "profile use: building $USE_EXE with $BENCH_CLANG, lld"
    (use_build clang "-ffunction-sections" "$(use_lld_flags)" "$BENCH_CLANG") \
      || use_not_run clang "$BENCH_CLANG with $BENCH_LLD failed (see $USE_DIR/clang/build.log)"
  else
    use_not_run clang "$problem"
  fi
  order_problem=$problem
  [ -n "$order_problem" ] || command -v "$BENCH_PROFDATA" >/dev/null 2>&1 \
    || order_problem="no $BENCH_PROFDATA (install llvm-19)"
  if [ -z "$order_problem" ]; then
    mip_say "profile use: $BENCH_CLANG -fprofile-generate -mllvm -pgo-temporal-instrumentation, training run"
    (use_build clanggen "-fprofile-generate -mllvm -pgo-temporal-instrumentation" "" \
       "$BENCH_CLANG") \
      || order_problem="$BENCH_CLANG -fprofile-generate failed (see $dir/build.log; its runtime is in libclang-rt-19-dev)"
  fi
  rm -f "$dir/train.profraw"
  if [ -z "$order_problem" ] && ! (use_run clanggen train "$@"); then
    order_problem="the instrumented program failed (see $dir/train.log)"
  fi
  # The order: one function a line, those of static functions after a
  # comment line naming their source file.
  if [ -z "$order_problem" ] && ! (
      cd "$dir"
      mip_run profdata.log "$BENCH_PROFDATA" merge -o train.profdata train.profraw
      mip_run profdata.log "$BENCH_PROFDATA" order train.profdata -o order.out
      grep -v '^#' order.out >order.txt); then
    order_problem="$BENCH_PROFDATA merge or order failed (see $dir/profdata.log)"
  fi
  for name in clanggen clangorder clangpgo; do
    if [ -n "$order_problem" ]; then
      use_not_run "$name" "$order_problem"
      continue
    fi
    mkdir -p "$USE_DIR/$name"
    case $name in
      clangorder)
        if use_ran clang; then
          (use_link clangorder "$USE_EXE") \
            || use_not_run clangorder "lld failed (see $USE_DIR/clangorder/build.log)"
        else
          use_not_run clangorder "clang -O2 failed"
        fi ;;
      clangpgo)
        mip_say "profile use: building $USE_EXE with $BENCH_CLANG -fprofile-use, in that order"
        (use_build clangpgo \
           "-ffunction-sections -fprofile-use=$dir/train.profdata" \
           "$(use_lld_flags "$dir/order.txt")" "$BENCH_CLANG") \
          || use_not_run clangpgo "$BENCH_CLANG -fprofile-use failed (see $USE_DIR/clangpgo/build.log)" ;;
    esac
  done
}

# use_runs WHAT ARGS...: every build of USE_BUILDS runs ARGS as WHAT.
use_runs () {
  local what=$1 name
  shift
  for name in $(use_names); do
    use_ran "$name" || continue
    use_run_or_drop "$name" "$what" "$@"
  done
}

# use_walls: the wall time of every build of USE_BUILDS (use_wall); one
# that fails has none ("-").
use_walls () {
  local name
  for name in $(use_names); do
    use_ran "$name" || continue
    (use_wall "$name") || {
      rm -f "$USE_DIR/$name/wall"
      mip_say "profile use: the wall-time run of $USE_EXE ($name) failed"
    }
  done
}

use_builds () {
  local set name
  use_program speedtest1
  # shellcheck disable=SC2086 # the arguments are words
  use_training $BENCH_USE_TRAIN
  use_profile_builds
  if [ "$BENCH_USE_OTHER" = 1 ]; then
    # shellcheck disable=SC2086
    use_bolt_builds $BENCH_USE_TRAIN
    # shellcheck disable=SC2086
    use_clang_builds $BENCH_USE_TRAIN
  fi
  mip_say "profile use: measured runs ($BENCH_USE_MEASURE), and natively with --verify"
  # shellcheck disable=SC2086
  use_runs measure $BENCH_USE_MEASURE
  for name in $(use_names); do
    if use_ran "$name"; then use_verify "$name"; fi
  done
  for set in $BENCH_USE_EACH; do
    mip_say "profile use: test set $set alone (--size $BENCH_USE_EACH_SIZE)"
    use_runs "each-$set" --testset "$set" --size "$BENCH_USE_EACH_SIZE"
  done
  mip_say "profile use: the training workload again, on the use builds"
  for name in $(use_names); do
    # shellcheck disable=SC2086
    [ "$name" = plain ] || ! use_ran "$name" || use_run_or_drop "$name" same $BENCH_USE_TRAIN
  done
  mip_say "profile use: start-up ($BENCH_USE_STARTUP)"
  # shellcheck disable=SC2086
  use_runs startup $BENCH_USE_STARTUP
  if [ "${BENCH_TIME_RUNS:-3}" -gt 0 ]; then
    mip_say "profile use: wall time ($BENCH_USE_TIME, best of ${BENCH_TIME_RUNS:-3})"
    use_walls
  fi
}

# The sqlite3 shell: trained on scripts/bench-shell-train.sql (an
# application's day), measured on scripts/bench-shell-measure.sql (a
# reporting session: other statements, output modes, functions), both
# read from standard input on an in-memory database; start-up runs one
# trivial statement given as an argument.  BOLT (BENCH_USE_OTHER=1) is
# trained on the same workload.
use_shell_builds () {
  local name
  use_program shell
  USE_INPUT=$here/bench-shell-train.sql use_training :memory:
  use_profile_builds
  [ "$BENCH_USE_OTHER" != 1 ] \
    || USE_INPUT=$here/bench-shell-train.sql use_bolt_builds :memory:
  mip_say "profile use: sqlite3 shell, measured and start-up runs"
  USE_INPUT=$here/bench-shell-measure.sql use_runs measure :memory:
  for name in $(use_names); do
    [ "$name" = plain ] || ! use_ran "$name" \
      || USE_INPUT=$here/bench-shell-train.sql use_run_or_drop "$name" same :memory:
  done
  use_runs startup :memory: "SELECT 1;"
  if [ "${BENCH_TIME_RUNS:-3}" -gt 0 ]; then
    mip_say "profile use: sqlite3 wall time (best of ${BENCH_TIME_RUNS:-3})"
    use_walls
  fi
}

# use_lua_workload WHAT: Lua's workloads, one run each: trained on
# scripts/bench-lua-train.lua (objects with metatables, closures, tables,
# strings built by concatenation), measured on
# scripts/bench-lua-measure.lua (string.format, patterns, coroutines,
# table.sort, the math, utf8 and string.pack functions, pcall: much that
# the training never ran, on the same core); start-up prints the
# version; the wall time is the measured script, USE_LUA_TIME_SCALE
# rounds.
use_lua_workload () {
  case $1 in
    train) use_step /dev/null "$what.out" "$here/bench-lua-train.lua" ;;
    measure) use_step /dev/null "$what.out" "$here/bench-lua-measure.lua" ;;
    startup) use_step /dev/null "$what.out" -e 'print(_VERSION)' ;;
    time) use_step /dev/null "$what.out" "$here/bench-lua-measure.lua" \
            "$USE_LUA_TIME_SCALE" ;;
  esac
}

# use_xz_workload WHAT: xz's workloads (USE_DIR/data, use_xz_prepare),
# each a compression and the decompression of its result, in one thread
# (-T1): trained on xz's own C sources with the default preset (-6: the
# normal mode, binary-tree match finder, CRC64), measured on generated
# mixed data with -3 (the fast mode, hash-chain match finder) and a
# SHA-256 check; start-up compresses one line; the wall time is the
# measured workload.
use_xz_workload () {
  local data=$USE_DIR/data
  case $1 in
    train)
      use_step "$data/train.txt" "$what.xz" -T1 -6 -c
      use_step "$what.xz" "$what.out" -T1 -d -c ;;
    measure | time)
      use_step "$data/measure.dat" "$what.xz" -T1 -3 --check=sha256 -c
      use_step "$what.xz" "$what.out" -T1 -d -c ;;
    startup) use_step "$data/startup.txt" "$what.xz" -T1 -c ;;
  esac
}

# xz's configured tree, its objects and libraries, and the workloads'
# data, once for every build: USE_DIR/configured (configure run with
# BENCH_OPT -fno-pie and -no-pie, without the builds' flags, which make
# gets), USE_DIR/xz-objects (make's names of xz's objects), objects
# (their paths from a build's directory, liblzma's archive last), libs,
# and data/.  On failure, USE_DIR/skipped says why.
use_xz_prepare () {
  local dir=$USE_DIR/configured word words
  rm -rf "$dir" "$USE_DIR/data"
  mkdir -p "$dir" "$USE_DIR/data"
  mip_say "profile use: configuring xz (once; each build makes a copy)"
  # shellcheck disable=SC2086 # the options are words
  if ! (cd "$dir" && CC=$CC CFLAGS="$BENCH_OPT -fno-pie" LDFLAGS=-no-pie \
          "$MIP_WORK/src/xz/configure" $USE_XZ_CONFIGURE) \
       >"$USE_DIR/configure.log" 2>&1; then
    echo "xz's configure failed (log: $USE_DIR/configure.log)" >"$USE_DIR/skipped"
    return 1
  fi
  # A rule that prints a variable of xz's Makefile.
  # shellcheck disable=SC2016 # make expands it
  printf 'bench-use-print-%%:\n\t@echo $($*)\n' >"$USE_DIR/print.mk"
  if ! (make -s -C "$dir/src/xz" -f Makefile -f "$USE_DIR/print.mk" \
          bench-use-print-xz_OBJECTS >"$USE_DIR/xz-objects" \
        && make -s -C "$dir/src/xz" -f Makefile -f "$USE_DIR/print.mk" \
          bench-use-print-xz_LDADD bench-use-print-LIBS \
          bench-use-print-PTHREAD_CFLAGS >"$USE_DIR/ldadd") 2>"$USE_DIR/make.log" \
     || [ ! -s "$USE_DIR/xz-objects" ]; then
    echo "cannot read xz's objects from its Makefile (log: $USE_DIR/make.log)" \
      >"$USE_DIR/skipped"
    return 1
  fi
  words=$(cat "$USE_DIR/xz-objects")
  for word in $words; do
    printf 'build/src/xz/%s\n' "$word"
  done >"$USE_DIR/objects"
  : >"$USE_DIR/libs"
  words=$(cat "$USE_DIR/ldadd")
  for word in $words; do
    case $word in
      */liblzma.la) echo build/src/liblzma/.libs/liblzma.a >>"$USE_DIR/objects" ;;
      *.la) echo "xz links $word, which bench does not build" >"$USE_DIR/skipped"
            return 1 ;;
      *) printf '%s ' "$word" >>"$USE_DIR/libs" ;;
    esac
  done
  USE_LIBS=$(cat "$USE_DIR/libs")
  # The training corpus: xz's C sources, in the order of their names;
  # the measured one: generated mixed data.
  (cd "$MIP_WORK/src/xz" && find src lib -name '*.[ch]' | LC_ALL=C sort \
     | xargs cat) >"$USE_DIR/data/train.txt"
  mip_script_data mixed-data "$USE_XZ_MEASURE_BYTES" >"$USE_DIR/data/measure.dat"
  echo "hello, world" >"$USE_DIR/data/startup.txt"
  if [ ! -s "$USE_DIR/data/train.txt" ] || [ ! -s "$USE_DIR/data/measure.dat" ]; then
    echo "the workloads' data could not be made (in $USE_DIR/data)" >"$USE_DIR/skipped"
    return 1
  fi
}

# The builds and runs of USE_PROGRAM's table when it has a USE_WORKLOAD
# (Lua, xz): training, the builds with the profiles (and BOLT's, with
# BENCH_USE_OTHER=1, trained on the same workload), the measured runs
# and their verification, the training workload again on the use builds,
# start-up and wall time.
use_workload_builds () {
  local name
  use_training train
  use_profile_builds
  [ "$BENCH_USE_OTHER" != 1 ] || use_bolt_builds train
  mip_say "profile use: $USE_EXE measured runs"
  use_runs measure measure
  for name in $(use_names); do
    if use_ran "$name"; then use_verify_output "$name"; fi
  done
  mip_say "profile use: $USE_EXE, the training workload again, on the use builds"
  for name in $(use_names); do
    [ "$name" = plain ] || ! use_ran "$name" || use_run_or_drop "$name" same train
  done
  mip_say "profile use: $USE_EXE start-up"
  use_runs startup startup
  if [ "${BENCH_TIME_RUNS:-3}" -gt 0 ]; then
    mip_say "profile use: $USE_EXE wall time (best of ${BENCH_TIME_RUNS:-3})"
    use_walls
  fi
  # xz's outputs, but for the measured run's compressed file.
  [ "$USE_PROGRAM" != xz ] \
    || rm -f "$USE_DIR"/*/*.out "$USE_DIR"/*/train.xz "$USE_DIR"/*/same.xz
}

# use_workload_table PROGRAM WANTED SOURCES: PROGRAM's table (lua, xz),
# when WANTED is 1 and its sources (the directory SOURCES) were fetched;
# else, or when its plain build fails, USE_DIR/skipped says why.
use_workload_table () {
  local program=$1 wanted=$2 sources=$3
  use_program "$program"
  mkdir -p "$USE_DIR"
  if [ "$wanted" != 1 ]; then
    echo "not made (BENCH_USE_$(echo "$program" | tr '[:lower:]' '[:upper:]')=$wanted)" \
      >"$USE_DIR/skipped"
  elif [ ! -d "$sources" ]; then
    echo "no sources in $sources (scripts/fetch-sources.sh $program failed: see $USE_DIR/fetch.log)" \
      >"$USE_DIR/skipped"
  elif ! ( { [ "$program" != xz ] || use_xz_prepare; } && use_workload_builds ); then
    [ -f "$USE_DIR/skipped" ] \
      || echo "the plain build or one of its runs failed (logs in $USE_DIR/plain)" \
        >"$USE_DIR/skipped"
  fi
}

use_title () {
  case $1 in
    plain) echo "plain" ;;
    mipuse) echo "MIP use (full profile)" ;;
    miplayout) echo "MIP use, layout only" ;;
    mipchains) echo "MIP use, call chains" ;;
    mipcount) echo "MIP use (block-count profile)" ;;
    mipcountlayout) echo "MIP use (block counts), layout only" ;;
    mipcount2) echo "MIP use (block counts), two rounds" ;;
    pgo) echo "gcc -fprofile-use" ;;
    mipafdo) echo "MIP block-count -> -fauto-profile" ;;
    mipafdouse) echo "MIP block-count -> -fauto-profile + MIP use" ;;
    mipafdoexact) echo "MIP block-count -> exact AutoFDO" ;;
    mipafdoexactuse) echo "MIP block-count -> exact AutoFDO + MIP use" ;;
    mipfcovuse) echo "MIP use (function-coverage profile)" ;;
    mipfcovcold) echo "MIP use (function coverage), never-run cold" ;;
    mipbcovuse) echo "MIP use (block-coverage profile)" ;;
    mipbcovcold) echo "MIP use (block coverage), never-run cold" ;;
    bolt) echo "BOLT" ;;
    boltall) echo "BOLT -lite=0" ;;
    clang) echo "clang -O2, lld" ;;
    clangorder) echo "clang + temporal order" ;;
    clangpgo) echo "clang PGO + order" ;;
  esac
}

# The pages each test set of BENCH_USE_EACH touches run alone, per build.
print_use_each () {
  local set name line pages
  [ -n "$BENCH_USE_EACH" ] || return 0
  line=$(printf '  %-44s' build)
  for set in $BENCH_USE_EACH; do
    line="$line$(printf ' %9s %8s' "$set" '+%')"
  done
  echo "  text pages of each other test set run alone (--testset SET --size $BENCH_USE_EACH_SIZE):"
  echo "$line"
  for name in $(use_names); do
    line=$(printf '  %-44s' "$(use_title "$name")")
    if ! use_ran "$name"; then
      echo "$line not run"
      continue
    fi
    for set in $BENCH_USE_EACH; do
      pages=$(use_text_pages "$name" "each-$set")
      line="$line$(printf ' %9s %8s' "$pages" \
        "$(percent "$pages" "$(use_text_pages plain "each-$set")")")"
    done
    echo "$line"
  done
}

# The main table of USE_PROGRAM: per build, the measured run's pages,
# instructions, .text, the training workload's and start-up's pages and
# the wall time (- when not measured).
print_use_table () {
  local name title pages insns text ref_pages ref_insns ref_text
  local same same_pages ref_same startup ref_startup wall ref_wall
  ref_pages=$(use_text_pages plain measure)
  ref_insns=$(use_insns plain measure)
  ref_text=$(use_text_size plain)
  ref_same=$(use_text_pages plain train)
  ref_startup=$(use_text_pages plain startup)
  ref_wall=$(use_wall_time plain)
  printf '  %-44s %11s %8s %14s %8s %9s %8s %12s %8s %9s %8s %7s %8s  %s\n' build "text pages" '+%' \
    instructions '+%' .text '+%' "pages train" '+%' start-up '+%' 'wall s' '+%' "$USE_VERIFY_TITLE"
  for name in $(use_names); do
    title=$(use_title "$name")
    if ! use_ran "$name"; then
      printf '  %-44s not run: %s\n' "$title" "$(cat "$USE_DIR/$name/not-run")"
      continue
    fi
    pages=$(use_text_pages "$name" measure)
    insns=$(use_insns "$name" measure)
    text=$(use_text_size "$name")
    same=same
    [ "$name" = plain ] && same=train
    same_pages=$(use_text_pages "$name" "$same")
    startup=$(use_text_pages "$name" startup)
    wall=$(use_wall_time "$name")
    printf '  %-44s %11s %8s %14s %8s %9s %8s %12s %8s %9s %8s %7s %8s  %s\n' "$title" "$pages" \
      "$(percent "$pages" "$ref_pages")" "$insns" \
      "$(percent "$insns" "$ref_insns")" "$text" \
      "$(percent "$text" "$ref_text")" "$same_pages" \
      "$(percent "$same_pages" "$ref_same")" "$startup" \
      "$(percent "$startup" "$ref_startup")" "$wall" \
      "$(percent "$wall" "$ref_wall")" "$(use_hash "$name")"
  done
}

# What collecting USE_PROGRAM's profile costs: the training run's
# instructions in each instrumented build.
print_use_cost () {
  local name title insns ref_insns
  echo "  collecting the profile (training run, instructions):"
  ref_insns=$(use_insns plain train)
  printf '  %-44s %14s\n' plain "$ref_insns"
  for name in mipgen pgo mipbcnt mipbcnt2 mipfcov mipbcov boltinstr clanggen; do
    case $name in
      mipgen) title="MIP full" ;;
      mipfcov) title="MIP function coverage" ;;
      mipbcov) title="MIP block coverage" ;;
      pgo) title="gcc -fprofile-generate" ;;
      mipbcnt) title="MIP block-count (-g)" ;;
      mipbcnt2) title="MIP block-count, second round" ;;
      boltinstr) title="BOLT -instrument" ;;
      clanggen) title="clang temporal PGO" ;;
    esac
    [ -d "$USE_DIR/$name" ] || continue
    if ! use_ran "$name"; then
      printf '  %-44s not run: %s\n' "$title" "$(cat "$USE_DIR/$name/not-run")"
      continue
    fi
    [ -f "$USE_DIR/$name/train.insns" ] || continue
    insns=$(use_insns "$name" train)
    printf '  %-44s %14s %8s\n' "$title" "$insns" \
      "$(percent "$insns" "$ref_insns")"
  done
}

# Why USE_PROGRAM's table has no AutoFDO row, when it has none, or the
# functions left out of its profile.
print_use_afdo_problem () {
  [ ! -f "$USE_DIR/afdo.problem" ] \
    || echo "  (no MIP block-count -> -fauto-profile row: $(cat "$USE_DIR/afdo.problem"))"
  [ ! -f "$USE_DIR/afdo.excluded" ] \
    || echo "  (MIP block-count -> -fauto-profile: gcc failed on the profile of $(tr '\n' ' ' <"$USE_DIR/afdo.excluded")which was left out)"
  local name
  for name in $USE_COUNT_VARIANTS $USE_AFDO_VARIANTS $USE_COVERAGE_VARIANTS; do
    [ ! -f "$USE_DIR/$name.problem" ] \
      || echo "  (no $(use_title "$name") row: $(cat "$USE_DIR/$name.problem"))"
  done
}

print_use () {
  echo
  echo "== profile use: speedtest1 on x86-64 ($BENCH_OPT -fno-pie -no-pie; runs under $USE_QEMU) =="
  if [ -f "$OUT/use/skipped" ]; then
    echo "skipped: $(cat "$OUT/use/skipped")"
    return
  fi
  use_program speedtest1
  print_use_table
  print_use_each
  print_use_cost
  print_use_afdo_problem
  echo "training run: speedtest1 $BENCH_USE_TRAIN; measured run: speedtest1 $BENCH_USE_MEASURE"
  echo "  (--memdb --singlethread).  text pages: distinct 4 KiB pages of the program's code"
  echo "  holding an instruction the measured run executed (pages train: those of a run of the"
  echo "  training workload itself, on each build; start-up: those of speedtest1 $BENCH_USE_STARTUP,"
  echo "  which opens the database, runs one trivial test and exits); instructions: executed by the whole"
  echo "  run, C library included (both by scripts/qemu-trace.c under qemu-user: exact and"
  echo "  repeatable); wall s: the best of ${BENCH_TIME_RUNS:-3} native runs of speedtest1 $BENCH_USE_TIME,"
  echo "  in seconds, averaged over the program linked with its code moved by each of"
  echo "  $BENCH_USE_OFFSETS bytes (code alignment alone can move it by tens of percent;"
  echo "  still noisy: a difference of a few percent is not one; BOLT places the code it"
  echo "  rewrites itself, which the offsets do not move).  hash: the Verification Hash of"
  echo "  a native run of the measured workload with --verify, against plain's."
  if [ "$BENCH_USE_OTHER" = 1 ]; then
    echo "BOLT (in every table): plain's objects linked with -Wl,--emit-relocs, instrumented by"
    echo "  llvm-bolt -instrument, trained on the table's training run, rewritten with $BENCH_BOLT_FLAGS"
    echo "  (and -lite=0: every function, not only those the profile saw); .text: the code"
    echo "  BOLT wrote (.text and .text.cold; what it left of the input is in .bolt.org.text,"
    echo "  whose pages count as text pages too).  clang: $BENCH_CLANG $BENCH_OPT -ffunction-sections"
    echo "  linked by $BENCH_LLD; + temporal order: the same objects linked with"
    echo "  --symbol-ordering-file from $BENCH_PROFDATA order of a -fprofile-generate"
    echo "  -mllvm -pgo-temporal-instrumentation build's training run; PGO + order: built with"
    echo "  -fprofile-use of that profile, linked in the same order."
  fi
  print_use_shell
  print_use_lua
  print_use_xz
}

# print_use_tables PROGRAM TITLE: the heading TITLE, then PROGRAM's main
# table, the cost of its profiles and its AutoFDO problems; false (after
# the reason) when its table was skipped.
print_use_tables () {
  use_program "$1"
  echo
  echo "== profile use: $2 =="
  if [ -f "$USE_DIR/skipped" ]; then
    echo "skipped: $(cat "$USE_DIR/skipped")"
    return 1
  fi
  print_use_table
  print_use_cost
  print_use_afdo_problem
}

# The heading of the sqlite3 shell's table: its builds against
# speedtest1's.
use_shell_heading () {
  if [ "$BENCH_USE_OTHER" = 1 ]; then
    echo "the sqlite3 shell on x86-64 (the same builds but clang's)"
  else
    echo "the sqlite3 shell on x86-64 (the same builds)"
  fi
}

# print_use_bolt_note MORE: the note of the BOLT rows under the shell's,
# Lua's and xz's tables (with BENCH_USE_OTHER=1), MORE saying more of
# their training.
print_use_bolt_note () {
  [ "$BENCH_USE_OTHER" = 1 ] || return 0
  echo "  BOLT, BOLT -lite=0: as speedtest1's, instrumented and trained on this training run$1."
}

print_use_shell () {
  print_use_tables shell "$(use_shell_heading)" || return 0
  echo "training run: sqlite3 :memory: <scripts/bench-shell-train.sql; measured run:"
  echo "  sqlite3 :memory: <scripts/bench-shell-measure.sql; start-up: sqlite3 :memory: 'SELECT 1;'."
  echo "  Columns as above, no hash (speedtest1's own check);"
  print_use_wall_note "the measured script $USE_SHELL_TIME_ROUNDS times in a row"
  print_use_bolt_note ""
}

# The wall-time note of the Lua and xz tables: what WORKLOAD (the run)
# was timed, or that nothing was.
print_use_wall_note () {
  if [ "${BENCH_TIME_RUNS:-3}" -gt 0 ]; then
    echo "  wall s: the best of ${BENCH_TIME_RUNS:-3} native runs of $1,"
    echo "  averaged over the offsets as above;"
  else
    echo "  wall s: not measured (BENCH_TIME_RUNS=0);"
  fi
}

print_use_lua () {
  print_use_tables lua "Lua 5.4's interpreter on x86-64 (the same builds as the shell's)" \
    || return 0
  echo "training run: lua scripts/bench-lua-train.lua (objects with metatables, closures, tables,"
  echo "  strings built by concatenation); measured run: lua scripts/bench-lua-measure.lua"
  echo "  (string.format, patterns, coroutines, table.sort, math, utf8, string.pack, pcall);"
  echo "  start-up: lua -e 'print(_VERSION)'.  Every source of Lua's src/ but luac.c, with"
  echo "  $USE_LUA_DEFINES.  Columns as above;"
  print_use_wall_note "the measured script with $USE_LUA_TIME_SCALE rounds"
  echo "  output: the measured run's output against plain's."
  print_use_bolt_note ""
}

print_use_xz () {
  print_use_tables xz "xz (liblzma linked in) on x86-64 (the same builds as the shell's)" \
    || return 0
  echo "training run: xz -T1 -6 -c of xz's own C sources ($(wc -c <"$USE_DIR/data/train.txt") bytes), then xz -T1 -d -c"
  echo "  of the result; measured run: xz -T1 -3 --check=sha256 -c of $(wc -c <"$USE_DIR/data/measure.dat") bytes of"
  echo "  generated mixed data (binary records, CSV lines, 16-bit samples, sparse words, random"
  echo "  bytes: scripts/script-data.py mixed-data), then xz -T1 -d -c of the result; start-up:"
  echo "  xz -T1 -c of one line.  xz configured once with --disable-shared (liblzma linked in),"
  echo "  each build made by its make with the build's CFLAGS.  Columns as above, a run's"
  echo "  pages and instructions those of both its commands;"
  print_use_wall_note "the measured workload"
  echo "  output: the measured run's .xz file against plain's (same: byte for byte), and its"
  echo "  decompression against the input (round trip)."
  print_use_bolt_note " (the profiles of its two commands merged by $(basename "$BENCH_MERGE_FDATA"))"
}

# The sources of the Lua and xz tables, fetched when their tables are
# wanted (a failure, in USE_DIR/fetch.log, makes the table say so).
use_fetch () {
  use_program lua
  [ "$BENCH_USE_LUA" != 1 ] \
    || bash "$here/fetch-sources.sh" lua >"$USE_DIR/fetch.log" 2>&1 || true
  use_program xz
  [ "$BENCH_USE_XZ" != 1 ] \
    || bash "$here/fetch-sources.sh" xz >"$USE_DIR/fetch.log" 2>&1 || true
}

bench_use () {
  local problem
  [ "$BENCH_USE" = 1 ] || return 0
  rm -rf "$OUT/use" "$OUT/use-shell" "$OUT/use-lua" "$OUT/use-xz"
  mkdir -p "$OUT/use" "$OUT/use-shell" "$OUT/use-lua" "$OUT/use-xz"
  problem=$(use_problem)
  if [ -n "$problem" ]; then
    printf '%s\n' "$problem" >"$OUT/use/skipped"
  else
    use_builds
    if [ "$BENCH_USE_SHELL" != 1 ]; then
      echo "not made (BENCH_USE_SHELL=$BENCH_USE_SHELL)" >"$OUT/use-shell/skipped"
    elif [ -f "$MIP_WORK/src/sqlite-amalgamation/shell.c" ]; then
      use_shell_builds
    else
      echo "no shell.c beside sqlite3.c (sources fetched by an older scripts/fetch-sources.sh: delete $MIP_WORK/src/sqlite-amalgamation and fetch again)" \
        >"$OUT/use-shell/skipped"
    fi
    use_fetch
    use_workload_table lua "$BENCH_USE_LUA" "$MIP_WORK/src/lua5.4"
    use_workload_table xz "$BENCH_USE_XZ" "$MIP_WORK/src/xz"
  fi
  print_use | tee -a "$OUT/report.txt"
}
