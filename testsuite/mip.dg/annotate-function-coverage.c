/* mipdata annotate in the function-coverage mode: the line of the
   first instruction of a function that ran is marked 1 (it was
   entered), its other lines "?" (which of them ran is not known),
   those of a function that never ran "#####"; functions are said to
   have run or not (no call counts).  lcov(N) and fn(NAME,N) as in
   annotate-listing.c, with N = ? for a line marked "?".

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0 -fplugin-arg-mip-generate=function-coverage" } */

int odd (int x) {                       /* lcov(1) fn(odd,1) */
  return x & 1;                         /* lcov(?) */
}                                       /* lcov(?) */

int never (int x) {                     /* lcov(0) fn(never,0) */
  return x > 3 ? x : 3;                 /* lcov(0) */
}                                       /* lcov(0) */

int main (int argc, char **argv) {      /* lcov(1) fn(main,1) */
  (void) argv;
  if (argc > 10)                        /* lcov(?) */
    return never (argc);                /* lcov(?) */
  return odd (2);                       /* lcov(?) */
}                                       /* lcov(?) */

/* { dg-final { mip-check-annotate } } */
