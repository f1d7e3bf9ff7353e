#!/bin/bash
# fetch-sources.sh - put the third-party code that check-real.sh and
# bench.sh compile into the work directory: GCC's c-torture execute tests
# (from Debian's gcc-12-source package), and the SQLite and zlib sources
# (Debian's source packages, downloaded with a private apt configuration,
# so the machine's apt sources stay untouched).  Also builds the SQLite
# amalgamation sqlite3.c, which needs tclsh.  Nothing fetched here is ever
# committed; files already present are reused.
#
# Usage: fetch-sources.sh [torture] [sqlite] [zlib] [lua] [xz]
#   (default: the first three; bench.sh also asks for Lua 5.4,
#   check-specs.sh for xz)
# Environment: MIP_WORK (default ./mip-work), GCC_SOURCE_TARBALL (default
# the newest /usr/src/gcc-12/gcc-*.tar.xz), DEBIAN_MIRROR, DEBIAN_SUITE.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail
MIP_SCRIPT_NAME=fetch-sources
. "$(dirname "$0")/mip-lib.sh"

SRC=$MIP_WORK/src
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
DEBIAN_SUITE=${DEBIAN_SUITE:-bookworm}
DEBIAN_KEYRING=${DEBIAN_KEYRING:-/usr/share/keyrings/debian-archive-keyring.gpg}

# ---- GCC c-torture --------------------------------------------------
find_gcc_tarball () {
  if [ -n "${GCC_SOURCE_TARBALL:-}" ]; then
    printf '%s\n' "$GCC_SOURCE_TARBALL"
    return
  fi
  ls /usr/src/gcc-12/gcc-*.tar.xz 2>/dev/null | grep -v gm2 | tail -n 1 || true
}

# The top directory of the tarball $1 (its first entry's).  head stops
# reading early and tar then dies of SIGPIPE: not a failure here.
tarball_top () {
  (set +o pipefail; tar -tf "$1" | head -n 1 | sed 's|/.*||')
}

fetch_torture () {
  local dest=$SRC/gcc-torture tarball top
  if [ -f "$dest/execute/execute.exp" ]; then
    mip_say "c-torture already in $dest"
    return
  fi
  tarball=$(find_gcc_tarball)
  [ -n "$tarball" ] && [ -f "$tarball" ] \
    || mip_die "cannot find GCC's source tarball: install the Debian package gcc-12-source or set GCC_SOURCE_TARBALL"
  top=$(tarball_top "$tarball")
  mip_say "extracting c-torture execute tests from $tarball"
  rm -rf "$SRC/torture.tmp"
  mkdir -p "$SRC/torture.tmp"
  mip_run - tar -xJf "$tarball" -C "$SRC/torture.tmp" --wildcards \
    "$top/gcc/testsuite/gcc.c-torture/execute/*"
  rm -rf "$dest"
  mkdir -p "$dest"
  mv "$SRC/torture.tmp/$top/gcc/testsuite/gcc.c-torture/execute" "$dest/execute"
  rm -rf "$SRC/torture.tmp"
}

# ---- Debian source packages -----------------------------------------
apt_private () {
  local dir=$MIP_WORK/apt
  apt-get -o Dir::Etc::SourceList=/dev/null \
    -o "Dir::Etc::SourceParts=$dir" \
    -o "Dir::State::Lists=$dir/lists" \
    -o "Dir::Cache=$dir/cache" \
    "$@"
}

apt_private_setup () {
  local dir=$MIP_WORK/apt
  mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
  cat >"$dir/debian-src.sources" <<EOF
Types: deb-src
URIs: $DEBIAN_MIRROR
Suites: $DEBIAN_SUITE
Components: main
Signed-By: $DEBIAN_KEYRING
EOF
  if ! ls "$dir/lists/"*Sources* >/dev/null 2>&1; then
    mip_run "$dir/update.log" apt_private update
  fi
}

