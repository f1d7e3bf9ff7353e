#!/usr/bin/env python3
# counter-oracle.py - the fewest block counters that give every block's
# count, computed from the plugin's pass dumps of the block-count mode,
# independently of the plugin's own placement, to tell how far its
# placement is from the minimum.
#
# Usage: counter-oracle.py [--functions | --differences] DUMP...
#        counter-oracle.py --self-test [COUNT]
#
# DUMP is a dump of the mip pass written with -fdump-rtl-all-details in
# the block-count mode (the file FILE.*r.mip; '-' reads standard input).
# For every function it reads the blocks, their successors as the plugin
# saw them ("exit": the block may leave the function) and which have a
# counter, and prints one line:
#   total<TAB>FUNCTIONS<TAB>BLOCKS<TAB>COUNTERS<TAB>MINIMUM
# --functions adds one line per function (the function's name in the
# second column), --differences only those with more counters than the
# minimum.
#
# The model is the plugin's and mipdata's (lib/mip-flow.h): the count of
# a block is the flow through it in a circulation of the graph where a
# virtual node X sends the calls into the entry block and receives them
# back from the blocks that may leave.  A counter observes one block's
# flow; the calls are known.  The minimum is the dimension of the space
# of block counts that the circulations allow, less the one the calls
# fix: a lower bound for any placement, whatever rules derive the other
# counts, and reached by some placement (the block counts form a
# matroid's ground set; any basis is a placement).  Split each block B
# into B.in -> B.out (its "split edge", carrying its count); circulations
# are the cycle space of the split graph H, which represents H's
# cographic matroid, so the rank of a set T of edges there is
#   r*(T) = |T| - r(E) + r(E - T),   r the graphic rank (|V| - components).
# With S the split edges and e the entry edge, the minimum is
#   r*(S + e) - r*(e) = |S| + r(E - S - e) - r(E - e)
#                     = blocks - components(E - S - e) + components(E - e),
# two union-find passes per function.  --self-test checks the formula
# against the rank of the block functionals by Gaussian elimination over
# the rationals on random small graphs.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

from fractions import Fraction
import os
import random
import re
import sys

# The dumps list successors as probe-oracle.py reads them.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # nothing written into the source tree
probe_oracle = __import__('probe-oracle')
EXIT = probe_oracle.EXIT
parse_successors = probe_oracle.parse_successors

FUNCTION_RE = re.compile(r'^;; Function (\S+)')
SUMMARY_RE = re.compile(r'^;; mip: (\d+) blocks, (\d+) counted')
BLOCK_RE = re.compile(r'^;;   bb (\d+) \((entry|block); to([^)]*)\): (.*)$')


class Function:
    def __init__(self, source, name, count, counters):
        self.source = source
        self.name = name
        self.count = count          # blocks in the summary line
        self.counters = counters    # counters in the summary line
        self.blocks = []            # block numbers in the order listed
        self.entry = None
        self.succs = {}             # block -> list of blocks or EXIT
        self.counted = set()


def read_dump(source, stream):
    """The functions of one pass dump of the block-count mode."""
    functions = []
    name = None
    current = None
    for line in stream:
        line = line.rstrip('\n')
        m = FUNCTION_RE.match(line)
        if m:
            name = m.group(1)
            current = None
            continue
        m = SUMMARY_RE.match(line)
        if m:
            current = Function(source, name or '?', int(m.group(1)),
                               int(m.group(2)))
            functions.append(current)
            continue
        m = BLOCK_RE.match(line)
        if m and current is not None:
            bb = int(m.group(1))
            current.blocks.append(bb)
            if m.group(2) == 'entry':
                current.entry = bb
            current.succs[bb] = parse_successors(m.group(3))
            if m.group(4).startswith('counter '):
                current.counted.add(bb)
            continue
        if not line.startswith(';;   '):
            current = None
    for f in functions:
        if len(f.blocks) != f.count:
            raise ValueError('%s: %s: %d blocks listed, %d announced (dump '
                             'without -details?)' % (source, f.name,
                                                     len(f.blocks), f.count))
        if len(f.counted) != f.counters:
            raise ValueError('%s: %s: %d counters listed, %d announced'
                             % (source, f.name, len(f.counted), f.counters))
        if f.count and f.entry is None:
            raise ValueError('%s: %s: no entry block' % (source, f.name))
    return functions


# ---- the minimum ----------------------------------------------------------

class UnionFind:
    def __init__(self):
        self.parent = {}
        self.components = 0

    def add(self, x):
        if x not in self.parent:
            self.parent[x] = x
            self.components += 1

    def find(self, x):
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a, b):
        a, b = self.find(a), self.find(b)
        if a != b:
            self.parent[a] = b
            self.components -= 1


def split_graph(blocks, succs):
    """The nodes and the non-split, non-entry edges of the split graph."""
    nodes = ['X'] + [(b, 'in') for b in blocks] + [(b, 'out') for b in blocks]
    edges = []
    for b in blocks:
        for s in succs[b]:
            edges.append(((b, 'out'), 'X' if s == EXIT else (s, 'in')))
    return nodes, edges


def components(nodes, edges):
    uf = UnionFind()
    for x in nodes:
        uf.add(x)
    for a, b in edges:
        uf.union(a, b)
    return uf.components


