/* A profile whose block that ran (6, the return) the entry reaches only
   through blocks shown never run, by two ways: the x > 1000 arm (2, one
   block) and the other arm (3, 4 and 5: the two calls and what follows
   them).  Real profiles show such blocks (a copy made by block
   reordering runs under no block number, see use-yaml-block-path.c).
   Only the way that crosses the fewest never-run blocks is taken for
   the way control went: block 2 stays unknown, while 3, 4 and 5 keep
   their zero and go to the cold part, whose code then calls printf.
   Clearing every way (as the plugin once did) left yaml_check whole.
   Block ids as GCC numbers the blocks before hot/cold partitioning:
   1 the test, 2 the x > 1000 arm, 3 the first call, 4 the second, 5
   what follows, 6 the return.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O2 -freorder-blocks-and-partition" } */

#include <stdio.h>

__attribute__ ((noipa)) int yaml_check (int x) {
  int y;
  if (x > 1000)
    y = x * 3;
  else
    {
      printf ("small %d\n", x);
      if (x == 7)
	printf ("seven\n");
      y = x - 5;
    }
  return y + 1;
}

int main (int argc, char **argv) {
  (void) argv;
  printf ("%d\n", yaml_check (argc));
  return 0;
}

/* { dg-final { mip-check-use-yaml -split {yaml_check} -cold-calls {yaml_check printf} -order {main yaml_check} } } */
