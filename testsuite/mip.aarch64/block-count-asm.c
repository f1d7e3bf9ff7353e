/* The block-count mode's counter without -fplugin-arg-mip-atomic: a
   plain 64-bit load, add and store through an adrp page address, which
   leave the flags alone; no exclusive loop and no LSE atomic, also
   where LSE is there (block-count-atomic-asm.c: with the option).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -march=armv8.1-a -fplugin-arg-mip-generate=block-count" } */

int
positive_sum (const int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    if (a[i] > 0)
      s += a[i];
  return s;
}

/* { dg-final { scan-assembler {\tadrp\t(x[0-9]+), \.Lmip\.r[0-9]+\+([0-9]+)\n\tldr\t(x[0-9]+), \[\1, #:lo12:\.Lmip\.r[0-9]+\+\2\]\n\tadd\t\3, \3, #1\n\tstr\t\3, \[\1, #:lo12:\.Lmip\.r[0-9]+\+\2\]\n} } } */
/* { dg-final { scan-assembler-not {\tldxr\t|\tstadd\t} } } */
