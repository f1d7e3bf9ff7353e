#!/bin/bash
# check-torture.sh - run GCC's c-torture execute tests with and without
# MIP (see torture-test.sh for what one test checks), two at a time, and
# summarise: checks passed and failed per configuration (target and
# optimisation mode) and MIP mode, the inference oracle's verdicts, tests
# skipped because the plain build fails or because their directives cannot
# be honoured, and every failure with the command to reproduce it.  Part
# of check-real.sh; also runs alone.
#
# The sample is drawn from a seed (torture-sample.py shuffles the tests
# with it and deals them out to the configurations, 1 in SAMPLE; the
# extra checks are picked by a hash of it too), printed at the start and
# at the end with the command that checks the same sample again.  It
# changes from commit to commit, so that every test is checked in some
# configuration within a few runs (tests/unit/check-torture-sample.py).
#
# Environment: MIP_WORK, MIP_PLUGIN, MIP_RUNTIME_DIR, MIPDATA, CC,
#   TORTURE_TARGETS      targets (default "x86-64 i386 i386-pie aarch64
#                        arm thumb2 thumb1": -m64, -m32 non-PIC, -m32 PIE;
#                        the i386 ones need the 32-bit runtime
#                        MIP_RUNTIME_DIR/m32/libmip.a, and run under
#                        qemu-i386 where the kernel runs no 32-bit
#                        programs; the cross targets aarch64
#                        (aarch64-linux-gnu), arm and thumb2
#                        (arm-linux-gnueabihf -marm, -mthumb) and thumb1
#                        (arm-linux-gnueabi -march=armv5te -mthumb) need
#                        configure's cross build of MIP for the triplet
#                        (MIP_CROSS_PLUGIN_DIR/TRIPLET/mip.so,
#                        MIP_RUNTIME_DIR/TRIPLET/libmip.a) and run under
#                        qemu-user; a target not built, or whose plugin
#                        does not instrument yet, is unsupported)
#   TORTURE_CROSS_MODES  the modes of the cross targets (default
#                        "-O0;-O2;-Os;-O3")
#   TORTURE_CROSS_SAMPLE=N  the cross targets' configurations each
#                        check 1 test in N (drawn as SAMPLE's are;
#                        default 512: about 4 tests per configuration,
#                        64 in all; FULL=1: all)
#   MIP_I386_RUNNER      direct or qemu: how -m32 programs run (default:
#                        found out by running one)
#   TORTURE_MODES        ';'-separated optimisation flag sets (default
#                        "-O0;-O2;-O3 -fomit-frame-pointer -funroll-loops;-Os")
#   SAMPLE=N             every x86 configuration checks 1 test in N
#                        and every test is checked in 1 x86
#                        configuration in N (with N larger than their
#                        number, some tests in none on this run), which
#                        ones drawn from TORTURE_SEED (default 1: all)
#   TORTURE_SEED         the seed of the sample (default: the commit of
#                        the source tree, 'git rev-parse HEAD', else the
#                        time); the same seed and settings check the same
#                        tests in the same configurations, with the same
#                        extra checks, TORTURE_FILTER or not
#   FULL=1               ignore SAMPLE
#   MIP_VARIANTS         MIP modes to check (default "full bcnt bcov fcov
#                        heap"; bcnt is the block-count mode, heap
#                        function coverage with the heap option's
#                        allocation sites; empty checks only the plain
#                        builds)
#   TORTURE_MIPDATA_EVERY=N  run mipdata create+merge on 1 checked
#                        configuration of a test in N (picked by a hash of
#                        seed, test and configuration; default 10; 0 =
#                        never)
#   TORTURE_ORACLE_EVERY=N   run the inference oracle on 1 in N likewise
#                        (default 7; 0 = never)
#   TORTURE_ORACLE_VARIANTS  MIP modes of the oracle (default "bcov full
#                        bcnt"; bcnt's compares the counts derived from
#                        the fewest counters with a counter on every
#                        block)
#   TORTURE_USE_EVERY=N  on 1 checked configuration and mode in N (by a
#                        hash likewise; default 6; 0 = never), build the
#                        test again with the profile of that mode's run
#                        (-fplugin-arg-mip-use) and check that it behaves
#                        as the plain build
#   TORTURE_CHECK_COUNTS=0  do not check that every function that ran
#                        has a call count and an order in the full mode
#                        (checked on every full build by default)
#   TORTURE_FILTER       only tests whose file name (return-addr.c)
#                        matches this grep pattern
#   TORTURE_SHARD=K/N    only shard K (1..N) of N: the tests at ranks K,
#                        K+N, K+2N, ... (from 1) of all the tests in
#                        name order, so that shards are alike in size and
#                        a long run (FULL=1) is done in N parts, one at a
#                        time (scripts/torture-record.sh); the plan is
#                        the whole run's, so a shard checks its tests
#                        where the whole run would
#   TORTURE_PROGRESS_SECONDS  how often the progress line is printed
#                        (default 60)
#   CHECK_RESULT_FILE    where to append "torture PASSED FAILED SKIPPED"
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail
MIP_SCRIPT_NAME=check-torture
here=$(cd "$(dirname "$0")" && pwd)
. "$here/mip-lib.sh"

