#!/bin/bash
# torture-test.sh - check one GCC c-torture execute test with MIP.  A
# configuration is a target (x86-64, i386 = -m32 non-PIC, i386-pie = -m32
# PIE; the cross targets aarch64, arm, thumb2 and thumb1, built with the
# cross compiler and run under qemu-user, see mip-lib.sh) with an
# optimisation mode.  In each configuration the test selects,
# it is built and run without the plugin; where that passes, it is built
# in every MIP mode (full, block-coverage, function-coverage), run, and
# must exit 0 and write a .mipraw; in the full mode every function that
# ran must have a call count and an order in 'mipdata show --json', and
# main at least must have run (TORTURE_CHECK_COUNTS=0 skips that); on
# sampled tests mipdata create and merge must accept the binary and the
# raw profile, and the inference
# oracle runs: built with -fplugin-arg-mip-probe-all-blocks
# -fplugin-arg-mip-calls-may-exit (every block probed: the truth) and with
# -fplugin-arg-mip-calls-may-exit alone (blocks inferred), the two runs
# must give identical block coverage in 'mipdata show --json', in which
# some block ran (a comparison of nothing fails); as
# information, the default build (inferred, calls taken to return) is
# compared with the truth too; on sampled tests the profile of each
# mode's run builds the test again (profile use), which must behave as
# the plain build.  Called by check-torture.sh through xargs,
# one test per call; writes its verdicts to one result file.
#
# Usage: torture-test.sh TEST.c
# Environment (set by check-torture.sh): TORTURE_OUT (result directory),
# TORTURE_PLAN (the sample, made by torture-sample.py from the run's
# seed: a line "TEST<TAB>CONFIGURATION<TAB>EXTRAS" for each configuration
# that checks TEST, EXTRAS the extra checks picked there: mipdata (mipdata
# create and merge on the MIP modes whose counts are not checked),
# use-MODE (build the test again with the profile of the mode's run,
# -fplugin-arg-mip-use, and compare it with plain) and oracle),
# TORTURE_TARGETS (x86-64 i386 i386-pie), TORTURE_MODES (';'-separated
# optimisation flag sets), MIP_VARIANTS (full bcov fcov),
# TORTURE_ORACLE_VARIANTS (bcov full), TORTURE_CHECK_COUNTS (1: check the
# full mode's counts, the default; 0: not), TORTURE_TIMEOUT (seconds per run),
# MIP_I386_RUNNER (direct, qemu or none: how the i386 targets' programs
# run; mip-lib.sh), CC, MIP_PLUGIN, MIP_RUNTIME_DIR, MIPDATA.
#
# TORTURE_CROSS_MODES: the modes of the cross targets;
# MIP_CROSS_SKIP_TARGET: why TARGET is not checked.
#
# Result lines (tab-separated): PASS|FAIL|UNSUPPORTED|PLAINFAIL|PLAINOK|
# NORUNTIME|NORUNNER|NOCROSS|INFERDIFF|INFERSAME, test, configuration, variant, reason; a
# FAIL line is followed by indented commands.  The variant of an oracle
# line is "oracle-VARIANT".
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail
MIP_SCRIPT_NAME=torture-test
. "$(dirname "$0")/mip-lib.sh"

test_source=$1
test_name=$(basename "$test_source" .c)
result_file=$TORTURE_OUT/results/$test_name.res
timeout_seconds=${TORTURE_TIMEOUT:-20}

# Effective targets that x86-64 and i386 GNU/Linux provide.
COMMON_EFFECTIVE_TARGETS=" int32plus int32 label_values trampolines alloca "
COMMON_EFFECTIVE_TARGETS+=" indirect_jumps untyped_assembly return_address "
COMMON_EFFECTIVE_TARGETS+=" fileio unwrapped stdint_types mmap double64plus "
COMMON_EFFECTIVE_TARGETS+=" c99_runtime longlong64 dfp size32plus ptr32plus "

