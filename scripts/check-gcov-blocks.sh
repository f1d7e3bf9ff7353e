#!/bin/bash
# check-gcov-blocks.sh - prove MIP's block coverage right, line by line,
# against gcov.  SQLite's speedtest1 (and zlib's example) is built at -O0
# -g with both gcc --coverage and MIP's full mode and run once.  Then:
#  (a) 'mipdata show --json --debug' gives every block's "covered" flag,
#      link-time "address" and "size" (blocks without an address are
#      skipped and counted);
#  (b) the DWARF line table (objdump --dwarf=decodedline) maps each
#      block's address range to the source lines whose code lies in it: a
#      row's code runs from its address to the next row's, so the lines of
#      a block are those of the rows whose code overlaps the block;
#  (c) gcov -b --json-format gives each line's execution count.
#  (d) The branch outcomes MIP knows (mipdata export's BRDA) agree, line
#      by line, with gcov -b's taken and never taken
#      (compare-gcov-branches.py).
#  (e) For the programs of GCOV_COUNT_PROGRAMS, a third build in the
#      block-count mode (without --coverage, whose edge counters add
#      blocks of their own), run on the same workload: its lcov line hits
#      are gcov's line counts on every line both report, but the
#      differences of measure compare-gcov-counts.py lists by class (a
#      function's first line; a line that holds or continues a condition
#      or a conditional expression).
# Every line of the program's own sources that gcov counts as executed must
# lie in at least one covered MIP block, and every line of a covered MIP
# block that gcov counts must have been executed.  Every disagreement is
# printed; any one fails the check, except the artifacts listed in
# classify_exclusions below, which are counted and printed by class.
# Part of check-real.sh; also runs alone.
#
# Environment: MIP_WORK, MIP_PLUGIN, MIP_RUNTIME_DIR, MIPDATA, CC,
#   SPEEDTEST_ARGS       speedtest1 options (default "--verify --size 10
#                        --memdb --singlethread")
#   GCOV_BLOCKS_PROGRAMS default "speedtest1 example"
#   GCOV_COUNT_PROGRAMS  those of them checked in the block-count mode
#                        too (default "example"; speedtest1's build and
#                        run at -O0 take about a minute more)
#   CHECK_RESULT_FILE    where to append "gcov-blocks PASSED FAILED SKIPPED"
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail
MIP_SCRIPT_NAME=check-gcov-blocks
here=$(cd "$(dirname "$0")" && pwd)
. "$here/mip-lib.sh"

OUT=$MIP_WORK/gcov-blocks
SPEEDTEST_ARGS=${SPEEDTEST_ARGS:---verify --size 10 --memdb --singlethread}
GCOV_BLOCKS_PROGRAMS=${GCOV_BLOCKS_PROGRAMS:-speedtest1 example}
GCOV_COUNT_PROGRAMS=${GCOV_COUNT_PROGRAMS-example}
# ---- building and running ----------------------------------------------------
build_program () {
  case $1 in
    speedtest1) mip_build_speedtest "$OUT/speedtest1" "-O0 -g" gcov full ;;
    example) mip_build_zlib "$OUT/example" "-O0 -g" gcov full ;;
    speedtest1-counts) mip_build_speedtest "$OUT/$1" "-O0 -g" bcnt ;;
    example-counts) mip_build_zlib "$OUT/$1" "-O0 -g" bcnt ;;
  esac
}

# The gcov data files of PROGRAM's own sources, in its directory.
gcov_data_files () {
  case $1 in
    speedtest1) echo sqlite3.gcda speedtest1.gcda ;;
    # minigzip.o is built too, but is not part of example.
    example)
      # shellcheck disable=SC2086
      printf '%s.gcda ' $MIP_ZLIB_SOURCES example ;;
  esac
}

