/* The full mode in i386 position-independent code: the record is
   addressed from a base register loaded by call/pop; where no register
   is free at entry (regparm(3)) the base is saved, and popped right
   after the decrement (popl keeps its borrow in the flags), so that
   __mip_count_borrow finds the function's return address just above
   the pushed record distance, as everywhere.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -m32 -fPIE" } */

__attribute__ ((noipa)) int first (int x) {
  return x + 1;
}

__attribute__ ((noipa, regparm (3))) int three (int a, int b, int c) {
  return a + b * c;
}

int main (void) {
  return first (1) + three (1, 2, 3) == 9 ? 0 : 1;
}

/* { dg-final { scan-assembler-times {\tcall\t2f\n2:\n\t\.cfi_adjust_cfa_offset\t4\n\tpopl\t(%e[acd]x)\n\t\.cfi_adjust_cfa_offset\t-4\n\tsubb\t\$1, \.Lmip\.r[0-9]+\+0-2b\(\1\)\n\tjnc\t1f\n\tpushl\t\$\.Lmip\.r[0-9]+-3f\n\t\.cfi_adjust_cfa_offset\t4\n\t\.hidden\t__mip_count_borrow\n\tcall\t__mip_count_borrow\n3:\n} 2 } } */
/* { dg-final { scan-assembler-times {\tpushl\t%ecx\n\t\.cfi_adjust_cfa_offset\t4\n\tcall\t2f\n2:\n\t\.cfi_adjust_cfa_offset\t4\n\tpopl\t%ecx\n\t\.cfi_adjust_cfa_offset\t-4\n\tsubb\t\$1, \.Lmip\.r[0-9]+\+0-2b\(%ecx\)\n\tpopl\t%ecx\n\t\.cfi_adjust_cfa_offset\t-4\n\tjnc\t1f\n\tpushl\t\$\.Lmip\.r[0-9]+-3f\n} 1 } } */
/* { dg-final { scan-assembler-not {xaddl} } } */
