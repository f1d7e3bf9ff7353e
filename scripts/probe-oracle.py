#!/usr/bin/env python3
# probe-oracle.py - the fewest block probes that give exact block coverage,
# computed from the plugin's pass dump, independently of the plugin's own
# planner, to tell how far its placement is from the minimum.
#
# Usage: probe-oracle.py [--functions | --differences] DUMP...
#        probe-oracle.py --self-test [COUNT]
#
# DUMP is a dump of the mip pass written with -fdump-rtl-all-details (the
# file FILE.*r.mip; '-' reads standard input).  For every function it
# reads the blocks, their successors as the plugin saw them ("exit" is the
# virtual exit node) and the plugin's probes, and prints one line:
#   total<TAB>FUNCTIONS<TAB>BLOCKS<TAB>PROBES<TAB>MINIMUM<TAB>AMBIGUOUS
# --functions adds one line per function (same columns, the function's
# name in the second), --differences only those whose probes differ from
# the minimum, each followed by the blocks the plugin probes that the
# oracle infers and those the oracle probes that the plugin infers.
#
# The method is that of Chen et al., "Minimum Coverage Instrumentation"
# (arXiv 2208.13907).  An execution of a function is a walk of its graph
# from the entry block to the exit node; what a profile tells is the set
# of blocks a run visited.  For a block V let FWD(V) be the blocks
# reachable from the entry without passing through V and BWD(V) those
# from which the exit is reachable without passing through V.  A
# predecessor U of V in both is "super-reachable": some run visits U but
# not V.  Then:
#   - if no predecessor of V is super-reachable, V ran exactly when one of
#     its predecessors in FWD(V) ran (V's predecessor dependencies);
#   - if no successor of V is super-reachable, V ran exactly when one of
#     its successors in BWD(V) ran (its successor dependencies);
#   - a block with neither is ambiguous: two runs may differ in V alone
#     among the block's neighbourhood, so V needs a probe under any
#     placement.
# Dependencies may be mutual (V depends on its successor W, W on its
# predecessor V); the pairs form paths, and on each path one direction is
# dropped (all successor dependencies but the last block's when the first
# block has predecessor dependencies, else all predecessor dependencies
# but the first block's).  The blocks left without dependencies are the
# minimum set of probes, which the paper proves optimal.
#
# How this relates to the plugin's graph (the numbers are for that graph,
# not for a better or worse model of the program):
#   - the entry block is the first block listed (in RTL the entry falls
#     through to the first block); its coverage is the function's own
#     probe, so it is known and never counted as a probe.  The exit node
#     runs exactly when the entry does (every modelled run ends there), so
#     it is known too;
#   - the exit edges are the plugin's: from blocks that return, end in a
#     call that may throw out of the function, have no successor, cannot
#     reach the exit, and, with -fplugin-arg-mip-calls-may-exit, from
#     every block with a call.  The oracle takes them as they are listed;
#   - blocks the entry cannot reach never run and need no probe; they are
#     left out (the plugin says "never runs");
#   - self-loops are not listed; they change no block's dependencies.
# Each function's result is checked: the blocks without dependencies,
# with the entry and exit, must let every other block be inferred in some
# order.  --self-test compares the oracle with an exhaustive search of
# every placement on random small graphs.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import random
import re
import sys

EXIT = -1  # the virtual exit node

FUNCTION_RE = re.compile(r'^;; Function (\S+)')
SUMMARY_RE = re.compile(r'^;; mip: (\d+) blocks, (\d+) probed')
BLOCK_RE = re.compile(r'^;;   bb (\d+) \([^;]*; to([^)]*)\): (.*)$')


class Function:
    def __init__(self, source, name, count, probes):
        self.source = source
        self.name = name
        self.count = count          # blocks in the summary line
        self.probes = probes        # probes in the summary line
        self.blocks = []            # block numbers in the order listed
        self.succs = {}             # block -> list of blocks or EXIT
        self.probed = set()         # blocks with a plugin probe
        self.entry_rule = None      # what the plugin said of the first block


