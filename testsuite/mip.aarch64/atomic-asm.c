/* -fplugin-arg-mip-atomic without LSE (-march=armv8-a): the count's
   low byte is updated by an ldxrb/stxrb loop whose subs sets the borrow
   that sends every 256th call (the first one included) to
   __mip_count_borrow (count-asm.c: the plain update, and no exclusive
   access, without the option).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -march=armv8-a -fplugin-arg-mip-atomic" } */

int counted (int x) {
  return x + 1;
}

/* { dg-final { scan-assembler-times {\tadrp\tx9, \.Lmip\.r[0-9]+\n\tadd\tx9, x9, #:lo12:\.Lmip\.r[0-9]+\n2:\tldxrb\tw10, \[x9\]\n\tsubs\tw10, w10, #1\n\tstxrb\tw11, w10, \[x9\]\n\tcbnz\tw11, 2b\n\tb\.hs\t1f\n\tmov\tx10, x30\n} 1 } } */
/* { dg-final { scan-assembler-not {\tldrb?\tw10, \[x9} } } */
/* No LSE atomic (ldaddb, atomic-lse-asm.c): armv8-a has none.  */
/* { dg-final { scan-assembler-not {\tldadd(?:a|l|al)?[bh]?\t} } } */
