/* The functions a profile shows never run lie in .text.unlikely in the
   order of the source, not in the order GCC compiles them (callees
   before callers: so_gamma, so_beta, so_alpha), so that a run reaching
   code the training never ran finds the functions written together
   together (mip_use_order_unlikely, plugin/mip-use.cc).  The profile,
   written by hand, shows only main run.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O2" } */

#include <stdio.h>

int so_beta (int);
int so_gamma (int);

__attribute__ ((noinline)) int so_alpha (int x) {
  return so_beta (x) * 3 + 1;
}

__attribute__ ((noinline)) int so_beta (int x) {
  return so_gamma (x) * 5 + 2;
}

__attribute__ ((noinline)) int so_gamma (int x) {
  printf ("%d\n", x);
  return x * 7 + 3;
}

int main (int argc, char **argv) {
  (void) argv;
  if (argc > 10)
    return so_alpha (argc);
  return 0;
}

/* { dg-final { mip-check-use-yaml -unlikely {so_alpha so_beta so_gamma} -order {so_alpha so_beta so_gamma} } } */
