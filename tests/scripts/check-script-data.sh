#!/bin/bash
# check-script-data.sh - the data the scripts read back is read by key
# and by column name (scripts/script-data.py, through mip-lib.sh's
# gcov_json_counts, mip_script_data and mip_source_paths): the same
# records with their keys or columns in another order give the same
# lines, a section or column that is not there is 0 or an error, and a
# file that cannot be read fails.
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

# lines CMD...: CMD's output, its lines joined by ';'.
lines () {
  "$@" 2>/dev/null | tr '\n' ';'
}

# ---- gcov --json-format ----------------------------------------------------
# As GCC 12 writes it (the file's name after its lines, a function's
# name before its execution count), gzipped ...
printf '%s' '{"gcc_version": "12.2.0", "files": [{"lines": [{"branches": [], "count": 5, "line_number": 3, "unexecuted_block": false, "function_name": "f"}, {"branches": [{"count": 1, "throw": false, "fallthrough": true}], "count": 0, "line_number": 4, "unexecuted_block": true, "function_name": "f"}], "functions": [{"blocks": 3, "end_column": 1, "start_line": 2, "name": "f", "blocks_executed": 2, "execution_count": 5, "demangled_name": "f", "start_column": 5, "end_line": 6}, {"blocks": 1, "name": "_Z1gv", "execution_count": 0, "demangled_name": "g()"}], "file": "/src/dir/a.c"}], "format_version": "1"}' \
  | gzip >"$scratch/gcc12.gcov.json.gz"
# ... and the same report with every object's keys in another order (and
# a line's "calls" before its count, as newer GCCs add them).
printf '%s' '{"format_version": "2", "files": [{"file": "/src/dir/a.c", "functions": [{"execution_count": 5, "demangled_name": "f", "name": "f"}, {"demangled_name": "g()", "execution_count": 0, "name": "_Z1gv"}], "lines": [{"line_number": 3, "calls": [{"returned": 5}], "unexecuted_block": false, "count": 5, "branches": []}, {"unexecuted_block": true, "count": 0, "function_name": "f", "line_number": 4, "branches": []}]}]}' \
  | gzip >"$scratch/reordered.gcov.json.gz"
printf '{"files": [' | gzip >"$scratch/broken.gcov.json.gz"

expect "gcov: each function's execution count" \
  "$(lines gcov_json_counts "$scratch/gcc12.gcov.json.gz")" $'f\t5;_Z1gv\t0;'
expect "gcov: the same counts whatever the order of the keys" \
  "$(lines gcov_json_counts "$scratch/reordered.gcov.json.gz")" $'f\t5;_Z1gv\t0;'
expect "gcov: several files, in their order" \
  "$(lines gcov_json_counts "$scratch/gcc12.gcov.json.gz" "$scratch/reordered.gcov.json.gz" | tr '\t' ' ')" \
  "f 5;_Z1gv 0;f 5;_Z1gv 0;"
expect "gcov: a broken report fails" \
  "$(status gcov_json_counts "$scratch/broken.gcov.json.gz")" fail
expect "gcov: each line, by the file's base name" \
  "$(lines mip_script_data gcov-lines "$scratch/gcc12.gcov.json.gz")" "a.c 3 5 0;a.c 4 0 1;"
expect "gcov: the same lines whatever the order of the keys" \
  "$(lines mip_script_data gcov-lines "$scratch/reordered.gcov.json.gz")" "a.c 3 5 0;a.c 4 0 1;"
expect "gcov: lines of a broken report fail" \
  "$(status mip_script_data gcov-lines "$scratch/broken.gcov.json.gz")" fail

