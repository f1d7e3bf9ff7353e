/* -fplugin-arg-mip-atomic with LSE (-march=armv8.1-a): one ldaddb of
   0xff to the count's low byte, whose old value 0 means a borrow (every
   256th call, the first one included), for __mip_count_borrow.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -march=armv8.1-a -fplugin-arg-mip-atomic" } */

int counted (int x) {
  return x + 1;
}

/* { dg-final { scan-assembler-times {\tadrp\tx9, \.Lmip\.r[0-9]+\n\tadd\tx9, x9, #:lo12:\.Lmip\.r[0-9]+\n\tmov\tw11, #-1\n\tldaddb\tw11, w10, \[x9\]\n\tcbnz\tw10, 1f\n\tmov\tx10, x30\n} 1 } } */
/* No exclusive loop (ldxrb, atomic-asm.c) where LSE is there.  */
/* { dg-final { scan-assembler-not {\tlda?xr[bh]?\t} } } */
