/* Objects compiled with -flto are instrumented at the link, in lto1, and
   only when the link loads the plugin too: a link without it must fail
   and say so, not make a program that records nothing; a link with it
   instruments (see mip-check-link-lto in lib/mip-link.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do assemble } */
/* { dg-options "-O2 -flto" } */

#include <stdio.h>

__attribute__ ((noipa)) int twice (int x) {
  return 2 * x;
}

int main (void) {
  printf ("%d\n", twice (21));
  return 0;
}

/* { dg-final { mip-check-link-lto } } */