# ---- mipdata show --json --debug: the blocks -------------------------------
# Two functions; g's second block has no address; f's blocks come after
# g's in memory, one of them with its keys in another order.
cat >"$scratch/show.json" <<'EOF'
{"profile": "p", "runs": 1, "functions": [
{"name": "f", "covered": true, "call_count": 1, "blocks": [{"covered": true, "id": 1, "address": "0x20", "size": 16}, {"size": 8, "address": "0x30", "id": 2, "covered": false}], "callers": [{"function": "g", "address": "0x12", "samples": 0}]},
{"name": "g", "blocks": [{"covered": true, "id": 1, "file": "g.c", "line": 1, "address": "0x10", "size": 4}, {"covered": true, "id": 2, "file": "g.c", "line": 2}], "covered": true, "call_count": 1}
]}
EOF
expect "blocks: by address, with their end, coverage and index" \
  "$(lines mip_script_data show-blocks "$scratch/show.json" "$scratch/blocks.count")" \
  "16 20 1 g#1;32 48 1 f#1;48 56 0 f#2;"
expect "blocks: counted (all, without an address, covered with one)" \
  "$(cat "$scratch/blocks.count")" "4 1 2"
printf '{"functions": [{"name": "f", "blocks": [' >"$scratch/broken.json"
expect "blocks: broken JSON fails" \
  "$(status mip_script_data show-blocks "$scratch/broken.json" "$scratch/broken.count")" fail

# ---- size -A ----------------------------------------------------------------
cat >"$scratch/size.txt" <<'EOF'
empty-full  :
section               size      addr
.interp                 28       792
.text                 4476      4256
.data                   16     16384
.bss                    32     16400
__mip_sample_calls      96     16432
__mip_sample_sites     120     16528
.comment                31         0
Total                 4799


EOF
expect "size: the sections named, a prefix summed, an absent one 0" \
  "$(mip_script_data size-sections .text .data .bss __mip_raw '__mip_sample_*' <"$scratch/size.txt")" \
  "4476 16 32 0 216"
expect "size: no section at all fails" \
  "$(status mip_script_data size-sections .text </dev/null)" fail

# ---- tables read by column name ---------------------------------------------
printf 'program\tvariant\ttext\tprobed\n' >"$scratch/a.tsv"
printf 'p\tplain\t100\t-\np\tbcov\t110\t37%% (3/8)\nq\tplain\t7\t-\n' >>"$scratch/a.tsv"
# The same table, its columns in another order.
printf 'text\tprobed\tvariant\tprogram\n' >"$scratch/b.tsv"
printf '100\t-\tplain\tp\n110\t37%% (3/8)\tbcov\tp\n7\t-\tplain\tq\n' >>"$scratch/b.tsv"
for table in a b; do
  expect "tsv $table: a column of the rows chosen" \
    "$(lines mip_script_data tsv-select "$scratch/$table.tsv" --where program=p text)" "100;110;"
  expect "tsv $table: columns in the order asked" \
    "$(lines mip_script_data tsv-select "$scratch/$table.tsv" --where program=p \
        --where variant=bcov probed text | tr '\t' '|')" "37% (3/8)|110;"
  expect "tsv $table: --unless leaves rows out" \
    "$(lines mip_script_data tsv-select "$scratch/$table.tsv" --unless probed=- variant)" "bcov;"
done
expect "tsv: an unknown column fails" \
  "$(status mip_script_data tsv-select "$scratch/a.tsv" Ir)" fail
expect "tsv: an unknown column in --where fails" \
  "$(status mip_script_data tsv-select "$scratch/a.tsv" --where name=p text)" fail
: >"$scratch/empty.tsv"
expect "tsv: a table without its line of names fails" \
  "$(status mip_script_data tsv-select "$scratch/empty.tsv" text)" fail

# ---- the sources the line checks compare --------------------------------------
expect "sources of speedtest1, base=path" "$(mip_source_paths speedtest1)" \
  "sqlite3.c=$MIP_WORK/src/sqlite-amalgamation/sqlite3.c speedtest1.c=$MIP_WORK/src/sqlite-amalgamation/speedtest1.c "
expect "sources of example, base names" "$(mip_own_sources example | wc -w) $(mip_own_sources example | cut -d ' ' -f 1,16)" \
  "16 adler32.c example.c"

finish
