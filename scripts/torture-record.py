#!/usr/bin/env python3
# torture-record.py - the record of a c-torture run done in shards
# (scripts/torture-record.sh): one line per shard in a tab-separated
# file kept in the repository, with the commit it ran on.
#
# Usage:
#   torture-record.py shard --shard K/N
#     Of the test names on standard input, print shard K's: those at
#     ranks K, K+N, K+2N, ... (from 1) in name order (byte order), so
#     that the N shards are disjoint, cover every test and differ in
#     size by one test at most (check-torture.sh's TORTURE_SHARD).
#   torture-record.py add --record FILE --results DIR --shard K/N
#       --commit C --date D --seconds S --targets T --modes M
#       --variants V
#     Count the result files of check-torture.sh in DIR (*.res) and
#     append the shard's line to FILE (a shard recorded before is
#     replaced: the newest run of a shard is its record).
#   torture-record.py missing --record FILE --shards N --targets T
#       --modes M --variants V
#     Print the shards (K, one a line) of N that FILE has no line for
#     with these settings.
#   torture-record.py summary --record FILE --shards N [--targets T
#       --modes M --variants V]
#     Print the shards and their totals; exit 0 when all N are recorded
#     with no failure, 1 when one is missing or failed.
#
# A result line of check-torture.sh is "KIND<TAB>TEST<TAB>CONFIG<TAB>
# VARIANT<TAB>DETAIL" (torture-test.sh's record); the kinds counted
# here: PLAINOK (the plain build ran), PLAINFAIL (it failed: the test is
# skipped there), UNSUPPORTED, NORUNTIME, NORUNNER and NOCROSS (nothing
# to check with), PASS and FAIL (one check of a MIP mode, the oracle or
# profile use).
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import glob
import os
import sys

COLUMNS = ("shard", "commit", "date", "seconds", "targets", "modes",
           "variants", "tests", "configurations", "plain_ok",
           "plain_failed", "unsupported", "passed", "failed", "failures")
SKIPPED_KINDS = ("UNSUPPORTED", "NORUNTIME", "NORUNNER", "NOCROSS")
HEADER_NOTE = ("# The full c-torture run on the Arm targets, in shards "
               "(scripts/torture-record.sh; doc/guide.md, 5).")


def parse_shard(text):
    """K and N of "K/N", checked."""
    try:
        k, n = (int(part) for part in text.split("/"))
    except ValueError:
        raise SystemExit("torture-record.py: shard '%s': want K/N" % text)
    if not 1 <= k <= n:
        raise SystemExit("torture-record.py: shard '%s': want 1 <= K <= N"
                         % text)
    return k, n


def count_results(directory):
    """The counts of a shard's result files in DIRECTORY."""
    files = sorted(glob.glob(os.path.join(directory, "*.res")))
    if not files:
        raise SystemExit("torture-record.py: %s: no result files (*.res)"
                         % directory)
    counts = {"tests": len(files), "plain_ok": 0, "plain_failed": 0,
              "unsupported": 0, "passed": 0, "failed": 0}
    configurations = set()
    failures = []
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if len(fields) < 4 or line.startswith(" "):
                    continue
                kind, test, config, variant = fields[:4]
                configurations.add(config)
                if kind == "PLAINOK":
                    counts["plain_ok"] += 1
                elif kind == "PLAINFAIL":
                    counts["plain_failed"] += 1
                elif kind in SKIPPED_KINDS:
                    counts["unsupported"] += 1
                elif kind == "PASS":
                    counts["passed"] += 1
                elif kind == "FAIL":
                    counts["failed"] += 1
                    failures.append("%s %s %s" % (test, config, variant))
    counts["configurations"] = len(configurations)
    counts["failures"] = ";".join(failures) if failures else "-"
    return counts


def read_record(path):
    """The lines of the record at PATH as dicts (none if it is absent)."""
    rows = []
    if not os.path.exists(path):
        return rows
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            if fields[0] == COLUMNS[0]:
                if tuple(fields) != COLUMNS:
                    raise SystemExit("%s:%d: the header is not %s"
                                     % (path, number, " ".join(COLUMNS)))
                continue
            if len(fields) != len(COLUMNS):
                raise SystemExit("%s:%d: %d fields, want %d"
                                 % (path, number, len(fields), len(COLUMNS)))
            rows.append(dict(zip(COLUMNS, fields)))
    return rows


def write_record(path, rows):
    rows = sorted(rows, key=lambda row: (parse_shard(row["shard"])[1],
                                         parse_shard(row["shard"])[0]))
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(HEADER_NOTE + "\n")
        f.write("\t".join(COLUMNS) + "\n")
        for row in rows:
            f.write("\t".join(str(row[c]) for c in COLUMNS) + "\n")
    os.replace(tmp, path)


def same_settings(row, args):
    return (row["targets"] == args.targets and row["modes"] == args.modes
            and row["variants"] == args.variants)


