/* The full mode: a saturating count and a first-call order per function;
   the order comes from libmip's __mip_sequence with one atomic add.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2" } */

int first (int x) {
  return x + 1;
}

int main (void) {
  return first (1) == 2 ? 0 : 1;
}

/* { dg-final { scan-assembler-times {\taddl\t\$1, [^\n]*\(%rip\)} 2 } } */
/* { dg-final { scan-assembler-times {lock xaddl[^\n]*__mip_sequence\(%rip\)} 2 } } */
/* { dg-final { scan-assembler {section[ \t]+__mip_raw,"aw[^"]*"} } } */
/* { dg-final { scan-assembler {section[ \t]+__mip_map,"[^"a]*"} } } */
