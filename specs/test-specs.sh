#!/bin/sh
# test-specs.sh - the specs files instrument and lay out a build that
# knows nothing of MIP: make check runs it on the build tree's copies,
# make installcheck (installcheck-specs.sh) on the installed ones.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# With only -specs=mip-generate.specs added: two units compiled and
# linked separately, a shared object, an -flto build, and a link with
# the specs given before the objects must link and run, and their raw
# profiles must name the program's functions (mipdata create, merge,
# show); preprocessing (-E) must print exactly what it prints without
# the specs; a relocatable link (-r) must not take in the runtime.
# mip-use.specs without MIP_USE_PROFILE must stop the compile with a
# message naming the variable, and with it must lay the program out by
# the profile.  Environment: CC, MIPDATA, MIP_SPECS_DIR (the directory
# of the specs files).  Prints each command it runs; a failure prints
# the command to run again.

set -u
CC=${CC:-gcc}
MIPDATA=${MIPDATA:?MIPDATA is not set (path of mipdata)}
MIP_SPECS_DIR=${MIP_SPECS_DIR:?MIP_SPECS_DIR is not set (directory of mip-generate.specs)}
generate=$MIP_SPECS_DIR/mip-generate.specs
use=$MIP_SPECS_DIR/mip-use.specs
status=0
work=$(mktemp -d "${TMPDIR:-/tmp}/mip-specs.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
for file in "$generate" "$use"; do
  [ -f "$file" ] || { echo "ERROR: cannot find '$file'" >&2; exit 99; }
done
cd "$work" || exit 99

fail () {
  echo "FAIL: $*" >&2
  status=1
}

# run CMD...: print it and run it; its status is returned.
run () {
  echo "+ $*" >&2
  "$@"
}

cat > main.c <<'SRC'
#include <stdio.h>
int helper_add (int a, int b);
static __attribute__ ((noinline)) int specs_square (int x) { return x * x; }
int specs_never_called (int x) { return 3 * x + 1; }
int main (int argc, char **argv)
{
  (void) argv;
  printf ("%d\n", helper_add (specs_square (argc), 1));
  return 0;
}
SRC
cat > helper.c <<'SRC'
int helper_add (int a, int b) { return a + b; }
SRC
cat > lib.c <<'SRC'
int lib_twice (int x) { return 2 * x; }
SRC

# check_profile DIR PROGRAM FUNCTION...: PROGRAM ran in DIR and wrote a
# raw profile in which each FUNCTION ran.
check_profile () {
  dir=$1 program=$2
  shift 2
  if [ ! -f "$dir/default.mipraw" ]; then
    fail "$program wrote no raw profile (no $dir/default.mipraw): the specs did not instrument it"
    return
  fi
  run "$MIPDATA" create -p "$dir/app.mip" "$program" \
    && run "$MIPDATA" merge -p "$dir/app.mip" "$dir/default.mipraw" \
    && run "$MIPDATA" show -p "$dir/app.mip" > "$dir/show.txt" \
    || { fail "mipdata could not read the profile of $program"; return; }
  for function in "$@"; do
    grep -q "$function" "$dir/show.txt" \
      || fail "the profile of $program does not show $function ($dir/show.txt)"
  done
}

# 1. Separate compiles and link, flags as a Makefile gives them.
mkdir separate
if run $CC -specs="$generate" -O2 -c main.c -o separate/main.o \
   && run $CC -specs="$generate" -O2 -c helper.c -o separate/helper.o \
   && run $CC -specs="$generate" separate/main.o separate/helper.o \
        -o separate/app; then
  (cd separate && run ./app) || fail "separate/app failed"
  check_profile separate separate/app specs_square helper_add main
else
  fail "a build with -specs=$generate failed"
fi

# 2. The specs before the objects, in one command; -flto.
mkdir lto
if run $CC -specs="$generate" -O2 -flto main.c helper.c -o lto/app; then
  (cd lto && run ./app) || fail "lto/app failed"
  check_profile lto lto/app main
else
  fail "an -flto build with -specs=$generate failed"
fi

# 3. A shared object links (the runtime is linked into it too).
run $CC -specs="$generate" -O2 -fPIC -shared lib.c -o lib.so \
  || fail "a shared object with -specs=$generate does not link"

# 4. Preprocessing is untouched.
run $CC -E main.c > plain.i && run $CC -specs="$generate" -E main.c > specs.i \
  && cmp plain.i specs.i \
  || fail "$CC -E prints something else with -specs=$generate"

# 5. A relocatable link does not take in the runtime (the final link
# does).
if run $CC -specs="$generate" -O2 -c helper.c -o helper-r.o \
   && run $CC -specs="$generate" -r helper-r.o -o partial.o; then
  if nm partial.o | grep -q ' [TtDdBb] __mip_runtime$'; then
    fail "a relocatable link (-r) with -specs=$generate took in the runtime"
  fi
else
  fail "a relocatable link with -specs=$generate failed"
fi

# 6. mip-use.specs: the variable is required, and names the profile.
unset MIP_USE_PROFILE
if run $CC -specs="$use" -O2 -c main.c -o use-none.o 2> use-none.err; then
  fail "a compile with -specs=$use and no MIP_USE_PROFILE succeeded"
else
  grep -q MIP_USE_PROFILE use-none.err \
    || fail "without MIP_USE_PROFILE, the error does not name it: $(cat use-none.err)"
fi
if [ -f separate/app.mip ]; then
  MIP_USE_PROFILE=$work/separate/app.mip
  export MIP_USE_PROFILE
  if run $CC -specs="$use" -O2 -ffunction-sections -c main.c -o use.o \
     && run $CC -O2 -ffunction-sections -c main.c -o plain.o; then
    # specs_never_called never ran: the plugin makes it cold
    # (.text.unlikely.*), where a plain compile leaves it in .text.*.
    if objdump -h plain.o | grep -q '\.text\.unlikely\.specs_never_called'; then
      echo "ERROR: a plain compile puts specs_never_called in .text.unlikely: this check proves nothing" >&2
      status=1
    elif ! objdump -h use.o | grep -q '\.text\.unlikely\.specs_never_called'; then
      fail "-specs=$use with MIP_USE_PROFILE=$MIP_USE_PROFILE did not lay out main.c (specs_never_called is not in .text.unlikely.*)"
    fi
  else
    fail "a compile with -specs=$use and MIP_USE_PROFILE=$MIP_USE_PROFILE failed"
  fi
fi

if [ "$status" -ne 0 ]; then
  echo "test-specs: FAIL (the work directory was $work)" >&2
else
  echo "test-specs: PASS"
fi
exit $status
