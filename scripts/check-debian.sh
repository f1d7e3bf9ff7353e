#!/bin/bash
# check-debian.sh - the part "debian" of make check-real: the Debian
# packages build, are lintian-clean of errors, install into a clean
# Debian root and work there.
#
#   1. the commit (git archive HEAD) is built into packages with
#      dpkg-buildpackage -us -uc -b, in a work directory outside the
#      source tree (debian/rules: the unit tests only);
#   2. lintian must report no error (E:) on the .changes; its warnings
#      are printed;
#   3. a clean bookworm root (mmdebstrap --variant=apt, made once and
#      kept as a tarball with gcc-matrix.sh's roots, mip-root.sh) is
#      unpacked, and the packages are installed into it with apt-get
#      install ./PACKAGE.deb, which fetches their dependencies (gcc-N,
#      libc6-dev) from Debian's mirror;
#   4. in the root, with nothing but the installed packages: the demo
#      program (examples/demo) is built with -fplugin=mip (the plugin
#      found in GCC's plugin directory) and -lmip, and again with only
#      -specs=mip-generate.specs (the installed specs file); each build
#      runs and writes its raw profile, and the installed mipdata makes
#      the profile, whose call counts must be exactly the demo's (main
#      1, count_words 5, is_word_char 225, ..., print_unused_report
#      never called), and whose --debug view must name the demo's
#      source lines.
#
# A step whose tools are missing (dpkg-buildpackage, debhelper,
# lintian, fakeroot, mmdebstrap, git, the build dependencies), that
# needs root (chroot) without it, or whose root cannot be made or reach
# a mirror (no network), is reported UNSUPPORTED with the reason, never
# as a pass.  The last line is "check-debian: debian: N passed, N
# failed, N skipped" ("debian P F S" is appended to CHECK_RESULT_FILE
# when check-real.sh runs it); exits non-zero on a failure.
#
# Environment: MIP_WORK (work directory, default ./mip-work; everything
# goes to $MIP_WORK/debian), GCC_MATRIX_ROOTS (where the roots are kept,
# as for gcc-matrix.sh; default $MIP_WORK/gcc-roots), GCC_MATRIX_MIRROR
# (the Debian mirror), CHECK_DEBIAN_COMMIT (default HEAD),
# CHECK_DEBIAN_KEEP=1 (keep the unpacked root), MIP_JOBS (parallel
# jobs of the package build, default: the processors).
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -u -o pipefail
MIP_SCRIPT_NAME=check-debian
here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/.." && pwd)
. "$here/mip-lib.sh"
. "$here/mip-root.sh"

suite=bookworm
commit=${CHECK_DEBIAN_COMMIT:-HEAD}

# The demo's functions and their exact call counts (examples/demo: 5
# lines of 225 characters; two static functions named scale, one per
# file; print_unused_report is never called).
expected_counts='main	1
count_words	5
checksum	5
is_word_char	225
print_histogram	1
scale	5
scale	5
print_unused_report	0'

unsupported () {
  mip_skipped=$((mip_skipped + 1))
  mip_say "UNSUPPORTED: $*"
}

finish () {
  mip_root_unmount
  mip_check_summary debian
  exit $?
}

trap mip_root_unmount EXIT
trap 'mip_root_unmount; exit 130' INT TERM