# The compiler flags of a target, and whether it is 32-bit.
target_flags () {
  case $1 in
    x86-64) ;;
    # Debian's GCC makes PIE by default: i386 asks for non-PIC code.
    i386) echo "-m32 -fno-pie -no-pie" ;;
    i386-pie) echo "-m32 -fPIE -pie" ;;
    aarch64 | arm | thumb2 | thumb1) mip_cross_flags "$1" ;;
    *) mip_die "unknown torture target '$1' (expected x86-64, i386, i386-pie, aarch64, arm, thumb2 or thumb1)" ;;
  esac
}

target_is_ia32 () {
  case $1 in i386*) return 0 ;; esac
  return 1
}

effective_targets () {
  if [ "$1" = aarch64 ]; then
    printf '%s\n' "$COMMON_EFFECTIVE_TARGETS int128 lp64 "
  elif mip_is_cross_target "$1"; then
    printf '%s\n' "$COMMON_EFFECTIVE_TARGETS ilp32 "
  elif target_is_ia32 "$1"; then
    printf '%s\n' "$COMMON_EFFECTIVE_TARGETS ilp32 ia32 "
  else
    printf '%s\n' "$COMMON_EFFECTIVE_TARGETS int128 lp64 "
  fi
}

# ---- directives -------------------------------------------------------
# Set by read_directives for the target being checked.
target=
extra_options=()
unsupported_reason=
skip_option_patterns=()
directives=

# Print "name<TAB>arguments" for each { dg-... } directive of the test.
list_directives () {
  awk 'match($0, /\{ *dg-[a-z-]+/) {
         s = substr($0, RSTART); sub(/^\{ */, "", s)
         name = s; sub(/[ \t].*/, "", name)
         rest = substr(s, length(name) + 1)
         sub(/\} *(\*\/)? *$/, "", rest)
         print name "\t" rest
       }' "$test_source"
}

# Crude truth of a target selector on x86-64 GNU/Linux (-m64 or -m32):
# every negated selector in the suite is false here; ia32 ones hold for
# i386 only.
selector_is_true () {
  case $1 in
    *'!'*) return 1 ;;
    *ia32*) target_is_ia32 "$target" ; return ;;
    *x86_64-* | *'i?86-'*) ! mip_is_cross_target "$target" ; return ;;
    *aarch64*) [ "$target" = aarch64 ] ; return ;;
    *arm*) mip_is_cross_target "$target" && [ "$target" != aarch64 ] ; return ;;
    *-linux* | *fpic*) return 0 ;;
  esac
  # The universal selector, not a suffix of another one.
  printf '%s\n' "$1" | grep -Eq '(^|[ {])[*]-[*]-[*]([ }]|$)'
}

# The first argument of a directive: a "quoted" or { braced } string.
first_argument () {
  local text
  text=$(printf '%s' "$1" | sed 's/^[ \t]*//')
  case $text in
    '"'*) printf '%s' "$text" | sed 's/^"\([^"]*\)".*/\1/' ;;
    '{'*) printf '%s' "$text" | sed 's/^{\([^}]*\)}.*/\1/' | tr -d '"' ;;
    *) printf '%s' "$text" | sed 's/[ \t].*//' ;;
  esac
}

# What follows the first argument.
after_first_argument () {
  local text
  text=$(printf '%s' "$1" | sed 's/^[ \t]*//')
  case $text in
    '"'*) printf '%s' "$text" | sed 's/^"[^"]*"//' ;;
    '{'*) printf '%s' "$text" | sed 's/^{[^}]*}//' ;;
    *) printf '%s' "$text" | sed 's/^[^ \t]*//' ;;
  esac
}

add_options_directive () {
  local arguments=$1 options rest
  options=$(first_argument "$arguments")
  rest=$(after_first_argument "$arguments")
  case $rest in
    *target*) selector_is_true "$rest" || return 0 ;;
  esac
  # shellcheck disable=SC2206
  extra_options+=($options)
}

