/* A function whose signature in a hand-written profile
   (use-yaml-changed.yaml) is not its own is taken as changed since the
   profile: named in a warning with use-verbose and left where GCC puts
   it, while the entries without a signature place their functions
   (mip-check-use-yaml in lib/mip-use.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O2" } */

#include <stdio.h>

__attribute__ ((noipa)) int yaml_edited (int x) {
  return x + 1;
}

__attribute__ ((noipa)) int yaml_kept (int x) {
  return x * 2;
}

__attribute__ ((noipa)) int yaml_unused (int x) {
  return x - 5;
}

int main (int argc, char **argv) {
  (void) argv;
  int v = yaml_kept (yaml_edited (argc));
  if (argc > 10)
    v = yaml_unused (v);
  printf ("%d\n", v);
  return 0;
}

/* { dg-final { mip-check-use-yaml -changed {yaml_edited} -unlikely {yaml_unused} -order {main yaml_kept} } } */