run_program () {
  local program=$1 dir=$OUT/${2:-$1}
  cd "$dir"
  rm -f ./*.gcda ./*.gcov.json.gz run.mipraw run.mip
  # shellcheck disable=SC2086
  case $program in
    speedtest1) mip_run run.log env MIP_PROFILE_FILENAME="$dir/run.mipraw" \
      ./speedtest1 $SPEEDTEST_ARGS ;;
    example) mip_run run.log env MIP_PROFILE_FILENAME="$dir/run.mipraw" \
      ./example example.gz ;;
  esac
  cd "$OUT"
}

# ---- the three inputs, as plain text -------------------------------------------
# Awk helper: a hexadecimal string ("0x1a2b") as a number, portable awk.
HEX_TO_NUMBER='
function hex(s,   i, c, n) {
  s = tolower(s); sub(/^0x/, "", s); n = 0
  for (i = 1; i <= length(s); i++) {
    c = index("0123456789abcdef", substr(s, i, 1)) - 1
    n = n * 16 + c
  }
  return n
}'

# (a) DIR/blocks.txt: "start end covered function#index" per block with an
# address, sorted by start; counts in DIR/blocks.count.
extract_blocks () {
  local dir=$1
  mip_script_data show-blocks "$dir/show.json" "$dir/blocks.count" \
    >"$dir/blocks.txt"
}

# (b) DIR/lines.txt: "start end file line" for each row of the line table
# of the program's own sources (by base name, in FILES) that has code, sorted
# by start.
extract_line_rows () {
  local dir=$1 binary=$2 files=$3
  objdump --dwarf=decodedline --wide "$binary" \
    | awk -v files=" $files " "$HEX_TO_NUMBER"'
      # A row: file, line (or "-" at the end of a sequence), address, [view]
      # [stmt].  Rows of a sequence have ascending addresses; a row'"'"'s code
      # ends where the next row starts.
      $3 ~ /^0x[0-9a-fA-F]+$/ && ($2 ~ /^[0-9]+$/ || $2 == "-") {
        address = hex($3)
        if (have_previous && address > previous_address \
            && index(files, " " previous_file " "))
          print previous_address, address, previous_file, previous_line
        if ($2 == "-") { have_previous = 0; next }
        have_previous = 1; previous_address = address
        previous_file = $1; previous_line = $2
        next
      }
      { have_previous = 0 }' | sort -n -k 1,1 >"$dir/lines.txt"
}

# (c) DIR/gcov.txt: "file line count unexecuted" for every line gcov
# reports, files by base name; unexecuted is 1 when gcov says a block of
# the line did not run (its "unexecuted_block", the '*' of its text
# output).
extract_gcov_lines () {
  local dir=$1
  mip_script_data gcov-lines "$dir"/*.gcov.json.gz >"$dir/gcov.txt"
}

# ---- the comparison ------------------------------------------------------------
# compare_lines DIR LABEL SOURCES: prints the counts, every disagreement
# and every exclusion; fails on a disagreement.  SOURCES is "base=path ..."
# for the program's own sources (their text decides two exclusions).  The
# lines of a block are the rows of DIR/lines.txt overlapping it (both files
# are sorted by start and neither has overlapping entries: code is in one
# place).
#
# Exclusions: artifacts, not disagreements; each one is printed by class.
#  no-code    a line gcov counts as executed that owns no code in the line
#             table: no address of it exists for a block to cover.  These
#             are labels (case and goto), jumps GCC turned into a fall
#             through (break, goto, for (;;)), statements that compile to
#             nothing (va_end on x86-64, x = x).
#  brace      a line of a covered block that gcov does not count at all,
#             made only of braces and parentheses ("{", "}", "){"): GCC
#             puts the prologue on the opening brace, the epilogue on the
#             closing one and a multi-line condition's jump on its ")",
#             while gcov counts a function on its first line and a
#             condition on the line where it starts.  Any other line gcov
#             does not count is a disagreement.
#  jump-line  a jump statement (return, goto, break, continue) that gcov
#             counts as executed AND marks as having a block that did not
#             run ("unexecuted_block", the '*' of gcov's text), while every
#             MIP block holding its code is not covered: at -O0 GCC gives
#             the function's shared return block (or a goto's forwarder
#             block) the location of one of the jumps to it, so gcov adds
#             every return through that block to this line, whereas the
#             line's own machine code (moving the value, jumping) is the
#             block gcov itself reports as not run.
compare_lines () {
  local dir=$1 label=$2 sources=$3 status=0
  awk -v label="$label" -v blocks_count="$(cat "$dir/blocks.count")" \
      -v sources="$sources" '
    function source_text(key,   file, line, path, text, n) {
      file = key; sub(/:[0-9]+$/, "", file)
      line = key; sub(/.*:/, "", line)
      if (!(file in loaded)) {
        loaded[file] = 1
        path = source_path[file]
        n = 0
        if (path != "")
          while ((getline text < path) > 0) source[file, ++n] = text
        close(path)
      }
      return source[file, line]
    }
    function only_braces(text) {
      gsub(/\/\*.*\*\//, "", text)
      return text ~ /^[ \t]*[(){}]+[ \t]*$/
    }
    function is_jump(text) {
      return text ~ /(^|[^A-Za-z0-9_])(return|goto|break|continue)([^A-Za-z0-9_]|$)/
    }
    BEGIN {
      n = split(sources, pair, " ")
      for (i = 1; i <= n; i++) {
        base = pair[i]; sub(/=.*/, "", base)
        path = pair[i]; sub(/^[^=]*=/, "", path)
        source_path[base] = path
      }
    }
    FILENAME == ARGV[1] {
      nl++; ls[nl] = $1; le[nl] = $2; lk[nl] = $3 ":" $4; has_code[$3 ":" $4] = 1
      next
    }
    FILENAME == ARGV[2] {
      nb++; bs[nb] = $1; be[nb] = $2; bc[nb] = $3; bk[nb] = $4
      next
    }
    FILENAME == ARGV[3] { gcount[$1 ":" $2] = $3; gunexec[$1 ":" $2] = $4; next }
    END {
      i = 1
      for (j = 1; j <= nb; j++) {
        while (i <= nl && le[i] <= bs[j]) i++
        for (k = i; k <= nl && ls[k] < be[j]; k++) {
          key = lk[k]
          if (!(key in in_block)) in_block[key] = bk[j]
          if (bc[j] && !(key in covered_line)) covered_line[key] = bk[j]
        }
      }
      split(blocks_count, bcount, " ")
      printf "%s: blocks %d (%d without an address, skipped; %d with one, %d covered); line-table rows with code %d\n", \
        label, bcount[1], bcount[2], nb, bcount[3], nl
      for (key in gcount) {
        counted++
        if (gcount[key] == 0) continue
        executed++
        if (key in covered_line) { agree1++; continue }
        if (!(key in has_code)) { nocode++; nocode_list = nocode_list " " key; continue }
        if ((key in in_block) && gunexec[key] && is_jump(source_text(key))) {
          jump++
          jump_list = jump_list sprintf("\n    %s (gcov %d*, MIP block %s not covered): %s", \
            key, gcount[key], in_block[key], source_text(key))
          continue
        }
        disagree1++
        if (key in in_block)
          printf "  disagreement: %s executed %d times per gcov, but none of its MIP blocks is covered (one is %s): %s\n", \
            key, gcount[key], in_block[key], source_text(key)
        else
          printf "  disagreement: %s executed %d times per gcov, but its code is in no MIP block: %s\n", \
            key, gcount[key], source_text(key)
      }
      for (key in covered_line) {
        lines2++
        if (key in gcount) {
          if (gcount[key] > 0) { agree2++; continue }
          disagree2++
          printf "  disagreement: %s is in covered MIP block %s, but gcov counts it 0: %s\n", \
            key, covered_line[key], source_text(key)
        } else if (only_braces(source_text(key))) {
          brace++; brace_list = brace_list " " key
        } else {
          disagree2++
          printf "  disagreement: %s is in covered MIP block %s, but gcov does not count it: %s\n", \
            key, covered_line[key], source_text(key)
        }
      }
      printf "%s: gcov counts %d lines, %d executed: %d in a covered MIP block, %d disagree, excluded %d no-code + %d jump-line\n", \
        label, counted, executed, agree1, disagree1 + 0, nocode + 0, jump + 0
      printf "%s: covered MIP blocks hold %d lines: %d executed per gcov, %d disagree, excluded %d brace\n", \
        label, lines2, agree2, disagree2 + 0, brace + 0
      if (nocode) printf "%s: excluded, no-code:%s\n", label, nocode_list
      if (brace) printf "%s: excluded, brace:%s\n", label, brace_list
      if (jump) printf "%s: excluded, jump-line:%s\n", label, jump_list
      # Nothing that ran on both sides: a comparison of nothing.
      if (agree1 + agree2 == 0) {
        printf "%s: no executed line is in a covered MIP block: nothing was compared (gcov executed %d lines, MIP covered %d)\n", \
          label, executed + 0, lines2 + 0
        exit 1
      }
      exit (disagree1 + disagree2 > 0)
    }' "$dir/lines.txt" "$dir/blocks.txt" "$dir/gcov.txt" || status=1
  return "$status"
}