def parse_successors(text):
    words = text.split()
    succs = []
    i = 0
    while i < len(words):
        if words[i] == 'exit':
            succs.append(EXIT)
            i += 1
        elif words[i] == 'bb' and i + 1 < len(words):
            succs.append(int(words[i + 1]))
            i += 2
        else:
            raise ValueError('unexpected successor list: ' + text)
    return succs


def read_dump(source, stream):
    """The functions of one pass dump."""
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
            current.succs[bb] = parse_successors(m.group(2))
            rule = m.group(3)
            if rule.startswith('probe '):
                current.probed.add(bb)
            if len(current.blocks) == 1:
                current.entry_rule = rule
            continue
        if not line.startswith(';;   '):
            current = None
    for f in functions:
        if len(f.blocks) != f.count:
            raise ValueError('%s: %s: %d blocks listed, %d announced (dump '
                             'without -details?)' % (source, f.name,
                                                     len(f.blocks), f.count))
        if f.count and f.entry_rule != 'covered if any of function':
            raise ValueError('%s: %s: the first block is not the one the '
                             'function probe covers' % (source, f.name))
    return functions


# ---- the method of Chen et al. ------------------------------------------------

def reach(start, nexts, avoid):
    """Nodes reachable from START along NEXTS without entering AVOID."""
    if start == avoid:
        return set()
    seen = {start}
    stack = [start]
    while stack:
        x = stack.pop()
        for y in nexts.get(x, ()):
            if y != avoid and y not in seen:
                seen.add(y)
                stack.append(y)
    return seen


def minimum_probes(entry, succs):
    """For a graph given by SUCCS (node -> successors, EXIT the exit node)
    with entry ENTRY: (probes, ambiguous, dependencies), where probes is
    the minimum set of blocks to probe besides the entry, ambiguous those
    no placement can spare, and dependencies maps every other block that
    runs to the blocks its coverage is inferred from."""
    nodes = reach(entry, succs, None)       # the blocks that may run
    nodes.add(EXIT)
    next_of = {x: [y for y in succs.get(x, ()) if y in nodes] for x in nodes}
    prev_of = {x: [] for x in nodes}
    for x in nodes:
        for y in next_of[x]:
            if x not in prev_of[y]:
                prev_of[y].append(x)
    for x in nodes:
        next_of[x] = list(dict.fromkeys(next_of[x]))

    pred_deps = {}
    succ_deps = {}
    for v in nodes:
        fwd = reach(entry, next_of, v)
        bwd = reach(EXIT, prev_of, v)
        preds = [u for u in prev_of[v] if u != v]
        succs_v = [w for w in next_of[v] if w != v]
        if not any(u in fwd and u in bwd for u in preds):
            pred_deps[v] = [u for u in preds if u in fwd]
        else:
            pred_deps[v] = []
        if not any(w in fwd and w in bwd for w in succs_v):
            succ_deps[v] = [w for w in succs_v if w in bwd]
        else:
            succ_deps[v] = []
    # The entry (the function's probe) and the exit (which runs with the
    # entry) are known.
    for known in (entry, EXIT):
        pred_deps[known] = []
        succ_deps[known] = []
    ambiguous = {v for v in nodes
                 if v not in (entry, EXIT)
                 and not pred_deps[v] and not succ_deps[v]}

    # Mutual dependencies: V depends on its successor W and W on V.
    mutual = {v: [] for v in nodes}
    for v in nodes:
        for w in succ_deps[v]:
            if v in pred_deps[w]:
                mutual[v].append(w)
                mutual[w].append(v)
    done = set()
    # Walk each path of mutual pairs from one of its ends (the pairs form
    # paths only; a cycle would be a bug in this script or its premise).
    for v in sorted(nodes, key=order_key):
        if v in done or len(mutual[v]) != 1:
            continue
        path = [v]
        done.add(v)
        while True:
            ahead = [w for w in mutual[path[-1]] if w not in done]
            if not ahead:
                break
            if len(ahead) > 1:
                raise AssertionError('mutual dependencies branch at bb %s'
                                     % path[-1])
            path.append(ahead[0])
            done.add(ahead[0])
        # Orient the path along the control flow: each block depends on
        # the next through its successors, the next on it through its
        # predecessors.
        if len(path) > 1 and path[1] not in succ_deps[path[0]]:
            path.reverse()
        for a, b in zip(path, path[1:]):
            if b not in succ_deps[a] or a not in pred_deps[b]:
                raise AssertionError('mutual dependencies change direction '
                                     'at bb %s' % a)
        # The first block's predecessor dependencies are outside the path:
        # if it has some, the whole path is inferred forwards from them;
        # otherwise backwards, from the last block's successors (and if
        # that has none, the last block is the one extra probe the path
        # needs).
        if pred_deps[path[0]]:
            for x in path[:-1]:
                succ_deps[x] = []
        else:
            for x in path[1:]:
                pred_deps[x] = []
    for v in nodes:
        if mutual[v] and v not in done:
            raise AssertionError('mutual dependencies form a cycle at bb %s'
                                 % v)

    probes = {v for v in nodes
              if v not in (entry, EXIT) and not pred_deps[v]
              and not succ_deps[v]}
    dependencies = {}
    for v in nodes:
        if v in (entry, EXIT) or v in probes:
            continue
        dependencies[v] = (pred_deps[v], succ_deps[v])
    check_inferable(entry, probes, dependencies)
    return probes, ambiguous, dependencies


