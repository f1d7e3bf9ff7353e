/* A program built in a subdirectory with -ffile-prefix-map=DIR=. (a
   relative compilation directory, as in Debian's package builds): the
   sources mipdata names are "./sub/FILE", not the directory twice
   (mip-check-relative-source-paths in lib/mip-report.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0" } */

static int __attribute__ ((noinline)) twice (int x) { return 2 * x; }

int main (void) { return twice (0); }

/* { dg-final { mip-check-relative-source-paths } } */