check_program () {
  local program=$1 dir=$OUT/$1 label
  label="$program -O0"
  run_program "$program"
  # shellcheck disable=SC2046
  (cd "$dir" && mip_run gcov.log gcov -b --json-format $(gcov_data_files "$program"))
  (cd "$dir" \
   && rm -f run.mip \
   && mip_run mipdata.log "$MIPDATA" create -p run.mip "$program" \
   && mip_run mipdata.log "$MIPDATA" merge -p run.mip run.mipraw \
   && mip_capture show.json "$MIPDATA" show -p run.mip --debug "$program" --json)
  extract_blocks "$dir" \
    || { mip_fail "$label: cannot read the blocks of $dir/show.json"; return; }
  extract_line_rows "$dir" "$dir/$program" "$(mip_own_sources "$program")"
  extract_gcov_lines "$dir" \
    || { mip_fail "$label: cannot read gcov's JSON ($dir/*.gcov.json.gz)"; return; }
  [ -s "$dir/blocks.txt" ] || { mip_fail "$label: no block with an address in $dir/show.json"; return; }
  [ -s "$dir/lines.txt" ] || { mip_fail "$label: no line-table rows of $(mip_own_sources "$program")in $dir/$program"; return; }
  [ -s "$dir/gcov.txt" ] || { mip_fail "$label: no lines in gcov's JSON ($dir)"; return; }
  if compare_lines "$dir" "$label" "$(mip_source_paths "$program")"; then
    mip_pass "$label: the lines of covered MIP blocks are exactly the lines gcov saw executed"
  else
    mip_fail "$label: MIP block coverage and gcov disagree (see above; $dir)"
  fi
  # (d) Branches: the outcomes the tracefile's BRDA knows, line by line,
  # against gcov -b's taken and never taken (compare-gcov-branches.py).
  (cd "$dir" && mip_run mipdata.log "$MIPDATA" export -p run.mip \
     --debug "$program" -o run.info)
  # shellcheck disable=SC2046
  if python3 "$here/compare-gcov-branches.py" "$dir/run.info" "$dir" \
       $(mip_own_sources "$program") >"$dir/branches.txt" 2>&1; then
    mip_pass "$label: branches agree with gcov -b's: $(tail -n 1 "$dir/branches.txt" | sed 's/^compare-gcov-branches: //')"
  else
    grep disagreement "$dir/branches.txt" | head -n 20 >&2 || true
    mip_fail "$label: MIP's branches disagree with gcov -b's (see $dir/branches.txt)"
  fi
}

