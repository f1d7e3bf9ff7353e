#!/bin/bash
# check-export-formats.sh - mipdata export's CI formats on a real program:
# SQLite's speedtest1, built at -O0 -g in the block-coverage mode and run
# once, exported as an lcov tracefile, as Cobertura XML and as SonarQube
# XML.  Both XML reports must be well-formed (xmllint), valid (the
# structure of Cobertura's coverage-04.dtd and of SonarQube's generic
# coverage format) and report exactly the tracefile's lines and hits
# (scripts/check-export-formats.py same-as-lcov); the .gcov files must
# be read by gcovr -g with the line totals of mipdata info (less the
# unexecuted lines of only a brace or "else", which gcovr never counts).
# The run is kept small (speedtest1 --size 1) since the formats, not
# the workload, are under test.  Also runs alone.
#
# Environment: MIP_WORK, MIP_PLUGIN, MIP_RUNTIME_DIR, MIPDATA, CC,
#   SPEEDTEST_ARGS     speedtest1 options (default "--verify --size 1
#                      --memdb --singlethread")
#   CHECK_RESULT_FILE  where to append "export-formats PASSED FAILED
#                      SKIPPED"
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail
MIP_SCRIPT_NAME=check-export-formats
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/mip-lib.sh"

OUT=$MIP_WORK/export-formats
SPEEDTEST_ARGS=${SPEEDTEST_ARGS:---verify --size 1 --memdb --singlethread}
COMPARE=$here/check-export-formats.py
mip_passed=0
mip_failed=0
mip_skipped=0

# check LABEL COMMAND...: PASS when COMMAND succeeds, else FAIL naming
# it (its output is printed above).
check () {
  local label=$1
  shift
  if "$@"; then
    mip_pass "$label"
  else
    mip_fail "$label ($(mip_quote "$@"))"
  fi
}

main () {
  local dir=$OUT/speedtest1-bcov profile info
  mip_check_tools
  mip_need_tool python3
  mip_need_tool xmllint
  [ -f "$MIP_WORK/src/sqlite-amalgamation/sqlite3.c" ] \
    || bash "$here/fetch-sources.sh" sqlite
  mkdir -p "$OUT"
  mip_say "building speedtest1 at -O0 -g in the block-coverage mode"
  mip_build_speedtest "$dir" "-O0 -g" bcov
  cd "$dir"
  rm -f run.mipraw run.mip
  # shellcheck disable=SC2086
  mip_run run.log env MIP_PROFILE_FILENAME="$dir/run.mipraw" \
    ./speedtest1 $SPEEDTEST_ARGS
  profile=$dir/run.mip
  mip_run mipdata.log "$MIPDATA" create -p "$profile" speedtest1
  mip_run mipdata.log "$MIPDATA" merge -p "$profile" run.mipraw
  mip_run mipdata.log "$MIPDATA" export -p "$profile" --debug speedtest1 \
    --format=lcov -o run.info
  mip_run mipdata.log "$MIPDATA" export -p "$profile" --debug speedtest1 \
    --format=cobertura --strip="$MIP_WORK/src" -o cobertura.xml
  mip_run mipdata.log "$MIPDATA" export -p "$profile" --debug speedtest1 \
    --format=sonarqube -o sonarqube.xml
  rm -rf gcov
  mip_run mipdata.log "$MIPDATA" export -p "$profile" --debug speedtest1 \
    --format=gcov -o gcov
  info=$dir/info.txt
  "$MIPDATA" info -p "$profile" --debug speedtest1 >"$info"
  for report in cobertura.xml sonarqube.xml; do
    check "speedtest1: xmllint reads $report" \
      xmllint --noout --nonet "$report"
  done
  check "speedtest1: the Cobertura report is valid and has the tracefile's lines" \
    python3 "$COMPARE" same-as-lcov cobertura run.info cobertura.xml
  check "speedtest1: the SonarQube report is valid and has the tracefile's lines" \
    python3 "$COMPARE" same-as-lcov sonarqube run.info sonarqube.xml
  check "speedtest1: the .gcov files have the tracefile's lines" \
    python3 "$COMPARE" same-as-lcov gcov run.info gcov
  if command -v gcovr >/dev/null 2>&1; then
    rm -f gcovr.json
    check "speedtest1: gcovr -g reads the .gcov files" \
      gcovr -g -k -r "$MIP_WORK/src" --json-summary -o gcovr.json gcov
    [ -f gcovr.json ] \
      && check "speedtest1: gcovr's line totals are mipdata info's" \
        python3 "$COMPARE" gcovr-totals run.info gcovr.json gcov "$info"
  else
    mip_skip "speedtest1: gcovr reads the .gcov files (gcovr is not installed)"
  fi
  mip_check_summary export-formats
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  main
fi
