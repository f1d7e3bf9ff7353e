/* A program with no instrumented code linked with -lmip, before its
   object, after it, and with -static: it links and runs, and the runtime
   that -lmip links in writes nothing, whether MIP_PROFILE_FILENAME is
   set or not (see mip-check-link-uninstrumented in lib/mip-link.exp).

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

/* { dg-final { mip-check-link-uninstrumented } } */
