#!/usr/bin/env python3
# script-data.py - the data side of the check and benchmark scripts
# (scripts/*.sh build and run the programs; what they read back, JSON
# and tables, is read here, by key and by column name, never by the
# order of the keys or the number of a column).
#
#   script-data.py show-counts SHOW_JSON [--exclude-prefix P]...
#       'mipdata show --json' output as "name<TAB>call count<TAB>covered"
#       lines (call count "null" in the coverage modes, covered
#       "true"/"false"), functions whose name starts with P left out.
#       Exits 1, saying why, when the profile holds no function or when
#       no function ran: a profile of a program in which nothing ran is
#       no evidence of anything.
#
#   script-data.py compare-counts EXPECTED ACTUAL LABEL
#       Both files "name<TAB>count" ("null" counts in ACTUAL are not
#       compared).  Counts are summed by name (static functions of the
#       same name in two units can only be compared together).  Every
#       name of ACTUAL must have the same count in EXPECTED (absent = 0).
#       Prints each mismatch and "LABEL: compared N functions, mismatches
#       M"; exits 1 on a mismatch, and also when nothing was compared or
#       every count of ACTUAL is 0 (a comparison of nothing cannot find a
#       difference).
#
#   script-data.py gcov-counts GCOV_JSON...
#       gcov's JSON (.gcov.json.gz, or plain) as "name<TAB>execution
#       count" lines, one per function, in the order of the files.
#
#   script-data.py gcov-lines GCOV_JSON...
#       "file line count unexecuted" for every line gcov reports, the
#       file by its base name; unexecuted is 1 when gcov says a block of
#       the line did not run ("unexecuted_block", the '*' of its text).
#
#   script-data.py show-blocks SHOW_JSON COUNT_FILE
#       From 'mipdata show --json --debug' output: "start end covered
#       function#index" for every block with an address (start and end
#       as decimal numbers, covered 1 or 0, index counting from 1 in the
#       function's list of blocks), sorted by start; COUNT_FILE gets
#       "blocks without-an-address covered" (covered: of those with one).
#
#   script-data.py size-sections NAME...
#       'size -A' output (standard input) as the size of each section
#       NAME, separated by spaces, 0 for a section that is not there; a
#       NAME ending in '*' is the sum of the sections it begins.  Exits 1
#       when the input holds no section at all.
#
#   script-data.py cold-share CALLGRIND_OUT NM_OUT MAX_PERCENT
#       Of the instructions a callgrind run counted (valgrind
#       --tool=callgrind --dump-instr=yes --dump-line=no
#       --compress-pos=no), those at the addresses of the program's cold
#       parts (the symbols NAME.cold and NAME.cold.N of 'nm -S
#       --defined-only', NM_OUT): prints "N of M instructions (P%) in
#       cold parts, K functions'" and the functions' shares, and exits 1
#       when P is above MAX_PERCENT, or when the run counted nothing or
#       the program has no cold part (nothing to measure).
#
#   script-data.py section-pages PAGES_FILE NAME...
#       'size -A' output (standard input) and a list of 4 KiB pages, one
#       hexadecimal page number a line (scripts/qemu-trace.c's pages=):
#       the number of those pages that hold a byte of any section NAME
#       (a page that two of them share counts once).  Exits 1 when the
#       input holds none of the sections.
#
#   script-data.py tsv-select FILE [--where COLUMN=VALUE]...
#                  [--unless COLUMN=VALUE]... COLUMN...
#       FILE is a table whose first line names its tab-separated columns;
#       prints the COLUMNs (tab-separated) of every row whose COLUMN is
#       VALUE for each --where and is not VALUE for each --unless, in the
#       order of the file.  An unknown column name is an error (exit 1).
#
#   script-data.py mixed-data BYTES
#       Writes BYTES bytes of generated data to standard output, the same
#       on every machine and Python version (its own xorshift generator):
#       blocks of 32 KiB of fixed-size binary records, CSV text lines,
#       16-bit samples of a noisy wave, sparse words among zeros and
#       random bytes, in a generated order.  The measured corpus of the
#       xz profile-use table (bench-use.sh), unlike its training corpus
#       of C sources.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import bisect
import gzip
import json
import os
import re
import struct
import sys


def fail(message):
    print("script-data: %s" % message, file=sys.stderr)
    sys.exit(1)


