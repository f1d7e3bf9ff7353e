/* -flto: the RTL passes run in lto1 at link time, where the plugin is
   loaded too (the driver gives the same options to the link).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -flto" } */
/* { dg-additional-sources "lto-aux.c" } */

int square (int x);

__attribute__ ((noipa)) static int twice (int x) { /* mip-calls(3) */
  return 2 * x;
}

int main (void) { /* mip-calls(1) mip-order(1) */
  int sum = 0;
  for (int i = 1; i <= 3; i++)
    sum += twice (square (i));
  return sum == 28 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
