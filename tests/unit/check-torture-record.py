#!/usr/bin/env python3
# check-torture-record.py - scripts/torture-record.py, the shards of the
# full c-torture run and their record.  Checks that:
#
# - the N shards of 1,592 test names are disjoint, cover every name and
#   differ in size by one at most, whatever the input order; a bad K/N
#   is refused;
# - a shard's line counts the result files as check-torture.sh writes
#   them (plain builds, skipped ones, checks passed and failed, the
#   failures named), and a shard run again replaces its line, while a
#   run with other settings keeps its own;
# - "missing" names the shards not recorded with the settings, and the
#   summary says complete (exit 0) only when all N are there with no
#   failure and some checks, else not (exit 1); with --allow-missing
#   a record without failures that lacks shards exits 0 as well;
# - a record with a line of the wrong shape is refused with its name
#   and line.
#
# Environment: MIP_SRCDIR (the source tree, default ../..).
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import random
import subprocess
import sys
import tempfile

SRCDIR = os.environ.get("MIP_SRCDIR",
                        os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = os.path.join(SRCDIR, "scripts", "torture-record.py")
SETTINGS = ["--targets=aarch64 arm", "--modes=-O0;-O2",
            "--variants=full bcov"]
failures = 0


def check(condition, what):
    global failures
    print("%s: %s" % ("PASS" if condition else "FAIL", what))
    if not condition:
        failures += 1


def run(*args, stdin=""):
    return subprocess.run([sys.executable, SCRIPT] + list(args),
                          input=stdin, capture_output=True, text=True)


def check_shards():
    names = ["%08d-%d" % (i * 7919 % 100003, i) for i in range(1592)]
    shuffled = names[:]
    random.Random(1).shuffle(shuffled)
    for n in (1, 7, 20):
        seen = []
        sizes = []
        for k in range(1, n + 1):
            result = run("shard", "--shard", "%d/%d" % (k, n),
                         stdin="\n".join(shuffled) + "\n")
            shard = result.stdout.split()
            seen.extend(shard)
            sizes.append(len(shard))
        check(sorted(seen) == sorted(names),
              "%d shards cover the 1592 names once each (%d names seen)"
              % (n, len(seen)))
        check(max(sizes) - min(sizes) <= 1,
              "%d shards differ in size by one at most (%d..%d)"
              % (n, min(sizes), max(sizes)))
    for bad in ("0/3", "4/3", "3", "a/b"):
        result = run("shard", "--shard", bad, stdin="x.c\n")
        check(result.returncode != 0 and bad in result.stderr,
              "shard '%s' refused: %s" % (bad, result.stderr.strip()))


def write_results(directory, lines_by_test):
    os.makedirs(directory, exist_ok=True)
    for test, lines in lines_by_test.items():
        with open(os.path.join(directory, test + ".res"), "w") as f:
            f.write("".join(line + "\n" for line in lines))


def add(record, results, shard, settings=SETTINGS):
    return run("add", "--record", record, "--results", results,
               "--shard", shard, "--commit", "0123456789abcdef",
               "--date", "2026-11-27", "--seconds", "60", *settings)


def rows_of(record):
    with open(record) as f:
        return [line.rstrip("\n").split("\t") for line in f
                if not line.startswith("#")][1:]


def check_record(tmp):
    record = os.path.join(tmp, "record.tsv")
    good = os.path.join(tmp, "good")
    write_results(good, {
        "a": ["PLAINOK\ta\tarm:-O0\tplain\t", "PASS\ta\tarm:-O0\tfull\t",
              "PASS\ta\tarm:-O0\tbcov\t"],
        "b": ["PLAINFAIL\tb\tarm:-O2\tplain\tdoes not link",
              "UNSUPPORTED\tb\taarch64:-O0\tplain\tdg-require",
              "PLAINOK\tb\taarch64:-O2\tplain\t",
              "PASS\tb\taarch64:-O2\toracle-bcov\t"],
    })
    bad = os.path.join(tmp, "bad")
    write_results(bad, {
        "c": ["PLAINOK\tc\tarm:-O2\tplain\t",
              "FAIL\tc\tarm:-O2\tbcov\tdiffers from plain",
              "    exit status 1 against 0",
              "PASS\tc\tarm:-O2\tfull\t"],
    })
    result = add(record, good, "1/2")
    check(result.returncode == 0, "shard 1/2 recorded: %s"
          % (result.stdout + result.stderr).strip())
    rows = rows_of(record)
    check(len(rows) == 1 and rows[0][7:] == ["2", "4", "2", "1", "1", "3",
                                            "0", "-"],
          "its line counts 2 tests, 4 configurations, 2 plain, 1 failed "
          "plain, 1 unsupported, 3 passed, 0 failed: %s" % rows)
    missing = run("missing", "--record", record, "--shards", "2", *SETTINGS)
    check(missing.stdout.split() == ["2"], "shard 2 of 2 is missing: %r"
          % missing.stdout)
    summary = run("summary", "--record", record, "--shards", "2")
    check(summary.returncode == 1 and "not complete" in summary.stdout,
          "a record without shard 2 is not complete")
    partial = run("summary", "--record", record, "--shards", "2",
                  "--allow-missing")
    check(partial.returncode == 0 and "not complete" in partial.stdout,
          "with --allow-missing, shards still to run are no failure")
    add(record, bad, "2/2")
    rows = rows_of(record)
    check(len(rows) == 2 and rows[1][13] == "1"
          and rows[1][14] == "c arm:-O2 bcov",
          "shard 2's failure is counted and named: %s" % rows[1:])
    summary = run("summary", "--record", record, "--shards", "2")
    check(summary.returncode == 1 and "FAIL c arm:-O2 bcov" in summary.stdout,
          "a record with a failure is not complete, and shows it")
    partial = run("summary", "--record", record, "--shards", "3",
                  "--allow-missing")
    check(partial.returncode == 1,
          "with --allow-missing, a failure still fails")
    add(record, good, "2/2")
    rows = rows_of(record)
    check(len(rows) == 2 and rows[1][13] == "0",
          "shard 2 run again replaces its line: %s" % rows)
    summary = run("summary", "--record", record, "--shards", "2")
    check(summary.returncode == 0 and "complete: every shard ran"
          in summary.stdout, "all shards without failure: complete (%s)"
          % summary.stdout.strip().splitlines()[-1])
    other = ["--targets=thumb1", "--modes=-O0;-O2", "--variants=full bcov"]
    add(record, good, "1/2", other)
    check(len(rows_of(record)) == 3,
          "a run with other settings keeps its own line")
    missing = run("missing", "--record", record, "--shards", "2", *other)
    check(missing.stdout.split() == ["2"],
          "missing counts only the lines of the same settings: %r"
          % missing.stdout)
    empty = os.path.join(tmp, "empty.tsv")
    nothing = os.path.join(tmp, "nothing")
    write_results(nothing, {"d": ["PLAINFAIL\td\tarm:-O0\tplain\tno"]})
    add(empty, nothing, "1/1")
    summary = run("summary", "--record", empty, "--shards", "1")
    check(summary.returncode == 1,
          "a record of no check passed is not complete")
    partial = run("summary", "--record", empty, "--shards", "2",
                  "--allow-missing")
    check(partial.returncode == 1,
          "with --allow-missing, a record of no check passed still fails")
    os.makedirs(os.path.join(tmp, "none"))
    result = add(empty, os.path.join(tmp, "none"), "1/1")
    check(result.returncode != 0 and "no result files" in result.stderr,
          "a shard with no result file is refused: %s" % result.stderr.strip())
    with open(record, "a") as f:
        f.write("3/2\tonly three\tfields\n")
    summary = run("summary", "--record", record, "--shards", "2")
    check(summary.returncode != 0 and "record.tsv:" in summary.stderr
          and "3 fields" in summary.stderr,
          "a malformed line is refused with the file and line: %s"
          % summary.stderr.strip())


def main():
    check_shards()
    with tempfile.TemporaryDirectory() as tmp:
        check_record(tmp)
    print("%d failed" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
