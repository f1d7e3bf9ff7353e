#!/usr/bin/env python3
# compare-gcov-counts.py - the line hits of a MIP lcov tracefile of the
# block-count mode against gcov's line counts, line by line.
#
# Usage: compare-gcov-counts.py TRACEFILE GCOV_DIR SOURCE_PATH...
#
# TRACEFILE is 'mipdata export' of a block-count build; GCOV_DIR holds the
# gcov --json-format reports (*.gcov.json.gz) of a --coverage build of the
# same sources, run on the same workload; SOURCE_PATH... are the sources
# to compare, as paths (their base names key the lines; their text
# explains differences).  Every line that both report is compared: MIP's
# hit must be gcov's count.  gcov counts a line by the times it is
# entered from other lines, plus the iterations of loops that lie wholly
# inside it; MIP gives the most that any machine block holding the line's
# code ran, and a function's first line its entries.  The two measures
# differ, and the difference is listed by class, not counted against MIP,
# where:
#   function-line  the line is a function's first line (an FN record):
#                  GCC gives some jumps that belong to no statement (a
#                  for (;;) loop's way back) that line, and gcov counts
#                  the times they enter it in some functions;
#   condition      the line holds a condition's && or ||, a conditional
#                  expression's ? or :, or continues or is continued by
#                  one (the line before or the line ends with one of
#                  them, or the next begins with one): its parts are
#                  blocks of their own that the statement enters again
#                  from its other lines, or loops back to within the line
#                  (continue), which gcov adds;
# every other difference is a disagreement, printed, and fails the
# comparison.  The last line sums up:
#   compare-gcov-counts: N lines compared, A agree, F function-line,
#   C condition, D disagreements (M lines only MIP's, G only gcov's)
# No line compared fails too.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import glob
import gzip
import json
import os
import re
import sys


CONDITION_TOKENS = ('&&', '||', '?', ':')


def lcov_records(path, sources):
    """{(source, line): hits} of the tracefile's DA lines and the set of
    (source, line) of its FN records."""
    hits = {}
    functions = set()
    current = None
    with open(path) as stream:
        for line in stream:
            line = line.rstrip('\n')
            if line.startswith('SF:'):
                base = os.path.basename(line[3:])
                current = base if base in sources else None
            elif current is None:
                continue
            elif line.startswith('DA:'):
                fields = line[3:].split(',')
                key = (current, int(fields[0]))
                hits[key] = hits.get(key, 0) + int(fields[1])
            elif line.startswith('FN:'):
                functions.add((current, int(line[3:].split(',')[0])))
            elif line == 'end_of_record':
                current = None
    return hits, functions


def code_of(text):
    """TEXT without its comments and string literals (roughly)."""
    text = re.sub(r'/\*.*?\*/', ' ', text)
    text = re.sub(r'/\*.*$', ' ', text)
    text = re.sub(r'"(\\.|[^"\\])*"', '""', text)
    text = re.sub(r"'(\\.|[^'\\])*'", "''", text)
    return text.split('//')[0].strip()


def holds_condition(lines, number):
    """Does line NUMBER (1-based) of LINES hold or continue a condition
    or a conditional expression?"""
    def code(n):
        return code_of(lines[n - 1]) if 1 <= n <= len(lines) else ''
    here = code(number)
    if any(token in here for token in ('&&', '||', '?')):
        return True
    if here.endswith(CONDITION_TOKENS) or here.startswith(CONDITION_TOKENS):
        return True
    before = code(number - 1)
    after = code(number + 1)
    return (before.endswith(CONDITION_TOKENS)
            or after.startswith(CONDITION_TOKENS))


def gcov_counts(directory, sources):
    """{(source, line): count}: each line's count (the largest where gcov
    reports it more than once, as for a header included twice)."""
    counts = {}
    for report in glob.glob(os.path.join(directory, '*.gcov.json.gz')):
        with gzip.open(report, 'rt') as stream:
            data = json.load(stream)
        for entry in data.get('files', []):
            base = os.path.basename(entry['file'])
            if base not in sources:
                continue
            for line in entry.get('lines', []):
                key = (base, line['line_number'])
                if counts.get(key, -1) < line['count']:
                    counts[key] = line['count']
    return counts


def main(argv):
    if len(argv) < 3:
        print('usage: compare-gcov-counts.py TRACEFILE GCOV_DIR SOURCE_PATH...',
              file=sys.stderr)
        return 2
    texts = {}
    for path in argv[2:]:
        with open(path, errors='replace') as stream:
            texts[os.path.basename(path)] = stream.read().split('\n')
    sources = set(texts)
    hits, functions = lcov_records(argv[0], sources)
    counts = gcov_counts(argv[1], sources)
    compared = agree = 0
    explained = {'function-line': 0, 'condition': 0}
    disagreements = []
    for key in sorted(set(hits) & set(counts)):
        compared += 1
        mip, gcov = hits[key], counts[key]
        if mip == gcov:
            agree += 1
            continue
        if key in functions:
            kind = 'function-line'
        elif holds_condition(texts[key[0]], key[1]):
            kind = 'condition'
        else:
            disagreements.append('disagreement %s:%d: MIP %d, gcov %d: %s'
                                 % (key[0], key[1], mip, gcov,
                                    texts[key[0]][key[1] - 1].strip()))
            continue
        explained[kind] += 1
        print('%s %s:%d: MIP %d, gcov %d: %s'
              % (kind, key[0], key[1], mip, gcov,
                 texts[key[0]][key[1] - 1].strip()))
    for text in disagreements:
        print(text)
    only_mip = len(set(hits) - set(counts))
    only_gcov = len(set(counts) - set(hits))
    print('compare-gcov-counts: %d lines compared, %d agree, %d '
          'function-line, %d condition, %d disagreements (%d lines only '
          'MIP\'s, %d only gcov\'s)'
          % (compared, agree, explained['function-line'],
             explained['condition'], len(disagreements), only_mip,
             only_gcov))
    if compared == 0:
        print('compare-gcov-counts: no line compared', file=sys.stderr)
        return 1
    return 1 if disagreements else 0


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv[1:]))
    except (OSError, ValueError, KeyError) as error:
        print('compare-gcov-counts.py: %s' % error, file=sys.stderr)
        sys.exit(1)
