#!/bin/bash
# check-torture-empty.sh - scripts/torture-test.sh does not pass on
# nothing: a c-torture test's main runs, so a full build whose
# 'mipdata show --json' has no executed function, and an oracle whose
# build probing every block records no block or no block that ran, are
# failures with their reason, not "all 0 executed functions counted" or
# "no blocks".  One small test of the c-torture kind is checked in
# x86-64 -O0 (full and bcov modes, the oracle on both) three times: with
# the mipdata built here (every check passes), and with a mipdata whose
# 'show' output is altered to say that nothing ran, then to list no
# blocks (the checks fail with those reasons).
#
# Environment: MIP_SRCDIR, MIPDATA, MIP_PLUGIN, MIP_RUNTIME_DIR, CC (set
# by make check).
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -uo pipefail

srcdir=${MIP_SRCDIR:-../..}
failures=0
for variable in MIPDATA MIP_PLUGIN MIP_RUNTIME_DIR CC; do
  if [ -z "${!variable:-}" ]; then
    echo "FAIL: $variable is not set (make check sets it)"
    exit 1
  fi
done
work=$(mktemp -d "${TMPDIR:-/tmp}/mip-torture-empty.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/execute"

# A test of the c-torture kind: main calls a function, and returns 0.
cat >"$work/execute/mip-empty.c" <<'EOF'
int twice (int x) { return 2 * x; }
int main (void) { return twice (1) == 2 ? 0 : 1; }
EOF
printf 'mip-empty\tx86-64:-O0\toracle\n' >"$work/plan.txt"

# A mipdata whose 'show' output goes through the sed script $EDIT.
cat >"$work/mipdata" <<'EOF'
#!/bin/bash
set -o pipefail
if [ "$1" = show ]; then
  "$REAL_MIPDATA" "$@" | sed "$EDIT"
else
  exec "$REAL_MIPDATA" "$@"
fi
EOF
chmod +x "$work/mipdata"

# run CASE EDIT: the result file of torture-test.sh on the test, with
# 'mipdata show' edited by EDIT (empty: not edited).
run () {
  local out=$work/$1 real=$MIPDATA mipdata=$MIPDATA
  [ -z "$2" ] || mipdata=$work/mipdata
  mkdir -p "$out"
  TORTURE_OUT=$out TORTURE_PLAN=$work/plan.txt TORTURE_TARGETS=x86-64 \
    TORTURE_MODES=-O0 MIP_VARIANTS="full bcov" \
    TORTURE_ORACLE_VARIANTS="bcov full" MIP_I386_RUNNER=none \
    MIPDATA=$mipdata REAL_MIPDATA=$real EDIT=$2 MIP_WORK=$out \
    bash "$srcdir/scripts/torture-test.sh" "$work/execute/mip-empty.c" \
    >"$out/log" 2>&1
  echo "torture-test.sh exit status $?" >>"$out/log"
  cat "$out/results/mip-empty.res" 2>/dev/null
}

# expect CASE RESULTS KIND VARIANT REASON: RESULTS has a line of KIND
# (PASS, FAIL) for VARIANT whose reason matches REASON (grep -E).
expect () {
  local name=$1 results=$2 kind=$3 variant=$4 reason=$5
  if printf '%s\n' "$results" \
       | grep -Eq "^$kind	mip-empty	x86-64:-O0	$variant	$reason"; then
    echo "PASS: $name: $kind $variant: $reason"
  else
    echo "FAIL: $name: no $kind line for $variant matching '$reason'; results:"
    printf '%s\n' "$results" | sed 's/^/    /'
    sed 's/^/    log: /' "$work/$name/log"
    failures=$((failures + 1))
  fi
}

results=$(run real '')
expect real "$results" PASS full 'run ok, all [1-9][0-9]* executed functions counted'
expect real "$results" PASS bcov 'run ok'
expect real "$results" PASS oracle-bcov 'inferred = probed'
expect real "$results" PASS oracle-full 'inferred = probed'

results=$(run nothing-ran 's/"covered": true/"covered": false/g')
expect nothing-ran "$results" FAIL full "no executed function in 'mipdata show --json'"
expect nothing-ran "$results" FAIL oracle-bcov 'no block ran'

# (A block's edges are an array inside the blocks' array.)
results=$(run no-blocks 's/, "blocks": \[\([^][]\|\[[^][]*\]\)*\]//')
expect no-blocks "$results" FAIL oracle-bcov 'the build probing every block records no blocks'

if [ "$failures" -gt 0 ]; then
  echo "$failures failures"
  exit 1
fi
echo PASS
