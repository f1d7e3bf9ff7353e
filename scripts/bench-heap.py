#!/usr/bin/env python3
# bench-heap.py - the data side of scripts/bench-heap.sh: reads
# heaptrack's data file, 'mipdata heap --json' and callgrind's output,
# and prints the tables of the heap benchmark.  The shell script builds
# and runs; everything compared or computed from the data is done here,
# by key, never by the order of fields.
#
#   heaptrack-sites PROGRAM FILE
#       FILE: heaptrack's data file, decompressed ('zstd -dc' of the
#       .zst that heaptrack writes).  Prints JSON: per allocation site
#       of PROGRAM (the innermost frame of each allocation's trace, when
#       it lies in PROGRAM: the function that holds the call, its file
#       and line) the allocations and their bytes, and the allocations
#       whose innermost frame is elsewhere (the C library, the loader).
#   agreement MIP-JSON HEAPTRACK-JSON
#       The per-site table of blocks and bytes, MIP's beside heaptrack's
#       (sites matched by file and line); the verdict on the last line.
#   cost RESULTS-TSV BUDGET-PERCENT BUDGET-SHARE
#       The cost table from RESULTS-TSV (columns by name: build, title,
#       ir, wall, text, stripped; "-" where not measured) and the budget
#       lines: MIP heap's Ir <= +BUDGET-PERCENT% of plain's, its extra Ir
#       <= 1/BUDGET-SHARE of heaptrack's extra Ir.
#   libmip-ir CALLGRIND-OUT [LIMIT]
#       The self Ir of the runtime's functions (those defined in the
#       runtime's mip*.c sources) in a callgrind output written with
#       --compress-strings=no, the largest first.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import csv
import json
import os
import sys


def fail(message):
    sys.stderr.write("bench-heap.py: error: %s\n" % message)
    sys.exit(1)


# ---- heaptrack's data file ---------------------------------------------------
# A line per record, numbers in hexadecimal (heaptrack's
# src/analyze/accumulatedtracedata.cpp reads it):
#   v VERSION FILE-VERSION
#   s [LENGTH] TEXT            a string; index 1, 2, ... (0 is none); file
#                              version 3 and later put its length first
#   i IP MODULE [FUNCTION FILE LINE]...
#                              an instruction pointer, index 1, 2, ...: its
#                              module's string, then the frames at it, the
#                              innermost (where the call is) first and the
#                              functions it is inlined into after it
#   t IP-INDEX PARENT-INDEX    a trace (a frame and its caller's trace),
#                              index 1, 2, ...; 0 is the empty trace
#   a SIZE TRACE-INDEX         an allocation info, index 0, 1, ...
#   + ALLOCATION-INFO-INDEX    an allocation
#   - ALLOCATION-INFO-INDEX    a deallocation
# and others (c, R, X, I, A, #) that say nothing of sites.
def read_heaptrack(program, path):
    strings = [""]
    ips = [None]
    traces = [0]  # trace index -> ip index
    infos = []
    counts = {}  # allocation info index -> allocations
    file_version = 0
    with open(path, encoding="utf-8", errors="replace") as stream:
        for line in stream:
            line = line.rstrip("\n")
            if not line:
                continue
            kind = line[0]
            if kind == "+":
                index = int(line[2:], 16)
                counts[index] = counts.get(index, 0) + 1
            elif kind == "s":
                text = line[2:]
                if file_version >= 3:
                    length, _, text = text.partition(" ")
                    text = text[: int(length, 16)]
                strings.append(text)
            elif kind == "i":
                words = line.split()
                frames = []
                rest = words[3:]
                for k in range(0, len(rest) - 2, 3):
                    frames.append((int(rest[k], 16), int(rest[k + 1], 16),
                                   int(rest[k + 2], 16)))
                ips.append((int(words[2], 16), frames))
            elif kind == "t":
                words = line.split()
                traces.append(int(words[1], 16))
            elif kind == "a":
                words = line.split()
                infos.append((int(words[1], 16), int(words[2], 16)))
            elif kind == "v":
                words = line.split()
                file_version = int(words[2], 16) if len(words) > 2 else 0
    if file_version < 2:
        fail("%s: heaptrack file version %d (expected 2 or later)"
             % (path, file_version))
    target = os.path.realpath(program)

    def in_program(module):
        name = strings[module]
        return (os.path.realpath(name) == target
                or os.path.basename(name) == os.path.basename(target))

    sites = {}
    outside = {"allocations": 0, "bytes": 0}
    for index, n in counts.items():
        size, trace = infos[index]
        ip = ips[traces[trace]] if trace else None
        if ip is None or not ip[1] or not in_program(ip[0]):
            outside["allocations"] += n
            outside["bytes"] += n * size
            continue
        function, file, line = ip[1][0]
        key = (os.path.normpath(strings[file]), line)
        site = sites.setdefault(key, {"function": strings[function],
                                      "file": key[0], "line": line,
                                      "allocations": 0, "bytes": 0})
        site["allocations"] += n
        site["bytes"] += n * size
    return {"program": program, "calls": sum(counts.values()),
            "sites": sorted(sites.values(),
                            key=lambda s: (-s["bytes"], s["file"], s["line"])),
            "outside": outside}