# dg-skip-if "why" { selector } { include-options } { exclude-options }
skip_if_directive () {
  local arguments=$1 selector include
  arguments=$(after_first_argument "$arguments")
  selector=$(printf '%s' "$arguments" | sed 's/^[ \t]*{\(\([^{}]*{[^}]*}\)*[^}]*\)}.*/\1/')
  selector_is_true "$selector" || return 0
  include=$(printf '%s' "$arguments" \
    | sed 's/^[ \t]*{\(\([^{}]*{[^}]*}\)*[^}]*\)}//; s/^[ \t]*//' \
    | sed 's/^{\([^}]*\)}.*/\1/; s/^\("[^"]*"\).*/\1/' | tr -d '"')
  [ -n "${include// /}" ] || include='*'
  # shellcheck disable=SC2206
  skip_option_patterns+=($include)
}

# read_directives TARGET: the options, skips and support of the test there.
read_directives () {
  local name arguments effective supported
  target=$1
  extra_options=()
  unsupported_reason=
  skip_option_patterns=()
  supported=$(effective_targets "$target")
  while IFS=$'\t' read -r name arguments; do
    [ -n "$name" ] || continue
    case $name in
      dg-options | dg-additional-options) add_options_directive "$arguments" ;;
      dg-require-effective-target)
        effective=$(first_argument "$arguments")
        case $supported in
          *" $effective "*) ;;
          *) unsupported_reason="needs effective target $effective" ;;
        esac ;;
      dg-skip-if) skip_if_directive "$arguments" ;;
      dg-do)
        [ "$(first_argument "$arguments")" = run ] \
          || unsupported_reason="dg-do $(first_argument "$arguments")" ;;
      # Nothing to add on x86-64 GNU/Linux, or not about running.
      dg-add-options | dg-require-stack-size | dg-require-alias \
        | dg-require-weak | dg-xfail-if | dg-xfail-run-if \
        | dg-prune-output | dg-final | dg-warning | dg-error) ;;
      *) unsupported_reason="directive $name not understood" ;;
    esac
  done <<<"$directives"
}

# Does dg-skip-if exclude the flags "$@"?
skipped_for_flags () {
  local pattern flag
  for pattern in "${skip_option_patterns[@]+"${skip_option_patterns[@]}"}"; do
    [ "$pattern" = '*' ] && return 0
    for flag in "$@"; do
      # shellcheck disable=SC2254
      case $flag in $pattern) return 0 ;; esac
    done
  done
  return 1
}

# ---- building and running ------------------------------------------------
record () {
  printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$test_name" "$2" "$3" "$4" >>"$result_file"
}

record_failure () {
  local config=$1 variant=$2 reason=$3
  shift 3
  record FAIL "$config" "$variant" "$reason"
  local line
  for line in "$@"; do
    printf '    %s\n' "$line" >>"$result_file"
  done
}

# Build: compile_test OUTPUT VARIANT FLAGS... ; sets compile_command.
# VARIANT is a MIP mode (mip-lib.sh) or plain; FLAGS are the
# configuration's; plugin_arguments (after the plugin's) those of the
# oracle.  MIP_RUNTIME_BITS (set by check_config) picks the runtime.
plugin_arguments=()
compile_test () {
  local output=$1 variant=$2
  shift 2
  local -a command
  # shellcheck disable=SC2207
  command=("$CC" "$@" -w "${extra_options[@]+"${extra_options[@]}"}" \
    $(mip_variant_cflags "$variant") \
    "${plugin_arguments[@]+"${plugin_arguments[@]}"}" "$test_source" \
    -o "$output" $(mip_variant_ldflags "$variant") -lm)
  compile_command=$(mip_quote "${command[@]}")
  "${command[@]}" >"$output.log" 2>&1
}

# Run a built test in its directory (a 32-bit one under qemu-i386 where
# the kernel runs none); sets run_status.
run_test () {
  local exe=$1 raw=${2:-}
  run_status=0
  # shellcheck disable=SC2046 # no prefix or one word
  (cd "$(dirname "$exe")" \
    && MIP_PROFILE_FILENAME=${raw:-/dev/null} timeout -k 5 "$timeout_seconds" \
       $(mip_run_prefix "$exe") "$exe" </dev/null >"$exe.out" 2>&1) \
    || run_status=$?
}

