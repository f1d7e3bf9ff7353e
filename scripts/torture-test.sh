#!/bin/bash
# torture-test.sh - check one GCC c-torture execute test with MIP: for each
# optimisation mode, build and run it without the plugin; where that passes,
# build it with the plugin in every MIP mode, run it, and require exit 0 and
# a written .mipraw; for sampled tests also require that mipdata create and
# merge accept the binary and the raw profile.  Called by check-real.sh
# through xargs, one test per call; writes its verdicts to one result file.
#
# Usage: torture-test.sh INDEX TEST.c
# Environment (set by check-real.sh): TORTURE_OUT (result directory),
# TORTURE_MODES (';'-separated flag sets), MIP_VARIANTS (full fcov),
# TORTURE_MIPDATA_EVERY (check mipdata on every Nth test; 0 = never),
# TORTURE_TIMEOUT (seconds per run), CC, MIP_PLUGIN, MIP_RUNTIME_DIR,
# MIPDATA.
#
# Result lines (tab-separated): PASS|FAIL|UNSUPPORTED|PLAINFAIL|PLAINOK, test,
# mode, variant, reason; a FAIL line is followed by indented commands.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu
MIP_SCRIPT_NAME=torture-test
. "$(dirname "$0")/mip-lib.sh"

index=$1
test_source=$2
test_name=$(basename "$test_source" .c)
result_file=$TORTURE_OUT/results/$test_name.res
timeout_seconds=${TORTURE_TIMEOUT:-20}

# Effective targets that x86-64 GNU/Linux provides.
SUPPORTED_TARGETS=" int32plus int32 label_values trampolines alloca "
SUPPORTED_TARGETS+=" indirect_jumps untyped_assembly return_address fileio "
SUPPORTED_TARGETS+=" unwrapped stdint_types mmap double64plus c99_runtime "
SUPPORTED_TARGETS+=" longlong64 int128 dfp lp64 size32plus ptr32plus "

# ---- directives -------------------------------------------------------
extra_options=()
unsupported_reason=
skip_option_patterns=()

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

# Crude truth of a target selector on x86-64 GNU/Linux (-m64): every
# negated selector in the suite is false here, as are ia32-only ones.
selector_is_true () {
  case $1 in
    *'!'* | *ia32*) return 1 ;;
    *x86_64-* | *'i?86-'* | *-linux* | *fpic*) return 0 ;;
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

read_directives () {
  local name arguments target
  while IFS=$'\t' read -r name arguments; do
    case $name in
      dg-options | dg-additional-options) add_options_directive "$arguments" ;;
      dg-require-effective-target)
        target=$(first_argument "$arguments")
        case $SUPPORTED_TARGETS in
          *" $target "*) ;;
          *) unsupported_reason="needs effective target $target" ;;
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
  done < <(list_directives)
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
  local mode=$1 variant=$2 reason=$3
  shift 3
  record FAIL "$mode" "$variant" "$reason"
  local line
  for line in "$@"; do
    printf '    %s\n' "$line" >>"$result_file"
  done
}

# Build: compile_test OUTPUT VARIANT FLAGS... ; sets compile_command.
compile_test () {
  local output=$1 variant=$2
  shift 2
  local -a command
  # shellcheck disable=SC2207
  command=("$CC" "$@" -w "${extra_options[@]+"${extra_options[@]}"}" \
    $(mip_variant_cflags "$variant") "$test_source" -o "$output" \
    $(mip_variant_ldflags "$variant") -lm)
  compile_command=$(mip_quote "${command[@]}")
  "${command[@]}" >"$output.log" 2>&1
}

# Run a built test in its directory; sets run_status.
run_test () {
  local exe=$1 raw=${2:-}
  run_status=0
  (cd "$(dirname "$exe")" \
    && MIP_PROFILE_FILENAME=${raw:-/dev/null} timeout -k 5 "$timeout_seconds" \
       "$exe" </dev/null >"$exe.out" 2>&1) || run_status=$?
}

check_mipdata () {
  local exe=$1 raw=$2 profile=$1.mip
  mipdata_command="$(mip_quote "$MIPDATA" create -p "$profile" "$exe")"
  "$MIPDATA" create -p "$profile" "$exe" >"$profile.log" 2>&1 || return 1
  mipdata_command="$(mip_quote "$MIPDATA" merge -p "$profile" "$raw")"
  "$MIPDATA" merge -p "$profile" "$raw" >>"$profile.log" 2>&1 || return 1
}

check_variant () {
  local dir=$1 mode=$2 label=$3 variant=$4 exe raw
  local -a mode_flags
  read -r -a mode_flags <<<"$mode"
  exe=$dir/$variant
  raw=$dir/$variant.mipraw
  if ! compile_test "$exe" "$variant" "${mode_flags[@]}"; then
    record_failure "$label" "$variant" "compile failed" "$compile_command" \
      "$(head -c 600 "$exe.log" | tr '\n' ' ')"
    return 1
  fi
  run_test "$exe" "$raw"
  if [ "$run_status" -ne 0 ]; then
    record_failure "$label" "$variant" "run exited $run_status" "$compile_command" \
      "cd $dir && MIP_PROFILE_FILENAME=$raw $exe"
    return 1
  fi
  if [ ! -s "$raw" ]; then
    record_failure "$label" "$variant" "no .mipraw written" "$compile_command" \
      "cd $dir && MIP_PROFILE_FILENAME=$raw $exe"
    return 1
  fi
  if [ "${TORTURE_MIPDATA_EVERY:-0}" -gt 0 ] \
     && [ $((index % TORTURE_MIPDATA_EVERY)) -eq 0 ]; then
    if ! check_mipdata "$exe" "$raw"; then
      record_failure "$label" "$variant" "mipdata refused it" "$compile_command" \
        "$mipdata_command" "$(head -c 600 "$exe.mip.log" | tr '\n' ' ')"
      return 1
    fi
    record PASS "$label" "$variant" "run ok, mipdata ok"
    return 0
  fi
  record PASS "$label" "$variant" "run ok"
}

check_mode () {
  local mode=$1 label dir variant failed=0
  local -a mode_flags
  read -r -a mode_flags <<<"$mode"
  label=$(printf '%s' "$mode" | tr ' ' '_')
  if [ -n "$unsupported_reason" ]; then
    record UNSUPPORTED "$label" - "$unsupported_reason"
    return
  fi
  if skipped_for_flags "${mode_flags[@]}"; then
    record UNSUPPORTED "$label" - "dg-skip-if for these flags"
    return
  fi
  dir=$TORTURE_OUT/tmp/$test_name$label
  rm -rf "$dir"
  mkdir -p "$dir"
  if ! compile_test "$dir/plain" plain "${mode_flags[@]}"; then
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
  for variant in ${MIP_VARIANTS-full fcov}; do
    check_variant "$dir" "$mode" "$label" "$variant" || failed=1
  done
  # Keep the files of failures for a look by hand.
  [ "$failed" -eq 1 ] || rm -rf "$dir"
}

main () {
  local mode
  mkdir -p "$TORTURE_OUT/results" "$TORTURE_OUT/tmp"
  : >"$result_file"
  read_directives
  IFS=';' read -r -a modes <<<"${TORTURE_MODES:--O0;-O2}"
  for mode in "${modes[@]}"; do
    check_mode "$mode"
  done
}

main
