/* mipdata export in the function-coverage mode: a function that ran
   was entered, so the line of its first instruction gets 1; which of
   its other lines ran is not known, so they get no DA line (lcov 2
   refuses a record of functions without one); the lines of a function
   that never ran get 0; FNDA is 1 or 0 (no call counts).  See lib/mip-report.exp for lcov(N) and fn(NAME,N).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0 -fplugin-arg-mip-generate=function-coverage" } */

int twice (int x) {                     /* lcov(1) fn(twice,1) */
  return 2 * x;
}

int never (int x) {                     /* lcov(0) fn(never,0) */
  if (x > 3)                            /* lcov(0) */
    return x + 1;                       /* lcov(0) */
  return x;                             /* lcov(0) */
}                                       /* lcov(0) */

int main (int argc, char **argv) {      /* lcov(1) fn(main,1) */
  int sum = twice (1) + twice (2);
  (void) argv;
  if (argc > 10)
    sum += never (argc);
  return sum == 6 ? 0 : 1;
}

/* { dg-final { mip-check-lcov } } */
