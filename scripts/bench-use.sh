# bench-use.sh - the profile-use table of `make bench`, sourced by
# bench.sh (which defines OUT, CC, BENCH_OPT, percent, build_qemu_trace,
# best_wall_time and the mip-lib.sh helpers).
#
# speedtest1 (SQLite) on x86-64, every build with BENCH_OPT -fno-pie
# -no-pie (fixed addresses, so pages are the binary's own):
#   plain      the reference
#   MIP use    trained by the MIP full-mode build on the training
#              workload, then built with -fplugin-arg-mip-use=PROFILE
#   MIP use, layout only   the same with -fplugin-arg-mip-use-layout-only
#              (placement without the cold decisions)
#   MIP use, call chains   the same with
#              -fplugin-arg-mip-use-layout=call-chains
#   gcc PGO    trained by gcc -fprofile-generate on the same workload,
#              then built with -fprofile-use
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
# and, for speedtest1 only, post-link and other-compiler layouts from the
# same training run:
#   BOLT       plain's objects linked with --emit-relocs, instrumented
#              by llvm-bolt -instrument, trained, then rewritten by
#              llvm-bolt with BENCH_BOLT_FLAGS (BENCH_BOLT: LLVM 19's
#              llvm-bolt, called from its own directory, where it finds
#              its instrumentation runtime)
#   BOLT -lite=0   the same, every function rewritten, not only those
#              the profile saw
#   clang      BENCH_CLANG -ffunction-sections linked by lld (BENCH_LLD),
#              the reference of the two below
#   clang + order  the same objects linked with
#              --symbol-ordering-file: the functions in the order the
#              training run first called them (clang -fprofile-generate
#              -mllvm -pgo-temporal-instrumentation, then
#              BENCH_PROFDATA merge and order)
#   clang PGO + order  built with -fprofile-use of that profile, linked
#              with the same order
# each row "not run: REASON" when its tools are missing or fail;
# and each runs the measured workload, a different one (the use builds
# the training workload too), under qemu-user
# with the TCG plugin scripts/qemu-trace.c, which lists the 4 KiB pages
# that executed instructions touched and counts the instructions.  The table shows, per build, the pages touched
# and their change over plain, the instructions and their change, .text,
# and the cost of collecting each profile: the training run's
# instructions in the instrumented build against plain's.
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
#   BENCH_USE_OTHER    1 (default) adds the BOLT and clang rows to
#                      speedtest1's table; 0 leaves them out
#   BENCH_USE_SHELL    1 (default) makes the sqlite3 shell's table too
#   BENCH_BOLT, BENCH_BOLT_FLAGS, BENCH_CLANG, BENCH_PROFDATA, BENCH_LLD
#                      the tools of those rows (above)
# Every build's measured workload is also run natively with --verify, and
# its Verification Hash compared with plain's (the column "hash").
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
BENCH_BOLT=${BENCH_BOLT:-/usr/lib/llvm-19/bin/llvm-bolt}
BENCH_BOLT_FLAGS=${BENCH_BOLT_FLAGS:--reorder-blocks=ext-tsp -reorder-functions=cdsort -split-functions -split-all-cold -dyno-stats}
BENCH_CLANG=${BENCH_CLANG:-clang-19}
BENCH_PROFDATA=${BENCH_PROFDATA:-llvm-profdata-19}
BENCH_LLD=${BENCH_LLD:-ld.lld-19}
USE_QEMU=qemu-x86_64
# The builds each table shows, plain first (use_program sets USE_BUILDS;
# use_names adds mipafdo and mipafdouse when they were built), and the
# sections that hold their code (BOLT's rewritten code is in .text and
# .text.cold, what it left of the input in .bolt.org.text).
USE_GCC_BUILDS="plain mipuse miplayout mipchains pgo"
USE_OTHER_BUILDS="bolt boltall clang clangorder clangpgo"
USE_CODE_SECTIONS=".text .text.cold .bolt.org.text"

