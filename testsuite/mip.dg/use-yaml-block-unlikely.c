/* A block that ran and calls a cold function (yaml_warn), which GCC
   alone takes for never executed: determine_unlikely_bbs gives the
   block a count of zero and the edge into it the probability "never".
   The profile says it ran, so it stays in the hot part, and so does
   what follows it (block 4); only the x > 1000 arm (3), which never
   ran, goes to the cold part.  The plugin once gave the block a count
   but left the edge "never", and bbpart, which first marks never
   executed every block the entry reaches only through edges of count
   zero, took both blocks to the cold part.  Block ids as GCC numbers
   the blocks before hot/cold partitioning: 1 the test x > 0, 2 the
   call, 4 the test x > 1000, 3 its arm, 5 the return.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O2 -freorder-blocks-and-partition" } */

#include <stdio.h>

__attribute__ ((cold, noinline)) void yaml_warn (int x) {
  printf ("warn %d\n", x);
}

__attribute__ ((noipa)) int yaml_check (int x) {
  int y = x * 3;
  if (x > 0)
    {
      yaml_warn (x);
      y += 5;
    }
  if (x > 1000)
    {
      printf ("big %d\n", x);
      y -= 2;
    }
  return y + 1;
}

int main (int argc, char **argv) {
  (void) argv;
  printf ("%d\n", yaml_check (argc));
  return 0;
}

/* { dg-final { mip-check-use-yaml -split {yaml_check} -hot-calls {yaml_check yaml_warn} -cold-calls {yaml_check printf} } } */
