/* Static functions with the same name in two translation units are two
   functions: each keeps its own count, told apart by file and line.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0" } */
/* { dg-additional-sources "static-same-name-aux.c" } */

int call_aux_helper (int times);

static int helper (int x) { /* mip-calls(2) mip-order(2) */
  return x + 1;
}

int main (void) { /* mip-calls(1) mip-order(1) */
  int sum = helper (1) + helper (2);
  sum += call_aux_helper (5);
  return sum == 5 + 5 * 6 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
