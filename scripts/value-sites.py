#!/usr/bin/env python3
# value-sites.py - the value sites of a profile, one per statement, for
# the testsuite (testsuite/lib/mip-use.exp, mip-check-use-value-sites).
#
#   value-sites.py FILE      (FILE: what mipdata show -p PROFILE --json
#                             printed; - or none: standard input)
#       One line per value site: "FUNCTION OPERATION VALUE COUNT
#       RECORDS", its records (one per copy GCC made of the statement)
#       added as a Misra-Gries summary with one counter adds, and how
#       many there were, sorted by function and site.  OPERATION is the
#       first word of mipdata's name ("memcpy" for "memcpy size").  No
#       "value_sites" array, or an empty one, is an error: a comparison
#       of nothing proves nothing.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import sys


def add(summary, value, count):
    """Add a summary (VALUE, COUNT) of other values to SUMMARY."""
    mine, mine_count = summary
    if count == 0:
        return summary
    if mine_count == 0 or mine == value:
        return (value, mine_count + count)
    if mine_count >= count:
        return (mine, mine_count - count)
    return (value, count - mine_count)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "-"
    with (open(path) if path != "-" else sys.stdin) as stream:
        profile = json.load(stream)
    records = profile.get("value_sites")
    if not records:
        sys.exit("value-sites.py: the profile has no value sites")
    sites = {}
    for record in records:
        key = (record["function"], record["site"],
               record["operation"].split()[0])
        summary, n = sites.get(key, ((0, 0), 0))
        sites[key] = (add(summary, record["value"], record["count"]), n + 1)
    for (function, site, operation), ((value, count), n) in sorted(
            sites.items()):
        print(function, operation, value, count, n)


if __name__ == "__main__":
    main()
