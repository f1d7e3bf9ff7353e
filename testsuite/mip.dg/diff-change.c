/* mipdata diff on a change: the test is built as it was before the
   change (without the lines marked "change: add" and "change: insert")
   and after it (without the line marked "change: delete"), each run
   once; the report against the baseline names the new lines that did
   not run (marked UNC), the deleted line, and fails its gate.  Run
   again to take the branch, the lines marked UNC gain coverage but the
   one marked UBC too, which stays not run (see mip-check-diff-change
   in lib/mip-report.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do assemble } */
/* { dg-options "-O0 -fplugin-arg-mip-generate=block-coverage" } */

#include <stdio.h>

static int scale (int x) {
  return x * 2;
}

/* change: add */
static int rarely (int x) { /* UNC */
  if (x > 10) /* UNC */
    return x - 10; /* UNC */
  return x; /* UNC UBC */
} /* UNC */

/* end of change */
int main (int argc, char **argv) {
  int v = scale (argc);
  (void) argv;
  if (argc > 3)
    v += 100; /* change: delete */
    v += rarely (100); /* change: insert UNC */
  printf ("%d\n", v);
  return 0;
}

/* { dg-final { mip-check-diff-change } } */
