/* mipdata callgraph tells apart two static functions of the same name in
   two files (by file with --debug), and --focus keeps the calls near one
   function (mip-check-callgraph in lib/mip-compare.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */
/* { dg-additional-sources "callgraph-names-aux.c" } */

#include <stdio.h>

int one (int);

static __attribute__ ((noipa)) int scale (int x) {
  return x * 5;
}

int main (int argc, char **argv) {
  (void) argv;
  printf ("%d\n", scale (argc) + one (argc));
  return 0;
}

/* DejaGnu reads a directive from one line: each stays on one.  */
/* { dg-final { mip-check-callgraph {--debug BINARY} { {main -> scale (callgraph-names.c)  (runs 1, calls 1)} {main -> one  (runs 1, calls 1)} {one -> scale (callgraph-names-aux.c)  (runs 1, calls 1)} {<unknown> -> main  (runs 1)} } } } */
/* { dg-final { mip-check-callgraph {--debug BINARY --focus one} { {main -> one  (runs 1, calls 1)} {one -> scale (callgraph-names-aux.c)  (runs 1, calls 1)} } } } */