def shard_of(names, k, n):
    """The names of shard K of N (see the usage)."""
    ordered = sorted(names, key=lambda name: name.encode())
    return ordered[k - 1::n]


def command_shard(args):
    k, n = parse_shard(args.shard)
    names = [line.rstrip("\n") for line in sys.stdin if line.strip()]
    for name in shard_of(names, k, n):
        print(name)
    return 0


def command_add(args):
    k, n = parse_shard(args.shard)
    row = {"shard": "%d/%d" % (k, n), "commit": args.commit,
           "date": args.date, "seconds": args.seconds,
           "targets": args.targets, "modes": args.modes,
           "variants": args.variants}
    row.update(count_results(args.results))
    rows = [r for r in read_record(args.record)
            if not (r["shard"] == row["shard"] and same_settings(r, args))]
    rows.append(row)
    write_record(args.record, rows)
    print("recorded shard %s: %s tests, %s configurations, %s checks "
          "passed, %s failed" % (row["shard"], row["tests"],
                                 row["configurations"], row["passed"],
                                 row["failed"]))
    return 0


def shards_of(rows, n, args):
    """The rows of the N-shard run with ARGS's settings (all settings
    when ARGS gives none), by K."""
    found = {}
    for row in rows:
        k, rn = parse_shard(row["shard"])
        if rn != n:
            continue
        if args.targets is not None and not same_settings(row, args):
            continue
        found[k] = row
    return found


def command_missing(args):
    found = shards_of(read_record(args.record), args.shards, args)
    for k in range(1, args.shards + 1):
        if k not in found:
            print(k)
    return 0


def ranges(numbers):
    """1 2 3 5 as "1-3 5"."""
    parts = []
    for k in numbers:
        if parts and parts[-1][1] == k - 1:
            parts[-1][1] = k
        else:
            parts.append([k, k])
    return " ".join(str(a) if a == b else "%d-%d" % (a, b) for a, b in parts)


def command_summary(args):
    found = shards_of(read_record(args.record), args.shards, args)
    totals = dict.fromkeys(("tests", "plain_ok", "plain_failed",
                            "unsupported", "passed", "failed", "seconds"), 0)
    print("%-6s %-12s %6s %7s %7s %6s %8s %6s  %s"
          % ("shard", "commit", "tests", "plain", "pfail", "unsup",
             "passed", "failed", "seconds"))
    for k in sorted(found):
        row = found[k]
        for key in totals:
            totals[key] += int(row[key])
        print("%-6s %-12s %6s %7s %7s %6s %8s %6s  %s"
              % (row["shard"], row["commit"][:12], row["tests"],
                 row["plain_ok"], row["plain_failed"], row["unsupported"],
                 row["passed"], row["failed"], row["seconds"]))
        if row["failures"] != "-":
            for failure in row["failures"].split(";"):
                print("  FAIL %s" % failure)
    missing = [k for k in range(1, args.shards + 1) if k not in found]
    print("total: %d of %d shards, %d tests, %d plain builds ran, %d failed "
          "(skipped), %d unsupported, %d checks passed, %d failed, %d s"
          % (len(found), args.shards, totals["tests"], totals["plain_ok"],
             totals["plain_failed"], totals["unsupported"], totals["passed"],
             totals["failed"], totals["seconds"]))
    if missing:
        print("missing shards (%d): %s" % (len(missing), ranges(missing)))
    complete = not missing and totals["failed"] == 0 and totals["passed"] > 0
    print("record %s" % ("complete: every shard ran, 0 failures"
                         if complete else "not complete"))
    if complete:
        return 0
    # --allow-missing: shards still to run are no failure (an invocation
    # that ran some of them), failures and an empty record are.
    return 0 if (args.allow_missing and found and totals["failed"] == 0
                 and totals["passed"] > 0) else 1


def main():
    parser = argparse.ArgumentParser(prog="torture-record.py")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("shard").add_argument("--shard", required=True)
    add = sub.add_parser("add")
    add.add_argument("--results", required=True)
    add.add_argument("--shard", required=True)
    add.add_argument("--commit", required=True)
    add.add_argument("--date", required=True)
    add.add_argument("--seconds", required=True, type=int)
    missing = sub.add_parser("missing")
    summary = sub.add_parser("summary")
    for p in (add, missing, summary):
        p.add_argument("--record", required=True)
        # A summary without the settings takes any run of N shards.
        for option in ("--targets", "--modes", "--variants"):
            p.add_argument(option, required=p is not summary)
    for p in (missing, summary):
        p.add_argument("--shards", required=True, type=int)
    summary.add_argument("--allow-missing", action="store_true",
                         help="exit 0 for a record without failures that"
                         " still lacks shards")
    args = parser.parse_args()
    if getattr(args, "shards", 1) < 1:
        raise SystemExit("torture-record.py: --shards must be at least 1")
    return {"shard": command_shard, "add": command_add, "missing": command_missing,
            "summary": command_summary}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
