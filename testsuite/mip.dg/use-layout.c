/* -fplugin-arg-mip-use: never-run functions go to .text.unlikely, the
   functions a run executed lie together in first-call order across both
   translation units, GCC optimises the never-run functions as cold, and
   the program prints what the plain build prints
   (mip-check-use in lib/mip-use.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */
/* { dg-additional-sources "use-layout-aux.c" } */

#include <stdio.h>
#include <stdlib.h>

int aux_second (int);
int aux_never (int);

/* Only never_here calls it: cold from the start of the IPA passes.  */
__attribute__ ((noipa)) int never_deeper (int x) {
  return x * 11 + 4;
}

/* main, which ran, calls it: cold only while GCC compiles its body
   (plugin/mip-ipa.cc), so main keeps the code its profile describes.  */
__attribute__ ((noipa)) int never_here (int x) {
  return never_deeper (x) * 9 - 2;
}

__attribute__ ((noipa)) int third (int x) {
  return x + 3;
}

/* GCC splits the unlikely path into split_me.cold: that part goes to
   .text.sorted.9999999999.~cold.RANK.split_me, after the functions that
   ran, the rest with them.  */
__attribute__ ((noipa)) int split_me (int x) {
  if (__builtin_expect (x == 123456, 0))
    {
      fprintf (stderr, "never\n");
      abort ();
    }
  return x * 5;
}

__attribute__ ((noipa)) int first (int x) {
  return split_me (aux_second (x)) * 2;
}

int main (int argc, char **argv) {
  (void) argv;
  int v = first (argc);
  if (argc > 10)
    v = never_here (v) + aux_never (v);
  printf ("%d\n", third (v));
  return 0;
}

/* { dg-final { mip-check-use -unlikely {never_here never_deeper aux_never} -cold {never_here never_deeper aux_never} -order {main first aux_second split_me third} -split {split_me} } } */
