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
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

BENCH_USE=${BENCH_USE:-1}
BENCH_USE_TRAIN=${BENCH_USE_TRAIN:---testset main --size 5}
BENCH_USE_MEASURE=${BENCH_USE_MEASURE:---testset orm,cte,fp --size 5}
BENCH_USE_STARTUP=${BENCH_USE_STARTUP:---testset debug1 --size 1}
BENCH_USE_EACH=${BENCH_USE_EACH-orm cte fp}
BENCH_USE_EACH_SIZE=${BENCH_USE_EACH_SIZE:-5}
BENCH_USE_TIME=${BENCH_USE_TIME:---testset orm,cte,fp --size 25}
BENCH_USE_OFFSETS=${BENCH_USE_OFFSETS:-0 16 32 48}
USE_QEMU=qemu-x86_64
# The builds each table shows, plain first.
USE_BUILDS="plain mipuse miplayout mipchains pgo"

# Why the table cannot be made here, or nothing.
use_problem () {
  [ "$(uname -m)" = x86_64 ] || { echo "not an x86-64 host"; return; }
  command -v "$USE_QEMU" >/dev/null 2>&1 \
    || { echo "no $USE_QEMU (install qemu-user)"; return; }
  build_qemu_trace "$OUT/use/qemu-trace.so" "$OUT/use/plugin.log" \
    || { echo "scripts/qemu-trace.c did not build (log: $OUT/use/plugin.log)"; return; }
}

# use_build NAME "CFLAGS" "LDFLAGS": speedtest1 in OUT/use/NAME (objects
# kept there, so that gcc's profile files sit beside them).
use_build () {
  local dir=$OUT/use/$1 cflags=$2 ldflags=$3
  local src=$MIP_WORK/src/sqlite-amalgamation
  mkdir -p "$dir"
  cd "$dir"
  # shellcheck disable=SC2086 # flags are words
  {
    mip_run build.log $CC $BENCH_OPT -fno-pie $cflags -I"$src" \
      -c "$src/sqlite3.c" -o sqlite3.o
    mip_run build.log $CC $BENCH_OPT -fno-pie $cflags -I"$src" \
      -c "$src/speedtest1.c" -o speedtest1.o
    mip_run build.log $CC $BENCH_OPT -no-pie $cflags sqlite3.o speedtest1.o \
      -o speedtest1 $ldflags -lm -lpthread -ldl
  }
  cd "$OUT"
}

# use_run NAME WHAT ARGS...: run OUT/use/NAME/speedtest1 ARGS under qemu
# with the plugin: OUT/use/NAME/WHAT.pages and WHAT.insns.
use_run () {
  local dir=$OUT/use/$1 what=$2
  shift 2
  cd "$dir"
  rm -f "$what.pages" "$what.insns"
  MIP_PROFILE_FILENAME=$dir/$what.mipraw mip_run "$what.log" "$USE_QEMU" \
    -plugin "$OUT/use/qemu-trace.so,pages=$dir/$what.pages,insns=$dir/$what.insns" \
    ./speedtest1 "$@" --memdb --singlethread
  cd "$OUT"
}