# ---- 1. Build the packages ---------------------------------------------
# Prints nothing; sets packages_dir (the .debs and the .changes) or
# reports why not and finishes.
build_packages () {
  local tool package missing=
  for tool in git:git dpkg-buildpackage:dpkg-dev dh:debhelper fakeroot:fakeroot \
              dpkg-checkbuilddeps:dpkg-dev; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || missing="$missing ${tool#*:}"
  done
  if [ -n "$missing" ]; then
    unsupported "cannot build the Debian packages: missing tools (install the Debian packages$missing)"
    finish
  fi
  if ! commit_id=$(git -C "$srcdir" rev-parse --verify -q "$commit^{commit}"); then
    unsupported "cannot build the Debian packages: $srcdir is not a git checkout with the commit '$commit' (CHECK_DEBIAN_COMMIT)"
    finish
  fi
  rm -rf "$work/build" "$work/export"
  mkdir -p "$work/build" "$work/export"
  git -C "$srcdir" archive --format=tar "$commit_id" | tar -xf - -C "$work/export" \
    || { mip_fail "git archive $commit_id failed"; finish; }
  if [ ! -f "$work/export/debian/control" ]; then
    unsupported "the commit $commit_id has no debian/ directory"
    finish
  fi
  package_version=$(cd "$work/export" && dpkg-parsechangelog -S Version)
  tree=$work/build/mip-gcc-$package_version
  mv "$work/export" "$tree"
  if ! (cd "$tree" && dpkg-checkbuilddeps) >"$work/builddeps.log" 2>&1; then
    unsupported "the build dependencies of the packages are not installed: $(sed -n 's/.*Unmet build dependencies: //p' "$work/builddeps.log" | cut -c 1-300) (scripts/install-deps.sh installs them)"
    finish
  fi
  mip_say "building the packages of $commit_id in $tree (log $work/build.log)"
  start=$(date +%s)
  if (cd "$tree" && DEB_BUILD_OPTIONS="parallel=$MIP_JOBS" \
        dpkg-buildpackage -us -uc -b) >"$work/build.log" 2>&1; then
    mip_pass "dpkg-buildpackage -us -uc -b built the packages in $(( $(date +%s) - start )) s"
  else
    mip_fail "dpkg-buildpackage -us -uc -b failed in $tree (log $work/build.log); its last lines:" \
      "
$(tail -n 20 "$work/build.log")"
    finish
  fi
  packages_dir=$work/build
  changes=$packages_dir/mip-gcc_${package_version}_$(dpkg --print-architecture).changes
  # The binary packages of debian/control, each built once.
  debs=
  for package in $(sed -n 's/^Package: *//p' "$tree/debian/control"); do
    if [ -f "$packages_dir/${package}_${package_version}_$(dpkg --print-architecture).deb" ]; then
      debs="$debs ${package}_${package_version}_$(dpkg --print-architecture).deb"
    else
      mip_fail "no package $package was built (debian/control names it)"
    fi
  done
  plugin_package=$(sed -n 's/^Package: *\(gcc-[0-9]*-plugin-mip\)$/\1/p' "$tree/debian/control")
  gcc_major=$(echo "$plugin_package" | sed 's/^gcc-\([0-9]*\)-.*/\1/')
  [ -n "$debs" ] || finish
}

# ---- 2. lintian ----------------------------------------------------------
run_lintian () {
  local status=0 errors warnings
  if ! command -v lintian >/dev/null 2>&1; then
    unsupported "lintian is not installed (Debian package lintian): the packages are not checked for errors"
    return
  fi
  lintian --fail-on error "$changes" >"$work/lintian.log" 2>&1 || status=$?
  errors=$(grep -c '^E: ' "$work/lintian.log")
  warnings=$(grep -c '^W: ' "$work/lintian.log")
  if [ "$errors" -gt 0 ]; then
    mip_fail "lintian: $errors errors on $(basename "$changes") ($(mip_quote lintian "$changes")):" \
      "
$(grep '^E: ' "$work/lintian.log")"
  elif [ "$status" -ne 0 ]; then
    mip_fail "lintian failed (exit $status) on $(basename "$changes") (log $work/lintian.log):" \
      "
$(tail -n 5 "$work/lintian.log")"
  else
    mip_pass "lintian: no error on $(basename "$changes") ($warnings warnings)"
  fi
  grep '^W: ' "$work/lintian.log" | sed "s/^/$MIP_SCRIPT_NAME: lintian: /"
}

