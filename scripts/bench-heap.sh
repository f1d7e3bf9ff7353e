#!/bin/bash
# bench-heap.sh - the heap table of `make bench` (bench.sh runs it; it
# also runs alone, with the environment bench.sh takes, and as
# `bench.sh heap`): what the heap option (-fplugin-arg-mip-generate=heap)
# costs on a real allocation-heavy program, beside heaptrack and
# valgrind's massif, and whether its per-site counts agree with
# heaptrack's.
#
# The program is Lua 5.4's interpreter (Debian's source package lua5.4,
# fetched by fetch-sources.sh), every source of src/ but luac.c, built
# with BENCH_OPT -g -fno-optimize-sibling-calls and a fixed string hash
# seed (-D'luai_makeseed(L)=0u': Lua's own seed mixes the time and
# addresses, and the instructions of a run would vary with it by about
# 1%), -g for heaptrack's
# file and line, and no sibling calls so that Lua's l_alloc calls
# realloc instead of jumping to it, and heaptrack's innermost frame of
# the program is, as MIP's site is, the function that holds the call.
# Builds: plain; MIP heap (-fplugin-arg-mip-generate=heap, -lmip); and,
# to count heaptrack's instructions, the plain objects linked with
# heaptrack's preload library first (the library `heaptrack` preloads,
# found where the heaptrack script finds it): valgrind's launcher is
# itself a dynamic program, and would take (and, as heaptrack does,
# drop) an LD_PRELOAD meant for the program.  The workload, run as
# `./lua work.lua BENCH_HEAP_N` (default 100000) in each build's
# directory, makes BENCH_HEAP_N small tables holding a string and a
# closure, sums over them, formats and concatenates strings and splits
# them again with gmatch: about 6 allocations per table, all through
# l_alloc's realloc.
#
# The cost table: plain, MIP heap (default sampling: one byte in 65,536),
# MIP heap with every block sampled (MIP_HEAP_SAMPLE_BYTES=1), heaptrack
# (its preload library writing the raw data file, as under `heaptrack
# -r`; the interpreter that `heaptrack` runs beside the program is a
# separate process and not counted) and massif: instructions executed
# (callgrind's Ir; massif is valgrind itself, so "-") and their growth
# over plain, wall time (best of BENCH_TIME_RUNS runs, noisy: heaptrack's
# is the `heaptrack` command's, interpreter and compression included;
# massif's is `valgrind --tool=massif`'s) and its growth, and the MIP
# build's .text and stripped size against plain.  Then the self Ir of
# libmip's functions in both MIP runs (where the extra instructions go),
# and the budget lines: MIP heap's Ir <= +15% of plain's, its extra Ir
# <= 1/10 of heaptrack's extra Ir.
#
# The agreement table: per allocation site (function, file:line) the
# blocks and bytes of `mipdata heap --json` from the MIP run beside
# heaptrack's from `heaptrack ./lua work.lua` on the plain build (its
# data file read by scripts/bench-heap.py: each allocation's innermost
# frame, when in the program), and their differences; heaptrack's
# allocations made inside the C library or the loader are shown apart.
# Every run's output must equal the plain build's, or the script stops.
# Without heaptrack (Debian package heaptrack) its rows say so and the
# agreement is skipped.
#
# Environment: MIP_PLUGIN, MIP_RUNTIME_DIR, MIPDATA, MIP_WORK, CC,
#   BENCH_OPT (default -O2), BENCH_TIME_RUNS (default 3; 0 skips timing),
#   BENCH_HEAP_N (default 100000)
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu
MIP_SCRIPT_NAME=bench-heap
here=$(cd "$(dirname "$0")" && pwd)
. "$here/mip-lib.sh"

BENCH_OPT=${BENCH_OPT:--O2}
BENCH_TIME_RUNS=${BENCH_TIME_RUNS:-3}
BENCH_HEAP_N=${BENCH_HEAP_N:-100000}
HEAP_OPT="$BENCH_OPT -g -fno-optimize-sibling-calls"

