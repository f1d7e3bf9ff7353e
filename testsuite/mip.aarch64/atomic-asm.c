/* -fplugin-arg-mip-atomic without LSE (-march=armv8-a): the count is
   updated by an ldxr/stxr loop whose subs sets the borrow that sends the
   first call to __mip_first_call (count-asm.c: the plain update, and no
   exclusive access, without the option).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -march=armv8-a -fplugin-arg-mip-atomic" } */

int counted (int x) {
  return x + 1;
}

/* { dg-final { scan-assembler-times {\tadrp\tx9, \.Lmip\.r[0-9]+\n\tadd\tx9, x9, #:lo12:\.Lmip\.r[0-9]+\n2:\tldxr\tw10, \[x9\]\n\tsubs\tw10, w10, #1\n\tstxr\tw11, w10, \[x9\]\n\tcbnz\tw11, 2b\n\tb\.hs\t1f\n\tmov\tx10, x30\n} 1 } } */
/* { dg-final { scan-assembler-not {\tldr\tw10, \[x9} } } */
/* { dg-final { scan-assembler-not {\tldadd\t} } } */
