/* A noreturn function that ends the program with exit: its call still
   counts, because the raw profile is written at exit.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

#include <stdlib.h>

__attribute__ ((noipa)) int work (int x) { /* mip-calls(3) */
  return x * 3;
}

__attribute__ ((noreturn, noipa)) void finish (int status) { /* mip-calls(1) mip-order(3) */
  exit (status);
}

int main (void) { /* mip-calls(1) mip-order(1) */
  int sum = work (1) + work (2) + work (3);
  finish (sum == 18 ? 0 : 1);
}

/* { dg-final { mip-run-check } } */
