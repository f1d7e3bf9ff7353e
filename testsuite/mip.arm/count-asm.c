/* Without -fplugin-arg-mip-atomic the count is a plain ldr, subs and
   str: no ldrex on the record (atomic-asm.c: with the option).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2" } */

int counted (int x) {
  return x + 1;
}

/* { dg-final { scan-assembler-times {\tldr\t(r[0-9]|ip), \[(r[0-9]|ip), #0\]\n\tsubs\t\1, \1, #1\n\tstr\t\1, \[\2, #0\]\n\tbcs\t} 1 } } */
/* { dg-final { scan-assembler-not {\tldrex\t[^\n]*\n\tsub\t} } } */