# The command that runs EXE, for failure reports.
run_command () {
  # shellcheck disable=SC2046
  mip_quote $(mip_run_prefix "$1") "$1"
}

check_mipdata () {
  local exe=$1 raw=$2 profile=$1.mip
  mipdata_command="$(mip_quote "$MIPDATA" create -p "$profile" "$exe")"
  "$MIPDATA" create -p "$profile" "$exe" >"$profile.log" 2>&1 || return 1
  mipdata_command="$(mip_quote "$MIPDATA" merge -p "$profile" "$raw")"
  "$MIPDATA" merge -p "$profile" "$raw" >>"$profile.log" 2>&1 || return 1
}

# build_and_run DIR CONFIG LABEL VARIANT NAME [PLUGIN-ARGS...]: DIR/NAME
# and its raw profile DIR/NAME.mipraw; records a failure and returns 1 when
# it does not build, run or write the raw profile.
build_and_run () {
  local dir=$1 config=$2 label=$3 variant=$4 name=$5 exe raw status=0
  local -a config_flags
  shift 5
  read -r -a config_flags <<<"$config"
  exe=$dir/$name
  raw=$dir/$name.mipraw
  plugin_arguments=("$@")
  compile_test "$exe" "$variant" "${config_flags[@]}" || status=$?
  plugin_arguments=()
  if [ "$status" -ne 0 ]; then
    record_failure "$label" "$name" "compile failed" "$compile_command" \
      "$(head -c 600 "$exe.log" | tr '\n' ' ')"
    return 1
  fi
  run_test "$exe" "$raw"
  if [ "$run_status" -ne 0 ]; then
    record_failure "$label" "$name" "run exited $run_status" "$compile_command" \
      "cd $dir && MIP_PROFILE_FILENAME=$raw $(run_command "$exe")"
    return 1
  fi
  if [ ! -s "$raw" ]; then
    record_failure "$label" "$name" "no .mipraw written" "$compile_command" \
      "cd $dir && MIP_PROFILE_FILENAME=$raw $(run_command "$exe")"
    return 1
  fi
}

# check_counts EXE: in the full mode some function ran (main), and every
# function that ran records a call count and a first-call order,
# whatever its arguments occupy (on i386 regparm(3), fastcall and GCC's
# local convention at -O2 leave no register free at entry: the probe
# saves one).  Sets counts_summary, or counts_problem (and
# mipdata_command when mipdata failed); returns 1 on a problem.
check_counts () {
  local exe=$1 profile=$1.mip missing executed
  counts_summary=
  counts_problem=
  rm -f "$profile"
  if ! check_mipdata "$exe" "$exe.mipraw"; then
    counts_problem="mipdata refused it"
    return 1
  fi
  mipdata_command="$(mip_quote "$MIPDATA" show -p "$profile" --json)"
  if ! "$MIPDATA" show -p "$profile" --json >"$exe.json" 2>>"$profile.log"; then
    counts_problem="mipdata show failed"
    return 1
  fi
  executed=$(grep -c '^{"name": .*"covered": true' "$exe.json" || true)
  missing=$({ grep '^{"name": .*"covered": true' "$exe.json" || true; } \
    | { grep -e '"call_count": null' -e '"order": null' || true; } \
    | sed 's/^{"name": "\([^"]*\)".*/\1/' | tr '\n' ' ')
  # The test's main runs: no executed function means that the counts
  # were lost (or that 'mipdata show --json' changed its format), not
  # that there was nothing to check.
  if [ "$executed" -eq 0 ]; then
    counts_problem="no executed function in 'mipdata show --json' (main at least ran)"
    return 1
  fi
  if [ -n "$missing" ]; then
    counts_problem="$(printf '%s' "$missing" | wc -w | tr -d ' ') of $executed executed functions have no call count or order: $missing"
    return 1
  fi
  counts_summary="all $executed executed functions counted"
}

