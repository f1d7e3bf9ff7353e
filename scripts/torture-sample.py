#!/usr/bin/env python3
# torture-sample.py - which c-torture tests check-torture.sh checks in
# which configuration, and which of those get the extra checks (mipdata,
# the inference oracle, profile use), drawn from a seed.
#
# Usage: torture-sample.py plan --seed SEED --configs FILE --tests FILE
#            [--mipdata-every N] [--oracle-every N] [--use-every N]
#            [--variants "full bcov fcov"]
#
# FILE of --configs: one configuration a line, "LABEL GROUP SAMPLE" in
# check-torture.sh's order (x86-64:-O0 x86 24); FILE of --tests: one
# test name a line (20000112-1).  Prints one line per test and
# configuration that it checks: "TEST<TAB>LABEL<TAB>EXTRAS", EXTRAS the
# space-separated extra checks picked there (mipdata, oracle,
# use-VARIANT), or "-".
#
# The selection, in checked_configs and picked below: within a group of
# configurations that share a sample N (the x86 ones, the cross ones),
# the tests are shuffled by a hash of the seed, the test's name and the
# group, then dealt out in turn: the test at rank R is checked in the
# group's configurations numbered (from 0) R % N, R % N + N, ...  So
# every configuration sees 1 test in N (to within one test), every test
# is checked in 1 configuration in N, and a run makes as many checks as
# the rotation this replaces, (test number + configuration number) % N.
# That rotation had no seed: with N larger than the group, the tests
# whose turn fell past the group's end were never checked, on any run
# (604 of GCC 12's 1,592 with check-real's SAMPLE=24).  Shuffled with a
# seed that changes from run to run, a test is missed by one run with
# probability 1 - G/N per group of G configurations, by 128 runs almost
# never (tests/unit/check-torture-sample.py checks it for the real
# counts).  The plan is made for all the tests of the directory, so
# that the same seed with a filter checks a test where it did without.
# The extra checks are picked by a hash of the seed, the test, the
# configuration and the purpose, so that they too move from run to run.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import hashlib
import sys


def draw(seed, *words):
    """A 64-bit number drawn from the seed and WORDS (a stable hash)."""
    text = "\0".join((str(seed),) + words).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(),
                          "little")


def checked_configs(seed, tests, configs):
    """For each of TESTS (all of the run's, filtered or not), the labels
    of CONFIGS, a list of (label, group, sample) in order, in which it is
    checked under SEED."""
    groups = {}
    for label, group, sample in configs:
        groups.setdefault(group, (sample, []))[1].append(label)
    chosen = {test: [] for test in tests}
    for group, (sample, labels) in groups.items():
        shuffled = sorted(tests, key=lambda test: (draw(seed, test, group),
                                                   test))
        for rank, test in enumerate(shuffled):
            chosen[test] += labels[rank % sample::sample]
    return chosen


def picked(seed, test, label, purpose, every):
    """Whether TEST, checked in configuration LABEL, is among the 1 in
    EVERY that get the extra check PURPOSE (0: never)."""
    return every > 0 and draw(seed, test, label, purpose) % every == 0


def extras(seed, test, label, everies, variants):
    """The extra checks picked for TEST in LABEL, in the order
    torture-test.sh runs them."""
    chosen = []
    if picked(seed, test, label, "mipdata", everies["mipdata"]):
        chosen.append("mipdata")
    for variant in variants:
        if picked(seed, test, label, "use-" + variant, everies["use"]):
            chosen.append("use-" + variant)
    if picked(seed, test, label, "oracle", everies["oracle"]):
        chosen.append("oracle")
    return chosen


def plan(seed, tests, configs, everies, variants):
    """(test, label, extras) for every check of the run."""
    chosen = checked_configs(seed, tests, configs)
    for test in tests:
        for label in chosen[test]:
            yield test, label, extras(seed, test, label, everies, variants)


def read_configs(path):
    configs = []
    with open(path) as lines:
        for line in lines:
            if not line.strip():
                continue
            label, group, sample = line.split()
            if int(sample) < 1:
                sys.exit(f"torture-sample: '{path}': sample {sample} of"
                         f" {label} is not a positive number")
            configs.append((label, group, int(sample)))
    return configs


def main(argv):
    parser = argparse.ArgumentParser(prog="torture-sample.py")
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("plan")
    command.add_argument("--seed", required=True)
    command.add_argument("--configs", required=True)
    command.add_argument("--tests", required=True)
    command.add_argument("--mipdata-every", type=int, default=0)
    command.add_argument("--oracle-every", type=int, default=0)
    command.add_argument("--use-every", type=int, default=0)
    command.add_argument("--variants", default="full bcov fcov")
    arguments = parser.parse_args(argv)
    configs = read_configs(arguments.configs)
    with open(arguments.tests) as lines:
        tests = [line.strip() for line in lines if line.strip()]
    everies = {"mipdata": arguments.mipdata_every,
               "oracle": arguments.oracle_every,
               "use": arguments.use_every}
    for test, label, chosen in plan(arguments.seed, tests, configs, everies,
                                    arguments.variants.split()):
        print(f"{test}\t{label}\t{' '.join(chosen) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