def order_key(x):
    return (x == EXIT, x)


def check_inferable(entry, probes, dependencies):
    """Every block must be inferable, in some order, from the probes, the
    entry and the exit, each from all of its predecessor or all of its
    successor dependencies."""
    known = set(probes) | {entry, EXIT}
    pending = set(dependencies)
    progress = True
    while pending and progress:
        progress = False
        for v in sorted(pending, key=order_key):
            preds, succs = dependencies[v]
            if (preds and all(u in known for u in preds)) \
               or (succs and all(w in known for w in succs)):
                known.add(v)
                pending.discard(v)
                progress = True
    if pending:
        raise AssertionError('blocks left uninferred: %s'
                             % ' '.join('bb %s' % v for v in sorted(pending)))


# ---- checking the oracle on small graphs by exhaustive search --------------------

def coverage_sets(entry, succs):
    """What a profile may tell: the blocks visited by one or more runs,
    each a walk from ENTRY to the exit, as bit masks (blocks are
    0..n-1)."""
    walks = set()
    start = (entry, 1 << entry)
    seen = {start}
    stack = [start]
    while stack:
        node, mask = stack.pop()
        for y in succs[node]:
            if y == EXIT:
                walks.add(mask)
                continue
            state = (y, mask | (1 << y))
            if state not in seen:
                seen.add(state)
                stack.append(state)
    result = set(walks)
    grown = True
    while grown:
        grown = False
        for a in list(result):
            for b in walks:
                if a | b not in result:
                    result.add(a | b)
                    grown = True
    return result


def exhaustive_minimum(entry, succs, n):
    """The size of the smallest set of blocks (besides the entry) whose
    coverage tells every run's coverage apart, by trying them all."""
    runs = coverage_sets(entry, succs)
    candidates = [x for x in range(n) if x != entry
                  and any(mask >> x & 1 for mask in runs)]

    def distinguishes(mask):
        seen = set()
        for run in runs:
            key = run & mask
            if key in seen:
                return False
            seen.add(key)
        return True

    best = None
    for subset in range(1 << len(candidates)):
        size = bin(subset).count('1')
        if best is not None and size >= best:
            continue
        mask = 1 << entry
        for i, x in enumerate(candidates):
            if subset >> i & 1:
                mask |= 1 << x
        if distinguishes(mask):
            best = size
    return best, runs