TORTURE_DIR=$MIP_WORK/src/gcc-torture/execute
export TORTURE_OUT=$MIP_WORK/torture
export TORTURE_TARGETS=${TORTURE_TARGETS:-x86-64 i386 i386-pie aarch64 arm thumb2 thumb1}
export TORTURE_CROSS_MODES=${TORTURE_CROSS_MODES:--O0;-O2;-Os;-O3}
export TORTURE_MODES=${TORTURE_MODES:--O0;-O2;-O3 -fomit-frame-pointer -funroll-loops;-Os}
export MIP_VARIANTS=${MIP_VARIANTS-full bcnt bcov fcov heap}
export TORTURE_MIPDATA_EVERY=${TORTURE_MIPDATA_EVERY:-10}
export TORTURE_ORACLE_EVERY=${TORTURE_ORACLE_EVERY:-7}
export TORTURE_ORACLE_VARIANTS=${TORTURE_ORACLE_VARIANTS-bcov full bcnt}
export TORTURE_USE_EVERY=${TORTURE_USE_EVERY:-6}
export TORTURE_TIMEOUT=${TORTURE_TIMEOUT:-20}
export TORTURE_CHECK_COUNTS=${TORTURE_CHECK_COUNTS:-1}
export CC
sample=${SAMPLE:-1}
cross_sample=${TORTURE_CROSS_SAMPLE:-512}
if [ "${FULL:-0}" = 1 ]; then
  sample=1
  cross_sample=1
fi
seed=${TORTURE_SEED:-}
if [ -z "$seed" ]; then
  seed=$(git -C "$here/.." rev-parse HEAD 2>/dev/null) || seed=$(date +%s)
fi
export TORTURE_PLAN=$TORTURE_OUT/plan.txt

# The names of all the tests (return-addr for return-addr.c).
list_all_tests () {
  (cd "$TORTURE_DIR" && ls -- *.c) | sed 's/\.c$//'
}

