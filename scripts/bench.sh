#!/bin/bash
# bench.sh - `make bench`: measure what MIP costs on real code, against a
# plain build and GCC's own instrumentation.  For SQLite's speedtest1 and
# zlib's minigzip, built with the same flags (default -O2) as: plain, MIP
# function-coverage, MIP block-coverage, MIP full, MIP full with atomic
# call counts (-fplugin-arg-mip-atomic), gcc --coverage, gcc
# -fprofile-generate and gcc -finstrument-functions (with empty hooks, for
# reference), it reports .text size, stripped file size (a plain strip,
# which removes MIP's map with the debug information), raw profile size,
# instructions executed
# (callgrind's Ir) and their growth over plain, and for the MIP modes the
# extra instructions executed per call into instrumented code:
#   (Ir of the mode - Ir of plain) / calls into the program's own functions
# where the calls are counted by callgrind in the plain build, and the
# share of blocks that carry a probe ('mipdata info': "Blocks Probed"; the
# others are inferred), also at -O0 for reference.  The budgets of the
# issue are printed beside the numbers: function-coverage .text <= +1.5%,
# stripped <= +2%, <= 1.05 extra instructions per call; block-coverage
# and full below gcc --coverage in .text and instructions (the block
# probes themselves are held to the proven minimum instead: see the
# oracle's table).  Wall times of a few runs are
# shown too, labelled noisy.  It measures, never asserts.
#
# With block-coverage among the variants it also compiles each program's
# sources once more in that mode with the plugin's pass dump and has
# scripts/probe-oracle.py compute, by the method of Chen et al. ("Minimum
# Coverage Instrumentation", arXiv 2208.13907), the fewest probes that
# give the same block coverage: the table "block probes against the
# minimum" shows blocks, our probes, the oracle's minimum (and the
# ambiguous blocks, which no placement spares) and probes / minimum; the
# functions that differ are listed in OUT/PROGRAM/oracle/differences.txt.
# With block-count among them, the same for its counters:
# scripts/counter-oracle.py computes the fewest counters that give every
# block's count (the table "block counters against the minimum";
# OUT/PROGRAM/counter-oracle/differences.txt).
#
# Then, for each Arm target of BENCH_CROSS, the table "Arm targets": both
# programs built with the target's cross compiler (BENCH_OPT and the
# target's instruction-set flags, mip_cross_flags) plain, MIP
# function-coverage, block-coverage, full, full -atomic (not on thumb1,
# which has no ldrex) and gcc --coverage, with .text
# and stripped size measured by the target's own TRIPLET-size and
# TRIPLET-strip and their growth over plain, and whether each program,
# run under qemu-user, gives the same result as the plain build of the
# target: speedtest1's "Verification Hash" (--verify), minigzip's -6
# output of the input and its round trip.  valgrind does not run under
# qemu: the instructions those runs execute are counted by qemu itself,
# through a TCG plugin (scripts/qemu-trace.c, built here with the
# host compiler), and shown with their growth over plain.  Wall times are
# not measured there (qemu's times say nothing of the hardware's); a note
# under the table says so.  A target that cannot be built or run here (no cross compiler,
# MIP not built for it, no qemu, no binutils, a plugin that refuses to
# instrument) is one line "TARGET: skipped: REASON".
#
# Last, the tables "profile use" (scripts/bench-use.sh): SQLite's
# speedtest1, the sqlite3 shell, Lua 5.4's interpreter and xz (liblzma
# and the xz command; Debian's source packages lua5.4 and xz-utils,
# fetched by fetch-sources.sh when their tables are wanted) on x86-64
# plain, built with a MIP profile (-fplugin-arg-mip-use), with gcc
# -fprofile-use and with the MIP block-count profile exported as GCC's
# AutoFDO profile (-fauto-profile), each trained on one workload and
# measured on another: the text pages the measured run touches and the
# instructions it executes, counted under qemu-user, .text, the pages of
# the training workload and of start-up, the wall time (not the
# shell's), whether the measured run's result is plain's, and what
# collecting each profile cost (BENCH_USE, BENCH_USE_TRAIN,
# BENCH_USE_MEASURE, BENCH_USE_LUA, BENCH_USE_XZ ... there).
#
# The table "runtime fixed cost" comes first: an empty main compiled
# (BENCH_OPT) plain and in each MIP mode, the modes linked with -lmip
# after the object, natively and with each Arm target's cross compiler
# (BENCH_CROSS): .text, .data, .bss, the records (__mip_raw) and the
# caller sample table's sections, with what each mode adds to plain;
# the budget of the coverage modes on x86-64 beside them (<= 1.5 KB of
# .text, <= 64 B of .data + .bss).  Then the function-coverage rows of
# speedtest1 and of Lua 5.4 (Debian's source package lua5.4, fetched by
# fetch-sources.sh; BENCH_LUA=0 skips it): .text and stripped size
# against plain, with their budgets (+1.5% and +2%; Lua +3.5% .text).
# `bench.sh fixed-cost` prints only that part, `bench.sh use` only the
# profile-use tables, `bench.sh cross` only the Arm targets' table with
# its budgets.  It ends with the
# firmware table: examples/firmware's flash and RAM on Cortex-M, plain,
# in each mode (saving its profile itself, or read by a debugger) and
# with gcc --coverage, against the budget of function coverage there
# (`bench.sh firmware` prints only that table).
#
# Then the merge table (scripts/bench-merge.sh): mipdata merge and
# llvm-profdata merge adding up 2,000 raw profiles of a generated
# 20,000-function program, their seconds, MB/s, files/s and peak memory
# (BENCH_MERGE_* there).
#
# Last, the heap tables (scripts/bench-heap.sh; BENCH_HEAP=0 skips them,
# `bench.sh heap` prints only them): Lua 5.4 running an allocation-heavy
# script, built plain and with the heap option
# (-fplugin-arg-mip-generate=heap), against heaptrack and valgrind's
# massif: instructions (callgrind's Ir) and their growth over plain,
# wall time (noisy), the MIP build's .text and stripped size, libmip's
# share of the instructions, the budgets (MIP heap's Ir <= +15% of
# plain's, its extra Ir <= 1/10 of heaptrack's), and per allocation
# site MIP's blocks and bytes beside heaptrack's (BENCH_HEAP_N there).
#
# Environment: MIP_PLUGIN, MIP_RUNTIME_DIR, MIPDATA, MIP_WORK, CC,
#   MIP_CROSS_PLUGIN_DIR, MIP_GCC_MAJOR (the cross plugins; mip_cross_setup)
#   BENCH_OPT          flags of every build (default -O2)
#   BENCH_VARIANTS     default "plain fcov bcov full bcnt fullatomic gcov
#                      pgen finst"
#   BENCH_PROBED_OPT   flags of the extra builds that only count probed
#                      blocks (default -O0; empty skips them)
#   BENCH_PROGRAMS     default "speedtest1 minigzip"
#   BENCH_SIZE         speedtest1 --size under callgrind (default 10)
#   BENCH_TIME_SIZE    speedtest1 --size for wall time (default 50)
#   BENCH_TIME_RUNS    runs for wall time (default 3; 0 skips timing)
#   BENCH_ORACLE       1 (default) compares the probes with the oracle's
#                      minimum when bcov is built, and the counters with
#                      theirs when bcnt is; 0 skips it (needs python3)
#   BENCH_CROSS        Arm targets of the cross table (default "aarch64
#                      arm thumb2 thumb1"; empty skips the table);
#                      speedtest1 runs there with --size BENCH_SIZE
#   BENCH_LUA          1 (default) adds Lua 5.4's function-coverage row
#                      to the fixed-cost table; 0 skips it
#   BENCH_HEAP         1 (default) ends with the heap tables; 0 skips them
#   BENCH_HEAP_N       the heap tables' Lua workload size (default 100000)
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu
MIP_SCRIPT_NAME=bench
here=$(cd "$(dirname "$0")" && pwd)
. "$here/mip-lib.sh"
. "$here/bench-use.sh"

