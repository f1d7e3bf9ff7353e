/* A function that changed since the profile was made is reported (one
   line, each by name with use-verbose, an error with use-strict) and
   left alone (mip-check-use-changed in lib/mip-use.exp).

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

__attribute__ ((noipa)) int kept (int x) {
  return x * 2;
}

int main (int argc, char **argv) {
  (void) argv;
  printf ("%d\n", kept (edited (argc)));
  return 0;
}

/* { dg-final { mip-check-use-changed edited } } */
