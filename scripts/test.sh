#!/bin/bash
# test.sh - build MIP for GCC from scratch, with the sanitizers (see
# below), and run every test: the unit tests, the fuzz-input replay and
# the DejaGnu testsuite (make check), then the sampled real-world
# validation (make check-real, when scripts/check-real.sh exists).  Installs the Debian packages it needs first.  Exits non-zero
# when anything fails; the last line counts the tests.
#
# Usage: scripts/test.sh
# Environment: MIP_BUILD_DIR (default build-test in the source tree; it is
# deleted and made anew), MIP_SKIP_DEPS=1 (do not install packages),
# MIP_SKIP_REAL=1 (skip make check-real), MIP_SKIP_SANITIZERS=1 (build
# without the sanitizers), CC (default gcc), JOBS.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -u -o pipefail

srcdir=$(cd "$(dirname "$0")/.." && pwd)
builddir=${MIP_BUILD_DIR:-$srcdir/build-test}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
failures=0

say () {
  printf '\n=== test.sh: %s\n' "$*"
}

die () {
  printf 'test.sh: %s\n' "$*" >&2
  echo "test: 0 passed, 1 failed"
  exit 1
}

if [ "${MIP_SKIP_DEPS:-0}" != 1 ]; then
  say "installing Debian packages"
  MIP_SKIP_BENCH_DEPS=1 "$srcdir/scripts/install-deps.sh" || die "cannot install the packages"
fi

if [ -f "$srcdir/config.status" ]; then
  die "'$srcdir' is configured in place; run 'make distclean' there first"
fi

say "autoreconf -fi"
(cd "$srcdir" && autoreconf -fi) || die "autoreconf failed"

# The whole suite runs on one build made with --enable-sanitizers:
# mipdata, its format library and the tests built with AddressSanitizer
# and UndefinedBehaviorSanitizer, any report fatal (not the plugin, which
# runs inside the compiler, nor the runtime, which is linked into the
# programs under test).  So every DejaGnu test, unit test, fuzz-input
# replay and real-program check runs mipdata's readers and writers under
# the sanitizers, at little cost: mipdata is a small part of the suite's
# time.
configure_flags=--enable-sanitizers
if [ "${MIP_SKIP_SANITIZERS:-0}" = 1 ]; then
  configure_flags=
fi
say "configure ${configure_flags:-(no sanitizers)} and make in $builddir"
rm -rf "$builddir"
mkdir -p "$builddir" || die "cannot create '$builddir'"
cd "$builddir" || die "cannot enter '$builddir'"
"$srcdir/configure" ${CC:+CC="$CC"} $configure_flags \
  || die "configure failed (see $builddir/config.log)"
make -j"$jobs" || die "make failed"

say "make check"
# Sanitized programs are slower: give Check's timeouts room.
if ! CK_TIMEOUT_MULTIPLIER=4 make -j"$jobs" -k check; then
  failures=$((failures + 1))
fi

real_log=
if [ "${MIP_SKIP_REAL:-0}" = 1 ]; then
  say "make check-real skipped (MIP_SKIP_REAL=1)"
elif [ ! -f "$srcdir/scripts/check-real.sh" ]; then
  say "make check-real skipped: scripts/check-real.sh does not exist yet"
else
  say "make check-real"
  real_log=$builddir/check-real.log
  if ! make check-real 2>&1 | tee "$real_log"; then
    failures=$((failures + 1))
  fi
fi

say "summary"
if [ -f testsuite/mip.sum ]; then
  grep -E '^(FAIL|XPASS|UNRESOLVED|ERROR)' testsuite/mip.sum | head -50
fi
echo "build directory: $builddir"
# The counts (scripts/count-results.py): DejaGnu's summary with its ERROR
# and UNRESOLVED lines as failures, the automake tests' logs with the
# SKIP lines of Check tests that could not run here, check-real's last
# line; a make that failed counts even when no log shows a failure.  Its
# last line, "test: N passed, N failed, N skipped", is this script's.
python3 "$srcdir/scripts/count-results.py" --failed-steps "$failures" \
  "$builddir" $real_log
