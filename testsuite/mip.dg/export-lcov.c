/* mipdata export --format=lcov: the lines of the blocks that ran are
   hit, those of blocks that did not are not; each function at its
   declaration line with its call count (full mode), and the lines whose
   code runs once per call with that count (the others that ran: 1).  Checked by
   mip-check-lcov (lib/mip-report.exp); lcov(N) is the DA count of the
   line, fn(NAME,N) the FNDA count of the function declared there;
   lcov2(N) and fn2(NAME,N) are the same once a second binary, run with
   eleven arguments, is added (mip-check-lcov-merged).  brda(T,...) are
   the BRDA takens of the line's branch outcomes: each outcome follows
   from the blocks' coverage here (1 taken, 0 never).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0" } */

int twice (int x) {                     /* lcov(2) lcov2(4) fn(twice,2) fn2(twice,4) */
  return 2 * x;                         /* lcov(2) lcov2(4) */
}                                       /* lcov(2) lcov2(4) */

int sign (int x) {                      /* lcov(3) lcov2(6) fn(sign,3) fn2(sign,6) */
  if (x < 0)                            /* lcov(3) lcov2(6) brda(1,1) */
    return -1;                          /* lcov(1) */
  if (x == 0)                           /* lcov(1) brda(0,1) */
    return 0;                           /* lcov(0) */
  return 1;                             /* lcov(1) */
}                                       /* lcov(3) lcov2(6) */

int never (int x) {                     /* lcov(0) lcov2(1) fn(never,0) fn2(never,1) */
  return x + 1;                         /* lcov(0) lcov2(1) */
}                                       /* lcov(0) lcov2(1) */

int main (int argc, char **argv) {      /* lcov(1) lcov2(2) fn(main,1) fn2(main,2) */
  int sum = twice (1) + twice (2);      /* lcov(1) lcov2(2) */
  (void) argv;
  sum += sign (-5) + sign (5) + sign (7);       /* lcov(1) lcov2(2) */
  if (argc > 10)                        /* lcov(1) lcov2(2) brda(0,1) */
    sum += never (argc) - argc - 1;     /* lcov(0) lcov2(1) */
  return sum == 7 ? 0 : 1;              /* lcov(1) lcov2(2) */
}                                       /* lcov(1) lcov2(2) */

/* { dg-final { mip-check-lcov } } */
/* { dg-final { mip-check-lcov-build-id } } */
/* { dg-final { mip-check-coverage-summary } } */
/* { dg-final { mip-check-lcov-merged } } */