# ---- the agreement table -------------------------------------------------------
def agreement(mip_path, heaptrack_path):
    with open(mip_path) as f:
        mip = json.load(f)
    with open(heaptrack_path) as f:
        heaptrack = json.load(f)
    table = {}
    # MIP's allocation sites, added up per line (a loop unrolled makes
    # several sites of one line; heaptrack has one line too).
    for site in mip["sites"]:
        if site.get("role") == "free":
            continue
        key = (os.path.normpath(site["file"]), site["line"])
        row = table.setdefault(key, {"functions": set(), "callees": set(),
                                     "mip": [0, 0], "heaptrack": [0, 0]})
        row["functions"].add(site["function"])
        row["callees"].add(site["callee"])
        row["mip"][0] += site["blocks"]
        row["mip"][1] += site["bytes"]
    for site in heaptrack["sites"]:
        key = (site["file"], site["line"])
        row = table.setdefault(key, {"functions": set(), "callees": set(),
                                     "mip": [0, 0], "heaptrack": [0, 0]})
        row["functions"].add(site["function"])
        row["heaptrack"][0] += site["allocations"]
        row["heaptrack"][1] += site["bytes"]
    print("  %-44s %10s %10s %6s %12s %12s %8s"
          % ("site (function allocator, file:line)", "MIP blocks",
             "heaptrack", "diff", "MIP bytes", "heaptrack", "diff"))
    differing = 0
    for key in sorted(table, key=lambda k: (-table[k]["mip"][1], k)):
        row = table[key]
        name = "%s %s (%s:%d)" % ("/".join(sorted(row["functions"])),
                                  "/".join(sorted(row["callees"])) or "?",
                                  os.path.basename(key[0]), key[1])
        db = row["mip"][0] - row["heaptrack"][0]
        dy = row["mip"][1] - row["heaptrack"][1]
        if db or dy:
            differing += 1
        print("  %-44s %10d %10d %+6d %12d %12d %+8d"
              % (name, row["mip"][0], row["heaptrack"][0], db, row["mip"][1],
                 row["heaptrack"][1], dy))
    out = heaptrack["outside"]
    print("  heaptrack's other allocations (innermost frame in the C library or the")
    print("  loader, no call site of the program): %d, %d bytes; all it saw: %d"
          % (out["allocations"], out["bytes"], heaptrack["calls"]))
    print("  heaptrack names no site for a free (only the block freed): the free sites")
    print("  are not compared.")
    if differing:
        print("  agreement: DIFFERS at %d of %d sites" % (differing, len(table)))
    else:
        print("  agreement: every site's blocks and bytes equal heaptrack's (%d sites)"
              % len(table))


# ---- the cost table ------------------------------------------------------------
def number(text):
    return None if text in ("", "-") else float(text)


def growth(value, base):
    if value is None or base is None or base == 0:
        return "-"
    return "%+.2f%%" % ((value - base) * 100.0 / base)


