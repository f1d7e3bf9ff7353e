/* Without -fplugin-arg-mip-atomic the count is a plain load, subs and
   store, with no exclusive or atomic access (atomic-asm.c,
   atomic-lse-asm.c: with it), also where LSE is there.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -march=armv8.1-a" } */

int counted (int x) {
  return x + 1;
}

/* { dg-final { scan-assembler-times {\tadrp\tx9, \.Lmip\.r[0-9]+\n\tldr\tw10, \[x9, #:lo12:\.Lmip\.r[0-9]+\]\n\tsubs\tw10, w10, #1\n\tstr\tw10, \[x9, #:lo12:\.Lmip\.r[0-9]+\]\n\tb\.hs\t1f\n} 1 } } */
/* { dg-final { scan-assembler-not {\tldxr\t} } } */
/* { dg-final { scan-assembler-not {\tldadd\t} } } */