def read_json(path, what):
    try:
        with open(path, "rb") as stream:
            data = stream.read()
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
        return json.loads(data.decode("utf-8"))
    except (OSError, ValueError, EOFError) as error:
        fail("cannot read %s '%s': %s" % (what, path, error))


def write_lines(lines):
    sys.stdout.write("".join(line + "\n" for line in lines))


# ---- mipdata show --json ---------------------------------------------------

def command_show_counts(arguments):
    if not arguments:
        fail("usage: script-data.py show-counts SHOW_JSON [--exclude-prefix P]...")
    path, rest = arguments[0], arguments[1:]
    excluded = []
    while rest:
        if rest[0] != "--exclude-prefix" or len(rest) < 2:
            fail("unknown argument '%s'" % rest[0])
        excluded.append(rest[1])
        rest = rest[2:]
    show = read_json(path, "'mipdata show --json' output")
    functions = (show.get("functions") if isinstance(show, dict) else None) or []
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
    write_lines(lines)


def command_show_blocks(arguments):
    if len(arguments) != 2:
        fail("usage: script-data.py show-blocks SHOW_JSON COUNT_FILE")
    path, count_path = arguments
    show = read_json(path, "'mipdata show --json --debug' output")
    total = no_address = covered_total = 0
    rows = []
    for function in show.get("functions") or []:
        name = function["name"]
        for index, block in enumerate(function.get("blocks") or [], 1):
            total += 1
            address, size = block.get("address"), block.get("size")
            if not (isinstance(address, str) and address.startswith("0x")
                    and isinstance(size, int)):
                no_address += 1
                continue
            start = int(address, 16)
            covered = 1 if block.get("covered") is True else 0
            covered_total += covered
            rows.append((start, "%d %d %d %s#%d" % (start, start + size, covered,
                                                   name, index)))
    try:
        with open(count_path, "w") as stream:
            stream.write("%d %d %d\n" % (total, no_address, covered_total))
    except OSError as error:
        fail("cannot write '%s': %s" % (count_path, error))
    # By start; blocks of the same start (empty ones) by their text.
    write_lines(line for _, line in sorted(rows))


# ---- gcov --json-format ----------------------------------------------------

def gcov_files(path):
    report = read_json(path, "gcov JSON")
    if not isinstance(report, dict) or not isinstance(report.get("files"), list):
        fail("'%s' is no gcov JSON report (no \"files\")" % path)
    return report["files"]


def command_gcov_counts(arguments):
    if not arguments:
        fail("usage: script-data.py gcov-counts GCOV_JSON...")
    for path in arguments:
        write_lines("%s\t%d" % (function["name"], function["execution_count"])
                    for source in gcov_files(path)
                    for function in source.get("functions") or [])


def command_gcov_lines(arguments):
    if not arguments:
        fail("usage: script-data.py gcov-lines GCOV_JSON...")
    for path in arguments:
        for source in gcov_files(path):
            base = os.path.basename(source["file"])
            write_lines("%s %d %d %d" % (base, line["line_number"], line["count"],
                                         1 if line.get("unexecuted_block") else 0)
                        for line in source.get("lines") or [])


# ---- tables ----------------------------------------------------------------

def command_size_sections(arguments):
    if not arguments:
        fail("usage: script-data.py size-sections NAME...")
    sizes = {}
    for text in sys.stdin:
        fields = text.split()
        # A section: "NAME SIZE ADDRESS" (the heading and Total are not).
        if len(fields) == 3 and fields[1].isdigit() and fields[2].isdigit():
            sizes[fields[0]] = sizes.get(fields[0], 0) + int(fields[1])
    if not sizes:
        fail("no section in the 'size -A' output on standard input")
    values = []
    for name in arguments:
        if name.endswith("*"):
            values.append(sum(size for section, size in sizes.items()
                              if section.startswith(name[:-1])))
        else:
            values.append(sizes.get(name, 0))
    print(" ".join(str(value) for value in values))


