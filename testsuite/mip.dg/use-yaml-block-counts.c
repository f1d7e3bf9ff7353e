/* A profile of the block-count mode says how often each block ran, and
   MIP use gives GCC's passes after hot/cold partitioning those counts:
   here the arm that calls yaml_b ran 85 times of 100 although
   __builtin_expect calls the other arm likely, so block reordering makes
   yaml_b's arm the fall-through and yaml_a's the branch: yaml_b's call
   comes first in yaml_pick.  With only whether each block ran (as MIP
   use once read every profile), GCC kept its estimate and yaml_a's call
   came first.  Block ids as GCC numbers the blocks before hot/cold
   partitioning: 1 the test, 2 yaml_a's arm, 3 yaml_b's.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O2 -freorder-blocks-and-partition" } */

#include <stdio.h>

__attribute__ ((noinline)) int yaml_a (int x) {
  return printf ("a %d\n", x);
}

__attribute__ ((noinline)) int yaml_b (int x) {
  return printf ("b %d\n", x);
}

__attribute__ ((noipa)) int yaml_pick (int x) {
  int r;
  if (__builtin_expect (x > 5, 1))
    r = yaml_a (x);
  else
    r = yaml_b (x);
  return r + 1;
}

int main (int argc, char **argv) {
  int sum = 0;
  (void) argv;
  for (int i = 0; i < 100; i++)
    sum += yaml_pick (i % 7 == 0 ? 9 : argc);
  printf ("%d\n", sum);
  return 0;
}

/* { dg-final { mip-check-use-yaml -call-order {yaml_pick yaml_b yaml_a} -order {main yaml_pick} } } */
