#!/bin/bash
# gcc-matrix-root.sh - the part of gcc-matrix.sh that runs inside a
# Debian root for one GCC release: build MIP with that GCC (the plugin
# with -Werror), run the DejaGnu testsuite or a sample of it (the
# profile-use tests always), then a c-torture sample in every MIP mode
# and optimisation mode on x86-64.  Writes its figures as NAME=VALUE
# lines to $MATRIX_OUT/result, and the logs beside it.
#
# Usage (inside the root): gcc-matrix-root.sh N
# Environment (set by gcc-matrix.sh): MATRIX_SRC (the source tree),
# MATRIX_OUT (results and logs), MATRIX_WORK_IN (build and c-torture
# work directory), GCC_MATRIX_DG_SAMPLE, GCC_MATRIX_TORTURE_SAMPLE,
# GCC_MATRIX_SEED, GCC_MATRIX_DG_TESTS, GCC_MATRIX_CROSS (the releases
# built with their Arm cross targets, whose compilers the root then
# has), JOBS.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail

version=$1
src=$MATRIX_SRC
out=$MATRIX_OUT
work=$MATRIX_WORK_IN
build=$work/build
jobs=${JOBS:-2}
dg_sample=${GCC_MATRIX_DG_SAMPLE:-1}
torture_sample=${GCC_MATRIX_TORTURE_SAMPLE:-48}
seed=${GCC_MATRIX_SEED:-1}
result=$out/result

say () {
  printf 'gcc-matrix: gcc-%s: %s\n' "$version" "$*"
}

record () {
  printf '%s=%s\n' "$1" "$2" >>"$result"
}

mkdir -p "$out" "$work"
: >"$result"
record gcc_version "$(gcc-"$version" -dumpfullversion 2>/dev/null || echo none)"

# ---- build -------------------------------------------------------------
start=$(date +%s)
cross_option=--without-cross-targets
case " ${GCC_MATRIX_CROSS:-} " in
  *" $version "*) cross_option= ;;
esac
say "autoreconf, configure CC=gcc-$version CXX=g++-$version --enable-werror ${cross_option:-(with the Arm cross targets)}, make"
built=no
if (cd "$src" && autoreconf -fi) >"$out/build.log" 2>&1 \
   && rm -rf "$build" && mkdir -p "$build" \
   && (cd "$build" && "$src/configure" CC="gcc-$version" CXX="g++-$version" \
         --enable-werror $cross_option) >>"$out/build.log" 2>&1 \
   && make -C "$build" -j"$jobs" >>"$out/build.log" 2>&1; then
  built=yes
fi
record built "$built"
record build_seconds $(( $(date +%s) - start ))
if [ "$built" != yes ]; then
  say "build failed; last lines of $out/build.log:"
  tail -n 30 "$out/build.log"
  exit 0
fi

# ---- a profile of this GCC's build, for the host's mipdata -------------
# The formats do not depend on the GCC: gcc-matrix.sh reads this raw
# profile with the host's mipdata and compares its call counts with the
# same program built by the host's GCC (calls-basic.c: 0, 1, 3, 1000
# and 11 calls).
mkdir -p "$out/interop"
if (cd "$out/interop" \
    && gcc-"$version" -O0 -fplugin="$build/plugin/.libs/mip.so" \
	 -fplugin-arg-mip-generate=full "$src/testsuite/mip.dg/calls-basic.c" \
	 -o calls-basic "$build/runtime/libmip.a" \
    && MIP_PROFILE_FILENAME=calls-basic.mipraw ./calls-basic) \
   >"$out/interop/build.log" 2>&1; then
  record interop_built yes
else
  record interop_built "no (logs/interop/build.log)"
fi

