#!/usr/bin/env python3
# mip-counts.py - read and compare per-function counts for the real-code
# checks (check-sqlite.sh, check-zlib.sh): the data side of those shell
# scripts, which build and run the programs.
#
#   mip-counts.py show SHOW_JSON [--exclude-prefix P]...
#       'mipdata show --json' output as "name<TAB>call count<TAB>covered"
#       lines (call count "null" in the coverage modes, covered
#       "true"/"false"), functions whose name starts with P left out.
#       Exits 1, saying why, when the profile holds no function or when
#       no function ran: a profile of a program in which nothing ran is
#       no evidence of anything.
#
#   mip-counts.py compare EXPECTED ACTUAL LABEL
#       Both files "name<TAB>count" ("null" counts in ACTUAL are not
#       compared).  Counts are summed by name (static functions of the
#       same name in two units can only be compared together).  Every
#       name of ACTUAL must have the same count in EXPECTED (absent = 0).
#       Prints each mismatch and "LABEL: compared N functions, mismatches
#       M"; exits 1 on a mismatch, and also when nothing was compared or
#       every count of ACTUAL is 0 (a comparison of nothing cannot find a
#       difference).
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import sys


def fail(message):
    print("mip-counts: %s" % message, file=sys.stderr)
    sys.exit(1)


def read_show(path):
    try:
        with open(path) as stream:
            return json.load(stream)
    except (OSError, ValueError) as error:
        fail("cannot read 'mipdata show --json' output '%s': %s" % (path, error))


def command_show(arguments):
    if not arguments:
        fail("usage: mip-counts.py show SHOW_JSON [--exclude-prefix P]...")
    path, rest = arguments[0], arguments[1:]
    excluded = []
    while rest:
        if rest[0] != "--exclude-prefix" or len(rest) < 2:
            fail("unknown argument '%s'" % rest[0])
        excluded.append(rest[1])
        rest = rest[2:]
    functions = read_show(path).get("functions") or []
    lines = []
    ran = 0
    for function in functions:
        name = function["name"]
        if any(name.startswith(prefix) for prefix in excluded):
            continue
        count = function.get("call_count")
        covered = bool(function.get("covered"))
        if covered or (count or 0) > 0:
            ran += 1
        lines.append("%s\t%s\t%s" % (name, "null" if count is None else count,
                                     "true" if covered else "false"))
    if not lines:
        fail("'%s' lists no function: nothing to compare" % path)
    if ran == 0:
        fail("'%s': none of its %d functions ran (no coverage, no call):"
             " the program ran nothing that was instrumented" % (path, len(lines)))
    sys.stdout.write("".join(line + "\n" for line in lines))


def read_counts(path, keep_null):
    counts = {}
    try:
        with open(path) as stream:
            for number, text in enumerate(stream, 1):
                fields = text.rstrip("\n").split("\t")
                if len(fields) < 2:
                    fail("%s:%d: expected 'name<TAB>count'" % (path, number))
                name, count = fields[0], fields[1]
                if count == "null":
                    if keep_null:
                        counts.setdefault(name, 0)
                    continue
                counts[name] = counts.get(name, 0) + int(count)
    except OSError as error:
        fail("cannot read '%s': %s" % (path, error))
    except ValueError:
        fail("%s:%d: the count is not a number" % (path, number))
    return counts


def command_compare(arguments):
    if len(arguments) != 3:
        fail("usage: mip-counts.py compare EXPECTED ACTUAL LABEL")
    expected_path, actual_path, label = arguments
    expected = read_counts(expected_path, keep_null=False)
    actual = read_counts(actual_path, keep_null=False)
    mismatches = 0
    for name in sorted(actual):
        want = expected.get(name, 0)
        if want != actual[name]:
            mismatches += 1
            print("  mismatch: %s: %s %d, MIP %d" % (name, label, want, actual[name]))
    print("%s: compared %d functions, mismatches %d" % (label, len(actual), mismatches))
    if not actual:
        fail("%s: no function with a count in '%s': a comparison of nothing"
             % (label, actual_path))
    if not any(actual.values()):
        fail("%s: every count in '%s' is 0: MIP counted no call, so the"
             " comparison shows nothing" % (label, actual_path))
    sys.exit(1 if mismatches else 0)


def main():
    commands = {"show": command_show, "compare": command_compare}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        fail("usage: mip-counts.py show|compare ...")
    commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
