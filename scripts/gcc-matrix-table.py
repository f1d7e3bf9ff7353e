#!/usr/bin/env python3
# gcc-matrix-table.py - the table of scripts/gcc-matrix.sh: one line per
# GCC release from the NAME=VALUE lines of DIR/gcc-N/result, its verdict
# (PASS, FAIL or UNSUPPORTED with the reason) and the closing line
# "gcc-matrix: N passed, N failed, N skipped" (GCC releases).  Exits 1
# when a GCC failed or when none could be tested.
#
# Usage: gcc-matrix-table.py DIR N...
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


def main():
    top = pathlib.Path(sys.argv[1])
    versions = sys.argv[2:]
    header = ("GCC", "suite", "version", "built", "DejaGnu p/f/u",
              "torture p/f/s", "pfail", "build s", "dg s", "tort s", "total s",
              "verdict")
    rows = [header]
    notes = []
    counts = {"PASS": 0, "FAIL": 0, "UNSUPPORTED": 0}
    for version in versions:
        values = read_result(top / f"gcc-{version}" / "result")
        state, why = verdict(values)
        counts[state] += 1
        if why:
            notes.append(f"GCC {version}: {state}: {why}")
        rows.append((
            version, values.get("suite", "-"), values.get("gcc_version", "-"),
            values.get("built", "-"),
            cell(values, "dg_passed", "dg_failed", "dg_unsupported"),
            cell(values, "torture_passed", "torture_failed", "torture_skipped"),
            values.get("torture_plain_failed", "-") or "-",
            values.get("build_seconds", "-"), values.get("dg_seconds", "-"),
            values.get("torture_seconds", "-"), values.get("seconds", "-"),
            state))
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(header))]
    for row in rows:
        print("gcc-matrix: " + "  ".join(str(value).ljust(width)
                                         for value, width in zip(row, widths)).rstrip())
    print("gcc-matrix: (DejaGnu passed/failed/unsupported; c-torture checks "
          "passed/failed/skipped, pfail: plain builds that failed, skipped)")
    for note in notes:
        print("gcc-matrix: " + note)
    print(f"gcc-matrix: {counts['PASS']} passed, {counts['FAIL']} failed, "
          f"{counts['UNSUPPORTED']} skipped")
    return 1 if counts["FAIL"] or not counts["PASS"] else 0


if __name__ == "__main__":
    sys.exit(main())