# Download the source package $1 unless a tarball matching $2 is present.
fetch_debian_source () {
  local package=$1 pattern=$2
  mkdir -p "$SRC/debian"
  if ls "$SRC/debian/"$pattern >/dev/null 2>&1; then
    return
  fi
  mip_need_tool apt-get apt
  apt_private_setup
  mip_say "downloading Debian source package $package"
  (cd "$SRC/debian" && mip_run "$MIP_WORK/apt/source.log" \
    apt_private source --download-only "$package")
  ls "$SRC/debian/"$pattern >/dev/null 2>&1 \
    || mip_die "no '$pattern' after downloading '$package'"
}

# Extract tarball $1 into $SRC/$2 (the tarball's top directory renamed).
extract_to () {
  local tarball=$1 name=$2 top
  [ -d "$SRC/$name" ] && return
  top=$(tarball_top "$tarball")
  rm -rf "$SRC/$name.tmp"
  mkdir -p "$SRC/$name.tmp"
  mip_run - tar -xf "$tarball" -C "$SRC/$name.tmp"
  mv "$SRC/$name.tmp/$top" "$SRC/$name"
  rmdir "$SRC/$name.tmp"
}

# The amalgamation, speedtest1.c and the shell's shell.c, in
# $SRC/sqlite-amalgamation.
build_sqlite_amalgamation () {
  local tree=$SRC/sqlite3 out=$SRC/sqlite-amalgamation build
  if [ -f "$out/sqlite3.c" ] && [ -f "$out/speedtest1.c" ] \
     && [ -f "$out/shell.c" ]; then
    mip_say "SQLite amalgamation already in $out"
    return
  fi
  mip_need_tool tclsh tcl
  build=$SRC/sqlite3-build
  rm -rf "$build"
  mkdir -p "$build"
  mip_say "building the SQLite amalgamation (configure && make sqlite3.c)"
  (cd "$build" && mip_run "$build/build.log" "$tree/configure" \
     --disable-tcl --disable-readline \
   && mip_run "$build/build.log" make sqlite3.c shell.c)
  mkdir -p "$out"
  cp "$build/sqlite3.c" "$build/sqlite3.h" "$build/shell.c" \
    "$tree/test/speedtest1.c" "$out/"
  rm -rf "$build"
}

fetch_sqlite () {
  fetch_debian_source sqlite3 'sqlite3_*.orig.tar.*'
  extract_to "$(ls "$SRC/debian/"sqlite3_*.orig.tar.* | grep -v orig-www | head -n 1)" sqlite3
  build_sqlite_amalgamation
}

fetch_zlib () {
  fetch_debian_source zlib 'zlib_*.orig.tar.*'
  extract_to "$(ls "$SRC/debian/"zlib_*.orig.tar.* | head -n 1)" zlib
  mip_say "zlib sources in $SRC/zlib"
}

# xz-utils (liblzma and xz, Autotools), which check-specs.sh configures,
# builds and tests with MIP's specs files.
fetch_xz () {
  fetch_debian_source xz-utils 'xz-utils_*.orig.tar.*'
  extract_to "$(ls "$SRC/debian/"xz-utils_*.orig.tar.* | grep -v '\.asc$' | head -n 1)" xz
  mip_say "xz sources in $SRC/xz"
}

# Lua 5.4, whose interpreter bench.sh builds from src/*.c.
fetch_lua () {
  fetch_debian_source lua5.4 'lua5.4_*.orig.tar.*'
  extract_to "$(ls "$SRC/debian/"lua5.4_*.orig.tar.* | head -n 1)" lua5.4
  mip_say "Lua 5.4 sources in $SRC/lua5.4"
}

main () {
  local what
  [ $# -gt 0 ] || set -- torture sqlite zlib
  mkdir -p "$SRC"
  for what in "$@"; do
    case $what in
      torture) fetch_torture ;;
      sqlite) fetch_sqlite ;;
      zlib) fetch_zlib ;;
      lua) fetch_lua ;;
      xz) fetch_xz ;;
      *) mip_die "unknown source '$what' (expected torture, sqlite, zlib, lua or xz)" ;;
    esac
  done
}

main "$@"