check_variant_run () {
  local dir=$1 config=$2 label=$3 variant=$4 exe=$1/$4
  build_and_run "$dir" "$config" "$label" "$variant" "$variant" || return 1
  if { [ "$variant" = full ] || [ "$variant" = bcnt ]; } && [ "${TORTURE_CHECK_COUNTS:-1}" = 1 ]; then
    if ! check_counts "$exe"; then
      record_failure "$label" "$variant" "$counts_problem" "$compile_command" \
        "$mipdata_command" "$(head -c 600 "$exe.mip.log" 2>/dev/null | tr '\n' ' ')"
      return 1
    fi
    record PASS "$label" "$variant" "run ok, $counts_summary"
    return 0
  fi
  if picked "$label" mipdata; then
    if ! check_mipdata "$exe" "$exe.mipraw"; then
      record_failure "$label" "$variant" "mipdata refused it" "$compile_command" \
        "$mipdata_command" "$(head -c 600 "$exe.mip.log" | tr '\n' ' ')"
      return 1
    fi
    record PASS "$label" "$variant" "run ok, mipdata ok"
    return 0
  fi
  record PASS "$label" "$variant" "run ok"
}

# check_use DIR CONFIG LABEL VARIANT: the profile of the run of
# DIR/VARIANT (made by mipdata, if the checks above did not), used to
# build the test again (-fplugin-arg-mip-use, nothing instrumented): it
# must compile without reporting a changed function (same flags, same
# signatures) and behave exactly as the plain build (status and output).
check_use () {
  local dir=$1 config=$2 label=$3 variant=$4 exe=$1/$4 use=$1/$4-use
  local -a config_flags
  read -r -a config_flags <<<"$config"
  if [ ! -s "$exe.mip" ] && ! check_mipdata "$exe" "$exe.mipraw"; then
    record_failure "$label" "use-$variant" "mipdata refused it" \
      "$mipdata_command" "$(head -c 600 "$exe.mip.log" | tr '\n' ' ')"
    return 1
  fi
  plugin_arguments=("-fplugin=$MIP_PLUGIN" "-fplugin-arg-mip-use=$exe.mip")
  local status=0
  compile_test "$use" plain "${config_flags[@]}" || status=$?
  plugin_arguments=()
  if [ "$status" -ne 0 ]; then
    record_failure "$label" "use-$variant" "compile with the profile failed" \
      "$compile_command" "$(head -c 600 "$use.log" | tr '\n' ' ')"
    return 1
  fi
  if grep -q 'changed since profile\|knows none of' "$use.log"; then
    record_failure "$label" "use-$variant" \
      "the unchanged source does not match its own profile" \
      "$compile_command" "$(head -c 600 "$use.log" | tr '\n' ' ')"
    return 1
  fi
  run_test "$use"
  if [ "$run_status" -ne 0 ]; then
    record_failure "$label" "use-$variant" \
      "the use build exits $run_status (plain: 0)" \
      "$compile_command" "cd $dir && $(run_command "$use")"
    return 1
  fi
  if ! cmp -s "$use.out" "$dir/plain.out"; then
    if plain_output_varies "$dir"; then
      record PASS "$label" "use-$variant" \
        "same status as plain (whose output differs run to run: it prints addresses)"
      return 0
    fi
    record_failure "$label" "use-$variant" \
      "the use build prints otherwise than plain" \
      "$compile_command" "cd $dir && $(run_command "$use")"
    return 1
  fi
  record PASS "$label" "use-$variant" "same behaviour as plain"
}

# Whether the plain build of DIR prints something else when run again
# (return-addr.c prints stack addresses, which ASLR moves): its output
# then says nothing about another build's behaviour.
plain_output_varies () {
  local dir=$1 again=$1/plain-again
  cp "$dir/plain" "$again"
  run_test "$again"
  ! cmp -s "$again.out" "$dir/plain.out"
}

check_variant () {
  check_variant_run "$@" || return 1
  if picked "$3" "use-$4"; then
    check_use "$@" || return 1
  fi
}