# The builds of USE_PROGRAM that the tables show.
use_names () {
  # shellcheck disable=SC2086 # the names are words
  printf '%s\n' $USE_BUILDS
  [ ! -x "$USE_DIR/mipafdo/$USE_EXE" ] || echo mipafdo
  [ ! -x "$USE_DIR/mipafdouse/$USE_EXE" ] || echo mipafdouse
}

# Why the table cannot be made here, or nothing.
use_problem () {
  [ "$(uname -m)" = x86_64 ] || { echo "not an x86-64 host"; return; }
  command -v "$USE_QEMU" >/dev/null 2>&1 \
    || { echo "no $USE_QEMU (install qemu-user)"; return; }
  build_qemu_trace "$OUT/use/qemu-trace.so" "$OUT/use/plugin.log" \
    || { echo "scripts/qemu-trace.c did not build (log: $OUT/use/plugin.log)"; return; }
}

# The program the functions below build and run: speedtest1 (the default)
# or the sqlite3 shell, each from the amalgamation and its own main file.
use_program () {
  case $1 in
    speedtest1)
      USE_DIR=$OUT/use USE_MAIN=speedtest1 USE_EXE=speedtest1
      USE_FIXED_ARGS="--memdb --singlethread" USE_BUILDS=$USE_GCC_BUILDS
      [ "$BENCH_USE_OTHER" != 1 ] || USE_BUILDS="$USE_BUILDS $USE_OTHER_BUILDS" ;;
    shell)
      USE_DIR=$OUT/use-shell USE_MAIN=shell USE_EXE=sqlite3
      USE_FIXED_ARGS="" USE_BUILDS=$USE_GCC_BUILDS ;;
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
  local src=$MIP_WORK/src/sqlite-amalgamation
  mkdir -p "$dir"
  cd "$dir"
  # shellcheck disable=SC2086 # flags are words
  {
    mip_run build.log $cc $BENCH_OPT -fno-pie $cflags -I"$src" \
      -c "$src/sqlite3.c" -o sqlite3.o
    mip_run build.log $cc $BENCH_OPT -fno-pie $cflags -I"$src" \
      -c "$src/$USE_MAIN.c" -o "$USE_MAIN.o"
    mip_run build.log $cc $BENCH_OPT -no-pie $cflags sqlite3.o "$USE_MAIN.o" \
      -o "$USE_EXE" $ldflags -lm -lpthread -ldl
  }
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
# BOLT's builds link plain's objects and rewrite the result with the
# training profile; clang + order links clang's objects.
use_link () {
  local name=$1 out=$2 padding=${3:-} order=''
  cd "$USE_DIR/$name"
  # shellcheck disable=SC2046,SC2086 # flags are words
  case $name in
    bolt | boltall)
      mip_run build.log $CC $BENCH_OPT -no-pie $padding ../plain/sqlite3.o \
        "../plain/$USE_MAIN.o" -o "$out.input" -Wl,--emit-relocs -lm -lpthread -ldl
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
        $padding "$objects/sqlite3.o" "$objects/$USE_MAIN.o" -o "$out" -lm -lpthread -ldl ;;
    *)
      mip_run build.log $CC $BENCH_OPT -no-pie $padding sqlite3.o "$USE_MAIN.o" \
        -o "$out" -lm -lpthread -ldl ;;
  esac
  cd "$OUT"
}

