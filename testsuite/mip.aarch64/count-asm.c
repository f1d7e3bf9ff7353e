/* Without -fplugin-arg-mip-atomic the count's low byte is a plain
   load, subs and store (its borrow, every 256th call, goes to libmip's
   __mip_count_borrow, which carries it and samples the caller), with
   no exclusive or atomic access (atomic-asm.c, atomic-lse-asm.c: with
   it), also where LSE is there.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -march=armv8.1-a" } */

int counted (int x) {
  return x + 1;
}

/* { dg-final { scan-assembler-times {\tadrp\tx9, \.Lmip\.r[0-9]+\n\tldrb\tw10, \[x9, #:lo12:\.Lmip\.r[0-9]+\]\n\tsubs\tw10, w10, #1\n\tstrb\tw10, \[x9, #:lo12:\.Lmip\.r[0-9]+\]\n\tb\.hs\t1f\n\tadd\tx9, x9, #:lo12:\.Lmip\.r[0-9]+\n\tmov\tx10, x30\n(?:[^\n]*\n)*?\tbl\t__mip_count_borrow\n\tmov\tx30, x10\n} 1 } } */
/* No exclusive loop (ldxrb, atomic-asm.c) and no LSE atomic (ldaddb,
   atomic-lse-asm.c), whatever their size.  */
/* { dg-final { scan-assembler-not {\tlda?xr[bh]?\t} } } */
/* { dg-final { scan-assembler-not {\tldadd(?:a|l|al)?[bh]?\t} } } */
