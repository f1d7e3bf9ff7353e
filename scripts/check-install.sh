#!/bin/bash
# check-install.sh - make install writes nothing outside its
# destination, and make uninstall takes back what it wrote.
#
# In a configured and built tree (MIP_BUILDDIR, default .), under
# strace (install-writes.py reads the trace):
#   1. make install DESTDIR=WORK/destdir prefix=/usr  (a distribution's
#      package: every file under WORK/destdir, in the directories GCC
#      searches: mip.so in $(CC -print-file-name=plugin));
#   2. make install prefix=WORK/prefix  (a user without root: every
#      file under WORK/prefix, the plugin in
#      WORK/prefix/lib/gcc/TRIPLET/VERSION/plugin);
#   then make uninstall with the same arguments must leave no file.
# Writes into the build tree itself and into WORK (TMPDIR) are allowed;
# anything else is listed and fails the check.  The last line is
# "check-install: N passed, N failed, N skipped".  Without strace (or
# where it cannot trace) the check says SKIP and why.
#
# Environment: MIP_BUILDDIR, MIP_WORK (default ./mip-work), CC.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -uo pipefail
MIP_SCRIPT_NAME=check-install
here=$(cd "$(dirname "$0")" && pwd)
. "$here/mip-lib.sh"

MIP_BUILDDIR=$(cd "${MIP_BUILDDIR:-.}" && pwd)
passed=0 failed=0 skipped=0

pass () { mip_say "PASS: $*"; passed=$((passed + 1)); }
fail () { mip_say "FAIL: $*"; failed=$((failed + 1)); }
skip () { mip_say "SKIP: $*"; skipped=$((skipped + 1)); }

summary () {
  mip_say "$passed passed, $failed failed, $skipped skipped"
  [ "$failed" -eq 0 ]
  exit $?
}

[ -f "$MIP_BUILDDIR/Makefile" ] \
  || mip_die "'$MIP_BUILDDIR' is not a configured build tree (no Makefile): set MIP_BUILDDIR"
work=$MIP_WORK/check-install
rm -rf "$work"
mkdir -p "$work/tmp"
work=$(cd "$work" && pwd)
export TMPDIR=$work/tmp
traces='trace=%file,chdir,fchdir,clone,clone3,fork,vfork'

if ! command -v strace >/dev/null 2>&1; then
  skip "no strace (on Debian install the package strace): cannot see where make install writes"
  summary
fi
if ! strace -f -qq -o /dev/null true 2>/dev/null; then
  skip "strace cannot trace here (ptrace not permitted): cannot see where make install writes"
  summary
fi

# The value of the make variable $1 in the build tree, with the make
# arguments $2...
make_value () {
  local variable=$1
  shift
  printf 'include Makefile\nmip-print-value:\n\t@echo $(%s)\n' "$variable" \
    | make -s -C "$MIP_BUILDDIR" -f - "$@" mip-print-value
}

# traced_make NAME DESTINATION MAKE-ARGUMENT...: run make with the
# arguments under strace; every write must be under DESTINATION, the
# build tree or WORK.
traced_make () {
  local name=$1 destination=$2 log
  shift 2
  log=$work/$name.log
  rm -f "$work/$name.trace".*
  mip_say "make $* (log $log)"
  if ! (cd "$MIP_BUILDDIR" && strace -ff -y -qq -o "$work/$name.trace" \
          -e "$traces" make "$@") >"$log" 2>&1; then
    fail "make $* failed in $MIP_BUILDDIR (see $log):"
    tail -n 15 "$log"
    return 1
  fi
  if python3 "$here/install-writes.py" "$work/$name.trace" "$MIP_BUILDDIR" \
       "$destination" "$MIP_BUILDDIR" "$work" >"$work/$name.writes"; then
    pass "make $* wrote only under $destination ($(tail -n 1 "$work/$name.writes"))"
  else
    fail "make $* wrote outside $destination:"
    cat "$work/$name.writes"
    return 1
  fi
}

