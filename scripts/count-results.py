#!/usr/bin/env python3
# count-results.py - count the results of scripts/test.sh's run in a
# build directory: the DejaGnu summary (testsuite/mip.sum), the logs of
# the automake tests (every test-suite.log and the tests' own .log files)
# and the last line of make check-real (given as a file, optional).
#
# Usage: count-results.py [--failed-steps N] BUILD_DIR [CHECK_REAL_LOG]
#   --failed-steps N: N of the run's make steps exited non-zero; when no
#   log shows a failure, they count as N failures (a step that failed
#   before writing its results must not pass).
#
# Prints one line per source, then the closing line
#     test: P passed, F failed, S skipped
# and exits 1 when F > 0 or nothing passed.  What counts as failed:
# DejaGnu's unexpected failures and successes, UNRESOLVED tests and
# ERROR lines (a Tcl error in a check, which DejaGnu's own summary does
# not count), automake's FAIL, XPASS and ERROR, check-real's failures,
# and a summary that is missing.  Skipped: DejaGnu's UNSUPPORTED and
# UNTESTED, automake's SKIP, a Check test's own "SKIP: ..." line (Check
# has no skipped state: such a test prints the line and returns) and
# check-real's skips.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import sys


def read_text(path):
    with open(path, errors="replace") as stream:
        return stream.read()


def summary_number(text, label):
    """The number after LABEL on summary lines of TEXT, summed."""
    total = 0
    for match in re.finditer(r"^%s\s+(\d+)\s*$" % re.escape(label), text, re.M):
        total += int(match.group(1))
    return total


def count_dejagnu(build_dir, totals, notes):
    path = os.path.join(build_dir, "testsuite", "mip.sum")
    if not os.path.isfile(path):
        notes.append("no DejaGnu summary '%s': was runtest found?" % path)
        totals["failed"] += 1
        return
    text = read_text(path)
    passed = summary_number(text, "# of expected passes")
    failed = (summary_number(text, "# of unexpected failures")
              + summary_number(text, "# of unexpected successes"))
    unresolved = max(summary_number(text, "# of unresolved testcases"),
                     len(re.findall(r"^UNRESOLVED: ", text, re.M)))
    errors = len(re.findall(r"^ERROR: ", text, re.M))
    unsupported = summary_number(text, "# of unsupported tests")
    untested = summary_number(text, "# of untested testcases")
    print("test: DejaGnu: %d passed, %d failed, %d errors, %d unresolved,"
          " %d unsupported, %d untested" % (passed, failed, errors, unresolved,
                                           unsupported, untested))
    totals["passed"] += passed
    totals["failed"] += failed + errors + unresolved
    totals["errors"] += errors + unresolved
    totals["unsupported"] += unsupported + untested


def count_automake(build_dir, totals):
    passed = failed = errors = skipped = check_skips = 0
    for directory, _subdirs, files in os.walk(build_dir):
        if os.path.relpath(directory, build_dir).split(os.sep)[0] == "testsuite":
            continue
        for name in files:
            if not name.endswith(".log"):
                continue
            text = read_text(os.path.join(directory, name))
            if name == "test-suite.log":
                passed += summary_number(text, "# PASS:")
                failed += (summary_number(text, "# FAIL:")
                           + summary_number(text, "# XPASS:"))
                errors += summary_number(text, "# ERROR:")
                skipped += summary_number(text, "# SKIP:")
            elif os.path.isfile(os.path.join(directory, name[:-4] + ".trs")):
                # A test's own log: its Check tests' SKIP lines.
                check_skips += len(re.findall(r"^SKIP: check_\w+: ", text, re.M))
    print("test: unit and script tests: %d passed, %d failed, %d errors,"
          " %d skipped programs, %d skipped Check tests"
          % (passed, failed, errors, skipped, check_skips))
    totals["passed"] += passed
    totals["failed"] += failed + errors
    totals["errors"] += errors
    totals["skipped"] += skipped + check_skips


def count_check_real(path, totals, notes):
    if not path:
        return
    if not os.path.isfile(path):
        notes.append("no make check-real log '%s'" % path)
        totals["failed"] += 1
        return
    lines = re.findall(r"^check-real: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?",
                       read_text(path), re.M)
    if not lines:
        notes.append("make check-real printed no summary line (see '%s')" % path)
        totals["failed"] += 1
        return
    passed, failed, skipped = lines[-1]
    print("test: check-real: %s passed, %s failed, %s skipped"
          % (passed, failed, skipped or 0))
    totals["passed"] += int(passed)
    totals["failed"] += int(failed)
    totals["skipped"] += int(skipped or 0)


def main():
    arguments = sys.argv[1:]
    failed_steps = 0
    if arguments[:1] == ["--failed-steps"] and len(arguments) > 1:
        failed_steps = int(arguments[1])
        arguments = arguments[2:]
    if len(arguments) not in (1, 2):
        sys.exit("usage: count-results.py [--failed-steps N] BUILD_DIR"
                 " [CHECK_REAL_LOG]")
    build_dir = arguments[0]
    check_real_log = arguments[1] if len(arguments) == 2 else ""
    totals = {"passed": 0, "failed": 0, "errors": 0, "unsupported": 0, "skipped": 0}
    notes = []
    count_dejagnu(build_dir, totals, notes)
    count_automake(build_dir, totals)
    count_check_real(check_real_log, totals, notes)
    if failed_steps and not totals["failed"]:
        notes.append("%d make step(s) failed with no failure in the logs"
                     % failed_steps)
        totals["failed"] = failed_steps
    for note in notes:
        print("test: %s" % note)
    print("test: of them %d errors (DejaGnu ERROR and UNRESOLVED, automake ERROR)"
          " among the failed, %d unsupported among the skipped"
          % (totals["errors"], totals["unsupported"]))
    skipped = totals["skipped"] + totals["unsupported"]
    print("test: %d passed, %d failed, %d skipped"
          % (totals["passed"], totals["failed"], skipped))
    sys.exit(0 if totals["failed"] == 0 and totals["passed"] > 0 else 1)


if __name__ == "__main__":
    main()
