#!/bin/sh
# install-deps.sh - install the Debian packages that building and testing
# MIP for GCC need (Debian bookworm).  Idempotent: when every package is
# already installed it changes nothing and needs no network; otherwise it
# runs apt-get update and apt-get install.  Run it as root (or with sudo
# available).
#
# Usage: scripts/install-deps.sh [EXTRA-PACKAGE...]
# Environment: MIP_GCC_VERSION (default 12) picks gcc-N-plugin-dev and
# gcc-N-source; MIP_CROSS_TARGETS (default "aarch64-linux-gnu
# arm-linux-gnueabihf arm-linux-gnueabi") the cross toolchains;
# MIP_SKIP_BENCH_DEPS=1 leaves out what only make bench needs.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu

gcc_version=${MIP_GCC_VERSION:-12}

# Build: compilers, Autotools, GCC's plugin headers, mipdata's libraries
# (libdebuginfod-dev: mipdata asks debuginfod servers for debug files).
# Tests: Check (unit tests), DejaGnu with Tcl, valgrind (callgrind
# comparison), gcc-N-multilib and g++-N-multilib (see below), qemu-user
# (runs the -m32 programs where
# the kernel runs no 32-bit x86 programs), debuginfod (a local server for the debug
# file tests).  Real-world validation: GCC's sources
# (c-torture), xz and the Debian keyring to fetch SQLite and zlib sources.
# Python 3 runs the probe oracle (scripts/probe-oracle.py: make bench and
# its DejaGnu test).  lcov (genhtml, lcov --summary) checks mipdata
# export's tracefiles, headless Chromium mipdata annotate's HTML,
# Graphviz's dot renders mipdata callgraph --dot as the guide does.
# gcovr reads mipdata export's .gcov files, xmllint (libxml2-utils) its
# Cobertura and SonarQube XML; Chromium shows its Markdown summary.
# autofdo's dump_gcov reads back mipdata export --format=afdo's files.
# make bench's merge table (scripts/bench-merge.sh) measures with GNU
# time and compares with clang 19's llvm-profdata (clang-19, its profile
# runtime libclang-rt-19-dev, llvm-19); its profile-use table compares BOLT
# (bolt-19) and clang's temporal function order, linked by lld (lld-19),
# with MIP's and GCC's profile use.  make check-firmware runs the
# bare-metal example (examples/firmware, built with the arm-linux-gnueabi
# cross compiler below) under qemu-system-arm, and gets its profile out
# through gdb-multiarch.  MIP's Debian packages (debian/, make
# check-real's part debian, scripts/check-debian.sh): dpkg-dev,
# debhelper and fakeroot build them, lintian checks them, mmdebstrap
# makes the clean root they are installed into (and gcc-matrix.sh's).
packages="build-essential autoconf automake libtool pkg-config
  gcc-$gcc_version-plugin-dev g++ libdw-dev libelf-dev libzstd-dev
  libdebuginfod-dev debuginfod
  check dejagnu tcl valgrind gcc-$gcc_version-multilib g++-$gcc_version-multilib
  qemu-user texinfo
  gcc-$gcc_version-source xz-utils bzip2 debian-archive-keyring gzip
  python3
  lcov chromium graphviz gcovr libxml2-utils autofdo
  qemu-system-arm gdb-multiarch
  dpkg-dev debhelper fakeroot lintian mmdebstrap"
# make bench only: GNU time (peak RSS) and clang 19 with llvm-profdata
# (the merge table's other side, and the profile-use table's clang rows,
# linked by lld), BOLT (that table's post-link rows); scripts/test.sh
# and scripts/demo.sh skip them (MIP_SKIP_BENCH_DEPS=1).
if [ "${MIP_SKIP_BENCH_DEPS:-0}" != 1 ]; then
  packages="$packages time clang-19 libclang-rt-19-dev llvm-19 lld-19 bolt-19"
  # The firmware table's gcc --coverage builds: a bare-metal toolchain,
  # whose libgcov is built for M-profile cores.
  packages="$packages gcc-arm-none-eabi"
fi

# Cross targets (configure finds them; make check runs their tests under
# qemu-user): for each, the cross compilers of the same GCC release,
# their plugin headers (the cross plugin is built against them) and the
# target's C library (its programs run under qemu with -L /usr/TRIPLET).
# MIP_CROSS_TARGETS="" installs none.
cross_targets=${MIP_CROSS_TARGETS-aarch64-linux-gnu arm-linux-gnueabihf arm-linux-gnueabi}
for triplet in $cross_targets; do
  case $triplet in
    aarch64-linux-gnu) libc_arch=arm64 ;;
    arm-linux-gnueabihf) libc_arch=armhf ;;
    arm-linux-gnueabi) libc_arch=armel ;;
    *) echo "install-deps: unknown cross target '$triplet'" >&2; exit 1 ;;
  esac
  packages="$packages gcc-$gcc_version-$triplet g++-$gcc_version-$triplet
    gcc-$gcc_version-plugin-dev-$triplet libc6-dev-$libc_arch-cross"
done

missing=
for package in $packages "$@"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null) || status=
  if [ "$status" != installed ]; then
    missing="$missing $package"
  fi
done

as_root () {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    echo "install-deps: not root and no sudo: cannot run '$*'" >&2
    exit 1
  fi
}

if [ -z "$missing" ]; then
  echo "install-deps: every package is installed"
else
  echo "install-deps: installing$missing"
  as_root apt-get update
  # shellcheck disable=SC2086 # one word per package
  as_root env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y --no-install-recommends $missing
fi

# -m32 programs that include <errno.h> need the kernel's asm headers as
# <asm/...>.  Debian's gcc-multilib provides exactly one file for that,
# the link /usr/include/asm -> x86_64-linux-gnu/asm, but it conflicts
# with the cross compilers; gcc-N-multilib does not.  Make the same link
# when nothing provides it.
if [ ! -e /usr/include/asm ] && [ -d /usr/include/x86_64-linux-gnu/asm ]; then
  echo "install-deps: linking /usr/include/asm to x86_64-linux-gnu/asm for -m32 (as gcc-multilib does)"
  as_root ln -s x86_64-linux-gnu/asm /usr/include/asm
fi
