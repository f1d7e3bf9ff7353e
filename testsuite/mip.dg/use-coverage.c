/* -fplugin-arg-mip-use with a profile of function coverage, which says
   which functions ran but not how often: the never-run functions go to
   .text.unlikely, but GCC still optimises them as it would without a
   profile (for speed), so that a workload that runs them is not slowed
   down; -fplugin-arg-mip-use-cold-never-run makes them cold
   (mip-check-use -kept in lib/mip-use.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-mip-generate=function-coverage" } */

#include <stdio.h>

__attribute__ ((noipa)) int never_deeper (int x) {
  return x * 11 + 4;
}

__attribute__ ((noipa)) int never_here (int x) {
  return never_deeper (x) * 9 - 2;
}

__attribute__ ((noipa)) int ran (int x) {
  return x + 3;
}

int main (int argc, char **argv) {
  (void) argv;
  int v = ran (argc);
  if (argc > 10)
    v = never_here (v);
  printf ("%d\n", v);
  return 0;
}

/* { dg-final { mip-check-use -unlikely {never_here never_deeper} -kept {never_here never_deeper} -order {main ran} } } */