# (e) The block-count build of PROGRAM against gcov's line counts (the
# reports check_program had gcov write).
check_counts () {
  local program=$1 dir=$OUT/$1-counts label pair
  local -a paths=()
  label="$program -O0 block-count"
  for pair in $(mip_source_paths "$program"); do
    paths+=("${pair#*=}")
  done
  run_program "$program" "$program-counts"
  (cd "$dir" \
   && rm -f run.mip \
   && mip_run mipdata.log "$MIPDATA" create -p run.mip "$program" \
   && mip_run mipdata.log "$MIPDATA" merge -p run.mip run.mipraw \
   && mip_run mipdata.log "$MIPDATA" export -p run.mip --debug "$program" \
        -o run.info) \
    || { mip_fail "$label: mipdata failed (see $dir/mipdata.log)"; return; }
  if python3 "$here/compare-gcov-counts.py" "$dir/run.info" "$OUT/$program" \
       "${paths[@]}" >"$dir/counts.txt" 2>&1; then
    mip_pass "$label: line hits are gcov's counts: $(tail -n 1 "$dir/counts.txt" | sed 's/^compare-gcov-counts: //')"
  else
    grep -v '^function-line\|^condition' "$dir/counts.txt" | head -n 20 >&2 || true
    mip_fail "$label: MIP's block counts disagree with gcov's line counts (see $dir/counts.txt)"
  fi
}

main () {
  local program
  mip_check_tools
  mip_need_tool objdump binutils
  mip_need_tool gcov gcc
  for program in $GCOV_BLOCKS_PROGRAMS; do
    case $program in
      speedtest1) [ -f "$MIP_WORK/src/sqlite-amalgamation/sqlite3.c" ] \
        || bash "$here/fetch-sources.sh" sqlite ;;
      example) [ -f "$MIP_WORK/src/zlib/zlib.h" ] \
        || bash "$here/fetch-sources.sh" zlib ;;
      *) mip_die "unknown program '$program' (expected speedtest1 or example)" ;;
    esac
  done
  mkdir -p "$OUT"
  cd "$OUT"
  mip_say "building at -O0 -g with gcc --coverage and MIP full: $GCOV_BLOCKS_PROGRAMS"
  for program in $GCOV_BLOCKS_PROGRAMS; do
    mip_spawn "$program" build_program "$program"
  done
  for program in $GCOV_COUNT_PROGRAMS; do
    mip_spawn "$program-counts" build_program "$program-counts"
  done
  mip_wait_all || mip_die "builds failed (logs in $OUT/*/build.log)"
  for program in $GCOV_BLOCKS_PROGRAMS; do
    check_program "$program"
    case " $GCOV_COUNT_PROGRAMS " in
      *" $program "*) check_counts "$program" ;;
    esac
  done
  mip_check_summary gcov-blocks
}

main
