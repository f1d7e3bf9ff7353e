/* The block-count mode's counter with -fplugin-arg-mip-atomic and LSE
   (-march=armv8.1-a): one stadd of 1 to the counter's address.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -march=armv8.1-a -fplugin-arg-mip-generate=block-count -fplugin-arg-mip-atomic" } */

#include "block-count-asm.c"

/* { dg-final { scan-assembler {\tadrp\t(x[0-9]+), (\.Lmip\.r[0-9]+\+[0-9]+)\n\tadd\t\1, \1, #:lo12:\2\n\tmov\t(x[0-9]+), #1\n\tstadd\t\3, \[\1\]\n} } } */
/* { dg-final { scan-assembler-not {\tldxr\t} } } */