# ---- DejaGnu -----------------------------------------------------------
# GCC_MATRIX_DG_SAMPLE=N runs 1 test in N of mip.dg and mip.torture
# (picked by a hash of the seed and the test's name) and every use-*
# test (profile use), plus mip.self; 1 runs the whole testsuite.
start=$(date +%s)
flags=
if [ "$dg_sample" -gt 1 ] || [ -n "${GCC_MATRIX_DG_TESTS:-}" ]; then
  flags=$(python3 - "$src/testsuite" "$dg_sample" "$seed" "${GCC_MATRIX_DG_TESTS:-}" <<'EOF'
import hashlib, pathlib, sys
top, sample, seed = pathlib.Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
named = sys.argv[4].split()
words = []
for directory, driver in (("mip.dg", "dg.exp"), ("mip.torture", "torture.exp")):
    chosen = []
    for test in sorted(top.joinpath(directory).iterdir()):
        name = test.name
        if test.suffix not in (".c", ".C") or name.rsplit(".", 1)[0].endswith("-aux"):
            continue
        digest = hashlib.sha256(f"{seed}:{directory}/{name}".encode()).digest()
        if named:
            if name in named:
                chosen.append(name)
        elif name.startswith("use-") or int.from_bytes(digest[:4], "big") % sample == 0:
            chosen.append(name)
    if chosen:
        # Single quotes: testsuite/Makefile.am's check-DEJAGNU tests
        # "$(RUNTESTFLAGS)" in double quotes, which double quotes
        # inside would end (the test fails, and the whole suite runs
        # in parts instead of this selection).
        words.append(f"{driver}='{' '.join(chosen)}'")
if not named:
    words.append("self.exp")
print(" ".join(words) if words else "dg.exp='no-such-test.c'")
EOF
)
  if [ -n "${GCC_MATRIX_DG_TESTS:-}" ]; then
    say "DejaGnu: the tests of GCC_MATRIX_DG_TESTS: $flags"
  else
    say "DejaGnu: a sample (1 test in $dg_sample, every use-* test): $flags"
  fi
else
  say "DejaGnu: the whole testsuite"
fi
make -C "$build/testsuite" check RUNTESTFLAGS="$flags" >"$out/dejagnu.log" 2>&1 || true
cp "$build/testsuite/mip.sum" "$build/testsuite/mip.log" "$out/" 2>/dev/null || true
sum=$out/mip.sum
count () {
  if [ -f "$sum" ]; then grep -c -E "^($1):" "$sum" || true; else echo 0; fi
}
record dg_passed "$(count 'PASS|XFAIL')"
record dg_failed "$(count 'FAIL|XPASS|ERROR|UNRESOLVED')"
record dg_unsupported "$(count 'UNSUPPORTED')"
record dg_ran "$([ -f "$sum" ] && echo yes || echo no)"
record dg_seconds $(( $(date +%s) - start ))
if [ -f "$sum" ]; then
  grep -E '^(FAIL|XPASS|ERROR|UNRESOLVED):' "$sum" | head -n 40 || true
else
  say "DejaGnu did not run; last lines of $out/dejagnu.log:"
  tail -n 20 "$out/dejagnu.log"
fi

# ---- c-torture ---------------------------------------------------------
# x86-64 only (the roots hold no multilib nor cross compilers), the four
# optimisation modes, the three MIP modes, the inference oracle and
# profile use as check-torture.sh draws them.
start=$(date +%s)
if [ "$torture_sample" = 0 ]; then
  record torture_ran "no (GCC_MATRIX_TORTURE_SAMPLE=0)"
elif [ ! -f "$work/src/gcc-torture/execute/execute.exp" ]; then
  record torture_ran "no (no c-torture sources: install gcc-12-source where gcc-matrix.sh runs)"
else
  make -C "$build" check-real MIP_WORK="$work" CHECK_PARTS=torture \
    TORTURE_TARGETS=x86-64 SAMPLE="$torture_sample" TORTURE_SEED="$seed" \
    MIP_JOBS="$jobs" >"$out/torture.log" 2>&1 || true
  line=$(grep -E '^check-torture: torture: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped' \
           "$out/torture.log" | tail -n 1 || true)
  if [ -n "$line" ]; then
    record torture_ran yes
    # shellcheck disable=SC2046 # three numbers
    set -- $(printf '%s\n' "$line" | sed 's/.*: \([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped.*/\1 \2 \3/')
    record torture_passed "$1"
    record torture_failed "$2"
    record torture_skipped "$3"
    record torture_plain_failed "$(grep -E '^check-torture: plain builds:' "$out/torture.log" \
      | sed 's/.*passed, \([0-9]*\) failed.*/\1/' | tail -n 1)"
  else
    record torture_ran "no summary (see torture.log)"
    tail -n 20 "$out/torture.log"
  fi
  grep -E -A3 '^FAIL	' "$out/torture.log" | head -n 40 || true
fi
record torture_seconds $(( $(date +%s) - start ))
exit 0
