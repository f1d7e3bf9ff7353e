#!/usr/bin/env python3
# gcc-matrix-table.py - the table of scripts/gcc-matrix.sh: one line per
# GCC release from the NAME=VALUE lines of DIR/gcc-N/result, its verdict
# (PASS, FAIL or UNSUPPORTED with the reason) and the closing line
# "gcc-matrix: N passed, N failed, N skipped" (GCC releases).  Exits 1
# when a GCC failed or when none could be tested.
#
# Usage: gcc-matrix-table.py [--result-file FILE] DIR N...
#
# With --result-file, also appends to FILE (check-real's result file)
# the line "gcc-matrix PASSED FAILED SKIPPED" counting tests: the
# DejaGnu and c-torture checks of every GCC, a GCC that failed without
# a failed test (its build) as one failure, and a GCC that could not be
# tested (no root) as one skipped; the exit status is then 0 unless a
# GCC failed, so that a machine that cannot make roots skips.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import pathlib
import sys


def read_result(path):
    values = {}
    if path.exists():
        for line in path.read_text(errors="replace").splitlines():
            name, sep, value = line.partition("=")
            if sep:
                values[name] = value
    return values


def number(values, name):
    try:
        return int(values.get(name, ""))
    except ValueError:
        return None


def verdict(values):
    """PASS, FAIL or UNSUPPORTED, and why."""
    if "unsupported" in values:
        return "UNSUPPORTED", values["unsupported"]
    if "built" not in values:
        return "UNSUPPORTED", "no result (see the logs)"
    if values["built"] != "yes":
        return "FAIL", "the build failed (logs/build.log)"
    reasons = []
    if values.get("dg_ran") != "yes":
        reasons.append("DejaGnu did not run (logs/dejagnu.log)")
    elif (number(values, "dg_failed") or 0) > 0:
        reasons.append("DejaGnu failures (logs/mip.sum)")
    elif not number(values, "dg_passed"):
        reasons.append("DejaGnu passed nothing")
    interop = values.get("interop", "")
    if interop.startswith("failed"):
        reasons.append("the host's mipdata: " + interop)
    ran = values.get("torture_ran", "")
    if ran == "yes":
        if (number(values, "torture_failed") or 0) > 0:
            reasons.append("c-torture failures (logs/torture.log)")
        elif not number(values, "torture_passed"):
            reasons.append("c-torture passed nothing")
    elif not ran.startswith("no (GCC_MATRIX_TORTURE_SAMPLE=0)"):
        reasons.append("c-torture did not run: " + (ran or "no result"))
    if reasons:
        return "FAIL", "; ".join(reasons)
    return "PASS", ""


def cell(values, *names):
    figures = [number(values, name) for name in names]
    if any(figure is None for figure in figures):
        return "-"
    return "/".join(str(figure) for figure in figures)


def test_counts(values, state):
    """(passed, failed, skipped) tests of one GCC's VALUES."""
    passed = sum(number(values, name) or 0
                 for name in ("dg_passed", "torture_passed"))
    failed = sum(number(values, name) or 0
                 for name in ("dg_failed", "torture_failed"))
    skipped = sum(number(values, name) or 0
                  for name in ("dg_unsupported", "torture_skipped"))
    interop = values.get("interop", "")
    if interop == "passed":
        passed += 1
    elif interop.startswith("failed"):
        failed += 1
    elif interop:
        skipped += 1
    if state == "FAIL" and failed == 0:
        failed = 1
    if state == "UNSUPPORTED":
        skipped += 1
    return passed, failed, skipped


def main():
    args = sys.argv[1:]
    result_file = None
    if args[:1] == ["--result-file"]:
        result_file, args = args[1], args[2:]
    top = pathlib.Path(args[0])
    versions = args[1:]
    totals = [0, 0, 0]
    header = ("GCC", "suite", "version", "built", "DejaGnu p/f/u",
              "torture p/f/s", "pfail", "interop", "build s", "dg s", "tort s", "total s",
              "verdict")
    rows = [header]
    notes = []
    counts = {"PASS": 0, "FAIL": 0, "UNSUPPORTED": 0}
    for version in versions:
        values = read_result(top / f"gcc-{version}" / "result")
        state, why = verdict(values)
        counts[state] += 1
        totals = [a + b for a, b in zip(totals, test_counts(values, state))]
        if why:
            notes.append(f"GCC {version}: {state}: {why}")
        rows.append((
            version, values.get("suite", "-"), values.get("gcc_version", "-"),
            values.get("built", "-"),
            cell(values, "dg_passed", "dg_failed", "dg_unsupported"),
            cell(values, "torture_passed", "torture_failed", "torture_skipped"),
            values.get("torture_plain_failed", "-") or "-",
            (values.get("interop") or "-").split(":")[0],
            values.get("build_seconds", "-"), values.get("dg_seconds", "-"),
            values.get("torture_seconds", "-"), values.get("seconds", "-"),
            state))
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(header))]
    for row in rows:
        print("gcc-matrix: " + "  ".join(str(value).ljust(width)
                                         for value, width in zip(row, widths)).rstrip())
    print("gcc-matrix: (DejaGnu passed/failed/unsupported; c-torture checks "
          "passed/failed/skipped, pfail: plain builds that failed, skipped;"
          " interop: that GCC's raw profile read by this machine's mipdata,"
          " its call counts those of this machine's GCC's build)")
    for note in notes:
        print("gcc-matrix: " + note)
    print(f"gcc-matrix: {counts['PASS']} passed, {counts['FAIL']} failed, "
          f"{counts['UNSUPPORTED']} skipped")
    if result_file:
        with open(result_file, "a") as out:
            out.write("gcc-matrix %d %d %d\n" % tuple(totals))
        return 1 if counts["FAIL"] else 0
    return 1 if counts["FAIL"] or not counts["PASS"] else 0


if __name__ == "__main__":
    sys.exit(main())
