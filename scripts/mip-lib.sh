# mip-lib.sh - shell helpers shared by the real-code check and benchmark
# scripts: the work directory, running a command so that a failure names
# the exact command, checking the MIP tool variables, and compiler flags.
# Sourced (not executed) by fetch-sources.sh, check-real.sh and bench.sh.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

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
#   plain  full  fcov  (MIP) | gcov  pgen  finst (GCC's own, for reference)
mip_variant_cflags () {
  case $1 in
    plain) ;;
    full) printf '%s\n' "-fplugin=$MIP_PLUGIN -fplugin-arg-mip-generate" ;;
    fcov) printf '%s\n' \
      "-fplugin=$MIP_PLUGIN -fplugin-arg-mip-generate=function-coverage" ;;
    gcov) printf '%s\n' "--coverage" ;;
    pgen) printf '%s\n' "-fprofile-generate" ;;
    finst) printf '%s\n' "-finstrument-functions" ;;
    *) mip_die "unknown build variant '$1'" ;;
  esac
}

mip_variant_ldflags () {
  case $1 in
    full | fcov) printf '%s\n' "-L$MIP_RUNTIME_DIR -lmip" ;;
    gcov) printf '%s\n' "--coverage" ;;
    pgen) printf '%s\n' "-fprofile-generate" ;;
    *) ;;
  esac
}

mip_variant_title () {
  case $1 in
    plain) echo "plain" ;;
    full) echo "MIP full (call count+order)" ;;
    fcov) echo "MIP function-coverage" ;;
    gcov) echo "gcc --coverage" ;;
    pgen) echo "gcc -fprofile-generate" ;;
    finst) echo "gcc -finstrument-functions" ;;
  esac
}

# Number of parallel jobs.
MIP_JOBS=${MIP_JOBS:-$(nproc 2>/dev/null || echo 2)}
