/* mipdata export --format=gcov, in the block-coverage mode: one .gcov
   file per source, with the lines and hits of the lcov tracefile
   ("1", "#####", "-") and the source's text; gcovr -g reads them and
   counts the lines mipdata info counts, but for the unexecuted lines
   that are only a brace or "else" (here the closing brace of never),
   which gcovr does not count.  The gcov-json format reports the same
   lines too.  See lib/mip-export.exp.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0 -fplugin-arg-mip-generate=block-coverage" } */

int clamp (int x, int low, int high) {  /* lcov(1) fn(clamp,1) */
  if (x < low)                          /* lcov(1) */
    return low;                         /* lcov(1) */
  else if (x > high)                    /* lcov(1) */
    return high;                        /* lcov(1) */
  return x;                             /* lcov(1) */
}                                       /* lcov(1) */

int never (int x) {                     /* lcov(0) fn(never,0) */
  return x - 1;                         /* lcov(0) */
}                                       /* lcov(0) */

int main (int argc, char **argv) {      /* lcov(1) fn(main,1) */
  int sum = clamp (-3, 0, 9) + clamp (12, 0, 9) + clamp (4, 0, 9);  /* lcov(1) */
  (void) argv;
  if (argc > 10)                        /* lcov(1) */
    sum += never (argc);                /* lcov(0) */
  return sum == 13 ? 0 : 1;             /* lcov(1) */
}                                       /* lcov(1) */

/* { dg-final { mip-check-lcov } } */
/* { dg-final { mip-check-export-formats gcov gcov-json } } */
/* { dg-final { mip-check-export-gcovr } } */
