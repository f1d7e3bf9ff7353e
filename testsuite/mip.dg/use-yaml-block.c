/* A block a hand-written profile (use-yaml-block.yaml) shows never run
   goes to the function's cold part, yaml_check.cold in
   .text.sorted.9999999999.~cold.RANK.yaml_check, after the functions
   that ran; GCC alone sees nothing unlikely in it and
   does not split the function.  The block ids are the early block
   numbers (plugin/mip-signature.cc), read once from mipdata show --yaml
   of a real profile of this test.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O2 -freorder-blocks-and-partition" } */

#include <stdio.h>

int yaml_table[16];

__attribute__ ((noipa)) int yaml_check (int x) {
  if (x > 1000)
    {
      /* Blocks 2 to 4: the loop and the print.  */
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

/* { dg-final { mip-check-use-yaml -split {yaml_check} -order {main yaml_check} } } */
