#!/bin/bash
# gcc-matrix.sh - `make check-gcc-matrix`: build and test MIP with every
# GCC release a user may have, each in a Debian root made with
# mmdebstrap from Debian's own packages (gcc-N, g++-N,
# gcc-N-plugin-dev): GCC 11 and 12 from bookworm, 13 and 14 from trixie,
# 15 and 16 from unstable.  In each root: autoreconf, configure
# CC=gcc-N CXX=g++-N --enable-werror (the plugin built with -Werror),
# make, the DejaGnu testsuite or a sample of it (the profile-use tests
# always), and a c-torture sample on x86-64 in every MIP mode and
# optimisation mode (scripts/gcc-matrix-root.sh).  Prints a table, one
# line per GCC, and exits non-zero when a GCC failed to build or failed
# a test, or when no GCC could be tested at all.  A GCC whose root cannot
# be made (no mirror, no mmdebstrap, not root) is UNSUPPORTED, with the
# reason, never a pass.  The last line is "gcc-matrix: N passed, N
# failed, N skipped", counting GCC releases.
#
# Needs root (chroot, mount) and the Debian package mmdebstrap; the
# c-torture tests come from the host's gcc-12-source (fetch-sources.sh).
#
# Environment:
#   GCC_MATRIX           the GCC releases (default "11 12 13 14 15 16")
#   GCC_MATRIX_SUITE_N   the Debian suite of GCC N (default above)
#   GCC_MATRIX_ROOTS     where the roots are kept, one tarball per suite
#                        and package list, made once and reused (default
#                        $MIP_WORK/gcc-roots; about 400 MB each)
#   GCC_MATRIX_REFRESH=1 make the roots anew
#   GCC_MATRIX_MIRROR    the Debian mirror (default: mmdebstrap's, the
#                        one the host's apt uses)
#   GCC_MATRIX_SOURCE    HEAD (default: git archive of the commit) or
#                        worktree (the tracked files as they are now)
#   GCC_MATRIX_DG_SAMPLE=N   run 1 DejaGnu test in N (every use-* test
#                        and mip.self always; default 1: all of them)
#   GCC_MATRIX_CROSS     the releases of GCC_MATRIX whose Arm cross
#                        compilers (gcc-N-TRIPLET with its plugin
#                        headers, for aarch64-linux-gnu,
#                        arm-linux-gnueabihf and arm-linux-gnueabi) and
#                        qemu-user go into the root, so that the DejaGnu
#                        run includes the cross suite (default none;
#                        "14" is what trixie ships; a larger root)
#   GCC_MATRIX_DG_TESTS  only these DejaGnu tests of mip.dg and mip.torture
#                        ("calls-basic.c inference-eh.C"), to rerun failures
#   GCC_MATRIX_TORTURE_SAMPLE=N  c-torture: each of the 4 x86-64
#                        configurations checks 1 test in N (SAMPLE of
#                        check-torture.sh; default 48, about 30 tests
#                        each; 0 = none)
#   GCC_MATRIX_SEED      seed of both samples (default: the commit)
#   GCC_MATRIX_KEEP=1    keep each unpacked root after its run
#   GCC_MATRIX_RESULT_FILE  append "gcc-matrix PASSED FAILED SKIPPED"
#                        (tests) to this file, as check-real's parts do,
#                        and fail only when a GCC failed
#   MIP_WORK             work directory (default ./mip-work); everything
#                        goes to $MIP_WORK/gcc-matrix, the logs of GCC N
#                        to $MIP_WORK/gcc-matrix/gcc-N/logs
#   JOBS                 parallel jobs (default: the processors)
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail
MIP_SCRIPT_NAME=gcc-matrix
here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/.." && pwd)
. "$here/mip-lib.sh"
. "$here/mip-root.sh"

GCC_MATRIX=${GCC_MATRIX:-11 12 13 14 15 16}
mkdir -p "$MIP_WORK"
MIP_WORK=$(cd "$MIP_WORK" && pwd)
GCC_MATRIX_ROOTS=${GCC_MATRIX_ROOTS:-$MIP_WORK/gcc-roots}
matrix=$MIP_WORK/gcc-matrix
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
dg_sample=${GCC_MATRIX_DG_SAMPLE:-1}
torture_sample=${GCC_MATRIX_TORTURE_SAMPLE:-48}
source_kind=${GCC_MATRIX_SOURCE:-HEAD}
source_commit=
seed=${GCC_MATRIX_SEED:-}
if [ -z "$seed" ]; then
  seed=$(git -C "$srcdir" rev-parse HEAD 2>/dev/null) || seed=$(date +%s)
fi

# The Debian suite that ships gcc-N.
suite_of () {
  local override
  override=GCC_MATRIX_SUITE_$1
  if [ -n "${!override:-}" ]; then
    printf '%s\n' "${!override}"
    return
  fi
  case $1 in
    11 | 12) echo bookworm ;;
    13 | 14) echo trixie ;;
    15 | 16) echo unstable ;;
    *) echo unknown ;;
  esac
}