# The pages of WHAT.pages inside the .text of NAME's program.
use_text_pages () {
  local dir=$OUT/use/$1 lo size hi page address n=0
  read -r lo size < <(readelf -SW "$dir/speedtest1" | awk '{
    for (i = 1; i < NF; i++) if ($i == ".text") { print $(i + 2), $(i + 4); exit } }')
  lo=$((16#$lo))
  hi=$((lo + 16#$size))
  while read -r page; do
    address=$((16#$page * 4096))
    if [ $((address + 4096)) -gt "$lo" ] && [ "$address" -lt "$hi" ]; then
      n=$((n + 1))
    fi
  done <"$dir/$2.pages"
  echo "$n"
}

# use_link_offset NAME OFFSET: NAME's objects linked again, with OFFSET
# bytes of padding ahead of all their code (a .text.unlikely section of
# the first object on the command line, which GNU ld places first), into
# OUT/use/NAME/speedtest1.at-OFFSET: the same code, every function
# OFFSET bytes further.
use_link_offset () {
  local dir=$OUT/use/$1 offset=$2
  cd "$dir"
  printf '\t.section .text.unlikely.bench_padding,"ax",@progbits\n\t.skip %d,0x90\n\t.section .note.GNU-stack,"",@progbits\n' \
    "$offset" >padding.s
  # shellcheck disable=SC2086 # flags are words
  {
    mip_run build.log $CC -c padding.s -o padding.o
    mip_run build.log $CC $BENCH_OPT -no-pie padding.o sqlite3.o speedtest1.o \
      -o "speedtest1.at-$offset" -lm -lpthread -ldl
  }
  cd "$OUT"
}

# use_wall NAME: NAME's wall time with BENCH_USE_TIME, in seconds, into
# OUT/use/NAME/wall: for each code offset of BENCH_USE_OFFSETS, the best
# of BENCH_TIME_RUNS native runs, then the mean over the offsets.  On
# some processors the alignment of one loop moves a run's time far more
# than anything a profile does: plain -O2's speedtest1 spends 0.06 s or
# 0.21 s in test 110 of --testset orm as its code moves by 16 bytes, so
# the time of a single link is a lottery between builds.
use_wall () {
  local dir=$OUT/use/$1 offset times=''
  for offset in $BENCH_USE_OFFSETS; do
    use_link_offset "$1" "$offset"
    cd "$dir"
    # shellcheck disable=SC2086 # the arguments are words
    times="$times $(MIP_PROFILE_FILENAME=$dir/wall.mipraw best_wall_time /dev/null \
      "./speedtest1.at-$offset" $BENCH_USE_TIME --memdb --singlethread)"
    rm -f wall.mipraw "speedtest1.at-$offset"
    cd "$OUT"
  done
  echo "$times" | awk '{ for (i = 1; i <= NF; i++) s += $i; printf "%.3f\n", s / NF }' \
    >"$dir/wall"
}

# NAME's wall time, or - when not measured.
use_wall_time () {
  if [ -f "$OUT/use/$1/wall" ]; then cat "$OUT/use/$1/wall"; else echo -; fi
}

use_insns () {
  awk '$1 == "insns" { print $2 }' "$OUT/use/$1/$2.insns"
}

use_text_size () {
  size -A "$OUT/use/$1/speedtest1" | awk '$1 == ".text" { print $2 }'
}

use_builds () {
  local profile=$OUT/use/mip.mip
  mip_say "profile use: building speedtest1 plain, MIP full and gcc -fprofile-generate"
  use_build plain "" ""
  use_build mipgen "-fplugin=$MIP_PLUGIN -fplugin-arg-mip-generate" \
    "-L$(mip_runtime_libdir) -lmip"
  rm -rf "$OUT/use/pgo"
  use_build pgo "-fprofile-generate" "-fprofile-generate"
  mip_say "profile use: training runs ($BENCH_USE_TRAIN)"
  # shellcheck disable=SC2086 # the arguments are words
  {
    use_run plain train $BENCH_USE_TRAIN
    use_run mipgen train $BENCH_USE_TRAIN
    use_run pgo train $BENCH_USE_TRAIN
  }
  rm -f "$profile"
  mip_run "$OUT/use/mipdata.log" "$MIPDATA" create -p "$profile" \
    "$OUT/use/mipgen/speedtest1"
  mip_run "$OUT/use/mipdata.log" "$MIPDATA" merge -p "$profile" \
    "$OUT/use/mipgen/train.mipraw"
  mip_say "profile use: building with the profiles"
  use_build mipuse "-fplugin=$MIP_PLUGIN -fplugin-arg-mip-use=$profile" ""
  use_build miplayout "-fplugin=$MIP_PLUGIN -fplugin-arg-mip-use=$profile -fplugin-arg-mip-use-layout-only" ""
  use_build mipchains "-fplugin=$MIP_PLUGIN -fplugin-arg-mip-use=$profile -fplugin-arg-mip-use-layout=call-chains" ""
  # -fprofile-use finds the .gcda files beside the objects it rebuilds.
  cp "$OUT/use/pgo/speedtest1" "$OUT/use/pgo/speedtest1.generate"
  use_build pgo "-fprofile-use -Wno-missing-profile" ""
  mip_say "profile use: measured runs ($BENCH_USE_MEASURE)"
  # shellcheck disable=SC2086
  {
    use_run plain measure $BENCH_USE_MEASURE
    use_run mipuse measure $BENCH_USE_MEASURE
    use_run miplayout measure $BENCH_USE_MEASURE
    use_run mipchains measure $BENCH_USE_MEASURE
    use_run pgo measure $BENCH_USE_MEASURE
  }
  local set name
  for set in $BENCH_USE_EACH; do
    mip_say "profile use: test set $set alone (--size $BENCH_USE_EACH_SIZE)"
    for name in $USE_BUILDS; do
      use_run "$name" "each-$set" --testset "$set" --size "$BENCH_USE_EACH_SIZE"
    done
  done
  mip_say "profile use: the training workload again, on the use builds"
  # shellcheck disable=SC2086
  {
    use_run mipuse same $BENCH_USE_TRAIN
    use_run miplayout same $BENCH_USE_TRAIN
    use_run mipchains same $BENCH_USE_TRAIN
    use_run pgo same $BENCH_USE_TRAIN
  }
  mip_say "profile use: start-up ($BENCH_USE_STARTUP)"
  for name in $USE_BUILDS; do
    # shellcheck disable=SC2086
    use_run "$name" startup $BENCH_USE_STARTUP
  done
  if [ "${BENCH_TIME_RUNS:-3}" -gt 0 ]; then
    mip_say "profile use: wall time ($BENCH_USE_TIME, best of ${BENCH_TIME_RUNS:-3})"
    for name in $USE_BUILDS; do
      use_wall "$name"
    done
  fi
}

use_title () {
  case $1 in
    plain) echo "plain" ;;
    mipuse) echo "MIP use (full profile)" ;;
    miplayout) echo "MIP use, layout only" ;;
    mipchains) echo "MIP use, call chains" ;;
    pgo) echo "gcc -fprofile-use" ;;
  esac
}

# The pages each test set of BENCH_USE_EACH touches run alone, per build.
print_use_each () {
  local set name line
  [ -n "$BENCH_USE_EACH" ] || return 0
  line=$(printf '  %-26s' build)
  for set in $BENCH_USE_EACH; do
    line="$line$(printf ' %9s %8s' "$set" '+%')"
  done
  echo "  text pages of each other test set run alone (--testset SET --size $BENCH_USE_EACH_SIZE):"
  echo "$line"
  for name in $USE_BUILDS; do
    line=$(printf '  %-26s' "$(use_title "$name")")
    for set in $BENCH_USE_EACH; do
      line="$line$(printf ' %9s %8s' "$(use_text_pages "$name" "each-$set")" \
        "$(percent "$(use_text_pages "$name" "each-$set")" \
                   "$(use_text_pages plain "each-$set")")")"
    done
    echo "$line"
  done
}

print_use () {
  local name title pages insns text ref_pages ref_insns ref_text
  echo
  echo "== profile use: speedtest1 on x86-64 ($BENCH_OPT -fno-pie -no-pie; runs under $USE_QEMU) =="
  if [ -f "$OUT/use/skipped" ]; then
    echo "skipped: $(cat "$OUT/use/skipped")"
    return
  fi
  local same same_pages ref_same startup ref_startup wall ref_wall
  ref_pages=$(use_text_pages plain measure)
  ref_insns=$(use_insns plain measure)
  ref_text=$(use_text_size plain)
  ref_same=$(use_text_pages plain train)
  ref_startup=$(use_text_pages plain startup)
  ref_wall=$(use_wall_time plain)
  printf '  %-26s %11s %8s %14s %8s %9s %8s %12s %8s %9s %8s %7s %8s\n' build "text pages" '+%' \
    instructions '+%' .text '+%' "pages train" '+%' start-up '+%' 'wall s' '+%'
  for name in $USE_BUILDS; do
    title=$(use_title "$name")
    pages=$(use_text_pages "$name" measure)
    insns=$(use_insns "$name" measure)
    text=$(use_text_size "$name")
    same=same
    [ "$name" = plain ] && same=train
    same_pages=$(use_text_pages "$name" "$same")
    startup=$(use_text_pages "$name" startup)
    wall=$(use_wall_time "$name")
    printf '  %-26s %11s %8s %14s %8s %9s %8s %12s %8s %9s %8s %7s %8s\n' "$title" "$pages" \
      "$(percent "$pages" "$ref_pages")" "$insns" \
      "$(percent "$insns" "$ref_insns")" "$text" \
      "$(percent "$text" "$ref_text")" "$same_pages" \
      "$(percent "$same_pages" "$ref_same")" "$startup" \
      "$(percent "$startup" "$ref_startup")" "$wall" \
      "$(percent "$wall" "$ref_wall")"
  done
  print_use_each
  echo "  collecting the profile (training run, instructions):"
  ref_insns=$(use_insns plain train)
  printf '  %-26s %14s\n' plain "$ref_insns"
  for name in mipgen pgo; do
    case $name in
      mipgen) title="MIP full" ;;
      pgo) title="gcc -fprofile-generate" ;;
    esac
    insns=$(use_insns "$name" train)
    printf '  %-26s %14s %8s\n' "$title" "$insns" \
      "$(percent "$insns" "$ref_insns")"
  done
  echo "training run: speedtest1 $BENCH_USE_TRAIN; measured run: speedtest1 $BENCH_USE_MEASURE"
  echo "  (--memdb --singlethread).  text pages: distinct 4 KiB pages of the program's .text"
  echo "  holding an instruction the measured run executed (pages train: those of a run of the"
  echo "  training workload itself, on each build; start-up: those of speedtest1 $BENCH_USE_STARTUP,"
  echo "  which opens the database, runs one trivial test and exits); instructions: executed by the whole"
  echo "  run, C library included (both by scripts/qemu-trace.c under qemu-user: exact and"
  echo "  repeatable); wall s: the best of ${BENCH_TIME_RUNS:-3} native runs of speedtest1 $BENCH_USE_TIME,"
  echo "  in seconds, averaged over the program linked with its code moved by each of"
  echo "  $BENCH_USE_OFFSETS bytes (code alignment alone can move it by tens of percent;"
  echo "  still noisy: a difference of a few percent is not one)."
}

bench_use () {
  local problem
  [ "$BENCH_USE" = 1 ] || return 0
  rm -rf "$OUT/use"
  mkdir -p "$OUT/use"
  problem=$(use_problem)
  if [ -n "$problem" ]; then
    printf '%s\n' "$problem" >"$OUT/use/skipped"
  else
    use_builds
  fi
  print_use | tee -a "$OUT/report.txt"
}