def callgrind_instruction_costs(path):
    """Per instruction address, the instructions callgrind counted there
    (the cost lines of a --dump-instr=yes --dump-line=no --compress-pos=no
    output; the line after calls= is a call's inclusive cost, skipped)."""
    costs = {}
    skip_next = False
    with open(path) as stream:
        for text in stream:
            if text.startswith("calls="):
                skip_next = True
                continue
            if not text[:1].isdigit():
                continue
            if skip_next:
                skip_next = False
                continue
            fields = text.split()
            if len(fields) < 2:
                continue
            address = int(fields[0], 0)
            costs[address] = costs.get(address, 0) + int(fields[1])
    return costs


def cold_parts(path):
    """The (start, end, name) of the cold parts among the text symbols
    of an 'nm -S --defined-only' output."""
    parts = []
    with open(path) as stream:
        for text in stream:
            fields = text.split()
            if (len(fields) == 4 and fields[2] in "tT"
                    and re.search(r"\.cold(\.\d+)?$", fields[3])):
                start = int(fields[0], 16)
                parts.append((start, start + int(fields[1], 16), fields[3]))
    return sorted(parts)


def command_cold_share(arguments):
    if len(arguments) != 3:
        fail("usage: script-data.py cold-share CALLGRIND_OUT NM_OUT MAX_PERCENT")
    costs = callgrind_instruction_costs(arguments[0])
    parts = cold_parts(arguments[1])
    limit = float(arguments[2])
    total = sum(costs.values())
    if total == 0:
        fail("%s: no instruction counted" % arguments[0])
    if not parts:
        fail("%s: the program has no cold part" % arguments[1])
    starts = [start for start, _, _ in parts]
    by_part = {}
    for address, cost in costs.items():
        i = bisect.bisect_right(starts, address) - 1
        if i >= 0 and address < parts[i][1]:
            by_part[parts[i][2]] = by_part.get(parts[i][2], 0) + cost
    cold = sum(by_part.values())
    share = 100.0 * cold / total
    print("%d of %d instructions (%.2f%%) in cold parts, %d functions'"
          % (cold, total, share, len(by_part)))
    for name, cost in sorted(by_part.items(), key=lambda item: -item[1])[:10]:
        print("  %s %d" % (name, cost))
    if share > limit:
        sys.exit(1)


def command_section_pages(arguments):
    if len(arguments) < 2:
        fail("usage: script-data.py section-pages PAGES_FILE NAME...")
    wanted = set(arguments[1:])
    ranges = []
    for text in sys.stdin:
        fields = text.split()
        if (len(fields) == 3 and fields[0] in wanted and fields[1].isdigit()
                and fields[2].isdigit() and int(fields[1]) > 0):
            ranges.append((int(fields[2]), int(fields[2]) + int(fields[1])))
    if not ranges:
        fail("none of %s in the 'size -A' output on standard input"
             % " ".join(sorted(wanted)))
    with open(arguments[0]) as stream:
        pages = {int(line, 16) for line in stream if line.strip()}
    print(sum(1 for page in pages
              if any(page * 4096 < end and start < (page + 1) * 4096
                     for start, end in ranges)))


def command_tsv_select(arguments):
    if not arguments:
        fail("usage: script-data.py tsv-select FILE [--where COLUMN=VALUE]..."
             " [--unless COLUMN=VALUE]... COLUMN...")
    path, rest = arguments[0], arguments[1:]
    where = []                  # (column, value, whether it must be equal)
    wanted = []
    while rest:
        if rest[0] in ("--where", "--unless"):
            if len(rest) < 2 or "=" not in rest[1]:
                fail("%s wants COLUMN=VALUE" % rest[0])
            column, value = rest[1].split("=", 1)
            where.append((column, value, rest[0] == "--where"))
            rest = rest[2:]
        else:
            wanted.append(rest[0])
            rest = rest[1:]
    if not wanted:
        fail("tsv-select: no column to print")
    try:
        with open(path) as stream:
            rows = [text.rstrip("\n").split("\t") for text in stream]
    except OSError as error:
        fail("cannot read '%s': %s" % (path, error))
    if not rows:
        fail("'%s' is empty: no line naming its columns" % path)
    header = rows[0]
    for name in [column for column, _, _ in where] + wanted:
        if name not in header:
            fail("'%s' has no column '%s' (its columns: %s)"
                 % (path, name, " ".join(header)))
    position = {name: header.index(name) for name in header}

    def field(row, name):
        index = position[name]
        return row[index] if index < len(row) else ""

    write_lines("\t".join(field(row, name) for name in wanted)
                for row in rows[1:]
                if all((field(row, column) == value) == equal
                       for column, value, equal in where))