# check_files NAME ROOT FILE...: each FILE (relative to ROOT) exists.
check_files () {
  local name=$1 root=$2 file missing=
  shift 2
  for file in "$@"; do
    [ -f "$root$file" ] || missing="$missing $root$file"
  done
  if [ -z "$missing" ]; then
    pass "$name: mip.so, the specs files, libmip.a, mip.pc and mipdata are where they belong"
  else
    fail "$name: missing:$missing"
    (cd "$root" && find . -type f | sort | sed 's/^/  installed: /')
  fi
}

# check_no_libtool_archives NAME ROOT: no libtool archive (.la) was
# installed under ROOT: GCC loads mip.so alone, and nothing links
# against libmip with libtool.
check_no_libtool_archives () {
  local name=$1 root=$2 found
  found=$(find "$root" -name '*.la' 2>/dev/null | sort)
  if [ -z "$found" ]; then
    pass "$name: no libtool archive (.la) installed"
  else
    fail "$name: libtool archives installed: $(echo $found)"
  fi
}

# check_empty NAME ROOT: no file is left under ROOT (after uninstall).
check_empty () {
  local name=$1 root=$2 left
  left=$(find "$root" -type f 2>/dev/null | sort)
  if [ -z "$left" ]; then
    pass "$name: make uninstall left no file"
  else
    fail "$name: make uninstall left these files:"
    printf '  %s\n' $left
  fi
}

gcc_plugin_dir=$(make_value GCC_PLUGIN_DIR)

# 1. A distribution's package.
destdir=$work/destdir
plugindir=$(make_value gccplugindir prefix=/usr)
if [ "$plugindir" = "$gcc_plugin_dir" ]; then
  pass "prefix=/usr: the plugin directory is GCC's own ($plugindir)"
else
  fail "prefix=/usr: the plugin directory is $plugindir, not GCC's own $gcc_plugin_dir"
fi
if traced_make destdir "$destdir" install DESTDIR="$destdir" prefix=/usr; then
  check_files "DESTDIR=$destdir prefix=/usr" "$destdir" \
    "$plugindir/mip.so" "$plugindir/mip-generate.specs" \
    "$plugindir/mip-use.specs" /usr/lib/libmip.a /usr/lib/libmip-runtime.a \
    /usr/lib/pkgconfig/mip.pc /usr/include/mip.h /usr/bin/mipdata
  check_no_libtool_archives "DESTDIR=$destdir prefix=/usr" "$destdir"
  grep -rl "$destdir" "$destdir" >"$work/destdir.named" 2>/dev/null
  if [ -s "$work/destdir.named" ]; then
    fail "installed files name the DESTDIR $destdir: $(tr '\n' ' ' <"$work/destdir.named")"
  else
    pass "no installed file names the DESTDIR"
  fi
fi
traced_make destdir-uninstall "$destdir" uninstall DESTDIR="$destdir" prefix=/usr \
  && check_empty "DESTDIR=$destdir prefix=/usr" "$destdir"

# 2. A user without root.
prefix=$work/prefix
plugindir=$(make_value gccplugindir prefix="$prefix")
if traced_make prefix "$prefix" install prefix="$prefix"; then
  check_files "prefix=$prefix" "" "$plugindir/mip.so" \
    "$plugindir/mip-generate.specs" "$plugindir/mip-use.specs" \
    "$prefix/lib/libmip.a" "$prefix/lib/pkgconfig/mip.pc" \
    "$prefix/include/mip.h" "$prefix/bin/mipdata"
  check_no_libtool_archives "prefix=$prefix" "$prefix"
  case $plugindir in
    "$prefix"/*) pass "prefix=$prefix: the plugin directory $plugindir is under the prefix" ;;
    *) fail "prefix=$prefix: the plugin directory $plugindir is not under the prefix" ;;
  esac
fi
traced_make prefix-uninstall "$prefix" uninstall prefix="$prefix" \
  && check_empty "prefix=$prefix" "$prefix"

summary