# ---- the inference oracle ---------------------------------------------------
# block_coverage EXE: each function's name and the coverage and id of
# its blocks from 'mipdata show --json' of EXE and EXE.mipraw (not their
# counts: the oracle compares coverage), one function a line, sorted;
# sets mipdata_command on failure.
BLOCK_COVERAGE='
import json, sys
for function in json.load(sys.stdin)["functions"]:
    if "blocks" in function:
        blocks = [{"covered": block["covered"], "id": block["id"]}
                  for block in function["blocks"]]
        print(function["name"], json.dumps(blocks))
'
# shown_blocks EXE SCRIPT OUTPUT: 'mipdata show --json' of EXE and
# EXE.mipraw read by the Python SCRIPT, sorted, into OUTPUT.
shown_blocks () {
  local exe=$1 profile=$1.mip
  rm -f "$profile"
  check_mipdata "$exe" "$exe.mipraw" || return 1
  mipdata_command="$(mip_quote "$MIPDATA" show -p "$profile" --json)"
  "$MIPDATA" show -p "$profile" --json >"$exe.json" 2>>"$profile.log" || return 1
  python3 -c "$2" <"$exe.json" | sort >"$3"
}
block_coverage () {
  shown_blocks "$1" "$BLOCK_COVERAGE" "$1.blocks"
}

# block_counts EXE: as block_coverage, each function's block ids and
# counts ("null" where the profile does not know one) into EXE.counts.
BLOCK_COUNTS='
import json, sys
for function in json.load(sys.stdin)["functions"]:
    if "blocks" in function:
        blocks = [[block["id"], block.get("count")]
                  for block in function["blocks"]]
        print(function["name"], function.get("call_count"), json.dumps(blocks))
'
block_counts () {
  shown_blocks "$1" "$BLOCK_COUNTS" "$1.counts"
}

# count_oracle DIR CONFIG LABEL: the block-count mode's oracle, as the
# coverage one below: the truth (a counter on every block) against the
# counts derived from the fewest counters with calls-may-exit (must be
# equal) and against the default build DIR/bcnt (information: a program
# that ends inside a callee may leave counts of its callers' blocks
# after the call too high, or dropped where they contradict).
count_oracle () {
  local dir=$1 config=$2 label=$3 variant=bcnt truth=$1/bcnt-count-all
  local exact=$1/bcnt-may-exit exe
  build_and_run "$dir" "$config" "$label" "$variant" "bcnt-count-all" \
    -fplugin-arg-mip-probe-all-blocks -fplugin-arg-mip-calls-may-exit \
    || return 1
  build_and_run "$dir" "$config" "$label" "$variant" "bcnt-may-exit" \
    -fplugin-arg-mip-calls-may-exit || return 1
  for exe in "$truth" "$exact" "$dir/$variant"; do
    if ! block_counts "$exe"; then
      record_failure "$label" "oracle-$variant" "mipdata refused $exe" \
        "$mipdata_command" "$(head -c 600 "$exe.mip.log" | tr '\n' ' ')"
      return 1
    fi
  done
  if [ ! -s "$truth.counts" ] || ! grep -q '\[[0-9]*, [1-9]' "$truth.counts"; then
    record_failure "$label" "oracle-$variant" \
      "the build counting every block records no block that ran" \
      "$compile_command" "$mipdata_command"
    return 1
  elif cmp -s "$truth.counts" "$exact.counts"; then
    record PASS "$label" "oracle-$variant" "derived counts = counted"
  else
    record_failure "$label" "oracle-$variant" \
      "derived block counts differ from counting every block" \
      "$compile_command" "diff $truth.counts $exact.counts" \
      "$(diff "$truth.counts" "$exact.counts" | head -c 600 | tr '\n' ' ')"
    return 1
  fi
  if cmp -s "$truth.counts" "$dir/$variant.counts"; then
    record INFERSAME "$label" "oracle-$variant" "default = counted"
  else
    record INFERDIFF "$label" "oracle-$variant" "without calls-may-exit: $(diff "$truth.counts" "$dir/$variant.counts" | grep -c '^>') functions differ"
  fi
}

