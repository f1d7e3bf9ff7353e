#!/usr/bin/env python3
# compare-configure.py - a configure script's output with MIP's specs
# files in CFLAGS against its output without: they must say the same,
# line for line, apart from lines that show the compiler's flags (those
# must be the same once the given flags are taken out).
#
# Usage: compare-configure.py PLAIN-OUTPUT MIP-OUTPUT FLAG...
# Prints each difference as the two lines, then one summary line
# ("compare-configure: N lines, identical" or "... apart from N lines
# that show the flags" or "... N lines differ"); exits 1 when some line
# differs, 2 when a file cannot be read.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import difflib
import sys


def without_flags(line, flags):
    for flag in flags:
        line = line.replace(flag, '')
    return ' '.join(line.split())


def main(argv):
    if len(argv) < 2:
        print('usage: compare-configure.py PLAIN-OUTPUT MIP-OUTPUT FLAG...', file=sys.stderr)
        return 2
    try:
        with open(argv[0], encoding='utf-8', errors='replace') as plain_file:
            plain = plain_file.read().splitlines()
        with open(argv[1], encoding='utf-8', errors='replace') as mip_file:
            mip = mip_file.read().splitlines()
    except OSError as error:
        print(f"compare-configure: cannot read '{error.filename}': {error.strerror}", file=sys.stderr)
        return 2
    flags = [flag for flag in argv[2:] if flag]
    differing, flag_lines = 0, 0
    matcher = difflib.SequenceMatcher(None, plain, mip, autojunk=False)
    for tag, plain_begin, plain_end, mip_begin, mip_end in matcher.get_opcodes():
        if tag == 'equal':
            continue
        plain_part = plain[plain_begin:plain_end]
        mip_part = mip[mip_begin:mip_end]
        if tag == 'replace' and len(plain_part) == len(mip_part) \
                and all(without_flags(a, flags) == without_flags(b, flags)
                        for a, b in zip(plain_part, mip_part)):
            flag_lines += len(plain_part)
            continue
        differing += max(len(plain_part), len(mip_part))
        for line in plain_part:
            print(f'  plain: {line}')
        for line in mip_part:
            print(f'  MIP:   {line}')
    if differing:
        print(f'compare-configure: {len(plain)} lines without MIP, {differing} lines differ')
        return 1
    if flag_lines:
        print(f'compare-configure: {len(plain)} lines, identical apart from {flag_lines} lines that show the flags')
    else:
        print(f'compare-configure: {len(plain)} lines, identical')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