# The Arm cross compilers of GCC VERSION, with their plugin headers and
# the targets' C libraries (as scripts/install-deps.sh installs them).
cross_packages () {
  local version=$1 triplet arch
  for triplet in aarch64-linux-gnu:arm64 arm-linux-gnueabihf:armhf \
		 arm-linux-gnueabi:armel; do
    arch=${triplet#*:} triplet=${triplet%%:*}
    echo "gcc-$version-$triplet g++-$version-$triplet"
    echo "gcc-$version-plugin-dev-$triplet libc6-dev-$arch-cross"
  done
}

# The packages of a root of SUITE: what scripts/install-deps.sh installs
# to build and test, less the cross compilers, multilib, qemu and the
# real-program sources, for every GCC of GCC_MATRIX and of the default
# list that this suite ships (so one root serves them all).
root_packages () {
  local suite=$1 version list
  list="make autoconf automake libtool pkg-config libc6-dev libdw-dev
    libelf-dev libzstd-dev libdebuginfod-dev debuginfod check dejagnu tcl
    expect valgrind python3 lcov xz-utils file binutils"
  for version in $(printf '%s\n' 11 12 13 14 15 16 $GCC_MATRIX | sort -n -u); do
    [ "$(suite_of "$version")" = "$suite" ] || continue
    list="$list gcc-$version g++-$version gcc-$version-plugin-dev"
    case " ${GCC_MATRIX_CROSS:-} " in
      *" $version "*) list="$list qemu-user $(cross_packages "$version")" ;;
    esac
  done
  printf '%s\n' $list | sort -u | tr '\n' ' '
}

# Make the root tarball of SUITE (or find it made; mip-root.sh); prints
# its path.  On failure prints nothing, and the reason to
# $matrix/root-$suite.why.
make_root () {
  local suite=$1
  MIP_ROOT_REFRESH=${GCC_MATRIX_REFRESH:-0} mip_root_tarball "$suite" \
    "$(root_packages "$suite")" "$GCC_MATRIX_ROOTS" "$matrix/root-$suite.why" \
    "${GCC_MATRIX_MIRROR:-}"
}

# Mounts of the root being used, undone on exit whatever happens.
trap mip_root_unmount EXIT
trap 'mip_root_unmount; exit 130' INT TERM