def minimum_counters(blocks, succs):
    """The fewest counters that give every block's count."""
    nodes, edges = split_graph(blocks, succs)
    split = [((b, 'in'), (b, 'out')) for b in blocks]
    return (len(blocks) - components(nodes, edges)
            + components(nodes, edges + split))


# ---- the self-test: the rank by elimination --------------------------------

def rank(rows):
    """The rank of ROWS (lists of Fractions) by Gaussian elimination."""
    rows = [list(r) for r in rows]
    rank_found = 0
    columns = len(rows[0]) if rows else 0
    for c in range(columns):
        pivot = next((i for i in range(rank_found, len(rows))
                      if rows[i][c] != 0), None)
        if pivot is None:
            continue
        rows[rank_found], rows[pivot] = rows[pivot], rows[rank_found]
        for i in range(len(rows)):
            if i != rank_found and rows[i][c] != 0:
                factor = rows[i][c] / rows[rank_found][c]
                rows[i] = [a - factor * b
                           for a, b in zip(rows[i], rows[rank_found])]
        rank_found += 1
    return rank_found


def null_space(rows, columns):
    """A basis of the vectors V with ROWS . V = 0."""
    rows = [list(r) for r in rows]
    pivots = []
    r = 0
    for c in range(columns):
        pivot = next((i for i in range(r, len(rows)) if rows[i][c] != 0),
                     None)
        if pivot is None:
            continue
        rows[r], rows[pivot] = rows[pivot], rows[r]
        rows[r] = [a / rows[r][c] for a in rows[r]]
        for i in range(len(rows)):
            if i != r and rows[i][c] != 0:
                factor = rows[i][c]
                rows[i] = [a - factor * b for a, b in zip(rows[i], rows[r])]
        pivots.append(c)
        r += 1
    free = [c for c in range(columns) if c not in pivots]
    basis = []
    for f in free:
        v = [Fraction(0)] * columns
        v[f] = Fraction(1)
        for i, c in enumerate(pivots):
            v[c] = -rows[i][f]
        basis.append(v)
    return basis


def minimum_by_elimination(blocks, entry, succs):
    """The same minimum from the circulations themselves."""
    # Edges: the map's and exit edges, then the entry edge.
    edges = []
    for b in blocks:
        for s in succs[b]:
            edges.append((b, 'X' if s == EXIT else s))
    edges.append(('X', entry))
    nodes = ['X'] + list(blocks)
    conservation = []
    for v in nodes:
        row = [Fraction(0)] * len(edges)
        for i, (a, b) in enumerate(edges):
            if b == v:
                row[i] += 1
            if a == v:
                row[i] -= 1
        conservation.append(row)
    basis = null_space(conservation, len(edges))
    if not basis:
        return 0

    def flow_through(v, flow):
        return sum(flow[i] for i, (a, b) in enumerate(edges) if b == v)

    # Each functional evaluated on the basis of circulations.
    block_rows = [[flow_through(b, f) for f in basis] for b in blocks]
    calls_row = [f[len(edges) - 1] for f in basis]
    return rank(block_rows + [calls_row]) - rank([calls_row])


def random_function(rng, n):
    blocks = list(range(n))
    succs = {}
    for b in blocks:
        out = set()
        for _ in range(rng.choice((0, 1, 1, 2, 2, 3))):
            out.add(rng.randrange(n))
        if rng.random() < 0.25 or not out:
            out.add(EXIT)
        succs[b] = sorted(out)
    return blocks, 0, succs


def self_test(count):
    rng = random.Random(2026)
    for t in range(count):
        blocks, entry, succs = random_function(rng, rng.randrange(1, 8))
        fast = minimum_counters(blocks, succs)
        slow = minimum_by_elimination(blocks, entry, succs)
        if fast != slow:
            print('self-test FAILED on graph %d: %r: union-find %d, '
                  'elimination %d' % (t, succs, fast, slow))
            return 1
    print('self-test: %d random graphs, the union-find minimum equals the '
          'rank by elimination on each' % count)
    return 0


# ---- main -----------------------------------------------------------------

def main(argv):
    mode = None
    if argv and argv[0] == '--self-test':
        return self_test(int(argv[1]) if len(argv) > 1 else 300)
    if argv and argv[0] in ('--functions', '--differences'):
        mode = argv[0]
        argv = argv[1:]
    if not argv:
        print(__doc__ if __doc__ else 'usage: counter-oracle.py DUMP...',
              file=sys.stderr)
        return 2
    total_functions = total_blocks = total_counters = total_minimum = 0
    for path in argv:
        stream = sys.stdin if path == '-' else open(path)
        with stream:
            functions = read_dump(path, stream)
        for f in functions:
            minimum = minimum_counters(f.blocks, f.succs)
            if f.counters < minimum:
                raise ValueError('%s: %s: %d counters, below the minimum %d: '
                                 'the dump or the oracle is wrong'
                                 % (path, f.name, f.counters, minimum))
            total_functions += 1
            total_blocks += f.count
            total_counters += f.counters
            total_minimum += minimum
            if mode == '--functions' or (mode == '--differences'
                                         and f.counters > minimum):
                print('%s\t%s\t%d\t%d\t%d' % (path, f.name, f.count,
                                              f.counters, minimum))
    print('total\t%d\t%d\t%d\t%d' % (total_functions, total_blocks,
                                     total_counters, total_minimum))
    return 0


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv[1:]))
    except (OSError, ValueError) as error:
        print('counter-oracle.py: %s' % error, file=sys.stderr)
        sys.exit(1)
