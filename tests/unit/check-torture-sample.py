#!/usr/bin/env python3
# check-torture-sample.py - the c-torture sample of check-real
# (scripts/torture-sample.py) with the real counts: GCC 12's 1,592
# execute tests, the 12 x86 configurations checking 1 test in SAMPLE
# (check-real.sh's default) and the 16 cross ones 1 in
# TORTURE_CROSS_SAMPLE (check-torture.sh's default), both read from the
# scripts.  Checks that:
#
# - over 128 runs with 128 different seeds (commit-like ids, and the
#   numbers 1 to 128), every test is checked in some configuration; the
#   seedless rotation that the sample replaces misses hundreds, the same
#   on every run (shown, so that this check is seen able to fail);
# - a run makes as many checks as 1 test in N per configuration gives,
#   and every configuration gets its share, 1 test in N to within one;
# - the same seed gives the same plan (a sample can be rerun);
# - the sub-samples move: the tests whose bcov and fcov builds are
#   rebuilt with their profile differ from seed to seed and from each
#   other, and every configuration, aarch64:-O2 and aarch64:-Os included,
#   gets mipdata, oracle and profile-use checks on some run, on tests
#   that change from run to run.
#
# The names of the tests are made up (the selection hashes names, so
# any 1,592 distinct names stand for the real ones).  Environment:
# MIP_SRCDIR (the source tree, default ../..).
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import hashlib
import os
import re
import sys

