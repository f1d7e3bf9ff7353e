/* -fplugin-arg-mip-atomic in ARM state and Thumb-2: the count's low
   byte is updated by an ldrexb/strexb loop on the record, and a borrow
   (every 256th call, the first one included) is the update that leaves
   0xffffffff, which calls __mip_count_borrow (count-asm.c: without the
   option, the plain update).  counted4's four arguments leave only ip
   dead: the other two registers are saved.

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

/* { dg-final { scan-assembler-times {\n([0-9]+):\tldrexb\t(r[0-9]|ip), \[(r[0-9]|ip)\]\n\tsub\t\2, \2, #1\n\tstrexb\t(r[0-9]|ip), \2, \[\3\]\n\tcmp\t\4, #0\n\tbne\t\1b\n\tcmn\t\2, #1\n\tbne\t[0-9]+f\n} 2 } } */
/* No plain update (subs then strb, count-asm.c; str in Thumb-1).  */
/* { dg-final { scan-assembler-not {\tsubs\t(r[0-9]|ip), \1, #1\n\tstrb?\t} } } */