# ---- comparing counts ------------------------------------------------------

def read_counts(path, keep_null):
    counts = {}
    number = 0
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


def command_compare_counts(arguments):
    if len(arguments) != 3:
        fail("usage: script-data.py compare-counts EXPECTED ACTUAL LABEL")
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


# ---- generated data --------------------------------------------------------

class Xorshift:
    """Marsaglia's xorshift32: numbers that do not depend on Python's own
    generator, which may change between versions."""

    def __init__(self, seed):
        self.state = seed or 1

    def next(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def below(self, n):
        return self.next() % n


MIXED_BLOCK = 32768


def mixed_records(rng, block, count):
    # Sensor records: an id counting up, a time stepping forward, three
    # readings in a random walk, flags, a name from a short list.
    names = [b"alpha", b"bravo", b"charlie", b"delta", b"echo", b"foxtrot"]
    parts = []
    values = [rng.below(2000) - 1000 for _ in range(3)]
    time = 1700000000 + block * 977
    for index in range(count):
        time += 1 + rng.below(30)
        values = [max(-32768, min(32767, v + rng.below(41) - 20)) for v in values]
        parts.append(struct.pack("<IIhhhBB8s", block * 10000 + index, time,
                                 values[0], values[1], values[2],
                                 rng.below(4), rng.below(256) & 0x81,
                                 names[rng.below(len(names))]))
    return b"".join(parts)


def mixed_csv(rng, block, count):
    del count
    lines = []
    size = 0
    while size < MIXED_BLOCK:
        line = ("2026-%02d-%02d %02d:%02d:%02d,station-%03d,%s,%d.%02d,%d\n" % (
            1 + rng.below(12), 1 + rng.below(28), rng.below(24), rng.below(60),
            rng.below(60), rng.below(40), ("ok", "ok", "ok", "late", "fault")[rng.below(5)],
            rng.below(400) - 100, rng.below(100), block * 100 + rng.below(100))).encode()
        lines.append(line)
        size += len(line)
    return b"".join(lines)


def mixed_samples(rng, block, count):
    # A triangle wave whose period changes per block, with a little noise.
    period = 64 + block % 200
    samples = []
    for index in range(count):
        phase = index % period
        wave = (phase if phase < period // 2 else period - phase) * 20000 // period
        samples.append(wave - 5000 + rng.below(64) - 32)
    return struct.pack("<%dh" % count, *samples)


def mixed_sparse(rng, block, count):
    del block
    words = [0] * count
    for _ in range(count // 16):
        words[rng.below(count)] = rng.next()
    return struct.pack("<%dI" % count, *words)


def mixed_noise(rng, block, count):
    del block
    return struct.pack("<%dI" % count, *(rng.next() for _ in range(count)))


def command_mixed_data(arguments):
    if len(arguments) != 1 or not arguments[0].isdigit():
        fail("usage: script-data.py mixed-data BYTES")
    wanted = int(arguments[0])
    rng = Xorshift(2463534242)
    kinds = [(mixed_records, MIXED_BLOCK // 24), (mixed_csv, 0),
             (mixed_samples, MIXED_BLOCK // 2), (mixed_sparse, MIXED_BLOCK // 4),
             (mixed_records, MIXED_BLOCK // 24), (mixed_csv, 0),
             (mixed_samples, MIXED_BLOCK // 2), (mixed_noise, MIXED_BLOCK // 4)]
    written = block = 0
    out = sys.stdout.buffer
    while written < wanted:
        make, count = kinds[rng.below(len(kinds))]
        data = make(rng, block, count)[:wanted - written]
        out.write(data)
        written += len(data)
        block += 1
    out.flush()


COMMANDS = {
    "show-counts": command_show_counts,
    "show-blocks": command_show_blocks,
    "compare-counts": command_compare_counts,
    "gcov-counts": command_gcov_counts,
    "gcov-lines": command_gcov_lines,
    "size-sections": command_size_sections,
    "section-pages": command_section_pages,
    "cold-share": command_cold_share,
    "tsv-select": command_tsv_select,
    "mixed-data": command_mixed_data,
}


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        fail("usage: script-data.py %s ..." % "|".join(sorted(COMMANDS)))
    COMMANDS[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
