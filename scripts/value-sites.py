#!/usr/bin/env python3
# value-sites.py - the value sites of a profile, one per statement, for
# the testsuite (testsuite/lib/mip-use.exp, mip-check-use-value-sites).
#
#   value-sites.py FILE      (FILE: what mipdata show -p PROFILE --json
#                             printed; - or none: standard input)
#       One line per value site: "FUNCTION OPERATION VALUE COUNT
#       RECORDS CALLS SUM": the values of its records (one per copy GCC made of
#       the statement) added, equal values' counts summed, the value
#       with the largest count (ties: the smaller value) and that count
#       (0 0 when the records have none), as the plugin picks it, and
#       how many records there were, then the calls and the sum of the
#       sizes over the records, sorted by function and site.
#       OPERATION is the first word of mipdata's name ("memcpy" for
#       "memcpy size").  No "value_sites" array, or an empty one, is an
#       error: a comparison of nothing proves nothing.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import sys


def add(totals, values):
    """Add the pairs VALUES ({"value": V, "count": C}, ...) to TOTALS."""
    for pair in values:
        totals[pair["value"]] = totals.get(pair["value"], 0) + pair["count"]


def largest(totals):
    """The (value, count) of TOTALS with the largest count, of equal
    counts the smaller value; (0, 0) when empty."""
    if not totals:
        return (0, 0)
    return min(totals.items(), key=lambda item: (-item[1], item[0]))


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
        totals, n, calls, size_sum = sites.get(key, ({}, 0, 0, 0))
        add(totals, record["values"])
        sites[key] = (totals, n + 1, calls + record["calls"],
                      size_sum + record["size_sum"])
    for (function, site, operation), (totals, n, calls, size_sum) in sorted(
            sites.items()):
        value, count = largest(totals)
        print(function, operation, value, count, n, calls, size_sum)


if __name__ == "__main__":
    main()
