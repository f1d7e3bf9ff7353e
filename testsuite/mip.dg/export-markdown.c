/* mipdata export --format=markdown: the summary for a pull-request
   comment, rendered as HTML and shown in headless Chromium, shows the
   totals (lines, functions, blocks) and the per-file row of mipdata
   info --debug.  See lib/mip-export.exp.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0" } */

int half (int x) {                      /* lcov(1) fn(half,1) */
  if (x < 0)                            /* lcov(1) */
    return 0;                           /* lcov(0) */
  return x / 2;                         /* lcov(1) */
}                                       /* lcov(1) */

int main (void) {                       /* lcov(1) fn(main,1) */
  return half (8) == 4 ? 0 : 1;         /* lcov(1) */
}                                       /* lcov(1) */

/* { dg-final { mip-check-lcov } } */
/* { dg-final { mip-check-export-markdown } } */