BENCH_OPT=${BENCH_OPT:--O2}
BENCH_VARIANTS=${BENCH_VARIANTS:-plain fcov bcov full bcnt fullatomic gcov pgen finst}
BENCH_PROBED_OPT=${BENCH_PROBED_OPT--O0}
BENCH_PROGRAMS=${BENCH_PROGRAMS:-speedtest1 minigzip}
BENCH_SIZE=${BENCH_SIZE:-10}
BENCH_TIME_SIZE=${BENCH_TIME_SIZE:-50}
BENCH_TIME_RUNS=${BENCH_TIME_RUNS:-3}
BENCH_ORACLE=${BENCH_ORACLE:-1}
BENCH_CROSS=${BENCH_CROSS-aarch64 arm thumb2 thumb1}
BENCH_LUA=${BENCH_LUA:-1}
BENCH_HEAP=${BENCH_HEAP:-1}
OUT=$MIP_WORK/bench

# Budget of the block-count mode's instructions (growth over plain).
BUDGET_COUNT_IR_PERCENT=25
# Budgets of the function-coverage mode (growth over plain).
BUDGET_TEXT_PERCENT=1.5
BUDGET_STRIPPED_PERCENT=2
BUDGET_IR_PER_CALL=1.05
# The runtime's fixed cost in the coverage modes (x86-64, bytes beyond
# plain; the records not counted) and Lua's .text growth.
BUDGET_FIXED_TEXT=1536
BUDGET_FIXED_DATA=64
BUDGET_LUA_TEXT_PERCENT=3.5
# speedtest1's .text growth on the Arm targets: function coverage per
# instruction set (the floors measured there), block coverage on 32-bit
# Arm (ARM state and Thumb-2; Thumb-1 has none).
BUDGET_CROSS_FCOV_TEXT_aarch64=1.8
BUDGET_CROSS_FCOV_TEXT_arm=3.2
BUDGET_CROSS_FCOV_TEXT_thumb2=3.2
BUDGET_CROSS_FCOV_TEXT_thumb1=4.0
BUDGET_CROSS_BCOV_TEXT_arm=35
BUDGET_CROSS_BCOV_TEXT_thumb2=35

# ---- building --------------------------------------------------------------
# -finstrument-functions needs the two hooks; empty ones measure only the
# cost of calling them.
write_finstrument_hooks () {
  cat >"$OUT/finstrument-hooks.c" <<'EOF'
/* Empty hooks for gcc -finstrument-functions (generated by bench.sh).  */
__attribute__ ((no_instrument_function)) void
__cyg_profile_func_enter (void *function, void *call_site)
{ (void) function; (void) call_site; }
__attribute__ ((no_instrument_function)) void
__cyg_profile_func_exit (void *function, void *call_site)
{ (void) function; (void) call_site; }
EOF
  # shellcheck disable=SC2086 # CC may be several words
  mip_run "$OUT/build.log" $CC -O2 -c "$OUT/finstrument-hooks.c" \
    -o "$OUT/finstrument-hooks.o"
}

build_variant () {
  local program=$1 variant=$2 dir=$OUT/$1/$2 hooks=
  [ "$variant" = finst ] && hooks=$OUT/finstrument-hooks.o
  case $program in
    speedtest1)
      (LDFLAGS_EXTRA=$hooks mip_build_speedtest "$dir" "$BENCH_OPT" "$variant") ;;
    minigzip)
      (LDFLAGS_EXTRA=$hooks mip_build_zlib "$dir" "$BENCH_OPT" "$variant") ;;
  esac
}

# The builds at BENCH_PROBED_OPT, only for 'mipdata info'.
build_probed_variant () {
  local program=$1 variant=$2 dir=$OUT/$1/probed-$2
  case $program in
    speedtest1) mip_build_speedtest "$dir" "$BENCH_PROBED_OPT" "$variant" ;;
    minigzip) mip_build_zlib "$dir" "$BENCH_PROBED_OPT" "$variant" ;;
  esac
}

# The sources of PROGRAM, for the oracle's dumps.
program_sources () {
  local name
  case $1 in
    speedtest1)
      echo "$MIP_WORK/src/sqlite-amalgamation/sqlite3.c"
      echo "$MIP_WORK/src/sqlite-amalgamation/speedtest1.c" ;;
    minigzip)
      for name in $MIP_ZLIB_SOURCES test/minigzip; do
        echo "$MIP_WORK/src/zlib/$name.c"
      done ;;
  esac
}

# True when the probes (with bcnt: the counters) are to be compared with
# the oracle's minimum.
oracle_wanted () {
  [ "$BENCH_ORACLE" = 1 ] && case " $BENCH_VARIANTS " in *" ${1:-bcov} "*) ;; *) false ;; esac
}

# The plugin's pass dumps of PROGRAM in the block-coverage mode, with the
# flags of the measured build: -fdump-rtl-all-details=/dev/null sends
# GCC's own passes' dumps to /dev/null, while the plugin's passes, which
# register later, write theirs next to the object (FILE.c.*r.mip).  The
# oracle reads them; OUT/PROGRAM/oracle/oracle.txt keeps its totals.
oracle_dumps () {
  local program=$1 variant=${2:-bcov} oracle=${3:-probe-oracle.py}
  local dir=$OUT/$1/${4:-oracle} src name defines=
  [ "$program" = minigzip ] && defines=-D_LARGEFILE64_SOURCE=1
  rm -rf "$dir"
  mkdir -p "$dir"
  cd "$dir"
  while read -r src; do
    name=$(basename "$src" .c)
    # shellcheck disable=SC2046,SC2086
    mip_run build.log $CC $BENCH_OPT $(mip_variant_cflags "$variant") \
      $defines -I"$(dirname "$src")" \
      -fdump-rtl-all-details=/dev/null -c "$src" -o "$name.o"
  done < <(program_sources "$program")
  python3 "$here/$oracle" --differences ./*r.mip >differences.txt \
    2>>build.log || mip_die "$oracle failed on $dir (see build.log)"
  grep '^total' differences.txt >oracle.txt
  rm -f ./*r.mip ./*r.mip-early ./*r.mip-final ./*.o
}

# The MIP modes that record blocks, among BENCH_VARIANTS.
block_variants () {
  local variant
  for variant in $BENCH_VARIANTS; do
    case $variant in bcov | full | bcnt) printf '%s ' "$variant" ;; esac
  done
}

build_all () {
  local program variant
  mip_say "building with $BENCH_OPT: $BENCH_PROGRAMS x ($BENCH_VARIANTS)"
  for program in $BENCH_PROGRAMS; do
    for variant in $BENCH_VARIANTS; do
      mip_spawn "$program-$variant" build_variant "$program" "$variant"
    done
  done
  if oracle_wanted; then
    mip_say "dumping the block plans of $BENCH_PROGRAMS for the probe oracle"
    for program in $BENCH_PROGRAMS; do
      mip_spawn "$program-oracle" oracle_dumps "$program"
    done
  fi
  if oracle_wanted bcnt; then
    mip_say "dumping the counter plans of $BENCH_PROGRAMS for the counter oracle"
    for program in $BENCH_PROGRAMS; do
      mip_spawn "$program-counter-oracle" oracle_dumps "$program" bcnt \
        counter-oracle.py counter-oracle
    done
  fi
  if [ -n "$BENCH_PROBED_OPT" ] && [ -n "$(block_variants)" ]; then
    mip_say "building with $BENCH_PROBED_OPT to count probed blocks: $BENCH_PROGRAMS x ($(block_variants))"
    for program in $BENCH_PROGRAMS; do
      for variant in $(block_variants); do
        mip_spawn "$program-probed-$variant" build_probed_variant "$program" "$variant"
      done
    done
  fi
  mip_wait_all || mip_die "builds failed (logs in $OUT/*/*/build.log)"
}

# ---- running -----------------------------------------------------------------
# The command line of one measured run of PROGRAM (run in its directory).
run_command () {
  case $1 in
    speedtest1) echo "./speedtest1 --size $2 --memdb --singlethread" ;;
    minigzip) echo "./minigzip -c -6" ;;
  esac
}