# use_run NAME WHAT ARGS...: run USE_DIR/NAME's program ARGS (then
# USE_FIXED_ARGS; standard input from USE_INPUT, default /dev/null) under
# qemu with the plugin: USE_DIR/NAME/WHAT.pages and WHAT.insns.
use_run () {
  local dir=$USE_DIR/$1 what=$2
  shift 2
  cd "$dir"
  rm -f "$what.pages" "$what.insns"
  # shellcheck disable=SC2086 # the fixed arguments are words
  MIP_PROFILE_FILENAME=$dir/$what.mipraw LLVM_PROFILE_FILE=$dir/$what.profraw \
    mip_run "$what.log" "$USE_QEMU" \
    -plugin "$OUT/use/qemu-trace.so,pages=$dir/$what.pages,insns=$dir/$what.insns" \
    "./$USE_EXE" "$@" $USE_FIXED_ARGS <"${USE_INPUT:-/dev/null}"
  cd "$OUT"
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
# the time of a single link is a lottery between builds.
use_wall () {
  local dir=$USE_DIR/$1 offset times=''
  for offset in $BENCH_USE_OFFSETS; do
    use_link_offset "$1" "$offset"
    cd "$dir"
    # shellcheck disable=SC2086 # the arguments are words
    times="$times $(MIP_PROFILE_FILENAME=$dir/wall.mipraw best_wall_time /dev/null \
      "./$USE_EXE.at-$offset" $BENCH_USE_TIME $USE_FIXED_ARGS)"
    rm -f wall.mipraw "$USE_EXE.at-$offset"
    cd "$OUT"
  done
  echo "$times" | awk '{ for (i = 1; i <= NF; i++) s += $i; printf "%.3f\n", s / NF }' \
    >"$dir/wall"
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

# NAME's hash against plain's: same, DIFFERS, reference (plain) or -.
use_hash () {
  local dir=$USE_DIR/$1
  if [ ! -f "$dir/verify" ]; then
    echo -
  elif [ "$1" = plain ]; then
    echo reference
  elif grep -q '^Verification Hash' "$dir/verify" \
       && cmp -s "$dir/verify" "$USE_DIR/plain/verify"; then
    echo same
  else
    echo DIFFERS
  fi
}

# The plain, MIP full and gcc -fprofile-generate builds of USE_PROGRAM,
# each run on the training workload (ARGS; USE_INPUT for its input),
# then USE_DIR/mip.mip made from the MIP run.
use_training () {
  local profile=$USE_DIR/mip.mip name
  mip_say "profile use: building $USE_EXE plain, MIP full and gcc -fprofile-generate"
  use_build plain "" ""
  use_build mipgen "-fplugin=$MIP_PLUGIN -fplugin-arg-mip-generate" \
    "-L$(mip_runtime_libdir) -lmip"
  rm -rf "$USE_DIR/pgo"
  use_build pgo "-fprofile-generate" "-fprofile-generate"
  mip_say "profile use: $USE_EXE training runs"
  for name in plain mipgen pgo; do
    use_run "$name" train "$@"
  done
  rm -f "$profile"
  mip_run "$USE_DIR/mipdata.log" "$MIPDATA" create -p "$profile" \
    "$USE_DIR/mipgen/$USE_EXE"
  mip_run "$USE_DIR/mipdata.log" "$MIPDATA" merge -p "$profile" \
    "$USE_DIR/mipgen/train.mipraw"
  use_afdo_training "$@"
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
    "$MIPDATA" create -p "$profile" "$dir/$USE_EXE" \
      && "$MIPDATA" merge -p "$profile" "$dir/train.mipraw" \
      && "$MIPDATA" export -p "$profile" --debug "$dir/$USE_EXE" \
        --format=afdo -o "$USE_DIR/mip.afdo"
  ) >>"$USE_DIR/afdo.log" 2>&1; then
    echo "the block-count build, its run or mipdata export --format=afdo failed (log: $USE_DIR/afdo.log)" \
      >"$USE_DIR/afdo.problem"
    rm -f "$USE_DIR/mip.afdo"
  fi
}

# The builds of USE_BUILDS other than plain, with the profiles (the MIP
# ones with USE_DIR/mip.mip, gcc's with its .gcda files).
use_profile_builds () {
  local use="-fplugin=$MIP_PLUGIN -fplugin-arg-mip-use=$USE_DIR/mip.mip"
  mip_say "profile use: building $USE_EXE with the profiles"
  use_build mipuse "$use" ""
  use_build miplayout "$use -fplugin-arg-mip-use-layout-only" ""
  use_build mipchains "$use -fplugin-arg-mip-use-layout=call-chains" ""
  # -fprofile-use finds the .gcda files beside the objects it rebuilds.
  cp "$USE_DIR/pgo/$USE_EXE" "$USE_DIR/pgo/$USE_EXE.generate"
  use_build pgo "-fprofile-use -Wno-missing-profile" ""
  use_afdo_build
}

# The mipafdo build, with USE_DIR/mip.afdo.  When gcc fails in a function
# (GCC 12.2 divides by zero in its vectorizer on speedtest1's
# sqlite3Insert with this profile), that function is left out of the
# profile (mipdata export --afdo-exclude-function) and the build tried
# again, for up to 3 functions, named in USE_DIR/afdo.excluded.  Then
# the mipafdouse build: the same with MIP use of the block-count profile
# (left out when it fails, with USE_DIR/afdouse.problem saying why).
use_afdo_build () {
  local excluded='' name tries=0
  rm -rf "$USE_DIR/mipafdouse"
  rm -f "$USE_DIR/afdouse.problem"
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
  if ! (use_build mipafdouse "-fauto-profile=$USE_DIR/mip.afdo -fplugin=$MIP_PLUGIN -fplugin-arg-mip-use=$USE_DIR/bcnt.mip" "") \
       >>"$USE_DIR/afdo.log" 2>&1; then
    echo "gcc -fauto-profile=$USE_DIR/mip.afdo -fplugin-arg-mip-use=$USE_DIR/bcnt.mip failed (log: $USE_DIR/afdo.log)" \
      >"$USE_DIR/afdouse.problem"
    rm -rf "$USE_DIR/mipafdouse"
  fi
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

# use_bolt_builds ARGS...: plain's objects linked with --emit-relocs,
# instrumented by llvm-bolt (USE_DIR/boltinstr), run on the training
# workload ARGS, and rewritten with its profile (bolt, boltall).
use_bolt_builds () {
  local dir=$USE_DIR/boltinstr problem name
  problem=$(use_bolt_problem)
  mkdir -p "$dir"
  [ -n "$problem" ] || mip_say "profile use: BOLT: instrumenting plain $USE_EXE, training run"
  # shellcheck disable=SC2086 # flags are words
  if [ -z "$problem" ] && ! (
      cd "$dir"
      mip_run build.log $CC $BENCH_OPT -no-pie ../plain/sqlite3.o \
        "../plain/$USE_MAIN.o" -o "$USE_EXE.input" -Wl,--emit-relocs -lm -lpthread -ldl
      mip_run build.log "$BENCH_BOLT" "$USE_EXE.input" -instrument \
        -instrumentation-file="$dir/train.fdata" -o "$USE_EXE"); then
    problem="llvm-bolt -instrument failed (see $dir/build.log)"
  fi
  rm -f "$dir/train.fdata"
  if [ -z "$problem" ] && ! (use_run boltinstr train "$@"); then
    problem="the instrumented program failed (see $dir/train.log)"
  fi
  [ -n "$problem" ] || [ -s "$dir/train.fdata" ] \
    || problem="the instrumented run wrote no profile ($dir/train.fdata)"
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
    use_run "$name" "$what" "$@"
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
    [ "$name" = plain ] || ! use_ran "$name" || use_run "$name" same $BENCH_USE_TRAIN
  done
  mip_say "profile use: start-up ($BENCH_USE_STARTUP)"
  # shellcheck disable=SC2086
  use_runs startup $BENCH_USE_STARTUP
  if [ "${BENCH_TIME_RUNS:-3}" -gt 0 ]; then
    mip_say "profile use: wall time ($BENCH_USE_TIME, best of ${BENCH_TIME_RUNS:-3})"
    for name in $(use_names); do
      if use_ran "$name"; then use_wall "$name"; fi
    done
  fi
}

# The sqlite3 shell: trained on scripts/bench-shell-train.sql (an
# application's day), measured on scripts/bench-shell-measure.sql (a
# reporting session: other statements, output modes, functions), both
# read from standard input on an in-memory database; start-up runs one
# trivial statement given as an argument.
use_shell_builds () {
  local name
  use_program shell
  USE_INPUT=$here/bench-shell-train.sql use_training :memory:
  use_profile_builds
  mip_say "profile use: sqlite3 shell, measured and start-up runs"
  USE_INPUT=$here/bench-shell-measure.sql use_runs measure :memory:
  for name in $(use_names); do
    [ "$name" = plain ] \
      || USE_INPUT=$here/bench-shell-train.sql use_run "$name" same :memory:
  done
  use_runs startup :memory: "SELECT 1;"
}

use_title () {
  case $1 in
    plain) echo "plain" ;;
    mipuse) echo "MIP use (full profile)" ;;
    miplayout) echo "MIP use, layout only" ;;
    mipchains) echo "MIP use, call chains" ;;
    pgo) echo "gcc -fprofile-use" ;;
    mipafdo) echo "MIP block-count -> -fauto-profile" ;;
    mipafdouse) echo "MIP block-count -> -fauto-profile + MIP use" ;;
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
    instructions '+%' .text '+%' "pages train" '+%' start-up '+%' 'wall s' '+%' hash
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
  for name in mipgen pgo mipbcnt boltinstr clanggen; do
    case $name in
      mipgen) title="MIP full" ;;
      pgo) title="gcc -fprofile-generate" ;;
      mipbcnt) title="MIP block-count (-g)" ;;
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
  [ ! -f "$USE_DIR/afdouse.problem" ] \
    || echo "  (no MIP block-count -> -fauto-profile + MIP use row: $(cat "$USE_DIR/afdouse.problem"))"
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
    echo "BOLT: plain's objects linked with -Wl,--emit-relocs, instrumented by llvm-bolt -instrument,"
    echo "  trained on the training run, rewritten with $BENCH_BOLT_FLAGS"
    echo "  (and -lite=0: every function, not only those the profile saw); .text: the code"
    echo "  BOLT wrote (.text and .text.cold; what it left of the input is in .bolt.org.text,"
    echo "  whose pages count as text pages too).  clang: $BENCH_CLANG $BENCH_OPT -ffunction-sections"
    echo "  linked by $BENCH_LLD; + temporal order: the same objects linked with"
    echo "  --symbol-ordering-file from $BENCH_PROFDATA order of a -fprofile-generate"
    echo "  -mllvm -pgo-temporal-instrumentation build's training run; PGO + order: built with"
    echo "  -fprofile-use of that profile, linked in the same order."
  fi
  use_program shell
  echo
  echo "== profile use: the sqlite3 shell on x86-64 (the same builds but BOLT's and clang's) =="
  if [ -f "$OUT/use-shell/skipped" ]; then
    echo "skipped: $(cat "$OUT/use-shell/skipped")"
    return
  fi
  print_use_table
  print_use_cost
  print_use_afdo_problem
  echo "training run: sqlite3 :memory: <scripts/bench-shell-train.sql; measured run:"
  echo "  sqlite3 :memory: <scripts/bench-shell-measure.sql; start-up: sqlite3 :memory: 'SELECT 1;'."
  echo "  Columns as above; no wall time (the runs are short) and no hash (speedtest1's own check)."
}

bench_use () {
  local problem
  [ "$BENCH_USE" = 1 ] || return 0
  rm -rf "$OUT/use" "$OUT/use-shell"
  mkdir -p "$OUT/use" "$OUT/use-shell"
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
  fi
  print_use | tee -a "$OUT/report.txt"
}