# Copy the source tree into DIR: the commit (git archive HEAD) or the
# tracked files of the work tree.
copy_source () {
  local dir=$1
  mkdir -p "$dir"
  if [ "$source_kind" = worktree ]; then
    (cd "$srcdir" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$dir"
  else
    git -C "$srcdir" archive --format=tar "$source_commit" | tar -xf - -C "$dir"
  fi
}

# Test GCC N; its figures go to $matrix/gcc-N/result.
run_gcc () {
  local version=$1 suite tarball dir root result start
  dir=$matrix/gcc-$version
  result=$dir/result
  mip_root_remove "$dir/root" || mip_die "cannot unmount the old root $dir/root"
  rm -rf "$dir"
  mkdir -p "$dir/logs"
  start=$(date +%s)
  suite=$(suite_of "$version")
  printf 'suite=%s\n' "$suite" >"$result"
  if [ "$suite" = unknown ]; then
    printf 'unsupported=%s\n' "no Debian suite known for GCC $version (set GCC_MATRIX_SUITE_$version)" >>"$result"
    return
  fi
  tarball=$(make_root "$suite")
  if [ -z "$tarball" ]; then
    printf 'unsupported=%s\n' "$(cat "$matrix/root-$suite.why")" >>"$result"
    return
  fi
  root=$dir/root
  mip_say "GCC $version: unpacking $tarball"
  mkdir -p "$root"
  tar -xf "$tarball" -C "$root" --numeric-owner
  if [ ! -x "$root/usr/bin/gcc-$version" ]; then
    printf 'unsupported=%s\n' "$suite has no gcc-$version in $tarball" >>"$result"
    rm -rf "$root"
    return
  fi
  copy_source "$root/mip/src"
  if [ "$torture_sample" != 0 ] && [ -d "$MIP_WORK/src/gcc-torture/execute" ]; then
    mkdir -p "$root/mip/work/src"
    cp -a "$MIP_WORK/src/gcc-torture" "$root/mip/work/src/"
  fi
  mip_root_mount "$root"
  mip_say "GCC $version: building and testing in $root (logs in $dir/logs)"
  chroot "$root" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
    HOME=/root LANG=C.UTF-8 TMPDIR=/tmp JOBS="$jobs" \
    MATRIX_SRC=/mip/src MATRIX_OUT=/mip/out MATRIX_WORK_IN=/mip/work \
    GCC_MATRIX_DG_SAMPLE="$dg_sample" GCC_MATRIX_TORTURE_SAMPLE="$torture_sample" \
    GCC_MATRIX_SEED="$seed" GCC_MATRIX_DG_TESTS="${GCC_MATRIX_DG_TESTS:-}" \
    GCC_MATRIX_CROSS="${GCC_MATRIX_CROSS:-}" \
    bash /mip/src/scripts/gcc-matrix-root.sh "$version" 2>&1 | tee "$dir/logs/run.log" \
    || true
  mip_root_unmount
  cp -a "$root/mip/out/." "$dir/logs/" 2>/dev/null || true
  cat "$dir/logs/result" >>"$result" 2>/dev/null \
    || printf 'unsupported=%s\n' "the run in the root wrote no result (see $dir/logs/run.log)" >>"$result"
  check_interop "$version" "$dir" >>"$result"
  printf 'seconds=%s\n' $(( $(date +%s) - start )) >>"$result"
  [ "${GCC_MATRIX_KEEP:-0}" = 1 ] || mip_root_remove "$root" || mip_say "cannot unmount the root $root: left in place"
}

# The raw profile that GCC VERSION's build wrote in its root (logs/interop
# of DIR), read by this machine's mipdata (MIPDATA), whose call counts
# must equal those of the same program built by this machine's GCC (CC,
# MIP_PLUGIN, MIP_RUNTIME_DIR): prints interop=passed, failed or "not
# checked: why".
check_interop () {
  local version=$1 dir=$2 logs=$2/logs/interop work=$2/interop side
  if [ -z "${MIPDATA:-}" ] || [ -z "${MIP_PLUGIN:-}" ] \
     || [ -z "${MIP_RUNTIME_DIR:-}" ]; then
    echo "interop=not checked: MIPDATA, MIP_PLUGIN and MIP_RUNTIME_DIR of this machine's build not set"
    return
  fi
  if [ ! -f "$logs/calls-basic.mipraw" ]; then
    echo "interop=failed: GCC $version's build wrote no raw profile (logs/interop/build.log)"
    return
  fi
  rm -rf "$work"
  mkdir -p "$work/ours"
  cp "$logs/calls-basic" "$logs/calls-basic.mipraw" "$work/"
  if ! (cd "$work/ours" \
	&& ${CC:-gcc} -O0 -fplugin="$MIP_PLUGIN" -fplugin-arg-mip-generate=full \
	     "$srcdir/testsuite/mip.dg/calls-basic.c" -o calls-basic \
	     "$MIP_RUNTIME_DIR/libmip.a" \
	&& MIP_PROFILE_FILENAME=calls-basic.mipraw ./calls-basic) \
       >"$work/log" 2>&1; then
    echo "interop=failed: this machine's build of calls-basic.c failed ($work/log)"
    return
  fi
  for side in "$work" "$work/ours"; do
    if ! ("$MIPDATA" create -p "$side/p.mip" "$side/calls-basic" \
	  && "$MIPDATA" merge -p "$side/p.mip" "$side/calls-basic.mipraw" \
	  && "$MIPDATA" show --json -p "$side/p.mip" >"$side/show.json" \
	  && python3 "$here/script-data.py" show-counts "$side/show.json" \
	       >"$side/counts.tsv") >>"$work/log" 2>&1; then
      echo "interop=failed: mipdata could not read $side's profile ($work/log)"
      return
    fi
  done
  if python3 "$here/script-data.py" compare-counts "$work/ours/counts.tsv" \
       "$work/counts.tsv" "this machine's build (GCC $version's is MIP)" \
       >>"$work/log" 2>&1; then
    echo "interop=passed"
  else
    echo "interop=failed: its call counts differ from this machine's build ($work/log)"
  fi
}

main () {
  local version
  [ "$(id -u)" -eq 0 ] || mip_die "needs root (chroot and mount into the Debian roots)"
  mip_need_tool git
  mip_need_tool python3
  rm -rf "$matrix"
  mkdir -p "$matrix"
  # One commit for every release, however the branch moves meanwhile.
  if [ "$source_kind" != worktree ]; then
    source_commit=$(git -C "$srcdir" rev-parse --verify "$source_kind^{commit}") \
      || mip_die "'$source_kind' is not a commit of $srcdir (GCC_MATRIX_SOURCE)"
    source_kind="$source_kind ($source_commit)"
  fi
  mip_say "GCC releases: $GCC_MATRIX; roots in $GCC_MATRIX_ROOTS; source $source_kind; DejaGnu 1 test in $dg_sample; c-torture sample $torture_sample; seed $seed"
  if [ "$torture_sample" != 0 ]; then
    MIP_WORK=$MIP_WORK bash "$here/fetch-sources.sh" torture \
      || mip_say "no c-torture sources: the c-torture samples will not run"
  fi
  for version in $GCC_MATRIX; do
    run_gcc "$version"
  done
  python3 "$here/gcc-matrix-table.py" \
    ${GCC_MATRIX_RESULT_FILE:+--result-file "$GCC_MATRIX_RESULT_FILE"} \
    "$matrix" $GCC_MATRIX
}

main
