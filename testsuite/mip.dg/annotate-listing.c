/* mipdata annotate: the listing marks each line with the times it ran
   where the profile knows them (the full mode's lines that run once per
   call: the call count), else as run (1), not run (#####) or without
   code (-), and names each function with its call count before its
   first line; --html writes an index and a page per file that a browser
   (headless Chromium) shows with the same text.  lcov(N): the line's
   mark (N, or ##### for 0); fn(NAME,N): its call count.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0" } */

static int table[4] = { 1, 2, 3, 4 };

int total (int n) {                     /* lcov(2) fn(total,2) */
  int sum = 0;                          /* lcov(2) */
  for (int i = 0; i < n; i++)           /* lcov(1) */
    sum += table[i & 3];                /* lcov(1) */
  if (sum < 0)                          /* lcov(2) */
    sum = -sum;                         /* lcov(0) */
  return sum;                           /* lcov(2) */
}                                       /* lcov(2) */

int unused (int x) {                    /* lcov(0) fn(unused,0) */
  return x < 2 ? x : 2;                 /* lcov(0) */
}                                       /* lcov(0) */

int main (void) {                       /* lcov(1) fn(main,1) */
  return total (4) + total (2) == 13 ? 0 : 1;   /* lcov(1) */
}                                       /* lcov(1) */

/* { dg-final { mip-check-annotate } } */
/* { dg-final { mip-check-annotate-html } } */
