#!/usr/bin/env python3
# check-firmware.py - the checks of the firmware example's runs (make
# check): reads what run-firmware.sh left in each build's directory and
# compares.
#
# Usage: check-firmware.py [--sizes SIZES] BOARD:MODE:DIR...
#
# For each build: the firmware ran under qemu, exited with status 0 and
# printed its own call counts ("mip-firmware: calls NAME N").  Unless
# MODE is plain: the debugger's run stopped at mip_firmware_done and
# dumped the records; mipdata made a profile from (a) the raw profile
# the firmware saved and from (b) the debugger's section dump; the two
# are identical; handle_sensor_fault, never called, is not covered; the
# functions the firmware called are covered; in the block modes,
# filter_sample has a block never run (its branch not taken) besides
# those that ran; in the full mode each call count equals the
# firmware's own.  SIZES is arm-linux-gnueabi-size's output for the
# builds: the flash and RAM of each build is printed.
#
# Prints PASS or FAIL per check (a failure with the command to rerun)
# and "firmware: N passed, N failed"; exits with 1 on any failure.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import json
import os
import re
import struct
import sys

NEVER_CALLED = "handle_sensor_fault"
BRANCHY = "filter_sample"
BLOCK_MODES = ("block-coverage", "full")


class Results:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, label, why="", rerun=None, output=None):
        if ok:
            self.passed += 1
            print(f"PASS: firmware: {label}")
            return True
        self.failed += 1
        print(f"FAIL: firmware: {label}" + (f": {why}" if why else ""))
        if rerun:
            print(f"  rerun: {rerun}")
        if output:
            for line in output.rstrip().splitlines()[-15:]:
                line = line.rstrip("\r")
                print(f"  | {line}")
        return False


