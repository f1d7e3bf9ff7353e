/* mipdata export in the function-coverage mode: which lines of a
   function that ran did run is not known, so they get no DA line; the
   lines of a function that never ran get 0; FNDA is 1 or 0 (no call
   counts).  See lib/mip-report.exp for lcov(N) and fn(NAME,N).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0 -fplugin-arg-mip-generate=function-coverage" } */

int twice (int x) {                     /* fn(twice,1) */
  return 2 * x;
}

int never (int x) {                     /* lcov(0) fn(never,0) */
  if (x > 3)                            /* lcov(0) */
    return x + 1;                       /* lcov(0) */
  return x;                             /* lcov(0) */
}                                       /* lcov(0) */

int main (int argc, char **argv) {      /* fn(main,1) */
  int sum = twice (1) + twice (2);
  (void) argv;
  if (argc > 10)
    sum += never (argc);
  return sum == 6 ? 0 : 1;
}

/* { dg-final { mip-check-lcov } } */
