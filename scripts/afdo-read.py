#!/usr/bin/env python3
# afdo-read.py - read GCC's AutoFDO profile files (the gcov encoding of
# gcc -fauto-profile, versions 1 to 3) independently of mipdata, for the
# testsuite (testsuite/lib/mip-afdo.exp).
#
#   afdo-read.py show FILE
#       The profile as JSON: the version, and each top-level function's
#       name, head count and instance (positions: offset -> count,
#       callsites: "offset name" -> instance, and where an indirect call
#       has a value profile, targets: offset -> callee -> calls), names
#       resolved through the string table.
#
#   afdo-read.py same FILE OTHER
#       Exits 0 when both files hold the same functions, head counts,
#       positions and callsites, whatever their versions; else prints
#       the first difference and exits 1.  A version 3 file's summary
#       must agree with its counts (total, largest count, largest head,
#       number of counts and functions; each cutoff's least count and
#       number of counts: the most counted positions that reach that
#       part of the total).  A file holding no function is an error: a
#       comparison of nothing proves nothing.
#
#   afdo-read.py timestamps FILE NAME=T...
#       Exits 0 when the version 3 FILE's top-level functions are
#       exactly the NAMEs, each with timestamp T (0: none); else prints
#       what differs and exits 1.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import struct
import sys

MAGIC = 0x67636461
TAG_SUMMARY = 0xa8000000
TAG_NAMES = 0xaa000000
TAG_FUNCTION = 0xac000000
TAG_MODULES = 0xae000000
TAG_WORKING_SET = 0xaf000000
NO_FILE = 0xffffffff
HIST_INDIRECT_CALL = 7


class Malformed(Exception):
    pass


class Reader:
    def __init__(self, data, path):
        self.data, self.at, self.path = data, 0, path

    def word(self):
        if self.at + 4 > len(self.data):
            raise Malformed(f"{self.path}: ends at byte {self.at}, inside a word")
        value = struct.unpack_from("<I", self.data, self.at)[0]
        self.at += 4
        return value

    def counter(self):
        low = self.word()
        return low | self.word() << 32

    def string(self, version):
        length = self.word()
        size = length if version >= 2 else 4 * length
        if self.at + size > len(self.data):
            raise Malformed(f"{self.path}: a string of {size} bytes at byte"
                            f" {self.at} runs past the end")
        text = self.data[self.at:self.at + size].split(b"\0", 1)[0]
        self.at += size
        return text.decode()

    def expect(self, tag, what):
        found = self.word()
        if found != tag:
            raise Malformed(f"{self.path}: {what}: tag {found:#x} at byte"
                            f" {self.at - 4}, expected {tag:#x}")


def read_instance(reader, names, counts):
    index = reader.word()
    if index >= len(names):
        raise Malformed(f"{reader.path}: name index {index} of"
                        f" {len(names)} names")
    positions, callsites, targets = {}, {}, {}
    position_count, callsite_count = reader.word(), reader.word()
    for _ in range(position_count):
        offset, target_count = reader.word(), reader.word()
        count = reader.counter()
        key = f"{offset >> 16}.{offset & 0xffff}"
        for _ in range(target_count):
            kind = reader.word()
            if kind != HIST_INDIRECT_CALL:
                raise Malformed(f"{reader.path}: a target of kind {kind},"
                                f" expected {HIST_INDIRECT_CALL}")
            target = reader.counter()
            if target >= len(names):
                raise Malformed(f"{reader.path}: target name index {target}"
                                f" of {len(names)} names")
            calls = reader.counter()
            targets.setdefault(key, {})[names[target]] = calls
        positions[key] = count
        counts.append(count)
    for _ in range(callsite_count):
        offset = reader.word()
        callee = read_instance(reader, names, counts)
        callsites[f"{offset >> 16}.{offset & 0xffff} {callee['name']}"] = callee
    instance = {"name": names[index], "positions": positions,
                "callsites": callsites}
    if targets:
        instance["targets"] = targets
    return instance


def read_summary(reader):
    reader.expect(TAG_SUMMARY, "summary")
    summary = {name: reader.counter() for name in
               ("total", "max_count", "max_head", "counts", "functions")}
    cutoffs = []
    for _ in range(reader.counter()):
        cutoff = reader.word()
        cutoffs.append((cutoff, reader.counter(), reader.counter()))
    summary["cutoffs"] = cutoffs
    return summary