srcdir = os.environ.get("MIP_SRCDIR", os.path.join(os.path.dirname(
    os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(srcdir, "scripts"))
sys.dont_write_bytecode = True  # nothing written into the source tree
sample_module = __import__("torture-sample")

TESTS = 1592
RUNS = 128
failures = 0


def fail(message):
    global failures
    failures += 1
    print(f"FAIL: {message}")


def default(script, pattern):
    """The number a shell default assignment matching PATTERN gives in
    scripts/SCRIPT."""
    with open(os.path.join(srcdir, "scripts", script)) as text:
        match = re.search(pattern, text.read())
    if not match:
        sys.exit(f"FAIL: no default matching '{pattern}' in"
                 f" scripts/{script}")
    return match.group(1)


def real_configs():
    """(label, group, sample) of check-real's c-torture run."""
    sample = int(default("check-real.sh", r"SAMPLE=\$\{SAMPLE:-(\d+)\}"))
    cross_sample = int(default("check-torture.sh",
                               r"cross_sample=\$\{TORTURE_CROSS_SAMPLE:-(\d+)\}"))
    targets = default("check-torture.sh",
                      r"TORTURE_TARGETS=\$\{TORTURE_TARGETS:-([^}]*)\}").split()
    modes = default("check-torture.sh",
                    r"TORTURE_MODES=\$\{TORTURE_MODES:-([^}]*)\}").split(";")
    cross_modes = default("check-torture.sh",
                          r"TORTURE_CROSS_MODES=\$\{TORTURE_CROSS_MODES:-([^}]*)\}"
                          ).split(";")
    configs = []
    for target in targets:
        cross = target in ("aarch64", "arm", "thumb2", "thumb1")
        for mode in cross_modes if cross else modes:
            configs.append((f"{target}:{mode.replace(' ', '_')}",
                            "cross" if cross else "x86",
                            cross_sample if cross else sample))
    return configs


def old_rotation(test_number, configs):
    """The seedless rotation: test K (from 1) in configuration C (from 0)
    when (K + C) % N is 0."""
    return [label for number, (label, _, sample) in enumerate(configs)
            if (test_number + number) % sample == 0]


def main():
    configs = real_configs()
    groups = {}
    for _, group, sample in configs:
        groups.setdefault(group, [0, sample])[0] += 1
    print("configurations: " + ", ".join(
        f"{group} {count} (1 test in {sample})"
        for group, (count, sample) in groups.items()))
    if groups.get("x86", [0])[0] != 12 or groups.get("cross", [0])[0] != 16:
        fail(f"expected 12 x86 and 16 cross configurations, found {groups}")

    tests = [f"t{number:04d}" for number in range(1, TESTS + 1)]
    everies = {name: int(default("check-torture.sh",
                                 r"TORTURE_%s_EVERY=\$\{TORTURE_%s_EVERY:-(\d+)\}"
                                 % (name.upper(), name.upper())))
               for name in ("mipdata", "oracle", "use")}
    variants = ["full", "bcov", "fcov"]
    seed_sets = {
        "commit ids": [hashlib.sha1(f"commit {run}".encode()).hexdigest()
                       for run in range(RUNS)],
        "numbers 1-128": [str(run) for run in range(1, RUNS + 1)],
    }

    # The rotation replaced: its checks per run and the tests it never
    # reaches, on any run.
    old_checks = 0
    old_never = 0
    for number, test in enumerate(tests, 1):
        checked = old_rotation(number, configs)
        old_checks += len(checked)
        old_never += not checked
    print(f"seedless rotation: {old_checks} checks per run, {old_never} of"
          f" {TESTS} tests never checked, whatever the run")
    if old_never == 0:
        fail("the seedless rotation reaches every test: this check could"
             " not tell it from the seeded sample")

    for name, seeds in seed_sets.items():
        plans = {seed: list(sample_module.plan(seed, tests, configs, everies,
                                               variants))
                 for seed in seeds}
        reached = set()
        checks = []
        for seed, run in plans.items():
            reached.update(test for test, _, _ in run)
            checks.append(len(run))
            # Every configuration gets about its share: 1 test in N.
            for label, _, sample in configs:
                count = sum(1 for _, other, _ in run if other == label)
                if count not in (TESTS // sample, -(-TESTS // sample)):
                    fail(f"seed {seed}: {label} checks {count} tests,"
                         f" expected {TESTS / sample:.1f}")
        never = TESTS - len(reached)
        once = [TESTS - len({test for test, _, _ in run})
                for run in plans.values()]
        print(f"{name}: {RUNS} runs check {min(checks)} to {max(checks)}"
              f" tests x configurations each; one run leaves"
              f" {min(once)} to {max(once)} tests unchecked; over the"
              f" {RUNS} runs {never} of {TESTS} tests are never checked")
        if never:
            fail(f"{name}: {never} tests never checked over {RUNS} seeds:"
                 f" {sorted(set(tests) - reached)[:10]}")
        # As many checks as 1 test in N per configuration gives: the
        # rotation's count, or up to one more per configuration where N
        # does not divide the number of tests.
        low = sum(TESTS // sample for _, _, sample in configs)
        high = sum(-(-TESTS // sample) for _, _, sample in configs)
        for count in checks:
            if not low <= count <= high:
                fail(f"{name}: a run makes {count} checks, not {low} to"
                     f" {high} (the rotation: {old_checks})")

        # The same seed, the same plan.
        seed = seeds[0]
        if list(sample_module.plan(seed, tests, configs, everies,
                                   variants)) != plans[seed]:
            fail(f"seed {seed}: two plans differ")

        # The sub-samples move from run to run.
        def subsample(run, extra, label=None):
            return frozenset((test, where) for test, where, chosen in run
                             if extra in chosen
                             and (label is None or where == label))

        for extra in ("use-bcov", "use-fcov"):
            sets = {subsample(run, extra) for run in plans.values()}
            if len(sets) < RUNS:
                fail(f"{name}: the {extra} sub-sample repeats across"
                     f" {RUNS} seeds ({len(sets)} different)")
        same = sum(1 for run in plans.values()
                   if subsample(run, "use-bcov") == subsample(run, "use-fcov"))
        if same:
            fail(f"{name}: use-bcov and use-fcov pick the same tests in"
                 f" {same} runs")
        for label, _, _ in configs:
            for extra in ("mipdata", "oracle", "use-full", "use-bcov",
                          "use-fcov"):
                sets = [subsample(run, extra, label)
                        for run in plans.values()]
                if not any(sets):
                    fail(f"{name}: {label} gets no {extra} check in"
                         f" {RUNS} runs")
                elif len(set(sets)) < 2:
                    fail(f"{name}: {label}'s {extra} checks are the same"
                         f" tests in every run")
        for label in ("aarch64:-O2", "aarch64:-Os"):
            runs = sum(1 for run in plans.values()
                       if subsample(run, "mipdata", label))
            print(f"{name}: {label} gets mipdata checks in {runs} of"
                  f" {RUNS} runs")

    print("PASS" if failures == 0 else f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
