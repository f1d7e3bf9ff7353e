/* The heap option on 32-bit Arm: the site's record into r3, PC-relative
   as the probes' addresses (movw/movt/add on armv6t2 and later, a
   literal inline before), right before the call, whose label .Lmip.cN
   is the bl (or b, a tail call; Thumb-1 makes none) to libmip's hidden
   wrapper, in ARM state, Thumb-2 and Thumb-1.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mip-generate=heap" } */

#include "../mip.dg/heap-sites.h"

/* { dg-final { scan-assembler-times {(?:\tmovw\tr3, #:lower16:\(\.Lmip\.h[0-9]+-\([0-9]+f\+[48]\)\)\n\tmovt\tr3, #:upper16:\(\.Lmip\.h[0-9]+-\([0-9]+f\+[48]\)\)\n[0-9]+:\tadd\tr3, (?:r3, )?pc\n|\tldr\tr3, [0-9]+f\n[0-9]+:\tadd\tr3, (?:r3, )?pc\n\tb\t[0-9]+f\n\t\.align\t2\n[0-9]+:\t\.word\t\.Lmip\.h[0-9]+-\([0-9]+b\+[48]\)\n[0-9]+:\n)\.Lmip\.c[0-9]+:\n(?:(?:#|//|@|\t\.)[^\n]*\n)*\tbl?\t__mip_heap_(?:malloc|calloc|realloc|free|strdup|posix_memalign)(?:\(PLT\))?\n} 7 } } */
/* { dg-final { scan-assembler-not {\tbl?x?\t(?:malloc|calloc|realloc|free|strdup|posix_memalign)\M} } } */
/* The 32-bit unit: magic "heap" 32, each address a .long and a zero.  */
/* { dg-final { scan-assembler {\.pushsection[ \t]+\.debug_mip_heap,"",%progbits\n\t\.balign\t8\n\t\.quad\t0xff686561704d4920\n\t\.long\t1\n\t\.long\t40\n\t\.quad\t0x[0-9a-f]+\n\t\.long\t7\n\t\.long\t16\n\t\.long\t24\n\t\.long\t0\n\t\.long\t\.Lmip\.c0\n\t\.long\t0\n} } } */