bench_input () {
  case $1 in
    speedtest1) echo /dev/null ;;
    minigzip) echo "$OUT/input.dat" ;;
  esac
}

make_input () {
  [ -s "$OUT/input.dat" ] && return
  cat "$MIP_WORK/src/sqlite-amalgamation/sqlite3.c" "$MIP_WORK"/src/zlib/*.c \
    >"$OUT/input.dat"
}

# One run under callgrind: DIR/callgrind.out, DIR/raw.mipraw, DIR/*.gcda.
measure_instructions () {
  local program=$1 variant=$2 dir=$OUT/$1/$2 input command
  local -a words
  command=$(run_command "$program" "$BENCH_SIZE")
  read -r -a words <<<"$command"
  input=$(bench_input "$program")
  cd "$dir"
  rm -f ./*.gcda raw.mipraw callgrind.out
  if ! MIP_PROFILE_FILENAME=$dir/raw.mipraw valgrind --tool=callgrind \
       --compress-strings=no --callgrind-out-file="$dir/callgrind.out" \
       "${words[@]}" <"$input" >/dev/null 2>"$dir/run.log"; then
    tail -n 20 "$dir/run.log" >&2
    mip_die "command failed: (cd $dir && MIP_PROFILE_FILENAME=$dir/raw.mipraw valgrind --tool=callgrind $command <$input)"
  fi
  cd "$OUT"
}

# best_wall_time INPUT COMMAND...: the best wall time of BENCH_TIME_RUNS
# runs of COMMAND in the current directory, standard input from INPUT,
# in seconds; a failing run stops bench.
best_wall_time () {
  local input=$1 best='' start end t
  shift
  for _ in $(seq "$BENCH_TIME_RUNS"); do
    start=$(date +%s.%N)
    "$@" <"$input" >/dev/null 2>&1 \
      || mip_die "command failed: (cd $(pwd) && $* <$input)"
    end=$(date +%s.%N)
    t=$(echo "$start $end" | awk '{ printf "%.3f", $2 - $1 }')
    best=$(echo "${best:-$t} $t" | awk '{ print ($2 < $1) ? $2 : $1 }')
  done
  echo "$best"
}

# Best of BENCH_TIME_RUNS wall times, in seconds.
measure_time () {
  local program=$1 variant=$2 dir=$OUT/$1/$2 input command best
  local -a words
  command=$(run_command "$program" "$BENCH_TIME_SIZE")
  read -r -a words <<<"$command"
  input=$(bench_input "$program")
  cd "$dir"
  best=$(MIP_PROFILE_FILENAME=$dir/time.mipraw best_wall_time "$input" \
    "${words[@]}")
  rm -f ./*.gcda time.mipraw
  cd "$OUT"
  echo "$best"
}

# ---- measuring -----------------------------------------------------------------
text_size () {
  size -A "$1" | mip_script_data size-sections .text
}

# stripped_size BINARY [STRIP-OPTIONS]
stripped_size () {
  local binary=$1
  shift
  cp "$binary" "$binary.stripped"
  strip "$@" "$binary.stripped"
  wc -c <"$binary.stripped" | tr -d ' '
  rm -f "$binary.stripped"
}

raw_profile_size () {
  local dir=$1 variant=$2
  case $variant in
    fcov | bcov | full | bcnt | fullatomic) [ -f "$dir/raw.mipraw" ] && wc -c <"$dir/raw.mipraw" | tr -d ' ' || echo - ;;
    gcov | pgen) cat "$dir"/*.gcda 2>/dev/null | wc -c | tr -d ' ' ;;
    *) echo - ;;
  esac
}

# Calls callgrind saw into functions defined in the program itself (its
# own code, not libc's; the .cold parts of split functions excluded).
calls_into_program () {
  local dir=$1 program=$2
  nm --defined-only "$dir/$program" | awk '$2 ~ /^[tTwW]$/ { print $3 }' \
    | grep -v '\.cold$' | sort -u >"$dir/own-functions.txt"
  callgrind_calls "$dir/callgrind.out" >"$dir/calls.txt"
  awk -F '\t' 'NR == FNR { own[$1] = 1; next } ($1 in own) { n += $2 }
               END { print n + 0 }' "$dir/own-functions.txt" "$dir/calls.txt"
}

# The calls MIP's full mode counted in the same run (a cross-check of the
# callgrind count above), or "-" when that is not available.
calls_counted_by_mip () {
  local dir=$OUT/$1/full
  [ -s "$dir/raw.mipraw" ] || { echo -; return; }
  (cd "$dir" \
   && rm -f raw.mip \
   && "$MIPDATA" create -p raw.mip "$1" >mipdata.log 2>&1 \
   && "$MIPDATA" merge -p raw.mip raw.mipraw >>mipdata.log 2>&1 \
   && "$MIPDATA" show -p raw.mip --json 2>>mipdata.log) \
    | mip_show_counts /dev/stdin | awk -F '\t' '{ n += $2 } END { print n + 0 }' \
    || echo -
}

# blocks_probed DIR PROGRAM: "N% (probes/blocks)" from 'mipdata info' on a
# profile made from DIR/PROGRAM, or "-" when the build records no blocks.
blocks_probed () {
  local dir=$1 program=$2
  rm -f "$dir/info.mip"
  "$MIPDATA" create -p "$dir/info.mip" "$dir/$program" >>"$dir/mipdata.log" 2>&1 \
    || { echo -; return; }
  "$MIPDATA" info -p "$dir/info.mip" 2>>"$dir/mipdata.log" | awk -F ': *' '
    $1 == "Blocks" { blocks = $2 }
    $1 == "Probes" { probes = $2 }
    $1 == "Blocks Probed" { share = $2 }
    END {
      if (share == "" || share == "-" || blocks == 0) print "-"
      else printf "%s (%s/%s)\n", share, probes, blocks
    }'
}

percent () {
  awk -v a="$1" -v b="$2" 'BEGIN {
    if (a == "-" || b == "-" || b == 0) print "-"; else printf "%+.2f%%", (a - b) * 100 / b }'
}

# results.tsv: one line per build under a line naming its columns (read
# by name: results_select): program, variant, .text, stripped, raw, Ir,
# wall, blocks probed (at BENCH_OPT and at BENCH_PROBED_OPT).
RESULTS_COLUMNS="program variant text stripped raw ir wall probed probed_ref"

start_results () {
  local name line=
  for name in $RESULTS_COLUMNS; do
    line=$line${line:+$'\t'}$name
  done
  printf '%s\n' "$line" >"$OUT/results.tsv"
}

# results_select [--where|--unless COLUMN=VALUE]... COLUMN...: those
# columns of the rows of results.tsv chosen (scripts/script-data.py
# tsv-select), tab-separated.
results_select () {
  mip_script_data tsv-select "$OUT/results.tsv" "$@"
}

# One line of results.tsv, in the order of RESULTS_COLUMNS.
collect () {
  local program=$1 variant=$2 dir=$OUT/$1/$2 wall=- raw probed=- probed_ref=-
  measure_instructions "$program" "$variant"
  raw=$(raw_profile_size "$dir" "$variant")
  if [ "$BENCH_TIME_RUNS" -gt 0 ]; then
    wall=$(measure_time "$program" "$variant")
  fi
  case $variant in
    bcov | full | bcnt)
      probed=$(blocks_probed "$dir" "$program")
      [ -x "$OUT/$program/probed-$variant/$program" ] \
        && probed_ref=$(blocks_probed "$OUT/$program/probed-$variant" "$program") ;;
  esac
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$program" "$variant" \
    "$(text_size "$dir/$program")" "$(stripped_size "$dir/$program")" \
    "$raw" "$(callgrind_total_ir "$dir/callgrind.out")" "$wall" \
    "$probed" "$probed_ref" >>"$OUT/results.tsv"
}

# ---- reporting -------------------------------------------------------------------
print_table () {
  local program=$1 plain_text plain_stripped plain_ir calls
  local variant text stripped raw ir wall extra
  read -r plain_text plain_stripped plain_ir < <(results_select \
    --where program="$program" --where variant=plain text stripped ir)
  calls=$(calls_into_program "$OUT/$program/plain" "$program")
  echo
  echo "== $program ($BENCH_OPT; run: $(run_command "$program" "$BENCH_SIZE")) =="
  echo "calls into the program's own functions: $calls (callgrind, plain build); $(calls_counted_by_mip "$program") (MIP full mode's call counts)"
  printf '%-27s %8s %8s %8s %8s %7s %11s %8s %7s %6s\n' build .text '+%' \
    stripped '+%' 'raw' 'Ir' '+%' 'Ir/call' 'wall*'
  while IFS=$'\t' read -r variant text stripped raw ir wall; do
    extra=-
    case $variant in
      plain) ;;
      *) extra=$(awk -v a="$ir" -v b="$plain_ir" -v c="$calls" \
           'BEGIN { if (c > 0) printf "%.3f", (a - b) / c; else print "-" }') ;;
    esac
    printf '%-27s %8s %8s %8s %8s %7s %11s %8s %7s %6s\n' \
      "$(mip_variant_title "$variant")" "$text" "$(percent "$text" "$plain_text")" \
      "$stripped" "$(percent "$stripped" "$plain_stripped")" "$raw" "$ir" \
      "$(percent "$ir" "$plain_ir")" "$extra" "$wall"
  done < <(results_select --where program="$program" variant text stripped \
             raw ir wall)
  print_probed "$program"
  print_budgets "$program" "$plain_text" "$plain_stripped" "$plain_ir" "$calls"
}

print_probed () {
  local program=$1 rows
  rows=$(results_select --where program="$program" --unless probed=- \
    --unless probed= variant probed probed_ref)
  [ -n "$rows" ] || return 0
  printf 'blocks probed (mipdata info; the rest are inferred):  %-22s %s\n' \
    "$BENCH_OPT" "${BENCH_PROBED_OPT:-(not built)}"
  printf '%s\n' "$rows" | while IFS=$'\t' read -r variant probed probed_ref; do
      printf '  %-50s %-22s %s\n' "$(mip_variant_title "$variant")" "$probed" "$probed_ref"
    done
}

# The probes of the block-coverage build against the oracle's minimum.
print_oracle () {
  local program functions blocks probes minimum ambiguous
  oracle_wanted || return 0
  echo
  echo "== block probes against the minimum (block-coverage, $BENCH_OPT; scripts/probe-oracle.py) =="
  printf '%-12s %9s %8s %8s %8s %9s %8s %8s\n' program functions blocks probes \
    minimum ambiguous probes% 'ratio'
  for program in $BENCH_PROGRAMS; do
    [ -s "$OUT/$program/oracle/oracle.txt" ] || continue
    IFS=$'\t' read -r _ functions blocks probes minimum ambiguous \
      <"$OUT/$program/oracle/oracle.txt"
    printf '%-12s %9s %8s %8s %8s %9s %7s%% %8s\n' "$program" "$functions" \
      "$blocks" "$probes" "$minimum" "$ambiguous" \
      "$(awk -v a="$probes" -v b="$blocks" 'BEGIN { printf "%.1f", b ? a * 100 / b : 0 }')" \
      "$(awk -v a="$probes" -v b="$minimum" 'BEGIN { if (b) printf "%.4f", a / b; else print "-" }')"
  done
  echo "minimum: the fewest probes for exact block coverage of the same graphs (Chen et al.,"
  echo "  arXiv 2208.13907; the entry block is the function's own probe); ambiguous: blocks"
  echo "  no rule can infer, probed under any placement; ratio = probes / minimum."
  echo "  Functions that differ: $OUT/<program>/oracle/differences.txt."
}

# The counters of the block-count build against the oracle's minimum.
print_counter_oracle () {
  local program functions blocks counters minimum
  oracle_wanted bcnt || return 0
  echo
  echo "== block counters against the minimum (block-count, $BENCH_OPT; scripts/counter-oracle.py) =="
  printf '%-12s %9s %8s %8s %8s %9s %8s\n' program functions blocks counters \
    minimum counters% ratio
  for program in $BENCH_PROGRAMS; do
    [ -s "$OUT/$program/counter-oracle/oracle.txt" ] || continue
    IFS=$'\t' read -r _ functions blocks counters minimum \
      <"$OUT/$program/counter-oracle/oracle.txt"
    printf '%-12s %9s %8s %8s %8s %8s%% %8s\n' "$program" "$functions" \
      "$blocks" "$counters" "$minimum" \
      "$(awk -v a="$counters" -v b="$blocks" 'BEGIN { printf "%.1f", b ? a * 100 / b : 0 }')" \
      "$(awk -v a="$counters" -v b="$minimum" 'BEGIN { if (b) printf "%.4f", a / b; else print "-" }')"
  done
  echo "minimum: the fewest block counters that give every block's count on the same"
  echo "  graphs, for any placement and any way of deriving the rest (the rank of the"
  echo "  block counts over the circulations, less the calls'); ratio = counters / minimum."
  echo "  Functions with more: $OUT/<program>/counter-oracle/differences.txt."
}

# growth PROGRAM VARIANT COLUMN: the growth of COLUMN of results.tsv
# (text, stripped, ir) of VARIANT over plain, in percent, or empty.
growth () {
  local base value
  base=$(results_select --where program="$1" --where variant=plain "$3")
  value=$(results_select --where program="$1" --where variant="$2" "$3")
  awk -v base="$base" -v value="$value" 'BEGIN {
    if (base > 0 && value != "") printf "%.4f\n", (value - base) * 100 / base }'
}

# verdict VALUE LIMIT [strict]: "within" or "OVER".
verdict () {
  awk -v v="$1" -v l="$2" -v strict="${3:-}" 'BEGIN {
    ok = strict ? (v < l) : (v <= l); print ok ? "within" : "OVER" }'
}

print_budgets () {
  local program=$1 plain_ir=$4 calls=$5 ir_per_call fcov_ir
  local fcov_text fcov_stripped gcov_text gcov_ir g_text g_ir variant
  echo "budgets (growth over plain):"
  fcov_text=$(growth "$program" fcov text)
  if [ -n "$fcov_text" ]; then
    fcov_stripped=$(growth "$program" fcov stripped)
    fcov_ir=$(results_select --where program="$program" --where variant=fcov ir)
    ir_per_call=$(awk -v v="$fcov_ir" -v base="$plain_ir" -v c="$calls" 'BEGIN {
      if (c > 0) printf "%.3f\n", (v - base) / c; else print -1 }')
    printf '  %-24s %-30s %+8.2f%%  (<= +%s%%)  %s\n' "function-coverage" ".text" \
      "$fcov_text" "$BUDGET_TEXT_PERCENT" "$(verdict "$fcov_text" "$BUDGET_TEXT_PERCENT")"
    printf '  %-24s %-30s %+8.2f%%  (<= +%s%%)  %s\n' "" "stripped" \
      "$fcov_stripped" "$BUDGET_STRIPPED_PERCENT" "$(verdict "$fcov_stripped" "$BUDGET_STRIPPED_PERCENT")"
    printf '  %-24s %-30s %9s  (<= %s)    %s\n' "" "extra Ir per call" \
      "$ir_per_call" "$BUDGET_IR_PER_CALL" "$(verdict "$ir_per_call" "$BUDGET_IR_PER_CALL")"
  fi
  gcov_text=$(growth "$program" gcov text)
  gcov_ir=$(growth "$program" gcov ir)
  [ -n "$gcov_text" ] || { echo "  (no gcc --coverage build: no block-coverage or full budget)"; return 0; }
  for variant in bcov full bcnt; do
    g_text=$(growth "$program" "$variant" text)
    [ -n "$g_text" ] || continue
    g_ir=$(growth "$program" "$variant" ir)
    printf '  %-24s %-30s %+8.2f%%  (< gcov %+.2f%%)  %s\n' \
      "$(mip_variant_title "$variant" | sed 's/^MIP //')" ".text" \
      "$g_text" "$gcov_text" "$(verdict "$g_text" "$gcov_text" strict)"
    printf '  %-24s %-30s %+8.2f%%  (< gcov %+.2f%%)  %s\n' "" "instructions (Ir)" \
      "$g_ir" "$gcov_ir" "$(verdict "$g_ir" "$gcov_ir" strict)"
    if [ "$variant" = bcnt ]; then
      printf '  %-24s %-30s %+8.2f%%  (<= +%s%%)  %s\n' "" "instructions (Ir)" \
        "$g_ir" "$BUDGET_COUNT_IR_PERCENT" "$(verdict "$g_ir" "$BUDGET_COUNT_IR_PERCENT")"
    fi
  done
}

# ---- Arm targets -------------------------------------------------------------
# The builds of the cross table: every MIP mode, and gcc --coverage for
# reference.
CROSS_VARIANTS="plain fcov bcov full fullatomic gcov"

# Whether VARIANT can be built for TARGET: the atomic counts need ldrex,
# which thumb1 (armv5te) has not (the plugin refuses the option there).
cross_variant_possible () {
  [ "$1 $2" != "thumb1 fullatomic" ]
}

# Stop before any work on a name that is no cross target.
check_cross_names () {
  local target
  for target in $BENCH_CROSS; do
    mip_is_cross_target "$target" \
      || mip_die "BENCH_CROSS: unknown target '$target' (expected aarch64, arm, thumb2 or thumb1)"
  done
}

# Why TARGET cannot be benchmarked here, or nothing when it can: what
# mip_cross_setup rejects, missing binutils, a plugin that refuses.
cross_problem () {
  local target=$1 triplet tool
  mip_cross_setup "$target" || { echo "$MIP_CROSS_PROBLEM"; return; }
  triplet=$(mip_cross_triplet "$target")
  for tool in size strip; do
    command -v "$triplet-$tool" >/dev/null 2>&1 \
      || { echo "no $triplet-$tool (install binutils-$triplet)"; return; }
  done
  mip_cross_refusal "$target"
}

# The targets of BENCH_CROSS that can be benchmarked; each other one gets
# OUT/cross/TARGET.skipped with the reason.
usable_cross_targets () {
  local target problem
  for target in $BENCH_CROSS; do
    problem=$(cross_problem "$target")
    if [ -n "$problem" ]; then
      printf '%s\n' "$problem" >"$OUT/cross/$target.skipped"
    else
      printf '%s ' "$target"
    fi
  done
}

# The compiler options of TARGET's builds.
cross_opt () {
  printf '%s\n' "$BENCH_OPT $(mip_cross_flags "$1")" | sed 's/ *$//'
}

# cross_build_variant TARGET PROGRAM VARIANT: OUT/cross/TARGET/PROGRAM/
# VARIANT/PROGRAM, with TARGET's compiler, plugin and runtime.
cross_build_variant () {
  local target=$1 program=$2 variant=$3 dir=$OUT/cross/$1/$2/$3 builder
  mip_cross_setup "$target" || mip_die "$MIP_CROSS_PROBLEM"
  case $program in
    speedtest1) builder=mip_build_speedtest ;;
    minigzip) builder=mip_build_zlib ;;
  esac
  CC=$MIP_CROSS_CC MIP_PLUGIN=$MIP_CROSS_PLUGIN \
    MIP_RUNTIME_DIR=$MIP_CROSS_RUNTIME_DIR \
    "$builder" "$dir" "$(cross_opt "$target")" "$variant"
}

# The run of PROGRAM on a cross target, whose result is compared.
cross_run_command () {
  case $1 in
    speedtest1) echo "./speedtest1 --verify --size $BENCH_SIZE --memdb --singlethread" ;;
    minigzip) echo "./minigzip -c -6 <input, ./minigzip -d -c" ;;
  esac
}

# cross_run TARGET PROGRAM VARIANT: run the program under qemu in its
# directory; DIR/result.txt holds what must equal the plain build's
# (exit statuses, the hash; the checksum of the compressed input and
# whether the round trip restored it), DIR/run.log the program's
# messages.  A run that fails is recorded, not fatal.
cross_run () {
  local target=$1 program=$2 variant=$3 dir=$OUT/cross/$1/$2/$3 prefix status
  local MIP_CROSS_RUN_PREFIX
  [ -x "$dir/$program" ] || return 0
  mip_cross_setup "$target" || mip_die "$MIP_CROSS_PROBLEM"
  MIP_CROSS_RUN_PREFIX=$MIP_CROSS_QEMU
  prefix=$(mip_run_prefix "$dir/$program")
  cd "$dir"
  rm -f ./*.gcda ./*.mipraw result.txt run.log insns.*
  export MIP_PROFILE_FILENAME=$dir/run.mipraw
  case $program in
    speedtest1)
      status=0
      # shellcheck disable=SC2086 # the prefix is words
      counted insns.1 $prefix ./speedtest1 --verify --size "$BENCH_SIZE" \
        --memdb --singlethread >run.out 2>run.log || status=$?
      echo "speedtest1 exit $status" >>result.txt
      grep '^Verification Hash' run.out >>result.txt \
        || echo "no Verification Hash" >>result.txt ;;
    minigzip)
      status=0
      # shellcheck disable=SC2086
      counted insns.1 $prefix ./minigzip -c -6 <"$OUT/input.dat" >input.gz \
        2>run.log || status=$?
      echo "minigzip -c -6 exit $status" >>result.txt
      status=0
      # shellcheck disable=SC2086
      counted insns.2 $prefix ./minigzip -d -c <input.gz >input.out \
        2>>run.log || status=$?
      echo "minigzip -d -c exit $status" >>result.txt
      echo "compressed: $(cksum <input.gz)" >>result.txt
      if cmp -s input.out "$OUT/input.dat"; then
        echo "round trip ok" >>result.txt
      else
        echo "round trip differs" >>result.txt
      fi
      rm -f input.gz input.out ;;
  esac
  sum_instructions >insns.txt
  cd "$OUT"
}

# build_qemu_trace SO LOG: the qemu-user plugin scripts/qemu-trace.c,
# built with the host compiler into SO, its messages in LOG.
build_qemu_trace () {
  ${CC:-cc} -shared -fPIC -O2 -fvisibility=hidden -o "$1" \
    "$here/qemu-trace.c" >"$2" 2>&1
}

# The instruction counter for the Arm table, built once; QEMU_COUNTER is
# its path, or empty with OUT/cross/counter.problem saying why there are
# no counts.
QEMU_COUNTER=
build_qemu_counter () {
  local so=$OUT/cross/qemu-trace.so
  rm -f "$OUT/cross/counter.problem"
  if build_qemu_trace "$so" "$OUT/cross/counter.log"; then
    QEMU_COUNTER=$so
  else
    echo "the qemu plugin did not build (log: $OUT/cross/counter.log)" \
      >"$OUT/cross/counter.problem"
  fi
}

# counted FILE COMMAND...: run COMMAND (a qemu-user command line), with
# the instruction counter writing "insns N" to FILE when there is one.
counted () {
  local file=$1
  shift
  if [ -n "$QEMU_COUNTER" ] && [ -n "$prefix" ]; then
    QEMU_PLUGIN="file=$QEMU_COUNTER,insns=$file" "$@"
  else
    "$@"
  fi
}

# The instructions of every counted run in this directory, or "-" when a
# run has no count (no counter, or qemu refused the plugin).
sum_instructions () {
  local file total=0 n
  for file in insns.[0-9]*; do
    [ -f "$file" ] || { echo -; return; }
    n=$(awk '$1 == "insns" { print $2 }' "$file")
    [ -n "$n" ] || { echo -; return; }
    total=$((total + n))
  done
  echo "$total"
}

# Did the run in DIR go well (every exit 0, a hash, the round trip)?
cross_run_ok () {
  [ -s "$1/result.txt" ] \
    && ! grep -q 'exit [1-9]\|^no \|differs' "$1/result.txt"
}

# The result column: the plain build's run, then each other one against it.
cross_result () {
  local dir=$1 plain=$2
  if [ ! -x "$dir/$3" ]; then
    echo "no build"
  elif [ "$dir" = "$plain" ]; then
    cross_run_ok "$dir" && echo reference || echo FAILED
  elif cmp -s "$dir/result.txt" "$plain/result.txt"; then
    echo same
  else
    echo DIFFERS
  fi
}

# .text and stripped size of FILE by TRIPLET's own binutils.
cross_text_size () {
  "$1-size" -A "$2" | mip_script_data size-sections .text
}

cross_stripped_size () {
  cp "$2" "$2.stripped"
  "$1-strip" "$2.stripped"
  wc -c <"$2.stripped" | tr -d ' '
  rm -f "$2.stripped"
}

# spawn_for_each_cross_build SUFFIX FUNCTION TARGET...: FUNCTION TARGET
# PROGRAM VARIANT in the background for every program and variant.
spawn_for_each_cross_build () {
  local suffix=$1 function=$2 target program variant
  shift 2
  for target in "$@"; do
    for program in $BENCH_PROGRAMS; do
      for variant in $CROSS_VARIANTS; do
        cross_variant_possible "$target" "$variant" || continue
        mip_spawn "cross-$target-$program-$variant$suffix" \
          "$function" "$target" "$program" "$variant"
      done
    done
  done
}

build_and_run_cross () {
  mip_say "building for the Arm targets $* with $BENCH_OPT: $BENCH_PROGRAMS x ($CROSS_VARIANTS)"
  spawn_for_each_cross_build "" cross_build_variant "$@"
  mip_wait_all \
    || mip_say "some Arm builds failed: their rows say 'no build' (logs in $OUT/cross/*/*/*/build.log)"
  mip_say "running the Arm builds under qemu"
  spawn_for_each_cross_build -run cross_run "$@"
  mip_wait_all || mip_die "running the Arm builds failed"
}

# The guest instructions a build's runs executed under qemu, or "-".
cross_instructions () {
  if [ -s "$1/insns.txt" ]; then cat "$1/insns.txt"; else echo -; fi
}

# cross_budget TARGET MODE GROWTH: "MODE .text +G% (<= +B%) within", or
# nothing when TARGET has no budget for MODE (fcov, bcov).
cross_budget () {
  local name=BUDGET_CROSS_${2^^}_TEXT_$1 title
  local budget=${!name:-}
  [ -n "$budget" ] || return 0
  case $2 in fcov) title="function coverage" ;; *) title="block coverage" ;; esac
  if [ -z "$3" ]; then
    echo "$title .text: not measured (<= +$budget%)"
    return 0
  fi
  printf '%s .text %+.2f%% (<= +%s%%) %s\n' "$title" "$3" "$budget" \
    "$(verdict "$3" "$budget")"
}

print_cross_target () {
  local target=$1 triplet program variant dir plain text stripped insns
  local plain_text plain_stripped plain_insns budgets growth line
  triplet=$(mip_cross_triplet "$target")
  if [ -f "$OUT/cross/$target.skipped" ]; then
    echo "$target: skipped: $(cat "$OUT/cross/$target.skipped")"
    return
  fi
  mip_cross_setup "$target"
  echo "$target: $MIP_CROSS_CC $(cross_opt "$target"); sizes by $triplet-size -A and $triplet-strip; run under $(basename "${MIP_CROSS_QEMU%% *}") ${MIP_CROSS_QEMU#* }"
  printf '  %-11s %-22s %9s %8s %9s %8s %13s %8s  %s\n' program build .text '+%' \
    stripped '+%' instructions '+%' result
  for program in $BENCH_PROGRAMS; do
    plain=$OUT/cross/$target/$program/plain
    plain_text=-
    plain_stripped=-
    plain_insns=$(cross_instructions "$plain")
    if [ -x "$plain/$program" ]; then
      plain_text=$(cross_text_size "$triplet" "$plain/$program")
      plain_stripped=$(cross_stripped_size "$triplet" "$plain/$program")
    fi
    budgets=
    for variant in $CROSS_VARIANTS; do
      dir=$OUT/cross/$target/$program/$variant
      text=-
      stripped=-
      insns=$(cross_instructions "$dir")
      if [ -x "$dir/$program" ]; then
        text=$(cross_text_size "$triplet" "$dir/$program")
        stripped=$(cross_stripped_size "$triplet" "$dir/$program")
      fi
      if [ "$program" = speedtest1 ]; then
        growth=
        [ "$text" = - ] || [ "$plain_text" = - ] \
	  || growth=$(awk -v a="$text" -v b="$plain_text" 'BEGIN {
	       if (b > 0) printf "%.4f\n", (a - b) * 100 / b }')
        line=$(cross_budget "$target" "$variant" "$growth")
        [ -z "$line" ] || budgets+="$line"$'\n'
      fi
      printf '  %-11s %-22s %9s %8s %9s %8s %13s %8s  %s\n' "$program" \
        "$(mip_variant_title "$variant")" "$text" "$(percent "$text" "$plain_text")" \
        "$stripped" "$(percent "$stripped" "$plain_stripped")" \
        "$insns" "$(percent "$insns" "$plain_insns")" \
        "$(cross_result "$dir" "$plain" "$program")"
    done
    if [ -n "$budgets" ]; then
      echo "  budgets, $program on $target (growth over plain):"
      printf '%s' "$budgets" | sed 's/^/    /'
    fi
  done
}

print_cross () {
  local target program
  echo
  echo "== Arm targets ($BENCH_OPT; cross compilers, programs run under qemu-user) =="
  for target in $BENCH_CROSS; do
    print_cross_target "$target"
  done
  echo "result: the run under qemu against the plain build of the same target (same/DIFFERS;"
  echo "  'reference' is plain's own run, FAILED when it failed):"
  for program in $BENCH_PROGRAMS; do
    echo "  $program: $(cross_run_command "$program")"
  done
  echo "  (speedtest1: its Verification Hash; minigzip: its output of the bench input and"
  echo "  the round trip; logs and result.txt in $OUT/cross/<target>/<program>/<build>)."
  if [ -f "$OUT/cross/counter.problem" ]; then
    echo "instructions: not counted: $(cat "$OUT/cross/counter.problem")."
  else
    echo "instructions: guest instructions executed by the run(s) above, counted by qemu-user"
    echo "  with scripts/qemu-trace.c (every instruction qemu executes, the C library's"
    echo "  included, like callgrind's Ir); '-' where qemu did not load the counter."
  fi
  echo "MIP full -atomic: not built for thumb1, where -fplugin-arg-mip-atomic is refused (no ldrex)."
  echo "Wall times: not measured on the Arm targets (qemu's times say nothing of the hardware's)."
}

# The Arm section: build, run and print, appended to the report.
bench_cross () {
  local targets
  [ -n "$BENCH_CROSS" ] || return 0
  mkdir -p "$OUT/cross"
  rm -f "$OUT"/cross/*.skipped
  build_qemu_counter
  targets=$(usable_cross_targets)
  # shellcheck disable=SC2086 # one word per target
  [ -z "$targets" ] || build_and_run_cross $targets
  print_cross | tee -a "$OUT/report.txt"
}

# ---- the runtime's fixed cost ------------------------------------------------
FIXED_VARIANTS="plain fcov fcovc bcov full"

# fixed_sizes SIZE-TOOL BINARY: .text .data .bss records samples (bytes;
# 0 for a section the binary has not).
fixed_sizes () {
  "$1" -A "$2" | mip_script_data size-sections .text .data .bss __mip_raw \
    '__mip_sample_*'
}

# fixed_cost_target TARGET (native or a BENCH_CROSS name): build the
# empty program in every FIXED_VARIANTS and print its rows.
fixed_cost_target () {
  local target=$1 dir=$OUT/fixed/$1 cc=$CC plugin=$MIP_PLUGIN
  local runtime=$MIP_RUNTIME_DIR size_tool=size opt=$BENCH_OPT variant
  local text data bss raw samples ptext pdata pbss extra verdict
  if [ "$target" != native ]; then
    if ! mip_cross_setup "$target"; then
      echo "  $target: skipped: $MIP_CROSS_PROBLEM"
      return
    fi
    cc=$MIP_CROSS_CC plugin=$MIP_CROSS_PLUGIN runtime=$MIP_CROSS_RUNTIME_DIR
    size_tool=$(mip_cross_triplet "$target")-size
    opt=$(cross_opt "$target")
  fi
  mkdir -p "$dir"
  printf 'int main (void) { return 0; }\n' >"$dir/empty.c"
  for variant in $FIXED_VARIANTS; do
    # shellcheck disable=SC2046 # one word per option
    if ! (MIP_PLUGIN=$plugin MIP_RUNTIME_DIR=$runtime; cd "$dir" \
	  && mip_run build.log $cc $opt $(mip_variant_cflags "$variant") \
	       empty.c -o "empty-$variant" $(mip_variant_ldflags "$variant")); then
      echo "  $target: $variant: does not build (see $dir/build.log)"
      continue
    fi
    read -r text data bss raw samples \
      <<<"$(fixed_sizes "$size_tool" "$dir/empty-$variant")"
    if [ "$variant" = plain ]; then
      ptext=$text pdata=$data pbss=$bss
    fi
    extra=$((data + bss - pdata - pbss))
    verdict=
    case "$target $variant" in
      "native fcov" | "native bcov")
	verdict="$(verdict "$((text - ptext))" "$BUDGET_FIXED_TEXT") .text, $(verdict "$extra" "$BUDGET_FIXED_DATA") data" ;;
    esac
    printf '  %-8s %-22s %7s %7s %6s %6s %7s %7s %7s %8s  %s\n' "$target" \
      "$(mip_variant_title "$variant")" "$text" "+$((text - ptext))" \
      "$data" "$bss" "+$extra" "$raw" "$samples" \
      "$((text + data + bss + raw + samples - ptext - pdata - pbss))" "$verdict"
  done
}

# lua_build DIR VARIANT: Lua 5.4's interpreter, every source of src/ but
# luac.c, as DIR/lua.
lua_build () {
  local dir=$1 variant=$2 src=$MIP_WORK/src/lua5.4/src name objects=
  rm -rf "$dir"
  mkdir -p "$dir"
  for name in "$src"/*.c; do
    [ "$(basename "$name")" = luac.c ] && continue
    # shellcheck disable=SC2046 # one word per option
    (cd "$dir" && mip_run build.log $CC $BENCH_OPT -DLUA_USE_POSIX \
      -DLUA_USE_DLOPEN $(mip_variant_cflags "$variant") -c "$name" \
      -o "$(basename "$name" .c).o") || return 1
    objects="$objects $(basename "$name" .c).o"
  done
  # shellcheck disable=SC2046,SC2086
  (cd "$dir" && mip_run build.log $CC $BENCH_OPT $objects -o lua \
    $(mip_variant_ldflags "$variant") -lm -ldl)
}

# program_fcov_row NAME PLAIN-BINARY FCOV-BINARY TEXT-BUDGET [STRIPPED-BUDGET]
program_fcov_row () {
  local text ptext stripped pstripped
  text=$(text_size "$3") ptext=$(text_size "$2")
  stripped=$(stripped_size "$3") pstripped=$(stripped_size "$2")
  printf '  %-11s .text %8s -> %8s %7s (%s)   stripped %8s -> %8s %7s%s\n' "$1" \
    "$ptext" "$text" "$(percent "$text" "$ptext")" \
    "$(verdict "$(growth_number "$text" "$ptext")" "$4")" "$pstripped" \
    "$stripped" "$(percent "$stripped" "$pstripped")" \
    "${5:+ ($(verdict "$(growth_number "$stripped" "$pstripped")" "$5"))}"
}

# growth_number NEW OLD: the growth in percent, a plain number.
growth_number () {
  awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f\n", (a - b) * 100 / b }'
}

# ---- firmware: flash and RAM on Cortex-M --------------------------------------
# examples/firmware built by its own Makefile for the micro:bit
# (Cortex-M0) and the LM3S6965 (Cortex-M3): plain, each mode with the
# firmware saving its profile itself (__mip_write_buffer: the runtime's
# core and counter control) and with a debugger reading the records
# (only the core), and gcc --coverage (gcov-out.c, with the bare-metal
# toolchain's libgcov).  Flash: what loads from flash (code, read-only
# data, the initial values of .data and the records); RAM: .data, the
# records, .bss; runtime: the code and data of the runtime's objects
# that the build links (the budgets of function coverage: <= 512 B of
# flash, <= 64 B of RAM beyond the records).

BUDGET_FIRMWARE_RUNTIME_FLASH=512
BUDGET_FIRMWARE_RUNTIME_RAM=64
FIRMWARE_BOARDS="microbit lm3s6965evb"

# firmware_make BUILD-DIRECTORY MAKE-ARGUMENTS...
firmware_make () {
  local build=$1
  shift
  make -s -C "$MIP_SRCDIR/examples/firmware" BUILD="$build" \
    MIP_PLUGIN="$FIRMWARE_PLUGIN" MIP_SRCDIR="$MIP_SRCDIR" "$@" \
    >>"$OUT/firmware/build.log" 2>&1
}

# firmware_sizes SIZE-TOOL FILE: flash RAM records (bytes).
firmware_sizes () {
  local text gcov note exidx data raw bss samples
  read -r text gcov note exidx data raw bss samples \
    <<<"$("$1" -A "$2" | mip_script_data size-sections .text .gcov_info \
	    .note.gnu.build-id .ARM.exidx .data __mip_raw .bss '__mip_sample_*')"
  echo "$((text + gcov + note + exidx + data + raw))" \
    "$((data + raw + bss + samples))" "$raw"
}

# runtime_sizes SIZE-TOOL OBJECT...: flash RAM of the runtime's objects.
runtime_sizes () {
  local tool=$1 object text rodata data bss flash=0 ram=0
  shift
  for object in "$@"; do
    read -r text rodata data bss \
      <<<"$("$tool" -A "$object" | mip_script_data size-sections '.text*' \
	      '.rodata*' '.data*' '.bss*')"
    flash=$((flash + text + rodata + data))
    ram=$((ram + data + bss))
  done
  echo "$flash $ram"
}

bench_firmware () {
  local tool=arm-linux-gnueabi-size board mode way build flash ram raw
  local rflash rram objects verdict elf label
  FIRMWARE_PLUGIN=$MIP_CROSS_PLUGIN_DIR/arm-linux-gnueabi/mip.so
  echo
  echo "== firmware (examples/firmware, -Os): flash and RAM on Cortex-M =="
  if ! command -v arm-linux-gnueabi-gcc-12 >/dev/null \
     || [ ! -f "$FIRMWARE_PLUGIN" ]; then
    echo "  skipped: no arm-linux-gnueabi-gcc-12 or no MIP plugin for it ($FIRMWARE_PLUGIN)"
    return
  fi
  mkdir -p "$OUT/firmware"
  : >"$OUT/firmware/build.log"
  # The self-dumping builds, then the debugger's (no counter control, no
  # buffer), then gcov's.
  firmware_make "$OUT/firmware/self" all || echo "  (some builds failed: see $OUT/firmware/build.log)"
  firmware_make "$OUT/firmware/debugger" all \
    MODES="function-coverage block-coverage full" \
    RUNTIME_function-coverage=mip-libmip RUNTIME_block-coverage=mip-libmip \
    "RUNTIME_full=mip-libmip mip-first-call" \
    PROFILE_FLAGS_function-coverage= PROFILE_FLAGS_block-coverage= \
    PROFILE_FLAGS_full= || true
  if command -v arm-none-eabi-gcc >/dev/null; then
    firmware_make "$OUT/firmware/self" gcov || true
  fi
  printf '  %-12s %-38s %6s %6s %7s %7s %6s  %s\n' board build flash RAM records \
    'runtime' 'rt RAM' 'budget (function coverage: runtime)'
  for board in $FIRMWARE_BOARDS; do
    for build in plain function-coverage:self function-coverage:debugger \
		 block-coverage:self block-coverage:debugger full:self \
		 full:debugger gcov:self; do
      mode=${build%%:*} way=${build#*:}
      [ "$mode" = plain ] && way=self
      elf=$OUT/firmware/$way/$board/$mode/firmware.elf
      if [ ! -f "$elf" ]; then
	printf '  %-12s %-38s %s\n' "$board" "$mode ($way)" "not built"
	continue
      fi
      read -r flash ram raw <<<"$(firmware_sizes "$tool" "$elf")"
      objects=
      case $build in
	function-coverage:self | block-coverage:self) objects="mip-libmip mip-libmip-reset" ;;
	full:self) objects="mip-libmip mip-libmip-reset mip-first-call" ;;
	*:debugger) objects="mip-libmip" ;;
      esac
      [ "$build" = full:debugger ] && objects="mip-libmip mip-first-call"
      rflash=- rram=-
      if [ -n "$objects" ]; then
	# shellcheck disable=SC2046 # one word per object
	read -r rflash rram <<<"$(runtime_sizes "$tool" \
	  $(for o in $objects; do echo "$OUT/firmware/$way/$board/runtime/$o.o"; done))"
      fi
      verdict=
      case $mode in
	function-coverage)
	  verdict="$(verdict "$rflash" "$BUDGET_FIRMWARE_RUNTIME_FLASH") flash, $(verdict "$rram" "$BUDGET_FIRMWARE_RUNTIME_RAM") RAM" ;;
      esac
      case $way:$mode in
	*:plain) label=plain ;;
	*:gcov) label="gcc --coverage" ;;
	self:*) label="$mode, saved by itself" ;;
	debugger:*) label="$mode, read by debugger" ;;
      esac
      printf '  %-12s %-38s %6s %6s %7s %7s %6s  %s\n' "$board" "$label" \
	"$flash" "$ram" "$raw" "$rflash" "$rram" "$verdict"
    done
  done
  echo "  (flash: code, read-only data and initial values; RAM: .data, records, .bss;"
  echo "  runtime: flash and RAM of the runtime's objects linked; saved by itself: with"
  echo "  profile-out.c's 256-byte buffer; gcc --coverage: gcov-out.c, with a 1 KB buffer"
  echo "  for the .gcda file, built by arm-none-eabi-gcc; budget: runtime flash <= $BUDGET_FIRMWARE_RUNTIME_FLASH B,"
  echo "  RAM <= $BUDGET_FIRMWARE_RUNTIME_RAM B.)"
}

# The fixed-cost table and the function-coverage rows of speedtest1 and
# Lua.
bench_fixed_cost () {
  local target
  mkdir -p "$OUT/fixed"
  echo
  echo "== runtime fixed cost: an empty main ($BENCH_OPT), each mode linked with -lmip =="
  printf '  %-8s %-22s %7s %7s %6s %6s %7s %7s %7s %8s  %s\n' target build .text '+' \
    .data .bss '+data' records samples 'total +' 'budget (x86-64 coverage modes)'
  for target in native $BENCH_CROSS; do
    fixed_cost_target "$target"
  done
  echo "  (+: beside plain; records: __mip_raw, one per function or block; samples: the"
  echo "  caller sample table, sized by the program's full-mode units; budget: .text"
  echo "  <= $BUDGET_FIXED_TEXT B, .data + .bss <= $BUDGET_FIXED_DATA B beyond plain.)"
  echo
  echo "== function coverage ($BENCH_OPT) against plain =="
  mip_build_speedtest "$OUT/fixed/speedtest1-plain" "$BENCH_OPT" plain
  mip_build_speedtest "$OUT/fixed/speedtest1-fcov" "$BENCH_OPT" fcov
  program_fcov_row speedtest1 "$OUT/fixed/speedtest1-plain/speedtest1" \
    "$OUT/fixed/speedtest1-fcov/speedtest1" "$BUDGET_TEXT_PERCENT" \
    "$BUDGET_STRIPPED_PERCENT"
  if [ "$BENCH_LUA" = 1 ]; then
    if lua_build "$OUT/fixed/lua-plain" plain \
	&& lua_build "$OUT/fixed/lua-fcov" fcov; then
      program_fcov_row lua5.4 "$OUT/fixed/lua-plain/lua" \
	"$OUT/fixed/lua-fcov/lua" "$BUDGET_LUA_TEXT_PERCENT"
    else
      echo "  lua5.4: does not build (see $OUT/fixed/lua-*/build.log)"
    fi
  fi
  bench_firmware
}