def cost(results_path, budget_percent, budget_share):
    with open(results_path, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    by_build = {row["build"]: row for row in rows}
    if "plain" not in by_build:
        fail("%s: no plain row" % results_path)
    plain = by_build["plain"]
    pir, pwall = number(plain["ir"]), number(plain["wall"])
    ptext, pstripped = number(plain["text"]), number(plain["stripped"])
    print("  %-34s %14s %9s %8s %9s %10s %8s %10s %8s"
          % ("build", "Ir", "+Ir", "wall*", "+wall*", ".text", "+", "stripped", "+"))
    for row in rows:
        ir, wall = number(row["ir"]), number(row["wall"])
        text, stripped = number(row["text"]), number(row["stripped"])
        print("  %-34s %14s %9s %8s %9s %10s %8s %10s %8s"
              % (row["title"], row["ir"], growth(ir, pir), row["wall"],
                 growth(wall, pwall), row["text"],
                 "" if row["build"] == "plain" else growth(text, ptext),
                 row["stripped"],
                 "" if row["build"] == "plain" else growth(stripped, pstripped)))
    heap = by_build.get("heap")
    heaptrack = by_build.get("heaptrack")
    hir = number(heap["ir"]) if heap else None
    if hir is None or pir is None:
        print("  budget: not measured")
        return
    percent = (hir - pir) * 100.0 / pir
    print("  budget: MIP heap Ir %+.2f%% of plain (<= +%s%%): %s"
          % (percent, budget_percent,
             "within" if percent <= float(budget_percent) else
             "OVER by %.2f points" % (percent - float(budget_percent))))
    tir = number(heaptrack["ir"]) if heaptrack else None
    if tir is None:
        print("  budget: MIP heap's extra Ir against heaptrack's: heaptrack not measured")
        return
    share = (hir - pir) / (tir - pir) if tir > pir else float("inf")
    limit = 1.0 / float(budget_share)
    print("  budget: MIP heap's extra Ir %d = 1/%.1f of heaptrack's %d (<= 1/%s): %s"
          % (hir - pir, 1.0 / share if share else float("inf"), tir - pir,
             budget_share,
             "within" if share <= limit else
             "OVER: %.1f times the allowed" % (share / limit)))


# ---- callgrind: the runtime's functions ------------------------------------
def libmip_ir(path, limit):
    selfcost = {}
    files = {}
    fl = fn = None
    after_calls = False
    with open(path, encoding="utf-8", errors="replace") as stream:
        for line in stream:
            if line.startswith("fl=") or line.startswith("fi=") \
               or line.startswith("fe="):
                name = line[3:].strip()
                if line.startswith("fl="):
                    fl = name
                continue
            if line.startswith("fn="):
                fn = line[3:].strip()
                files[fn] = fl
                continue
            if line.startswith("calls="):
                after_calls = True
                continue
            if line[:1].isdigit() or line[:1] in "+-*":
                if after_calls:
                    after_calls = False
                    continue
                words = line.split()
                if len(words) >= 2 and fn is not None:
                    selfcost[fn] = selfcost.get(fn, 0) + int(words[1])
    total = 0
    shown = []
    for fn, ir in selfcost.items():
        file = files.get(fn) or ""
        if os.path.basename(os.path.dirname(file)) == "runtime" \
           and os.path.basename(file).startswith("mip"):
            total += ir
            shown.append((ir, fn, os.path.basename(file)))
    shown.sort(reverse=True)
    for ir, fn, file in shown[:limit]:
        print("    %14d  %s (%s)" % (ir, fn, file))
    print("    %14d  all of the runtime's functions" % total)


def main(argv):
    if len(argv) < 2:
        fail("usage: bench-heap.py heaptrack-sites|agreement|cost|libmip-ir ...")
    command = argv[1]
    if command == "heaptrack-sites" and len(argv) == 4:
        json.dump(read_heaptrack(argv[2], argv[3]), sys.stdout, indent=1)
        print()
    elif command == "agreement" and len(argv) == 4:
        agreement(argv[2], argv[3])
    elif command == "cost" and len(argv) == 5:
        cost(argv[2], argv[3], argv[4])
    elif command == "libmip-ir" and len(argv) in (3, 4):
        libmip_ir(argv[2], int(argv[3]) if len(argv) == 4 else 8)
    else:
        fail("bad arguments: %s" % " ".join(argv[1:]))


if __name__ == "__main__":
    main(sys.argv)
