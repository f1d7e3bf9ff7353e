/* mipdata show --yaml writes a real profile in the schema of mipdata
   import: importing it and showing the copy gives the same text, and
   the copy lays the program out exactly as the profile does: the
   objects built with either are the same
   (mip-check-use-yaml-round-trip in lib/mip-use.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -freorder-blocks-and-partition" } */

#include <stdio.h>

static int counts[8];

__attribute__ ((noipa)) static int helper (int x) {
  if (x > 50)
    {
      for (int i = 0; i < 8; i++)
	counts[i] += x;
      printf ("big %d\n", counts[2]);
    }
  return x + 1;
}

__attribute__ ((noipa)) int never_called (int x) {
  return helper (x * 3);
}

int main (int argc, char **argv) {
  (void) argv;
  int v = helper (argc);
  if (argc > 10)
    v = never_called (v);
  printf ("%d\n", v);
  return 0;
}

/* { dg-final { mip-check-use-yaml-round-trip } } */
