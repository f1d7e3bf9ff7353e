/* -fplugin-arg-mip-atomic: the full mode's count decrement is locked
   (asm-full.c: and only with it); on x86-64 with %r11 free it is the
   low byte's, whose borrow libmip carries with a locked subl.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mip-atomic" } */

int first (int x) {
  return x + 1;
}

int main (void) {
  return first (1) == 2 ? 0 : 1;
}

/* { dg-final { scan-assembler-times {\tlock subb\t\$1, \.Lmip\.r[0-9]+\+0\(%rip\)\n\tjnc\t1f\n\tleaq\t\.Lmip\.r[0-9]+\(%rip\), %r11\n[^\n]*\n\tcall\t__mip_count_borrow\n} 2 } } */
/* { dg-final { scan-assembler-not {\tsub[bl]\t\$1, \.Lmip} } } */