# ---- 3. A clean root with the packages installed -------------------------
# Sets root, or reports why not (UNSUPPORTED or FAIL) and finishes.
install_into_root () {
  local roots tarball deb
  if [ "$(id -u)" -ne 0 ]; then
    unsupported "installing the packages into a clean $suite root needs root (chroot and mount)"
    finish
  fi
  roots=${GCC_MATRIX_ROOTS:-$MIP_WORK/gcc-roots}
  tarball=$(mip_root_tarball "$suite" "" "$roots" "$work/root.why" "${GCC_MATRIX_MIRROR:-}")
  if [ -z "$tarball" ]; then
    unsupported "cannot make a clean $suite root: $(cat "$work/root.why" 2>/dev/null)"
    finish
  fi
  root=$work/root
  mkdir -p "$root"
  tar -xf "$tarball" -C "$root" --numeric-owner \
    || { mip_fail "cannot unpack $tarball into $root"; finish; }
  cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  mkdir -p "$root/mip/debs" "$root/mip/demo" "$work/apt-archives/partial"
  for deb in $debs; do
    cp "$packages_dir/$deb" "$root/mip/debs/"
  done
  cp "$tree"/examples/demo/*.c "$tree"/examples/demo/*.h "$root/mip/demo/"
  # The packages apt fetches are kept for the next run.
  MIP_ROOT_BINDS="$work/apt-archives /var/cache/apt/archives" mip_root_mount "$root"
  if ! in_root apt-get update >"$work/apt-update.log" 2>&1; then
    unsupported "the clean $suite root cannot reach a Debian mirror (apt-get update failed: $(grep -E '^(E|W): ' "$work/apt-update.log" | head -n 1 | cut -c 1-200); log $work/apt-update.log)"
    finish
  fi
  # shellcheck disable=SC2086 # one word per package
  if in_root sh -c "cd /mip/debs && apt-get install -y --no-install-recommends $(for deb in $debs; do printf './%s ' "$deb"; done)" \
       >"$work/apt-install.log" 2>&1; then
    mip_pass "apt-get install ./*.deb in a clean $suite root installed$(for deb in $debs; do printf ' %s' "${deb%%_*}"; done) and their dependencies"
  else
    mip_fail "apt-get install of the packages into the clean $suite root failed (log $work/apt-install.log):" \
      "
$(grep -E '^E: |Depends:' "$work/apt-install.log" | head -n 10)"
    finish
  fi
}

# Run a command in the root, with a plain environment.
in_root () {
  chroot "$root" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
    HOME=/root LANG=C.UTF-8 TMPDIR=/tmp DEBIAN_FRONTEND=noninteractive "$@"
}

# ---- 4. The demo with the installed packages -----------------------------
# check_demo NAME OPTIONS LIBS: in the root's /mip/demo/NAME, build the
# demo with gcc-N -g -Og OPTIONS main.c util.c -o demo LIBS (words), run
# it, make its profile with mipdata and compare its call counts with the
# expected ones.
check_demo () {
  local name=$1 options=$2 libs=$3 dir log
  dir=/mip/demo/$name
  log=$work/demo-$name.log
  : >"$log"
  # shellcheck disable=SC2086 # the options are words
  if ! in_root sh -c 'mkdir -p "$1" && cd "$1" && cp ../*.c ../*.h . && shift &&
                      echo "\$ $*" && "$@"' \
         sh "$dir" "gcc-$gcc_major" -g -Og $options main.c util.c -o demo $libs \
         >>"$log" 2>&1; then
    mip_fail "$name: the demo does not build with the installed packages: gcc-$gcc_major -g -Og $options main.c util.c -o demo $libs (log $log):" \
      "
$(tail -n 10 "$log")"
    return
  fi
  if ! in_root sh -c 'cd "$1" && ./demo && test -s default.mipraw' sh "$dir" >>"$log" 2>&1; then
    mip_fail "$name: the demo did not run or wrote no default.mipraw (log $log)"
    return
  fi
  if ! in_root sh -c 'cd "$1" && mipdata create -p demo.mip demo &&
                      mipdata merge -p demo.mip default.mipraw &&
                      mipdata show -p demo.mip --json > show.json &&
                      mipdata show -p demo.mip --debug demo > show-debug.txt' \
         sh "$dir" >>"$log" 2>&1; then
    mip_fail "$name: the installed mipdata cannot make or show the demo's profile (log $log):" \
      "
$(tail -n 10 "$log")"
    return
  fi
  mip_pass "$name: the demo built with the installed packages ran and wrote default.mipraw; mipdata made its profile"
  printf '%s\n' "$expected_counts" | sort >"$work/demo-$name.expected"
  if ! mip_script_data show-counts "$root$dir/show.json" 2>>"$log" \
       | cut -f 1,2 | sort >"$work/demo-$name.counts"; then
    mip_fail "$name: the profile's call counts cannot be read (log $log)"
  elif diff "$work/demo-$name.expected" "$work/demo-$name.counts" >"$work/demo-$name.diff"; then
    mip_pass "$name: the profile holds exactly the demo's call counts ($(tr '\t\n' '= ' <"$work/demo-$name.counts" | sed 's/ $//'))"
  else
    mip_fail "$name: the profile's call counts are not the demo's (expected < > profile):" \
      "
$(cat "$work/demo-$name.diff")"
  fi
  if grep -q 'Source Info: .*util\.c:[0-9]' "$root$dir/show-debug.txt" \
     && grep -q 'Source Info: .*main\.c:[0-9]' "$root$dir/show-debug.txt"; then
    mip_pass "$name: mipdata show --debug names the demo's source lines"
  else
    mip_fail "$name: mipdata show --debug names no source line of main.c and util.c ($root$dir/show-debug.txt)"
  fi
}

main () {
  local start plugin_dir
  mkdir -p "$MIP_WORK"
  MIP_WORK=$(cd "$MIP_WORK" && pwd)
  work=$MIP_WORK/debian
  mkdir -p "$work"
  mip_root_remove "$work/root" || { mip_fail "cannot remove the old root $work/root"; finish; }
  build_packages
  run_lintian
  install_into_root
  plugin_dir=$(in_root "gcc-$gcc_major" -print-file-name=plugin)
  if [ -f "$root$plugin_dir/mip.so" ] && [ -f "$root$plugin_dir/mip-generate.specs" ]; then
    mip_pass "mip.so and mip-generate.specs are in gcc-$gcc_major's plugin directory $plugin_dir"
  else
    mip_fail "no mip.so or mip-generate.specs in gcc-$gcc_major's plugin directory $plugin_dir of the root"
  fi
  check_demo fplugin "-fplugin=mip -fplugin-arg-mip-generate" -lmip
  check_demo specs "-specs=$plugin_dir/mip-generate.specs" ""
  mip_root_unmount
  [ "${CHECK_DEBIAN_KEEP:-0}" = 1 ] || mip_root_remove "$root"
  finish
}

main
