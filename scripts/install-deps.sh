#!/bin/sh
# install-deps.sh - install the Debian packages that building and testing
# MIP for GCC need (Debian bookworm).  Idempotent: when every package is
# already installed it changes nothing and needs no network; otherwise it
# runs apt-get update and apt-get install.  Run it as root (or with sudo
# available).
#
# Usage: scripts/install-deps.sh [EXTRA-PACKAGE...]
# Environment: MIP_GCC_VERSION (default 12) picks gcc-N-plugin-dev and
# gcc-N-source.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu

gcc_version=${MIP_GCC_VERSION:-12}

# Build: compilers, Autotools, GCC's plugin headers, mipdata's libraries.
# Tests: Check (unit tests), DejaGnu with Tcl, valgrind (callgrind
# comparison), gcc-multilib.  Real-world validation: GCC's sources
# (c-torture), xz and the Debian keyring to fetch SQLite and zlib sources.
packages="build-essential autoconf automake libtool pkg-config
  gcc-$gcc_version-plugin-dev g++ libdw-dev libelf-dev
  check dejagnu tcl valgrind gcc-multilib g++-multilib texinfo
  gcc-$gcc_version-source xz-utils bzip2 debian-archive-keyring gzip"

missing=
for package in $packages "$@"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null) || status=
  if [ "$status" != installed ]; then
    missing="$missing $package"
  fi
done

if [ -z "$missing" ]; then
  echo "install-deps: every package is installed"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=
elif command -v sudo >/dev/null 2>&1; then
  as_root=sudo
else
  echo "install-deps: not root and no sudo: install these packages:$missing" >&2
  exit 1
fi

echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update
# shellcheck disable=SC2086 # one word per package
$as_root env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends $missing
