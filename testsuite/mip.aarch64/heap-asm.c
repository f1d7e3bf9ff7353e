/* The heap option on AArch64: the site's record into x3 by an
   adrp/:lo12: pair right before the call, whose label .Lmip.cN is the
   bl (or b, a tail call) to libmip's hidden wrapper.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mip-generate=heap" } */

#include "../mip.dg/heap-sites.h"

/* { dg-final { scan-assembler-times {\tadrp\tx3, \.Lmip\.h([0-9]+)\n\tadd\tx3, x3, :lo12:\.Lmip\.h\1\n\.Lmip\.c\1:\n(?:(?:#|//|@|\t\.)[^\n]*\n)*\tbl?\t__mip_heap_(?:malloc|calloc|realloc|free|strdup|posix_memalign)\n} 7 } } */
/* { dg-final { scan-assembler {\.Lmip\.c[0-9]+:\n(?:(?:#|//|@|\t\.)[^\n]*\n)*\tb\t__mip_heap_malloc\n} } } */
/* { dg-final { scan-assembler-not {\tbl?\t(?:malloc|calloc|realloc|free|strdup|posix_memalign)\M} } } */
/* { dg-final { scan-assembler {\.pushsection[ \t]+\.debug_mip_heap,"",%progbits\n\t\.balign\t8\n\t\.quad\t0xff686561704d4940\n\t\.long\t1\n\t\.long\t40\n\t\.quad\t0x[0-9a-f]+\n\t\.long\t7\n\t\.long\t16\n\t\.long\t24\n\t\.long\t0\n\t\.quad\t\.Lmip\.c0\n} } } */
