/* Compiled with other options than the profile's program (-O0 against
   a profile of -O2), every function changes, and the warning that says
   so names the options that differ; with the same options a function
   that changed is reported without them (mip-check-use-options in
   lib/mip-use.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

#include <stdio.h>

__attribute__ ((noipa)) int edited (int x) {
#ifdef MIP_USE_CHANGED
  if (x > 100)
    return x / 7;
#endif
  return x + 1;
}

__attribute__ ((noipa)) int twice (int x) {
  int sum = 0;
  for (int i = 0; i < 2; i++)
    sum += x;
  return sum;
}

int main (int argc, char **argv) {
  (void) argv;
  printf ("%d\n", twice (edited (argc)));
  return 0;
}

/* { dg-final { mip-check-use-options -O0 } } */