# oracle DIR CONFIG LABEL VARIANT: the truth (every block probed, calls
# may exit) against the inferred coverage with calls-may-exit (must be
# equal) and against the default build DIR/VARIANT (information).
oracle () {
  local dir=$1 config=$2 label=$3 variant=$4 truth=$1/$4-probe-all
  local exact=$1/$4-may-exit
  build_and_run "$dir" "$config" "$label" "$variant" "$variant-probe-all" \
    -fplugin-arg-mip-probe-all-blocks -fplugin-arg-mip-calls-may-exit \
    || return 1
  build_and_run "$dir" "$config" "$label" "$variant" "$variant-may-exit" \
    -fplugin-arg-mip-calls-may-exit || return 1
  local exe
  for exe in "$truth" "$exact" "$dir/$variant"; do
    if ! block_coverage "$exe"; then
      record_failure "$label" "oracle-$variant" "mipdata refused $exe" \
        "$mipdata_command" "$(head -c 600 "$exe.mip.log" | tr '\n' ' ')"
      return 1
    fi
  done
  # Nothing to compare, or a run in which no block ran (main's entry at
  # least did), says that the oracle is broken, not that it agrees.
  if [ ! -s "$truth.blocks" ]; then
    record_failure "$label" "oracle-$variant" \
      "the build probing every block records no blocks in 'mipdata show --json'" \
      "$compile_command" "$mipdata_command"
    return 1
  elif ! grep -q '"covered": true' "$truth.blocks"; then
    record_failure "$label" "oracle-$variant" \
      "no block ran in the build probing every block" \
      "$compile_command" "$mipdata_command"
    return 1
  elif cmp -s "$truth.blocks" "$exact.blocks"; then
    record PASS "$label" "oracle-$variant" "inferred = probed"
  else
    record_failure "$label" "oracle-$variant" \
      "inferred block coverage differs from probing every block" \
      "$compile_command" "diff $truth.blocks $exact.blocks" \
      "$(diff "$truth.blocks" "$exact.blocks" | head -c 600 | tr '\n' ' ')"
    return 1
  fi
  if cmp -s "$truth.blocks" "$dir/$variant.blocks"; then
    record INFERSAME "$label" "oracle-$variant" "default = probed"
  else
    record INFERDIFF "$label" "oracle-$variant" "without calls-may-exit: $(diff "$truth.blocks" "$dir/$variant.blocks" | grep -c '^>') functions differ"
  fi
}