def read_text(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def read_steps(directory):
    """STEP -> (status, command) from steps.tsv."""
    steps = {}
    for line in read_text(os.path.join(directory, "steps.tsv")).splitlines():
        name, status, command = line.split("\t", 2)
        steps[name] = (int(status), command)
    return steps


def firmware_counts(output):
    """The firmware's own call counts, NAME -> N, from its console."""
    return {m.group(1): int(m.group(2))
            for m in re.finditer(r"^mip-firmware: calls (\w+) (\d+)\r?$",
                                 output, re.M)}


def step_ok(results, steps, directory, label, names):
    """Check that the steps NAMES ran and succeeded."""
    for name in names:
        if name not in steps:
            return results.check(False, label, f"step {name} did not run")
        status, command = steps[name]
        if status != 0:
            stem = {"run-a": "run.out", "run-b-qemu": "probe/run.out",
                    "run-b-gdb": "probe/gdb.out"}.get(name, f"{name}.out")
            if name.startswith("show-"):
                stem = name[-1] + ".json"
            output = (read_text(os.path.join(directory, stem))
                      + read_text(os.path.join(directory, stem + ".err")))
            return results.check(False, label,
                                 f"{name} exited with status {status}",
                                 command, output)
    return results.check(True, label)


def load_profile(directory, name):
    try:
        with open(os.path.join(directory, name), encoding="utf-8") as f:
            profile = json.load(f)
    except (OSError, ValueError):
        return None
    profile.pop("profile", None)       # the file's own name
    return profile


def check_profiles(results, board, mode, directory, counts):
    tag = f"{board} {mode}"
    a = load_profile(directory, "a.json")
    b = load_profile(directory, "b.json")
    if a is None or b is None:
        results.check(False, f"{tag}: profiles to compare",
                      "a.json or b.json is missing or not JSON")
        return
    results.check(a == b, f"{tag}: (a) semihosting and (b) debugger give"
                  " the same profile",
                  "they differ: compare a.json and b.json in " + directory)

    functions = {f["name"]: f for f in a.get("functions", [])}
    never = functions.get(NEVER_CALLED)
    results.check(never is not None and not never["covered"]
                  and all(not block["covered"]
                          for block in never.get("blocks", []))
                  and not never.get("call_count"),
                  f"{tag}: {NEVER_CALLED} (never called) is not covered",
                  f"the profile says {never}")

    called = sorted(name for name, n in counts.items() if n > 0) + ["main"]
    uncovered = [name for name in called
                 if name not in functions or not functions[name]["covered"]]
    results.check(not uncovered,
                  f"{tag}: the {len(called)} functions called are covered",
                  f"not covered: {' '.join(uncovered)}")

    if mode in BLOCK_MODES:
        blocks = functions.get(BRANCHY, {}).get("blocks", [])
        run = sum(1 for block in blocks if block["covered"])
        results.check(0 < run < len(blocks),
                      f"{tag}: {BRANCHY}: {run} of {len(blocks)} blocks run"
                      " (the fault branch never taken)",
                      "expected some blocks run and some not")

    if mode == "full":
        wrong = [f"{name}: profile {functions.get(name, {}).get('call_count')}"
                 f", firmware {n}"
                 for name, n in sorted(counts.items())
                 if functions.get(name, {}).get("call_count") != n]
        if functions.get("main", {}).get("call_count") != 1:
            wrong.append("main: called once, profile "
                         f"{functions.get('main', {}).get('call_count')}")
        results.check(not wrong, f"{tag}: call counts equal the firmware's"
                      f" own ({len(counts)} functions and main)",
                      "; ".join(wrong))


def check_build(results, board, mode, directory):
    tag = f"{board} {mode}"
    steps = read_steps(directory)
    if not steps:
        results.check(False, f"{tag}: runs",
                      f"no steps.tsv in {directory}")
        return
    output = read_text(os.path.join(directory, "run.out"))
    step_ok(results, steps, directory,
            f"{tag}: runs under qemu, exit status 0", ["run-a"])
    counts = firmware_counts(output)
    results.check(NEVER_CALLED in counts and len(counts) >= 2,
                  f"{tag}: the firmware reports its own call counts",
                  "no 'mip-firmware: calls' lines", None, output)
    if mode == "plain":
        return
    dumped = step_ok(results, steps, directory,
                     f"{tag}: GDB stops at mip_firmware_done and dumps"
                     " the records", ["run-b-qemu", "run-b-gdb"])
    if dumped:
        results.check(os.path.isfile(os.path.join(
            directory, "probe", "mip-raw-section.bin")),
                      f"{tag}: the section dump exists")
    made_a = step_ok(results, steps, directory,
                     f"{tag}: profile (a) from the saved raw profile",
                     ["create-a", "merge-a", "show-a"])
    made_b = step_ok(results, steps, directory,
                     f"{tag}: profile (b) from the section dump"
                     " (mipdata merge --section-dump)",
                     ["create-b", "merge-b", "show-b"])
    if made_a and made_b:
        check_profiles(results, board, mode, directory, counts)


def section_size(path, wanted):
    """The size of section WANTED of the ELF32 file PATH, or None."""
    try:
        with open(path, "rb") as f:
            data = f.read()
        (shoff,) = struct.unpack_from("<I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x2e)
        def header(i):
            return struct.unpack_from("<IIIIII", data, shoff + i * shentsize)
        names = header(shstrndx)[4]
        for i in range(shnum):
            name, _, _, _, _, size = header(i)
            end = data.index(b"\0", names + name)
            if data[names + name:end].decode() == wanted:
                return size
    except (OSError, struct.error, ValueError):
        return None
    return None


def print_sizes(path):
    """Flash (text + data) and RAM (data + bss) of each build, from the
    Berkeley output of size, and the records' share."""
    rows = []
    for line in read_text(path).splitlines()[1:]:
        fields = line.split()
        if len(fields) != 6:
            continue
        text, data, bss = (int(x) for x in fields[:3])
        parts = fields[5].split("/")
        board, mode = parts[-3], parts[-2]
        records = section_size(fields[5], "__mip_raw") or 0
        rows.append((board, mode, text + data, data + bss, records))
    if not rows:
        return
    print("firmware sizes (bytes; flash = .text + .data, RAM = .data + .bss,"
          " records = __mip_raw, in both):")
    print(f"  {'board':<12} {'mode':<18} {'flash':>6} {'RAM':>6}"
          f" {'records':>7}")
    for board, mode, flash, ram, records in rows:
        print(f"  {board:<12} {mode:<18} {flash:>6} {ram:>6} {records:>7}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes")
    parser.add_argument("builds", nargs="+", metavar="BOARD:MODE:DIR")
    args = parser.parse_args()
    results = Results()
    for build in args.builds:
        board, mode, directory = build.split(":", 2)
        check_build(results, board, mode, directory)
    if args.sizes:
        print_sizes(args.sizes)
    print(f"firmware: {results.passed} passed, {results.failed} failed")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
