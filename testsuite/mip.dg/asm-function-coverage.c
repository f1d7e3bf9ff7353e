/* The function-coverage mode costs one 6-byte instruction per function
   (shlb record(%rip): the coverage byte shifted left, never 0xff
   again) and one byte of __mip_raw; the map goes to the
   non-allocated debug section .debug_mip_map, anchored to libmip's
   __mip_runtime.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mip-generate=function-coverage" } */

int first (int x) {
  return x + 1;
}

int second (int x) {
  return x * 2;
}

int main (void) {
  return first (1) + second (2) == 6 ? 0 : 1;
}

/* { dg-final { scan-assembler-times {\tshlb\t[^\n]*\(%rip\)} 3 } } */
/* { dg-final { scan-assembler-not {\tmovb\t} } } */
/* { dg-final { scan-assembler {section[ \t]+__mip_raw,"aw[^"]*"} } } */
/* { dg-final { scan-assembler {\.pushsection[ \t]+\.debug_mip_map,"",%progbits} } } */
/* { dg-final { scan-assembler {\.quad[ \t]+__mip_runtime\n} } } */
/* { dg-final { scan-assembler-not {lock} } } */