# Budgets: MIP heap's Ir growth over plain (percent), and its extra Ir
# against heaptrack's extra Ir (at most one part in this many).
BUDGET_HEAP_IR_PERCENT=15
BUDGET_HEAP_SHARE=10

heap_helper () {
  python3 "$here/bench-heap.py" "$@"
}

# heap_lua_build DIR VARIANT [LINK-FIRST]: Lua 5.4's interpreter as
# DIR/lua; LINK-FIRST (a library) is linked before everything else.
heap_lua_build () {
  local dir=$1 variant=$2 first=${3:-} src=$MIP_WORK/src/lua5.4/src name
  local objects=
  rm -rf "$dir"
  mkdir -p "$dir"
  for name in "$src"/*.c; do
    [ "$(basename "$name")" = luac.c ] && continue
    # shellcheck disable=SC2046,SC2086 # one word per option
    (cd "$dir" && mip_run build.log $CC $HEAP_OPT -DLUA_USE_POSIX \
      -DLUA_USE_DLOPEN '-Dluai_makeseed(L)=0u' $(mip_variant_cflags "$variant") -c "$name" \
      -o "$(basename "$name" .c).o")
    objects="$objects $(basename "$name" .c).o"
  done
  # shellcheck disable=SC2046,SC2086
  (cd "$dir" && mip_run build.log $CC $HEAP_OPT \
    ${first:+-Wl,--push-state,--no-as-needed "$first" -Wl,--pop-state} $objects -o lua $(mip_variant_ldflags "$variant") -lm -ldl)
}

write_workload () {
  cat >"$1" <<'EOF'
-- An allocation-heavy workload: small tables with a string and a
-- closure each, strings formatted, concatenated and split again.
local n = tonumber(arg[1]) or 100000
local t = {}
for i = 1, n do
  t[i] = { id = i, name = "item" .. i, tag = string.rep("x", i % 17),
           f = function () return i end }
end
local sum = 0
for i = 1, n, 7 do sum = sum + t[i].f() + #t[i].tag end
local parts = {}
for i = 1, n // 10 do
  parts[#parts + 1] = string.format("%d:%s", i, t[i].name)
end
local s = table.concat(parts, ",")
local words = 0
for _ in s:gmatch("[^,]+") do words = words + 1 end
t = nil
collectgarbage()
print(n, sum, #s, words)
EOF
}

# same_output DIR NAME: DIR/NAME.out must equal the plain build's output
# (the callgrind run's, the first); the heaptrack command's runs (NAME
# heaptrack*) print their own lines too: there each line of plain's
# output must be one of its lines.
same_output () {
  local line
  case $2 in
    heaptrack*)
      while IFS= read -r line; do
        grep -qxF -- "$line" "$1/$2.out" \
          || mip_die "the output of $1 ($2) lacks plain's line '$line': see $1/$2.out"
      done <"$OUT/plain/plain.out" ;;
    *)
      cmp -s "$OUT/plain/plain.out" "$1/$2.out" \
        || mip_die "the output of $1 ($2) differs from plain's: diff $OUT/plain/plain.out $1/$2.out" ;;
  esac
}

# callgrind_run DIR NAME [ENV...]: ./lua work.lua under callgrind in DIR,
# the environment ENV added; DIR/NAME.callgrind, DIR/NAME.out.
callgrind_run () {
  local dir=$1 name=$2
  shift 2
  (cd "$dir" && env "$@" valgrind --tool=callgrind --compress-strings=no \
     --callgrind-out-file="$dir/$name.callgrind" ./lua work.lua "$BENCH_HEAP_N" \
     >"$dir/$name.out" 2>"$dir/$name.log") \
    || { tail -n 20 "$dir/$name.log" >&2; mip_die "callgrind run failed in $dir ($name)"; }
  [ "$name" = plain ] || same_output "$dir" "$name"
}

# best_time DIR NAME COMMAND...: the best wall time of BENCH_TIME_RUNS
# runs of COMMAND in DIR (seconds); its output goes to DIR/NAME.out and
# must equal plain's.
best_time () {
  local dir=$1 name=$2 best='' start end t
  shift 2
  if [ "$BENCH_TIME_RUNS" -le 0 ]; then
    echo -
    return
  fi
  for _ in $(seq "$BENCH_TIME_RUNS"); do
    start=$(date +%s.%N)
    (cd "$dir" && "$@" >"$dir/$name.out" 2>"$dir/$name.time.log") \
      || { tail -n 20 "$dir/$name.time.log" >&2; mip_die "command failed: (cd $dir && $*)"; }
    end=$(date +%s.%N)
    same_output "$dir" "$name"
    t=$(echo "$start $end" | awk '{ printf "%.3f", $2 - $1 }')
    best=$(echo "${best:-$t} $t" | awk '{ print ($2 < $1) ? $2 : $1 }')
  done
  echo "$best"
}

text_size () {
  size -A "$1" | mip_script_data size-sections .text
}

stripped_size () {
  cp "$1" "$1.stripped"
  strip "$1.stripped"
  wc -c <"$1.stripped" | tr -d ' '
  rm -f "$1.stripped"
}

# The preload library that the heaptrack script uses, or nothing.
heaptrack_preload () {
  local script lib
  script=$(command -v heaptrack 2>/dev/null) || return 0
  script=$(readlink -f "$script")
  lib=$(dirname "$script")/../lib/heaptrack/libheaptrack_preload.so
  [ -f "$lib" ] && readlink -f "$lib"
  return 0
}

result_row () {
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >>"$OUT/results.tsv"
}

main () {
  local preload plain_text plain_stripped heap_text heap_stripped wall ir dir
  mip_check_tools
  mip_need_tool valgrind
  mip_need_tool python3
  mkdir -p "$MIP_WORK"
  MIP_WORK=$(cd "$MIP_WORK" && pwd)
  OUT=$MIP_WORK/bench/heap
  mip_run - bash "$here/fetch-sources.sh" lua >&2
  rm -rf "$OUT"
  mkdir -p "$OUT"
  preload=$(heaptrack_preload)
  mip_say "building Lua 5.4 with $HEAP_OPT: plain, MIP heap${preload:+, plain linked with the preload library of heaptrack}" >&2
  heap_lua_build "$OUT/plain" plain
  heap_lua_build "$OUT/heap" heap
  if [ -n "$preload" ]; then
    heap_lua_build "$OUT/heaptrack" plain "$preload"
  fi
  for dir in "$OUT"/*/; do
    write_workload "$dir/work.lua"
  done

  mip_say "running the workload under callgrind and timing it" >&2
  printf 'build\ttitle\tir\twall\ttext\tstripped\n' >"$OUT/results.tsv"
  callgrind_run "$OUT/plain" plain
  wall=$(best_time "$OUT/plain" plain-time ./lua work.lua "$BENCH_HEAP_N")
  plain_text=$(text_size "$OUT/plain/lua")
  plain_stripped=$(stripped_size "$OUT/plain/lua")
  result_row plain plain "$(callgrind_total_ir "$OUT/plain/plain.callgrind")" \
    "$wall" "$plain_text" "$plain_stripped"

  heap_text=$(text_size "$OUT/heap/lua")
  heap_stripped=$(stripped_size "$OUT/heap/lua")
  callgrind_run "$OUT/heap" heap MIP_PROFILE_FILENAME="$OUT/heap/heap.mipraw"
  wall=$(best_time "$OUT/heap" heap-time env \
    MIP_PROFILE_FILENAME="$OUT/heap/time.mipraw" ./lua work.lua "$BENCH_HEAP_N")
  result_row heap "MIP heap (1 byte in 65,536 sampled)" \
    "$(callgrind_total_ir "$OUT/heap/heap.callgrind")" "$wall" "$heap_text" \
    "$heap_stripped"

  callgrind_run "$OUT/heap" heap1 MIP_HEAP_SAMPLE_BYTES=1 \
    MIP_PROFILE_FILENAME="$OUT/heap/heap1.mipraw"
  wall=$(best_time "$OUT/heap" heap1-time env MIP_HEAP_SAMPLE_BYTES=1 \
    MIP_PROFILE_FILENAME="$OUT/heap/time.mipraw" ./lua work.lua "$BENCH_HEAP_N")
  rm -f "$OUT/heap/time.mipraw"
  result_row heap1 "MIP heap, every block sampled" \
    "$(callgrind_total_ir "$OUT/heap/heap1.callgrind")" "$wall" "$heap_text" \
    "$heap_stripped"

  if [ -n "$preload" ]; then
    callgrind_run "$OUT/heaptrack" heaptrack \
      DUMP_HEAPTRACK_OUTPUT="$OUT/heaptrack/callgrind.heaptrack.raw"
    [ -s "$OUT/heaptrack/callgrind.heaptrack.raw" ] \
      || mip_die "heaptrack's preload library wrote no data under callgrind ($OUT/heaptrack)"
    ir=$(callgrind_total_ir "$OUT/heaptrack/heaptrack.callgrind")
    rm -f "$OUT/heaptrack/callgrind.heaptrack.raw"
    # The agreement run: heaptrack itself, on the plain build.
    (cd "$OUT/plain" && mip_capture "$OUT/plain/heaptrack.out" heaptrack \
       -o "$OUT/plain/heaptrack.data" ./lua work.lua "$BENCH_HEAP_N")
    same_output "$OUT/plain" heaptrack
    wall=$(best_time "$OUT/plain" heaptrack-time heaptrack \
      -o "$OUT/plain/heaptrack-time" ./lua work.lua "$BENCH_HEAP_N")
    rm -f "$OUT/plain"/heaptrack-time.*
    result_row heaptrack "heaptrack (preload; no interpreter)" "$ir" "$wall" - -
  else
    result_row heaptrack "heaptrack: not installed" - - - -
  fi
  wall=$(best_time "$OUT/plain" massif valgrind --tool=massif \
    --massif-out-file="$OUT/plain/massif.data" ./lua work.lua "$BENCH_HEAP_N")
  result_row massif "massif (valgrind; Ir not countable)" - "$wall" - -

  # The agreement: MIP's sites from the callgrind run of the heap build.
  "$MIPDATA" heap "$OUT/heap/lua" "$OUT/heap/heap.mipraw" --json \
    >"$OUT/heap/heap.json" 2>"$OUT/heap/mipdata.log" \
    || { cat "$OUT/heap/mipdata.log" >&2; mip_die "mipdata heap failed"; }
  if [ -n "$preload" ]; then
    local data
    data=$(ls "$OUT/plain"/heaptrack.data.* | head -n 1)
    case $data in
      *.zst) zstd -dcq "$data" >"$OUT/plain/heaptrack.txt" ;;
      *.gz) gzip -dc "$data" >"$OUT/plain/heaptrack.txt" ;;
      *) cp "$data" "$OUT/plain/heaptrack.txt" ;;
    esac
    heap_helper heaptrack-sites "$OUT/plain/lua" "$OUT/plain/heaptrack.txt" \
      >"$OUT/plain/heaptrack.json"
  fi

  echo
  echo "== heap: Lua 5.4 ($HEAP_OPT; run: ./lua work.lua $BENCH_HEAP_N) =="
  heap_helper cost "$OUT/results.tsv" "$BUDGET_HEAP_IR_PERCENT" "$BUDGET_HEAP_SHARE"
  echo "  * wall: seconds, best of $BENCH_TIME_RUNS runs, noisy; Ir is exact.  heaptrack's Ir:"
  echo "    the program with heaptrack's preload library writing its raw data; its wall:"
  echo "    the heaptrack command (interpreter and compression included)."
  echo "  libmip's functions, self Ir, MIP heap:"
  heap_helper libmip-ir "$OUT/heap/heap.callgrind" 6
  echo "  libmip's functions, self Ir, MIP heap with every block sampled:"
  heap_helper libmip-ir "$OUT/heap/heap1.callgrind" 6
  echo
  echo "== heap: per-site allocations, MIP against heaptrack (Lua 5.4, same workload) =="
  if [ -n "$preload" ]; then
    heap_helper agreement "$OUT/heap/heap.json" "$OUT/plain/heaptrack.json"
  else
    echo "  skipped: heaptrack is not installed (Debian package heaptrack)"
  fi
}

main "$@"
