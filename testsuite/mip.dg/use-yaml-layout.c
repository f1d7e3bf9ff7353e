/* A profile written by hand (use-yaml-layout.yaml, mipdata import) lays
   out two translation units without running anything: the functions it
   shows never run go to .text.unlikely, the others lie in the order it
   gives, which is neither the source order nor the call order
   (mip-check-use-yaml in lib/mip-use.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O2" } */
/* { dg-additional-sources "use-yaml-layout-aux.c" } */

#include <stdio.h>

int yaml_aux_early (int);
int yaml_aux_never (int);

__attribute__ ((noipa)) int yaml_never (int x) {
  return x * 9 - 2;
}

__attribute__ ((noipa)) int yaml_late (int x) {
  return x + 3;
}

__attribute__ ((noipa)) int yaml_middle (int x) {
  return yaml_aux_early (x) * 2;
}

int main (int argc, char **argv) {
  (void) argv;
  int v = yaml_middle (argc);
  if (argc > 10)
    v = yaml_never (v) + yaml_aux_never (v);
  printf ("%d\n", yaml_late (v));
  return 0;
}

/* { dg-final { mip-check-use-yaml -unlikely {yaml_never yaml_aux_never} -order {main yaml_late yaml_aux_early yaml_middle} } } */
