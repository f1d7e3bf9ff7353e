/* The full mode: per function a negated count whose low byte is
   decremented at entry; its borrow, on the first call and every 256th,
   calls libmip's __mip_count_borrow (with the record in %r11), which
   carries it into the upper bits and stamps the first-call order and
   the caller, or samples the caller.

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

/* { dg-final { scan-assembler-times {\tsubb\t\$1, \.Lmip\.r[0-9]+\+0\(%rip\)\n\tjnc\t1f\n\tleaq\t\.Lmip\.r[0-9]+\(%rip\), %r11\n[^\n]*\n\tcall\t__mip_count_borrow\n} 2 } } */
/* { dg-final { scan-assembler-not {lock sub} } } */
/* { dg-final { scan-assembler {section[ \t]+__mip_raw,"aw[^"]*"} } } */
/* { dg-final { scan-assembler {\.pushsection[ \t]+\.debug_mip_map,"",%progbits} } } */