def read_profile(path):
    with open(path, "rb") as stream:
        reader = Reader(stream.read(), path)
    if reader.word() != MAGIC:
        raise Malformed(f"{path}: not an AutoFDO profile (magic)")
    version = reader.word()
    if version not in (1, 2, 3):
        raise Malformed(f"{path}: version {version}")
    reader.word()
    summary = read_summary(reader) if version >= 3 else None
    reader.expect(TAG_NAMES, "string table")
    reader.word()
    if version >= 3:
        files = [reader.string(version) for _ in range(reader.word())]
    names = []
    for _ in range(reader.word()):
        names.append(reader.string(version))
        if version >= 3:
            file_index = reader.word()
            if file_index != NO_FILE and file_index >= len(files):
                raise Malformed(f"{path}: file index {file_index} of"
                                f" {len(files)} files")
    reader.expect(TAG_FUNCTION, "function profile")
    reader.word()
    functions, counts, heads, timestamps = [], [], [], {}
    for _ in range(reader.word()):
        head = reader.counter()
        timestamp = reader.counter() if version >= 3 else None
        instance = read_instance(reader, names, counts)
        if version >= 3 and instance["name"] == names[0]:
            raise Malformed(f"{path}: a function uses name index 0,"
                            " which GCC 16 refuses")
        instance["head"] = head
        heads.append(head)
        timestamps[instance["name"]] = timestamp
        functions.append(instance)
    reader.expect(TAG_MODULES, "module grouping")
    return {"version": version, "functions": functions,
            "summary": summary, "counts": counts, "heads": heads,
            "timestamps": timestamps}


def timestamp_problems(profile, expected):
    """How PROFILE's timestamps differ from EXPECTED (name -> T)."""
    if profile["version"] < 3:
        return [f"version {profile['version']} has no timestamps"]
    if not expected:
        return ["no timestamp expected: a comparison of nothing"]
    found = profile["timestamps"]
    problems = [f"{name}: timestamp {found[name]}, expected {value}"
                for name, value in sorted(expected.items())
                if name in found and found[name] != value]
    problems += [f"{name}: not a top-level function"
                 for name in sorted(expected) if name not in found]
    problems += [f"{name}: timestamp {found[name]}, not expected"
                 for name in sorted(found) if name not in expected]
    return problems


def summary_problems(profile):
    """What a version 3 summary says that its counts do not."""
    summary, counts = profile["summary"], sorted(profile["counts"],
                                                 reverse=True)
    total = sum(counts)
    wanted = {"total": total, "max_count": counts[0] if counts else 0,
              "max_head": max(profile["heads"], default=0),
              "counts": len(counts), "functions": len(profile["functions"])}
    problems = [f"summary {name} {summary[name]}, counts give {value}"
                for name, value in wanted.items() if summary[name] != value]
    last = -1
    for cutoff, least, number in summary["cutoffs"]:
        if cutoff <= last or cutoff > 1000000:
            problems.append(f"cutoff {cutoff} out of order")
        last = cutoff
        share = total // 1000000 * cutoff + total % 1000000 * cutoff // 1000000
        taken, reached = 0, 0
        while taken < len(counts) and reached < share:
            reached += counts[taken]
            taken += 1
        if (number, least) != (taken, counts[taken - 1] if taken else 0):
            problems.append(f"cutoff {cutoff}: {number} counts, least {least};"
                            f" the counts give {taken}, least"
                            f" {counts[taken - 1] if taken else 0}")
    if len(summary["cutoffs"]) != 16:
        problems.append(f"{len(summary['cutoffs'])} cutoffs, GCC 16 reads 16")
    return problems


def main():
    try:
        if len(sys.argv) == 3 and sys.argv[1] == "show":
            profile = read_profile(sys.argv[2])
            json.dump({"version": profile["version"],
                       "functions": profile["functions"]},
                      sys.stdout, indent=1, sort_keys=True)
            print()
            return 0
        if len(sys.argv) == 4 and sys.argv[1] == "same":
            one, other = (read_profile(path) for path in sys.argv[2:])
            for profile, path in ((one, sys.argv[2]), (other, sys.argv[3])):
                if not profile["functions"]:
                    print(f"{path}: no function: a comparison of nothing")
                    return 1
                if profile["summary"] is not None:
                    for problem in summary_problems(profile):
                        print(f"{path}: {problem}")
                        return 1
            if one["functions"] != other["functions"]:
                for a, b in zip(one["functions"], other["functions"]):
                    if a != b:
                        print(f"function {a['name']} differs from"
                              f" {b['name']}")
                        break
                else:
                    print(f"{len(one['functions'])} functions against"
                          f" {len(other['functions'])}")
                return 1
            print(f"same profile: {len(one['functions'])} functions,"
                  f" {len(one['counts'])} counts (versions"
                  f" {one['version']} and {other['version']})")
            return 0
        if len(sys.argv) >= 3 and sys.argv[1] == "timestamps":
            expected = {}
            for word in sys.argv[3:]:
                name, _, value = word.partition("=")
                if not value.isdigit():
                    print(f"{word}: want NAME=T", file=sys.stderr)
                    return 2
                expected[name] = int(value)
            profile = read_profile(sys.argv[2])
            problems = timestamp_problems(profile, expected)
            for problem in problems:
                print(f"{sys.argv[2]}: {problem}")
            if problems:
                return 1
            print(f"timestamps as expected: {len(expected)} functions")
            return 0
    except (OSError, Malformed) as error:
        print(error)
        return 1
    print("usage: afdo-read.py show FILE | same FILE OTHER"
          " | timestamps FILE NAME=T...", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
