/* -flto: the link instruments, in the mode the link names.  Objects
   compiled in the full mode and linked with =function-coverage would
   silently record only coverage: the link is refused and names both
   modes (see mip-check-link-lto-mode in lib/mip-link.exp).

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

/* { dg-final { mip-check-link-lto-mode function-coverage } } */
