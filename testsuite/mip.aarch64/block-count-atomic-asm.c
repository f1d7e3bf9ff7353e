/* The block-count mode's counter with -fplugin-arg-mip-atomic and no
   LSE (-march=armv8-a): an ldxr/stxr loop on the counter, whose status
   cbnz tests without touching the flags.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -march=armv8-a -fplugin-arg-mip-generate=block-count -fplugin-arg-mip-atomic" } */

#include "block-count-asm.c"

/* { dg-final { scan-assembler {\tadrp\t(x[0-9]+), (\.Lmip\.r[0-9]+\+[0-9]+)\n\tadd\t\1, \1, #:lo12:\2\n([0-9]+):\tldxr\t(x[0-9]+), \[\1\]\n\tadd\t\4, \4, #1\n\tstxr\tw([0-9]+), \4, \[\1\]\n\tcbnz\tw\5, \3b\n} } } */
/* No plain update of a counter.  */
/* { dg-final { scan-assembler-not {\tldr\tx[0-9]+, \[x[0-9]+, #:lo12:} } } */