def random_graph(rng, n):
    """A random graph of N blocks shaped like the plugin's: block 0 the
    entry, blocks that cannot reach the exit given an edge to it."""
    succs = {x: [] for x in range(n)}
    for x in range(n):
        for _ in range(rng.choice((1, 1, 2, 2, 2, 3))):
            y = rng.randrange(-1, n) if rng.random() < 0.25 \
                else rng.randrange(n)
            if y != x and y not in succs[x]:
                succs[x].append(y)
    preds = {x: [] for x in range(n)}
    preds[EXIT] = []
    for x in range(n):
        for y in succs[x]:
            preds[y].append(x)
    reaching = reach(EXIT, preds, None)
    for x in range(n):
        if x not in reaching:
            succs[x].append(EXIT)
    return succs


def self_test(count):
    rng = random.Random(20260)
    failures = 0
    extra = 0
    for i in range(count):
        n = rng.randrange(2, 10)
        succs = random_graph(rng, n)
        try:
            probes, ambiguous, _ = minimum_probes(0, succs)
        except AssertionError as e:
            failures += 1
            print('self-test: graph %d: %s: %s' % (i, succs, e))
            continue
        best, runs = exhaustive_minimum(0, succs, n)
        extra += len(probes) > len(ambiguous)
        if len(probes) != best or not ambiguous <= probes:
            failures += 1
            print('self-test: graph %d: %s: oracle %d probes (%s), '
                  'exhaustive search %d' % (i, succs, len(probes),
                                            sorted(probes), best))
            continue
        # The oracle's own placement must tell the runs apart.
        mask = 1
        for x in probes:
            mask |= 1 << x
        if len({run & mask for run in runs}) != len(runs):
            failures += 1
            print('self-test: graph %d: %s: the probes %s do not tell the '
                  'runs apart' % (i, succs, sorted(probes)))
    print('self-test: %d graphs (%d needing probes beyond the ambiguous '
          'blocks), %d failures' % (count, extra, failures))
    return failures == 0 and extra > 0


# ---- reporting -----------------------------------------------------------------

def describe(blocks):
    return ' '.join('bb %d' % b for b in sorted(blocks)) or '-'


def main(argv):
    mode = None
    args = argv[1:]
    if args and args[0] == '--self-test':
        count = int(args[1]) if len(args) > 1 else 300
        return 0 if self_test(count) else 1
    if args and args[0] in ('--functions', '--differences'):
        mode = args[0]
        args = args[1:]
    if not args:
        sys.stderr.write('usage: probe-oracle.py [--functions | '
                         '--differences] DUMP... | --self-test [COUNT]\n')
        return 2
    totals = [0, 0, 0, 0, 0]
    for path in args:
        if path == '-':
            functions = read_dump('-', sys.stdin)
        else:
            with open(path, encoding='utf-8', errors='replace') as stream:
                functions = read_dump(path, stream)
        for f in functions:
            if not f.blocks:
                continue
            probes, ambiguous, _ = minimum_probes(f.blocks[0], f.succs)
            row = (1, f.count, f.probes, len(probes), len(ambiguous))
            totals = [a + b for a, b in zip(totals, row)]
            differs = f.probes != len(probes)
            if mode == '--functions' or (mode == '--differences' and differs):
                print('function\t%s\t%d\t%d\t%d\t%d' % (f.name, f.count,
                                                      f.probes, len(probes),
                                                      len(ambiguous)))
            if mode == '--differences' and differs:
                print('  probed by the plugin, inferred by the oracle: %s'
                      % describe(f.probed - probes))
                print('  probed by the oracle, inferred by the plugin: %s'
                      % describe(probes - f.probed))
    print('total\t%d\t%d\t%d\t%d\t%d' % tuple(totals))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
