#!/usr/bin/env python3
"""compare-gcov-branches.py - MIP's branch outcomes (the BRDA lines of
mipdata export --format=lcov) against gcov's (gcov -b --json-format's
"branches"), per source line, for a program built at -O0 with both.

    compare-gcov-branches.py [--unknown N] app.info app.gcov.json.gz FILE...
    compare-gcov-branches.py [--unknown N] app.info DIRECTORY -
    compare-gcov-branches.py self-test

The gcov report may be a directory of them (every *.gcov.json.gz in it,
one per object file, as gcov writes them).
FILE names the source files compared (their base names; "-" for every
file both know).  On a line where both report branches, MIP's outcomes
whose fate is known (BRDA "0" or "-": never taken; a number above 0:
taken) are compared as counts with gcov's (count 0: never taken; else
taken; throw edges left out):

  - the line corresponds when gcov's outcomes number twice MIP's branch
    blocks there, each of which has at most two outcomes: at -O0 every
    GIMPLE condition is one conditional jump of two outcomes.  Then MIP
    may not have more taken outcomes than gcov, nor more never-taken
    ones: a MIP "taken" where gcov says never, or a MIP "never taken"
    where gcov says taken, is a disagreement, and fails.  gcov's
    outcomes that MIP leaves out are the unknown ones (coverage cannot
    tell them).
  - otherwise the machine code branches there otherwise than GIMPLE does
    (a switch lowered to a compare tree or to a jump table): the line is
    listed with both sides, and fails only when MIP says taken where gcov
    took nothing there, or says the line's branches never ran where gcov
    took some.

Lines where only one side reports branches are listed (MIP leaves out a
branch whose outcomes are all unknown).  Prints the figures (lines and
outcomes compared, agreed, unknown; --unknown N adds mipdata info's count
of the outcomes left out) and exits 1 on a disagreement, or when no line
was compared.

Copyright (C) 2026 The MIP for GCC developers.
SPDX-License-Identifier: GPL-3.0-or-later
"""

import gzip
import json
import os
import sys


class CompareError(Exception):
    """Inputs that cannot be compared."""


def read_brda(path):
    """{base name: {line: {block: [taken (int) or None for "-"]}}}."""
    files, record = {}, None
    with open(path, encoding="utf-8") as stream:
        for text in stream:
            text = text.rstrip("\n")
            if text.startswith("SF:"):
                record = files.setdefault(os.path.basename(text[3:]), {})
            elif text.startswith("BRDA:") and record is not None:
                line, block, _, taken = text[5:].split(",")
                outcomes = record.setdefault(int(line), {}).setdefault(
                    int(block), [])
                outcomes.append(None if taken == "-" else int(taken))
    return files


def read_gcov_branches(path):
    """{base name: {line: [count]}}, the lines' branches summed over
    gcov's functions (a line listed twice adds up); PATH is a report or
    a directory of them (*.gcov.json.gz, one per object file)."""
    if os.path.isdir(path):
        paths = sorted(os.path.join(path, name) for name in os.listdir(path)
                       if name.endswith(".gcov.json.gz"))
        if not paths:
            raise CompareError(f"{path}: no .gcov.json.gz report")
    else:
        paths = [path]
    documents = []
    for name in paths:
        opener = gzip.open if name.endswith(".gz") else open
        with opener(name, "rt", encoding="utf-8") as stream:
            documents.append(json.load(stream))
    files = {}
    for entry in (entry for document in documents
                  for entry in document["files"]):
        record = files.setdefault(os.path.basename(entry["file"]), {})
        for line in entry["lines"]:
            counts = [branch["count"] for branch in line.get("branches", [])
                      if not branch.get("throw")]
            if counts:
                record.setdefault(line["line_number"], []).extend(counts)
    return files


def judge(blocks, counts):
    """The verdict on MIP's BLOCKS ({block: [taken or None]}) against
    gcov's outcome COUNTS of the same lines: (corresponds, problem,
    figures (outcomes, taken, never, unknown), shape)."""
    gcov_taken = sum(1 for count in counts if count > 0)
    gcov_never = len(counts) - gcov_taken
    outcomes = [taken for block in blocks for taken in block]
    taken = sum(1 for hits in outcomes if hits)
    never = len(outcomes) - taken
    never_ran = bool(outcomes) and all(hits is None for hits in outcomes)
    shape = (f"gcov {gcov_taken} taken, {gcov_never} never of {len(counts)};"
             f" MIP {taken} taken, {never} never in {len(blocks)} branches")
    corresponds = (bool(counts) and len(counts) == 2 * len(blocks)
                   and all(len(block) <= 2 for block in blocks))
    if corresponds:
        problem = taken > gcov_taken or never > gcov_never
    else:
        problem = bool(taken and not gcov_taken) or (never_ran and gcov_taken)
    return corresponds, problem, (len(outcomes), len(counts) - len(outcomes)
                                  if corresponds else 0), shape


