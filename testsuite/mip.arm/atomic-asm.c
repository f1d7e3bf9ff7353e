/* -fplugin-arg-mip-atomic in ARM state and Thumb-2: the count is updated
   by an ldrex/strex loop on the record, and the first call is the one
   that leaves 0xffffffff (count-asm.c: without the option, the plain
   update; the order's ldrex on __mip_sequence is there in both).
   counted4's four arguments leave no dead register: all three are
   saved.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mip-atomic" } */

int counted (int x) {
  return x + 1;
}

int counted4 (int a, int b, int c, int d) {
  return a + b + c + d;
}

/* { dg-final { scan-assembler-times {\n([0-9]+):\tldrex\t(r[0-9]|ip), \[(r[0-9]|ip)\]\n\tsub\t\2, \2, #1\n\tstrex\t(r[0-9]|ip), \2, \[\3\]\n\tcmp\t\4, #0\n\tbne\t\1b\n\tcmn\t\2, #1\n\tbne\t[0-9]+f\n} 2 } } */
/* { dg-final { scan-assembler-not {\tsubs\t(r[0-9]|ip), \1, #1\n\tstr\t} } } */
