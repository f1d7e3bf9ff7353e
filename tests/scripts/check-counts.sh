#!/bin/bash
# check-counts.sh - the count comparisons of the real-code checks
# (compare_counts and mip_show_counts of scripts/mip-lib.sh, over
# scripts/script-data.py) fail on a mismatch, on a comparison of nothing
# and on a profile in which nothing ran, and pass on agreeing counts.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -u -o pipefail
. "$(dirname "$0")/script-test-lib.sh"
export MIP_WORK=$scratch/work
. "$MIP_SRCDIR/scripts/mip-lib.sh"

# status CMD...: "pass" or "fail" by CMD's exit status.
status () {
  if "$@" >"$scratch/out" 2>&1; then echo pass; else echo fail; fi
}

printf 'f\t3\ng\t1\nmain\t1\n' >"$scratch/expected"
printf 'f\t3\nmain\t1\n' >"$scratch/agree"
printf 'f\t2\nmain\t1\n' >"$scratch/mismatch"
printf 'f\t1\nf\t2\nmain\t1\n' >"$scratch/summed"
: >"$scratch/empty"
printf 'f\tnull\nmain\tnull\n' >"$scratch/all-null"
printf 'f\t0\nmain\t0\n' >"$scratch/all-zero"
printf 'f\t0\nmain\t0\n' >"$scratch/expected-zero"

expect "agreeing counts pass" "$(status compare_counts "$scratch/expected" "$scratch/agree" t)" pass
expect "counts summed by name pass" "$(status compare_counts "$scratch/expected" "$scratch/summed" t)" pass
expect "a mismatch fails" "$(status compare_counts "$scratch/expected" "$scratch/mismatch" t)" fail
expect "0 functions compared fails" "$(status compare_counts "$scratch/expected" "$scratch/empty" t)" fail
expect "all-null counts fail" "$(status compare_counts "$scratch/expected" "$scratch/all-null" t)" fail
expect "all-zero counts fail, even against all-zero expected" \
  "$(status compare_counts "$scratch/expected-zero" "$scratch/all-zero" t)" fail
compare_counts "$scratch/expected" "$scratch/mismatch" t >"$scratch/mismatch.out" 2>&1
expect "a mismatch is named" "$(status grep 'mismatch: f: t 3, MIP 2' "$scratch/mismatch.out")" pass

# mipdata show --json output, as cmd-show.c writes it.
show_json () {
  printf '{"profile": "p", "runs": 1, "functions": [\n'
  printf '%s' "$1"
  printf ']}\n'
}
show_json '{"name": "main", "covered": true, "call_count": null, "order": null},
{"name": "_sub_I_00100_0", "covered": true, "call_count": null, "order": null},
{"name": "f", "covered": false, "call_count": null, "order": null}
' >"$scratch/coverage.json"
show_json '{"name": "main", "covered": false, "call_count": null, "order": null},
{"name": "f", "covered": false, "call_count": null, "order": null}
' >"$scratch/nothing-ran.json"
show_json '{"name": "main", "covered": false, "call_count": 0, "order": null}
' >"$scratch/nothing-counted.json"
show_json '' >"$scratch/no-function.json"
printf '{"profile": ' >"$scratch/broken.json"

expect "a profile in which something ran is read" \
  "$(status mip_show_counts "$scratch/coverage.json")" pass
expect "its lines" "$(mip_show_counts "$scratch/coverage.json" _sub_I_ | tr '\t\n' ' ;')" \
  "main null true;f null false;"
expect "a profile in which nothing ran fails" \
  "$(status mip_show_counts "$scratch/nothing-ran.json")" fail
cp "$scratch/out" "$scratch/why"
expect "the failure says why" "$(status grep 'none of its 2 functions ran' "$scratch/why")" pass
expect "a profile with zero counts only fails" \
  "$(status mip_show_counts "$scratch/nothing-counted.json")" fail
expect "a profile of no function fails" \
  "$(status mip_show_counts "$scratch/no-function.json")" fail
expect "only excluded functions ran: fails" \
  "$(status mip_show_counts "$scratch/coverage.json" main _sub_)" fail
expect "invalid JSON fails" "$(status mip_show_counts "$scratch/broken.json")" fail

finish
