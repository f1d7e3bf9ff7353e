/* A function that GCC deems hot for a reason of its own (here its
   attribute; in a build with -fauto-profile or -fprofile-use, GCC's own
   profile) stays where the MIP profile places it, in
   .text.sorted.RANK.SYMBOL, instead of going to GCC's .text.hot.SYMBOL
   out of the profile's order; likewise main, which GCC would put in
   .text.startup.main (mip-check-use-yaml -sorted, lib/mip-use.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O2" } */

#include <stdio.h>

__attribute__ ((noipa, hot)) int yaml_hot_callee (int x) {
  return x * 7 + 1;
}

__attribute__ ((noipa)) int yaml_hot_caller (int x) {
  return yaml_hot_callee (x) * 3;
}

int main (int argc, char **argv) {
  (void) argv;
  printf ("%d\n", yaml_hot_caller (argc));
  return 0;
}

/* { dg-final { mip-check-use-yaml -sorted {main yaml_hot_caller yaml_hot_callee} -order {main yaml_hot_caller yaml_hot_callee} } } */
