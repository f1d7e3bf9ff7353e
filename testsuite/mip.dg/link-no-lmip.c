/* Instrumented code linked without -lmip must fail to link, and the
   linker's first error must say what is missing: an undefined reference
   to __mip_link_with_lmip, not only to the runtime's own entry points
   (see mip-check-link-without-lmip in lib/mip-link.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do assemble } */
/* { dg-options "-O2" } */

#include <stdio.h>

__attribute__ ((noipa)) int twice (int x) {
  return 2 * x;
}

int main (void) {
  printf ("%d\n", twice (21));
  return 0;
}

/* { dg-final { mip-check-link-without-lmip } } */