main () {
  local program variant
  mip_check_tools
  if [ "${1:-}" = firmware ]; then
    mkdir -p "$MIP_WORK"
    OUT=$(cd "$MIP_WORK" && pwd)/bench
    mkdir -p "$OUT"
    bench_firmware | tee "$OUT/firmware.txt"
    return
  fi
  if [ "${1:-}" = heap ]; then
    MIP_WORK=$MIP_WORK CC=$CC BENCH_OPT=$BENCH_OPT \
      BENCH_TIME_RUNS=$BENCH_TIME_RUNS bash "$here/bench-heap.sh"
    return
  fi
  case ${1:-} in fixed-cost | use | cross) ;; *) mip_need_tool valgrind ;; esac
  check_cross_names
  if oracle_wanted; then
    mip_need_tool python3
  fi
  mkdir -p "$MIP_WORK"
  MIP_WORK=$(cd "$MIP_WORK" && pwd)
  OUT=$MIP_WORK/bench
  if [ "$BENCH_LUA" = 1 ]; then
    mip_run - bash "$here/fetch-sources.sh" sqlite zlib lua
  else
    mip_run - bash "$here/fetch-sources.sh" sqlite zlib
  fi
  if [ "${1:-}" = fixed-cost ]; then
    mkdir -p "$OUT"
    cd "$OUT"
    bench_fixed_cost | tee "$OUT/fixed-cost.txt"
    return
  fi
  if [ "${1:-}" = cross ]; then
    mkdir -p "$OUT"
    cd "$OUT"
    : >"$OUT/report.txt"
    make_input
    bench_cross
    return
  fi
  if [ "${1:-}" = use ]; then
    mkdir -p "$OUT"
    cd "$OUT"
    : >"$OUT/report.txt"
    bench_use
    return
  fi
  [ "${MIP_REUSE_BUILDS:-0}" = 1 ] || rm -rf "$OUT"
  mkdir -p "$OUT"
  cd "$OUT"
  bench_fixed_cost | tee "$OUT/fixed-cost.txt"
  write_finstrument_hooks
  make_input
  build_all
  start_results
  for program in $BENCH_PROGRAMS; do
    for variant in $BENCH_VARIANTS; do
      mip_say "measuring $program $variant"
      collect "$program" "$variant"
    done
  done
  {
    for program in $BENCH_PROGRAMS; do
      print_table "$program"
    done
    print_oracle
    print_counter_oracle
    echo
    echo "stripped: a plain 'strip' of a copy (it removes the map, .debug_mip_map, with the"
    echo "  rest of the debug information); raw: bytes of the .mipraw or of all .gcda files"
    echo "  after one run."
    if [ "$BENCH_TIME_RUNS" -gt 0 ]; then
      echo "* wall: seconds, best of $BENCH_TIME_RUNS runs (speedtest1 --size $BENCH_TIME_SIZE), noisy; Ir is exact."
    else
      echo "* wall: not measured (BENCH_TIME_RUNS=0)."
    fi
    echo "  Ir/call = (Ir - Ir of plain) / calls into the program's own functions; it includes"
    echo "  the one-off cost of writing the profile at exit."
  } | tee "$OUT/report.txt"
  cat "$OUT/fixed-cost.txt" >>"$OUT/report.txt"
  bench_cross
  bench_use
  MIP_WORK=$MIP_WORK CC=$CC BENCH_OPT=$BENCH_OPT bash "$here/bench-merge.sh" | tee -a "$OUT/report.txt"
  if [ "$BENCH_HEAP" = 1 ]; then
    MIP_WORK=$MIP_WORK CC=$CC BENCH_OPT=$BENCH_OPT \
      BENCH_TIME_RUNS=$BENCH_TIME_RUNS bash "$here/bench-heap.sh" \
      | tee -a "$OUT/report.txt"
  fi
}

main "$@"
