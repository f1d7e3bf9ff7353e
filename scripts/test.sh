#!/bin/bash
# test.sh - build MIP for GCC from scratch and run every test: the unit
# tests and the DejaGnu testsuite (make check), the sanitizer pass (see
# below), then the sampled real-world validation (make check-real, when
# scripts/check-real.sh exists).  Installs the Debian packages it needs first.  Exits non-zero
# when anything fails; the last line counts the tests.
#
# Usage: scripts/test.sh
# Environment: MIP_BUILD_DIR (default build-test in the source tree; it is
# deleted and made anew), MIP_SKIP_DEPS=1 (do not install packages),
# MIP_SKIP_REAL=1 (skip make check-real), MIP_SKIP_SANITIZERS=1 (skip
# the sanitizer pass), CC (default gcc), JOBS.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -u

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
  "$srcdir/scripts/install-deps.sh" || die "cannot install the packages"
fi

if [ -f "$srcdir/config.status" ]; then
  die "'$srcdir' is configured in place; run 'make distclean' there first"
fi

say "autoreconf -fi"
(cd "$srcdir" && autoreconf -fi) || die "autoreconf failed"

say "configure and make in $builddir"
rm -rf "$builddir"
mkdir -p "$builddir" || die "cannot create '$builddir'"
cd "$builddir" || die "cannot enter '$builddir'"
"$srcdir/configure" ${CC:+CC="$CC"} || die "configure failed (see $builddir/config.log)"
make -j"$jobs" || die "make failed"

say "make check"
if ! make -j"$jobs" -k check; then
  failures=$((failures + 1))
fi

# The sanitizer pass: mipdata, its format library and the tests built
# again with AddressSanitizer and UndefinedBehaviorSanitizer
# (--enable-sanitizers, any report fatal; not the plugin nor the
# runtime) in BUILDDIR/sanitizers, then the unit tests, the replay of
# the kept fuzz inputs (tests/fuzz) and the DejaGnu tests below, which
# run mipdata's readers on real files: raw profiles good and bad,
# merges, callers, blocks, stripped and compressed binaries, separate
# debug files, profile use.  It costs about 260 s of CPU time, the build
# about half of it (11 minutes of wall time measured on 2 cores shared
# with other heavy jobs; less on idle ones).
sanitizer_tests="bad-raw.c merge-*.c calls-*.c blocks*.c dump-blocks.c
  function-pointers.c profile-filename.c strip.c compressed.c
  debugfile-*.c static-same-name.c comdat.C use-corrupt.c"
if [ "${MIP_SKIP_SANITIZERS:-0}" = 1 ]; then
  say "sanitizer pass skipped (MIP_SKIP_SANITIZERS=1)"
else
  say "sanitizer pass in $builddir/sanitizers"
  sanitizer_start=$(date +%s)
  if ! { mkdir -p sanitizers && cd sanitizers \
	   && "$srcdir/configure" ${CC:+CC="$CC"} --enable-sanitizers \
		--without-cross-targets > configure.log \
	   && make -j"$jobs" > make.log; }; then
    echo "test.sh: the sanitizer build failed (see $builddir/sanitizers)" >&2
    failures=$((failures + 1))
  else
    # Sanitized programs are slower: give Check's timeouts room.
    CK_TIMEOUT_MULTIPLIER=4 make -k -C tests/unit check \
      || failures=$((failures + 1))
    make -k -C tests/fuzz check || failures=$((failures + 1))
    # The patterns are runtest's (one argument), not the shell's.
    set -f
    sanitizer_list=$(echo $sanitizer_tests)
    set +f
    make -k -C testsuite check RUNTESTFLAGS="dg.exp='$sanitizer_list'" \
      || failures=$((failures + 1))
  fi
  cd "$builddir" || die "cannot enter '$builddir'"
  say "sanitizer pass: $(( $(date +%s) - sanitizer_start )) s"
fi

real_passed=0
real_failed=0
if [ "${MIP_SKIP_REAL:-0}" = 1 ]; then
  say "make check-real skipped (MIP_SKIP_REAL=1)"
elif [ ! -f "$srcdir/scripts/check-real.sh" ]; then
  say "make check-real skipped: scripts/check-real.sh does not exist yet"
else
  say "make check-real"
  make check-real 2>&1 | tee check-real.log
  real_status=${PIPESTATUS[0]}
  # Its last line: "check-real: N passed, N failed, N skipped".
  real_summary=$(grep -E '^check-real: [0-9]+ passed, [0-9]+ failed' \
		   check-real.log | tail -n 1)
  if [ -n "$real_summary" ]; then
    real_passed=$(echo "$real_summary" | sed -E 's/^check-real: ([0-9]+) passed.*/\1/')
    real_failed=$(echo "$real_summary" | sed -E 's/.* ([0-9]+) failed.*/\1/')
  elif [ "$real_status" -eq 0 ]; then
    real_passed=1
  fi
  if [ "$real_status" -ne 0 ]; then
    failures=$((failures + 1))
    [ "$real_failed" -gt 0 ] || real_failed=1
  fi
fi

# Count the results: DejaGnu's summary and the test-suite.log of every
# directory with automake TESTS.
count () {
  # count FILE PATTERN: the number after PATTERN in FILE, summed.
  awk -v pattern="$2" 'index ($0, pattern) == 1 {
      sub (/.*[ \t]/, ""); total += $0 } END { print total + 0 }' "$1"
}

passed=0
failed=0
sum_file=testsuite/mip.sum
if [ -f "$sum_file" ]; then
  for sum in "$sum_file" sanitizers/testsuite/mip.sum; do
    [ -f "$sum" ] || continue
    passed=$((passed + $(count "$sum" "# of expected passes")))
    for kind in "# of unexpected failures" "# of unexpected successes" \
		"# of unresolved testcases"; do
      failed=$((failed + $(count "$sum" "$kind")))
    done
  done
else
  echo "test.sh: no DejaGnu summary ($sum_file): was runtest found?" >&2
  failed=$((failed + 1))
fi
while IFS= read -r log; do
  passed=$((passed + $(count "$log" "# PASS:")))
  for kind in "# FAIL:" "# XPASS:" "# ERROR:"; do
    failed=$((failed + $(count "$log" "$kind")))
  done
done < <(find . -name test-suite.log)
passed=$((passed + real_passed))
failed=$((failed + real_failed))

if [ "$failures" -ne 0 ] && [ "$failed" -eq 0 ]; then
  failed=1
fi

say "summary"
if [ -f "$sum_file" ]; then
  grep -E '^(FAIL|XPASS|UNRESOLVED|ERROR)' "$sum_file" | head -50
fi
if [ -f sanitizers/testsuite/mip.sum ]; then
  grep -E '^(FAIL|XPASS|UNRESOLVED|ERROR)' sanitizers/testsuite/mip.sum \
    | sed 's/^/sanitizers: /' | head -50
fi
echo "build directory: $builddir"
echo "test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
