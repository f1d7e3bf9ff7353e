#!/bin/bash
# check-lcov.sh - compare the line coverage of 'mipdata export
# --format=lcov' with gcov's on real programs.  SQLite's speedtest1 and
# zlib's example are built at -O0 -g twice: with gcc --coverage, and with
# MIP in the block-coverage mode; both run the same workload.  Then, for
# every line of the programs' own sources that both report (a DA line of
# MIP's tracefile, a line of gcov --json-format), MIP's "ran" (DA:N,1)
# must be gcov's "executed" (count > 0).  The script prints the counts
# (lines both report, agreeing, disagreeing; lines only one reports) and
# every disagreement with its source text and its class:
#
#  jump-line  a return, goto, break or continue that gcov counts as
#             executed while a block of it did not run ('*' in gcov's
#             text, "unexecuted_block"), and that MIP reports not run:
#             at -O0 GCC gives the shared return block (or a goto's
#             forwarder) the location of one of the jumps to it, so gcov
#             adds every return through that block to this line, while
#             the line's own code (storing the value, jumping) never ran.
#  other      anything else: a real disagreement, which fails the check.
#
# Jump lines are explained, not failures.  lcov --summary and genhtml
# must also read MIP's tracefile for speedtest1 without an error or a
# warning.
# Part of check-real.sh (part "lcov"); also runs alone.
#
# Environment: MIP_WORK, MIP_PLUGIN, MIP_RUNTIME_DIR, MIPDATA, CC,
#   SPEEDTEST_ARGS     speedtest1 options (default "--verify --size 10
#                      --memdb --singlethread")
#   LCOV_PROGRAMS      default "speedtest1 example"
#   CHECK_RESULT_FILE  where to append "lcov PASSED FAILED SKIPPED"
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail
MIP_SCRIPT_NAME=check-lcov
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/mip-lib.sh"

OUT=$MIP_WORK/lcov
SPEEDTEST_ARGS=${SPEEDTEST_ARGS:---verify --size 10 --memdb --singlethread}
LCOV_PROGRAMS=${LCOV_PROGRAMS:-speedtest1 example}

# build_program PROGRAM VARIANT: into $OUT/PROGRAM-VARIANT.
build_program () {
  case $1 in
    speedtest1) mip_build_speedtest "$OUT/$1-$2" "-O0 -g" "$2" ;;
    example) mip_build_zlib "$OUT/$1-$2" "-O0 -g" "$2" ;;
  esac
}

# The gcov data files of PROGRAM's own sources.
gcov_data_files () {
  # shellcheck disable=SC2086
  case $1 in
    speedtest1) echo sqlite3.gcda speedtest1.gcda ;;
    example) printf '%s.gcda ' $MIP_ZLIB_SOURCES example ;;
  esac
}