def compare(mip, gcov, names, unknown_total=None):
    """(report lines, disagreements, figures) of the comparison.  Lines
    whose outcomes do not correspond one by one are judged again with
    their neighbours, as a run of consecutive such lines: the line table
    may place the jump of a condition written over several lines on
    another of them than the line gcov gives its block."""
    if names == ["-"]:
        names = sorted(set(mip) & set(gcov))
    notes, problems = [], []
    figures = {"lines": 0, "outcomes": 0, "agreed": 0, "unknown": 0,
               "structural": 0, "joined": 0, "only_mip": 0, "only_gcov": 0}
    for name in names:
        ours, theirs = mip.get(name, {}), gcov.get(name, {})
        pending = []            # lines not corresponding, in order
        for line in sorted(set(ours) | set(theirs)):
            if line in ours and line in theirs:
                corresponds, problem, (outcomes, unknown), _ = judge(
                    list(ours[line].values()), theirs[line])
                if corresponds and not problem:
                    figures["lines"] += 1
                    figures["outcomes"] += outcomes
                    figures["agreed"] += outcomes
                    figures["unknown"] += unknown
                    continue
            pending.append(line)
        runs, run_lines = [], []
        for line in pending:
            if run_lines and line != run_lines[-1] + 1:
                runs.append(run_lines)
                run_lines = []
            run_lines.append(line)
        if run_lines:
            runs.append(run_lines)
        for run_lines in runs:
            blocks = [block for line in run_lines
                      for block in ours.get(line, {}).values()]
            counts = [count for line in run_lines
                      for count in theirs.get(line, [])]
            where = (f"{name}:{run_lines[0]}" if len(run_lines) == 1
                     else f"{name}:{run_lines[0]}-{run_lines[-1]}")
            if not counts:
                figures["only_mip"] += 1
                notes.append(f"{where}: MIP reports branches, gcov none")
                continue
            if not blocks:
                figures["only_gcov"] += 1
                notes.append(f"{where}: gcov reports {len(counts)} outcomes"
                             f" ({sum(1 for c in counts if c)} taken), MIP"
                             " none known")
                continue
            corresponds, problem, (outcomes, unknown), shape = judge(blocks,
                                                                     counts)
            figures["lines"] += len(run_lines)
            figures["outcomes"] += sum(len(block) for block in blocks)
            if corresponds and len(run_lines) > 1:
                figures["joined"] += 1
                notes.append(f"{where}: one condition over several lines,"
                             " its jumps on other lines than gcov's blocks;"
                             f" together: {shape}")
            elif not corresponds:
                figures["structural"] += 1
                notes.append(f"{where}: the machine code branches otherwise"
                             " (a switch's compare tree or jump table, or"
                             f" outcomes all unknown to MIP): {shape}")
            if problem:
                problems.append(f"{where}: {shape}")
            else:
                figures["agreed"] += sum(len(block) for block in blocks)
                figures["unknown"] += unknown
    summary = (f"{figures['lines']} lines, {figures['outcomes']} branch"
               f" outcomes compared, {figures['agreed']} agree, "
               f"{len(problems)} disagreements; {figures['unknown']} of"
               f" gcov's outcomes on those lines unknown to MIP's coverage")
    if unknown_total is not None:
        summary += f" ({unknown_total} unknown in all, mipdata info)"
    summary += (f"; {figures['structural']} lines or runs branch otherwise,"
                f" {figures['joined']} runs of lines agree together,"
                f" {figures['only_mip']} lines only MIP's,"
                f" {figures['only_gcov']} only gcov's")
    if figures["lines"] == 0:
        problems.append("no line with branches of both compared")
    return notes, problems, summary


def run(info, gcov_json, names, unknown_total):
    notes, problems, summary = compare(read_brda(info),
                                       read_gcov_branches(gcov_json), names,
                                       unknown_total)
    for note in notes:
        print(f"compare-gcov-branches: note: {note}")
    for problem in problems:
        print(f"compare-gcov-branches: disagreement: {problem}",
              file=sys.stderr)
    print(f"compare-gcov-branches: {summary}")
    return 1 if problems else 0


def self_test():
    """The comparison must refuse what is wrong."""
    gcov = {"a.c": {3: [1, 0], 7: [1, 0, 0]}}
    good = {"a.c": {3: {0: [1, 0]}, 7: {0: [1, 0], 1: [None, None]}}}
    cases = [
        ("agreement", good, True),
        ("a taken gcov never took",
         {"a.c": {3: {0: [1, 1]}}}, False),
        ("a never taken gcov took", {"a.c": {3: {0: [0, 0]}}}, False),
        ("a branch that never ran where gcov took one",
         {"a.c": {3: {0: [None, None]}}}, False),
        ("a switch line taken where gcov took nothing",
         {"a.c": {3: {0: [1, 0]}, 7: {0: [1, 1], 1: [1, 0]}}}, True),
        ("nothing compared", {"a.c": {}}, False),
        ("an unknown outcome left out", {"a.c": {3: {0: [1]}}}, True),
    ]
    failed = 0
    for what, mip, passes in cases:
        _, problems, _ = compare(mip, gcov, ["a.c"])
        if (not problems) != passes:
            print(f"compare-gcov-branches: self-test: {what}:"
                  f" {'refused' if problems else 'accepted'}",
                  file=sys.stderr)
            failed += 1
    _, problems, _ = compare({"a.c": {7: {0: [1, 0], 1: [None, None]}}},
                             {"a.c": {7: [0, 0, 0]}}, ["a.c"])
    if not problems:
        print("compare-gcov-branches: self-test: a switch taken where gcov"
              " took nothing: accepted", file=sys.stderr)
        failed += 1
    print(f"compare-gcov-branches: self-test: {len(cases) + 1 - failed} of"
          f" {len(cases) + 1} cases right")
    return 1 if failed else 0


def main(arguments):
    if arguments == ["self-test"]:
        return self_test()
    unknown_total = None
    if len(arguments) >= 2 and arguments[0] == "--unknown":
        unknown_total = int(arguments[1])
        arguments = arguments[2:]
    if len(arguments) < 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    try:
        return run(arguments[0], arguments[1], arguments[2:], unknown_total)
    except (OSError, ValueError, KeyError, CompareError) as error:
        print(f"compare-gcov-branches: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