# ---- one configuration ------------------------------------------------------
# check_config TARGET MODE: plain, then every MIP mode, then the oracle.
check_config () {
  local target_name=$1 mode=$2 config label dir variant failed=0
  local -a config_flags
  config="$(target_flags "$target_name") $mode"
  read -r -a config_flags <<<"$config"
  label="$target_name:$(printf '%s' "$mode" | tr ' ' '_')"
  if [ -n "$unsupported_reason" ]; then
    record UNSUPPORTED "$label" - "$unsupported_reason"
    return
  fi
  if skipped_for_flags "${config_flags[@]}"; then
    record UNSUPPORTED "$label" - "dg-skip-if for these flags"
    return
  fi
  MIP_RUNTIME_BITS=64
  # A cross target: its compiler, plugin and runtime, its programs
  # under qemu; unsupported where it is not built or its plugin does
  # not instrument yet (check-torture.sh found out once).
  local CC=$CC MIP_PLUGIN=$MIP_PLUGIN MIP_RUNTIME_DIR=$MIP_RUNTIME_DIR
  local MIP_CROSS_RUN_PREFIX=
  if mip_is_cross_target "$target_name"; then
    local skip_variable=MIP_CROSS_SKIP_$target_name
    if [ -n "${!skip_variable:-}" ]; then
      record NOCROSS "$label" - "${!skip_variable}"
      return
    fi
    if ! mip_cross_setup "$target_name"; then
      record NOCROSS "$label" - "$MIP_CROSS_PROBLEM"
      return
    fi
    CC=$MIP_CROSS_CC
    MIP_PLUGIN=$MIP_CROSS_PLUGIN
    MIP_RUNTIME_DIR=$MIP_CROSS_RUNTIME_DIR
    MIP_CROSS_RUN_PREFIX=$MIP_CROSS_QEMU
  fi
  if target_is_ia32 "$target_name"; then
    if ! mip_have_runtime32; then
      record NORUNTIME "$label" - "no 32-bit libmip.a in $MIP_RUNTIME_DIR/m32"
      return
    fi
    if [ "$MIP_I386_RUNNER" = none ]; then
      record NORUNNER "$label" - "cannot run 32-bit x86 programs: $MIP_I386_PROBLEM"
      return
    fi
    MIP_RUNTIME_BITS=32
  fi
  dir=$TORTURE_OUT/tmp/$test_name.$(printf '%s' "$label" | tr ':' '.')
  rm -rf "$dir"
  mkdir -p "$dir"
  if ! compile_test "$dir/plain" plain "${config_flags[@]}"; then
    record PLAINFAIL "$label" - "plain compile failed: $compile_command"
    rm -rf "$dir"
    return
  fi
  run_test "$dir/plain"
  if [ "$run_status" -ne 0 ]; then
    record PLAINFAIL "$label" - "plain run exited $run_status"
    rm -rf "$dir"
    return
  fi
  record PLAINOK "$label" plain "plain run ok"
  for variant in ${MIP_VARIANTS-full bcov fcov}; do
    check_variant "$dir" "$config" "$label" "$variant" || failed=1
  done
  if picked "$label" oracle; then
    for variant in ${TORTURE_ORACLE_VARIANTS-bcov full bcnt}; do
      # The default build of the variant is the oracle's third build.
      case " ${MIP_VARIANTS-full bcov fcov} " in
        *" $variant "*) [ -x "$dir/$variant" ] || continue ;;
        *) continue ;;
      esac
      if [ "$variant" = bcnt ]; then
        count_oracle "$dir" "$config" "$label" || failed=1
      else
        oracle "$dir" "$config" "$label" "$variant" || failed=1
      fi
    done
  fi
  # Keep the files of failures for a look by hand.
  [ "$failed" -eq 1 ] || rm -rf "$dir"
}

# The configurations of the sample that check this test, each with the
# extra checks picked there (torture-sample.py made the plan).
declare -A plan_extras=()
read_plan () {
  local name label extras
  [ -n "${TORTURE_PLAN:-}" ] || mip_die "no TORTURE_PLAN: run check-torture.sh, which makes the plan"
  while IFS=$'\t' read -r name label extras; do
    plan_extras[$label]=" $extras "
  done < <(awk -F '\t' -v test="$test_name" '$1 == test' "$TORTURE_PLAN")
}

# Is configuration LABEL ($1) checked for this test?
config_selected () {
  [ -n "${plan_extras[$1]+set}" ]
}

# picked LABEL CHECK: is the extra CHECK (mipdata, oracle, use-MODE)
# picked for this test in configuration LABEL?
picked () {
  case ${plan_extras[$1]:-} in
    *" $2 "*) return 0 ;;
  esac
  return 1
}

main () {
  local target_name mode label
  local -a modes cross_modes target_modes targets
  mkdir -p "$TORTURE_OUT/results" "$TORTURE_OUT/tmp"
  mip_detect_i386_runner quiet
  : >"$result_file"
  read_plan
  directives=$(list_directives)
  IFS=';' read -r -a modes <<<"${TORTURE_MODES:--O0;-O2}"
  IFS=';' read -r -a cross_modes <<<"${TORTURE_CROSS_MODES:-${TORTURE_MODES:--O0;-O2}}"
  read -r -a targets <<<"${TORTURE_TARGETS:-x86-64}"
  for target_name in "${targets[@]}"; do
    read_directives "$target_name"
    if mip_is_cross_target "$target_name"; then
      target_modes=("${cross_modes[@]}")
    else
      target_modes=("${modes[@]}")
    fi
    for mode in "${target_modes[@]}"; do
      label="$target_name:$(printf '%s' "$mode" | tr ' ' '_')"
      if config_selected "$label"; then
        check_config "$target_name" "$mode"
      fi
    done
  done
}

main