# run_program PROGRAM VARIANT: in its directory; MIP's raw profile is
# run.mipraw there.
run_program () {
  local dir=$OUT/$1-$2
  cd "$dir"
  rm -f ./*.gcda ./*.gcov.json.gz run.mipraw
  # shellcheck disable=SC2086
  case $1 in
    speedtest1) mip_run run.log env MIP_PROFILE_FILENAME="$dir/run.mipraw" \
      ./speedtest1 $SPEEDTEST_ARGS ;;
    example) mip_run run.log env MIP_PROFILE_FILENAME="$dir/run.mipraw" \
      ./example example.gz ;;
  esac
  cd "$OUT"
}

# The comparison, in Python (Debian's python3): MIP's tracefile, gcov's
# JSON files, the sources.  Exit status 1 when a disagreement is not
# explained.
COMPARE='
import gzip, json, os, re, sys

label, tracefile, gcov_dir, sources = sys.argv[1:5]
paths = dict(pair.split("=", 1) for pair in sources.split())

mip = {}                         # (base, line) -> ran
base = None
for text in open(tracefile):
    text = text.strip()
    if text.startswith("SF:"):
        base = os.path.basename(text[3:])
    elif text.startswith("DA:") and base in paths:
        line, count = text[3:].split(",")[:2]
        mip[(base, int(line))] = int(count) > 0

gcov = {}                        # (base, line) -> (count, unexecuted)
for name in sorted(os.listdir(gcov_dir)):
    if not name.endswith(".gcov.json.gz"):
        continue
    report = json.load(gzip.open(os.path.join(gcov_dir, name), "rt"))
    for source in report["files"]:
        file_base = os.path.basename(source["file"])
        if file_base not in paths:
            continue
        for line in source["lines"]:
            key = (file_base, line["line_number"])
            count = line["count"]
            unexecuted = line.get("unexecuted_block", False)
            if key in gcov:      # one line, several functions
                count += gcov[key][0]
                unexecuted = unexecuted or gcov[key][1]
            gcov[key] = (count, unexecuted)

texts = {}
def source_text(key):
    if key[0] not in texts:
        with open(paths[key[0]], errors="replace") as f:
            texts[key[0]] = f.read().split("\n")
    lines = texts[key[0]]
    return lines[key[1] - 1].strip() if key[1] <= len(lines) else ""

JUMP = re.compile(r"(^|[^A-Za-z0-9_])(return|goto|break|continue)([^A-Za-z0-9_]|$)")
both = sorted(set(mip) & set(gcov))
agree = 0
classes = {"jump-line": [], "other": []}
for key in both:
    count, unexecuted = gcov[key]
    if mip[key] == (count > 0):
        agree += 1
        continue
    kind = ("jump-line" if not mip[key] and unexecuted
            and JUMP.search(source_text(key)) else "other")
    classes[kind].append("%s:%d MIP %s, gcov %d%s: %s" % (
        key[0], key[1], "ran" if mip[key] else "not run", count,
        "*" if unexecuted else "", source_text(key)))
# Lines one tool reports and the other does not are not compared; say
# what they are: MIP alone reports lines of braces and parentheses (a
# function'"'"'s epilogue on its closing brace, a condition'"'"'s jump on
# its ")"), gcov alone labels and statements that compiled to nothing
# or to a fall through.
BRACES = re.compile(r"[(){}; \t]*(/\*.*)?")
LABEL = re.compile(r"(case\b|default\s*:|[A-Za-z_]\w*\s*:[^:])")
only_mip = set(mip) - set(gcov)
only_gcov = set(gcov) - set(mip)
mip_braces = sum(1 for key in only_mip if BRACES.fullmatch(source_text(key)))
gcov_labels = sum(1 for key in only_gcov if LABEL.match(source_text(key)))
disagree = len(both) - agree
# A comparison of no line, or of a run in which MIP saw no line run,
# cannot find a disagreement: it is a failure, not a pass.
if not both:
    print("%s: no line is reported by both MIP (%d lines) and gcov (%d lines):"
          " nothing compared" % (label, len(mip), len(gcov)))
    sys.exit(1)
if not any(mip[key] for key in both):
    print("%s: MIP reports none of the %d lines as run: the tracefile shows"
          " nothing ran" % (label, len(both)))
    sys.exit(1)
print("%s: lines both report %d: agree %d, disagree %d (%d jump-line,"
      " %d other); only MIP reports %d (%d of braces), only gcov %d"
      " (%d labels)"
      % (label, len(both), agree, disagree, len(classes["jump-line"]),
         len(classes["other"]), len(only_mip), mip_braces, len(only_gcov),
         gcov_labels))
for kind in ("jump-line", "other"):
    for entry in classes[kind]:
        print("  %s: %s" % (kind, entry))
sys.exit(1 if classes["other"] else 0)
'

# lcov --summary and genhtml must read TRACEFILE without an error or a
# warning.
check_lcov_tools () {
  local label=$1 tracefile=$2 html=$3
  rm -rf "$html"
  if ! lcov --summary "$tracefile" >"$html.log" 2>&1; then
    mip_fail "$label: lcov --summary failed on $tracefile (see $html.log)"
  elif ! genhtml --quiet "$tracefile" -o "$html" >>"$html.log" 2>&1; then
    mip_fail "$label: genhtml failed on $tracefile (see $html.log)"
  elif grep -qi 'warning\|error' "$html.log"; then
    mip_fail "$label: lcov or genhtml complains about $tracefile: $(grep -i 'warning\|error' "$html.log" | head -n 1)"
  else
    mip_pass "$label: lcov --summary and genhtml read MIP's tracefile without a warning"
    sed -n 's/^  \(lines\|functions\)\.*: /  lcov --summary: \1: /p' "$html.log"
  fi
}

# compare_lines LABEL TRACEFILE GCOV_DIR SOURCES REPORT: the comparison
# above, printed and kept in REPORT; PASS or FAIL.  (pipefail: the status
# is the comparison's, not tee's.)
compare_lines () {
  local label=$1 report=$5
  if python3 -c "$COMPARE" "$1" "$2" "$3" "$4" | tee "$report"; then
    mip_pass "$label: MIP's lcov lines agree with gcov's, but for jump lines"
  else
    mip_fail "$label: MIP's lcov lines and gcov disagree, or there was nothing to compare (see above; $report)"
  fi
}

check_program () {
  local program=$1 gcov_dir=$OUT/$1-gcov mip_dir=$OUT/$1-bcov label
  label="$program -O0"
  run_program "$program" gcov
  run_program "$program" bcov
  # shellcheck disable=SC2046
  (cd "$gcov_dir" && mip_run gcov.log gcov --json-format $(gcov_data_files "$program"))
  (cd "$mip_dir" \
   && rm -f run.mip \
   && mip_run mipdata.log "$MIPDATA" create -p run.mip "$program" \
   && mip_run mipdata.log "$MIPDATA" merge -p run.mip run.mipraw \
   && mip_run mipdata.log "$MIPDATA" export -p run.mip --debug "$program" \
        --format=lcov -o run.info)
  compare_lines "$label" "$mip_dir/run.info" "$gcov_dir" \
    "$(mip_source_paths "$program")" "$OUT/$program.compare"
  [ "$program" = speedtest1 ] \
    && check_lcov_tools "$label" "$mip_dir/run.info" "$mip_dir/html"
  return 0
}

main () {
  local program variant
  mip_check_tools
  mip_need_tool gcov gcc
  mip_need_tool python3
  mip_need_tool genhtml lcov
  for program in $LCOV_PROGRAMS; do
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
  mip_say "building at -O0 -g with gcc --coverage and MIP block coverage: $LCOV_PROGRAMS"
  for program in $LCOV_PROGRAMS; do
    for variant in gcov bcov; do
      mip_spawn "$program-$variant" build_program "$program" "$variant"
    done
  done
  mip_wait_all || mip_die "builds failed (logs in $OUT/*/build.log)"
  for program in $LCOV_PROGRAMS; do
    check_program "$program"
  done
  mip_check_summary lcov
}

# Sourced by the tests of the checks themselves (tests/scripts), main
# does not run.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  main
fi
