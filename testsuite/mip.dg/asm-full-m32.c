/* The full mode on i386, position-dependent: the low byte of the
   negated count decremented at entry, and on its borrow the record's
   distance from the return address pushed (a PC-relative immediate: no
   register, so a regparm(3) function, which has none free at entry,
   samples its callers too) and libmip's __mip_count_borrow called, which
   pops it; no inline first-call path.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -m32 -fno-pie" } */

__attribute__ ((noipa)) int first (int x) {
  return x + 1;
}

__attribute__ ((noipa, regparm (3))) int three (int a, int b, int c) {
  return a + b * c;
}

int main (void) {
  return first (1) + three (1, 2, 3) == 9 ? 0 : 1;
}

/* { dg-final { scan-assembler-times {\tsubb\t\$1, \.Lmip\.r[0-9]+\+0\n\tjnc\t1f\n\tpushl\t\$\.Lmip\.r[0-9]+-3f\n\t\.cfi_adjust_cfa_offset\t4\n\t\.hidden\t__mip_count_borrow\n\tcall\t__mip_count_borrow\n3:\n\t\.cfi_adjust_cfa_offset\t-4\n1:\n} 3 } } */
/* { dg-final { scan-assembler-not {xaddl} } } */
/* { dg-final { scan-assembler-not {pushl\t%e[a-z]+\n\t\.cfi_adjust_cfa_offset} } } */