# TORTURE_SHARD's K and N ("1 1" without it), checked.
shard_k=1
shard_n=1
if [ -n "${TORTURE_SHARD:-}" ]; then
  if ! [[ $TORTURE_SHARD =~ ^([0-9]+)/([0-9]+)$ ]] \
      || [ "${BASH_REMATCH[2]}" -lt 1 ] || [ "${BASH_REMATCH[1]}" -lt 1 ] \
      || [ "${BASH_REMATCH[1]}" -gt "${BASH_REMATCH[2]}" ]; then
    mip_die "TORTURE_SHARD='$TORTURE_SHARD': want K/N with 1 <= K <= N (e.g. 3/10)"
  fi
  shard_k=$((10#${BASH_REMATCH[1]}))
  shard_n=$((10#${BASH_REMATCH[2]}))
fi

# The paths of the tests to run: the shard's (TORTURE_SHARD), of those
# the ones TORTURE_FILTER matches, which applies to the file names
# (return-addr.c), not to the directory they are in.
list_tests () {
  (cd "$TORTURE_DIR" && ls -- *.c) \
    | python3 "$here/torture-record.py" shard --shard "$shard_k/$shard_n" \
    | { grep -e "${TORTURE_FILTER:-.}" || true; } \
    | awk -v dir="$TORTURE_DIR" '{ print dir "/" $0 }'
}

# The configurations, one a line: "target:mode" (the labels of the results).
list_configs () {
  local target mode
  local -a modes cross_modes target_modes
  IFS=';' read -r -a modes <<<"$TORTURE_MODES"
  IFS=';' read -r -a cross_modes <<<"$TORTURE_CROSS_MODES"
  for target in $TORTURE_TARGETS; do
    if mip_is_cross_target "$target"; then
      target_modes=("${cross_modes[@]}")
    else
      target_modes=("${modes[@]}")
    fi
    for mode in "${target_modes[@]}"; do
      printf '%s:%s\n' "$target" "$(printf '%s' "$mode" | tr ' ' '_')"
    done
  done
}

count () {
  cat "$TORTURE_OUT"/results/*.res 2>/dev/null | grep -c "^$1	" || true
}

# The number of tests with a result line of kind $1 (a grep pattern).
tests_with () {
  cat "$TORTURE_OUT"/results/*.res 2>/dev/null | { grep "^$1	" || true; } \
    | cut -f 2 | sort -u | wc -l | tr -d ' '
}

# count_checks KIND PREFIX: result lines of KIND whose variant starts
# with PREFIX (oracle-, use-).
count_checks () {
  cat "$TORTURE_OUT"/results/*.res 2>/dev/null \
    | grep -c "^$1	[^	]*	[^	]*	$2" || true
}

count_oracle () {
  count_checks "$1" oracle-
}

count_use () {
  count_checks "$1" use-
}

# One line per configuration: plain builds that passed, checks passed and
# failed per MIP mode, for the oracle and for profile use; then the
# oracle's information.
print_config_table () {
  list_configs >"$TORTURE_OUT/configs.txt"
  awk -F '\t' -v variants="$MIP_VARIANTS" '
    NR == FNR { order[++n] = $1; next }
    $1 == "PLAINOK" { plain[$3]++ }
    $1 == "PLAINFAIL" { plainfail[$3]++ }
    $1 == "UNSUPPORTED" || $1 == "NORUNTIME" || $1 == "NORUNNER" || $1 == "NOCROSS" { unsup[$3]++ }
    $1 == "PASS" || $1 == "FAIL" {
      v = $4; sub(/^oracle-.*/, "oracle", v); sub(/^use-.*/, "use", v)
      if (v !~ /^(oracle|use)$/ && index(" " variants " ", " " v " ") == 0) v = "oracle"
      if ($1 == "PASS") pass[$3, v]++; else fail[$3, v]++
    }
    $1 == "INFERDIFF" { idiff[$3]++ }
    $1 == "INFERSAME" { isame[$3]++ }
    END {
      nv = split(variants " oracle use", vs, " ")
      printf "  %-48s %6s %6s %6s", "configuration", "plain", "pfail", "unsup"
      for (i = 1; i <= nv; i++) printf " %11s", vs[i] " ok/fail"
      printf " %9s\n", "infer!=pr"
      for (k = 1; k <= n; k++) {
        c = order[k]
        printf "  %-48s %6d %6d %6d", c, plain[c], plainfail[c], unsup[c]
        for (i = 1; i <= nv; i++) printf " %11s", (pass[c, vs[i]] + 0) "/" (fail[c, vs[i]] + 0)
        printf " %9s\n", (idiff[c] + 0) "/" (idiff[c] + isame[c])
      }
    }' "$TORTURE_OUT/configs.txt" "$TORTURE_OUT"/results/*.res
}

print_failures () {
  local file
  for file in "$TORTURE_OUT"/results/*.res; do
    grep -A 3 '^FAIL	' "$file" | grep -v '^--$' || true
  done
}

# For each cross target of TORTURE_TARGETS, once: can it be checked
# here?  Exports MIP_CROSS_SKIP_TARGET with the reason when it cannot (not
# built, no compiler or qemu, or a plugin that refuses to instrument:
# unsupported); a plugin that fails otherwise is one failure.
cross_failed=0
detect_cross_targets () {
  local target problem
  for target in $TORTURE_TARGETS; do
    mip_is_cross_target "$target" || continue
    if ! mip_cross_setup "$target"; then
      problem=$MIP_CROSS_PROBLEM
    else
      problem=$(mip_cross_refusal "$target")
      case $problem in
        '' | 'mip: instrumentation not implemented'*) ;;
        *) mip_say "FAIL: cross target $target: $problem"
           cross_failed=$((cross_failed + 1)) ;;
      esac
    fi
    if [ -n "$problem" ]; then
      mip_say "unsupported: cross target $target: $problem"
      export "MIP_CROSS_SKIP_$target=$problem"
    else
      mip_say "cross target $target: $MIP_CROSS_CC $(mip_cross_flags "$target"), run under $MIP_CROSS_QEMU"
    fi
  done
}

# Once a minute while the tests run, how far they are: the run is
# otherwise silent for many minutes.
report_progress () {
  local total=$1 done
  while sleep "${TORTURE_PROGRESS_SECONDS:-60}"; do
    done=$(find "$TORTURE_OUT/results" -name '*.res' | wc -l)
    mip_say "progress: $done/$total tests started, $(count PASS) checks passed, $(count FAIL) failed so far"
  done
}

# The configurations with their group and sample, "LABEL GROUP N" a
# line, for torture-sample.py.
list_sample_configs () {
  local label
  list_configs | while read -r label; do
    if mip_is_cross_target "${label%%:*}"; then
      echo "$label cross $cross_sample"
    else
      echo "$label x86 $sample"
    fi
  done
}

# Draw the run's sample from the seed, for all the tests (a filtered run
# checks its tests where the whole run would): TORTURE_PLAN.
make_plan () {
  list_sample_configs >"$TORTURE_OUT/sample-configs.txt"
  list_all_tests >"$TORTURE_OUT/all-tests.txt"
  python3 "$here/torture-sample.py" plan --seed "$seed" \
    --configs "$TORTURE_OUT/sample-configs.txt" \
    --tests "$TORTURE_OUT/all-tests.txt" \
    --mipdata-every "$TORTURE_MIPDATA_EVERY" \
    --oracle-every "$TORTURE_ORACLE_EVERY" \
    --use-every "$TORTURE_USE_EVERY" --variants "$MIP_VARIANTS" \
    >"$TORTURE_PLAN" || mip_die "torture-sample.py failed to draw the sample"
}

# The number of checks of a test in a configuration that the plan makes
# for the tests of this run.
planned_checks () {
  list_tests | sed 's|.*/||; s/\.c$//' \
    | awk -F '\t' 'NR == FNR { run[$1]; next } $1 in run' - "$TORTURE_PLAN" \
    | wc -l | tr -d ' '
}

# The paths of the tests of this run that the plan checks somewhere:
# a test the sample leaves out costs a start of torture-test.sh and
# nothing else, so it is not started.
list_planned_tests () {
  list_tests | awk -F '\t' 'NR == FNR { planned[$1]; next }
    { name = $0; sub(/.*\//, "", name); sub(/\.c$/, "", name) }
    name in planned' "$TORTURE_PLAN" -
}

# The seed and the command that checks the same sample again.
say_seed () {
  mip_say "sample seed $seed; the same sample again: TORTURE_SEED=$seed SAMPLE=$sample TORTURE_CROSS_SAMPLE=$cross_sample${TORTURE_SHARD:+ TORTURE_SHARD=$TORTURE_SHARD} CHECK_PARTS=torture make check-real (with the same TORTURE_* settings; TORTURE_FILTER='^NAME\.c\$' for one test)"
}

main () {
  local total configs progress passed failed plain_fail unsupported plain_ok crashed
  [ -n "$MIP_VARIANTS" ] && mip_check_tools
  [ -d "$TORTURE_DIR" ] || bash "$here/fetch-sources.sh" torture
  rm -rf "$TORTURE_OUT"
  mkdir -p "$TORTURE_OUT/results" "$TORTURE_OUT/tmp"
  mip_need_tool python3
  total=$(list_tests | wc -l)
  if [ "$total" -eq 0 ]; then
    mip_say "FAIL: no test of $TORTURE_DIR matches TORTURE_FILTER '${TORTURE_FILTER:-}'${TORTURE_SHARD:+ in shard $TORTURE_SHARD}"
    [ -n "${CHECK_RESULT_FILE:-}" ] && echo "torture 0 1 0" >>"$CHECK_RESULT_FILE"
    return 1
  fi
  configs=$(list_configs | wc -l)
  make_plan
  say_seed
  if [ "$sample" -gt 1 ]; then
    mip_say "SAMPLE=$sample: $total tests, each checked in 1 of every $sample of the x86 configurations (drawn from the seed), so each configuration sees about $((total / sample)) tests; $(planned_checks) checks of a test in a configuration in all (FULL=1 checks every test in every configuration)"
  else
    mip_say "checking $total tests in each of the $configs configurations"
  fi
  if [ "$shard_n" -gt 1 ]; then
    mip_say "shard $shard_k of $shard_n: $total of the $(list_all_tests | wc -l) tests"
  fi
  mip_say "targets: $TORTURE_TARGETS; modes: $TORTURE_MODES (cross targets: $TORTURE_CROSS_MODES, 1 test in $cross_sample per configuration)"
  mip_say "MIP variants: ${MIP_VARIANTS:-none (plain only)}; mipdata on 1 checked configuration in $TORTURE_MIPDATA_EVERY; inference oracle (${TORTURE_ORACLE_VARIANTS:-none}) on 1 in $TORTURE_ORACLE_EVERY (picked by a hash of seed, test and configuration); profile use on 1 mode's build in $TORTURE_USE_EVERY; $MIP_JOBS jobs"
  if ! mip_have_runtime32; then
    mip_say "note: no 32-bit runtime $MIP_RUNTIME_DIR/m32/libmip.a: i386 configurations skipped"
  fi
  mip_detect_i386_runner say
  detect_cross_targets
  crashed=0
  list_planned_tests >"$TORTURE_OUT/run-tests.txt"
  report_progress "$(wc -l <"$TORTURE_OUT/run-tests.txt")" &
  progress=$!
  xargs -P "$MIP_JOBS" -n 1 bash "$here/torture-test.sh" \
    <"$TORTURE_OUT/run-tests.txt" || crashed=1
  kill "$progress" 2>/dev/null || true
  wait "$progress" 2>/dev/null || true
  passed=$(count PASS)
  failed=$(count FAIL)
  failed=$((failed + cross_failed))
  if [ "$crashed" -eq 1 ]; then
    mip_say "FAIL: torture-test.sh itself failed on some test (its messages are above)"
    failed=$((failed + 1))
  fi
  plain_fail=$(count PLAINFAIL)
  unsupported=$(( $(count UNSUPPORTED) + $(count NORUNTIME) + $(count NORUNNER) + $(count NOCROSS) ))
  plain_ok=$(count PLAINOK)
  if [ "$failed" -gt 0 ]; then
    mip_say "failures (files kept in $TORTURE_OUT/tmp):"
    print_failures
  fi
  mip_say "per configuration (plain: plain builds that ran; pfail: plain build failed, skipped; unsup: directives, no runtime or nothing to run 32-bit programs; infer!=pr: oracle builds whose default inference (without calls-may-exit) differs from probing every block / oracle builds, information only):"
  print_config_table
  mip_say "plain builds: $plain_ok passed, $plain_fail failed (skipped), $unsupported unsupported (directives, no runtime or nothing to run 32-bit programs)"
  if [ "$(count NORUNNER)" -gt 0 ]; then
    mip_say "unsupported: $(count NORUNNER) i386 configurations: cannot run 32-bit x86 programs: $MIP_I386_PROBLEM"
  fi
  mip_say "inference oracle: $(count_oracle PASS) passed, $(count_oracle FAIL) failed (probe-all-blocks + calls-may-exit vs calls-may-exit); information: without calls-may-exit, $(count INFERDIFF) of $(( $(count INFERDIFF) + $(count INFERSAME) )) oracle checks differ ($(tests_with INFERDIFF) of $(tests_with 'INFER[A-Z]*') tests)"
  mip_say "profile use (the test rebuilt with its run's profile behaves as plain): $(count_use PASS) passed, $(count_use FAIL) failed"
  say_seed
  mip_say "torture: $passed passed, $failed failed, $((plain_fail + unsupported)) skipped"
  if [ -n "${CHECK_RESULT_FILE:-}" ]; then
    echo "torture $passed $failed $((plain_fail + unsupported))" >>"$CHECK_RESULT_FILE"
  fi
  [ "$failed" -eq 0 ]
}

main
