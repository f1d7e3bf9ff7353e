/* A profile whose block shown never run (2, the x > 1000 test's way
   in) is the only way to blocks shown run (3 and 4, the loop and the
   print): block reordering in the profile's build copies small blocks,
   and a copy runs under no block number, so real profiles show such
   blocks.  The block stays unknown: left never run, GCC would take the
   blocks after it (run, the profile says) to the cold part with it
   (propagate_unlikely_bbs_forward), and yaml_check would be split.  It
   is not: nothing in it is known never run.  Block ids as in
   use-yaml-block.c.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O2 -freorder-blocks-and-partition" } */

#include <stdio.h>

int yaml_table[16];

__attribute__ ((noipa)) int yaml_check (int x) {
  if (x > 1000)
    {
      for (int i = 0; i < 16; i++)
	yaml_table[i] += x * i;
      printf ("large %d %d\n", x, yaml_table[3]);
      x = yaml_table[5] - x;
    }
  return x + 1;
}

int main (int argc, char **argv) {
  (void) argv;
  printf ("%d\n", yaml_check (argc));
  return 0;
}

/* { dg-final { mip-check-use-yaml -unsplit {yaml_check} -order {main yaml_check} } } */
