/* The heap option (generate=heap): each call of an allocation function
   goes to libmip's hidden wrapper __mip_heap_SYMBOL, with the address
   of the site's raw record loaded into %rcx right before it and the
   label .Lmip.cN on the call itself (tail calls too); the site records
   follow the function records in the raw unit, and .debug_mip_heap
   describes them.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mip-generate=heap" } */

#include "heap-sites.h"

/* Between the label and the call: only comments and directives.  */
/* { dg-final { scan-assembler-times {\tleaq\t\.Lmip\.h([0-9]+)\(%rip\), %rcx\n\.Lmip\.c\1:\n(?:(?:#|\t\.)[^\n]*\n)*\t(?:call|jmp)\t__mip_heap_(?:malloc|calloc|realloc|free|strdup|posix_memalign)\n} 7 } } */
/* { dg-final { scan-assembler {\.Lmip\.c[0-9]+:\n(?:(?:#|\t\.)[^\n]*\n)*\tjmp\t__mip_heap_malloc\n} } } */
/* { dg-final { scan-assembler {\.Lmip\.c[0-9]+:\n(?:(?:#|\t\.)[^\n]*\n)*\tjmp\t__mip_heap_free\n} } } */
/* { dg-final { scan-assembler {\.Lmip\.c[0-9]+:\n(?:(?:#|\t\.)[^\n]*\n)*\tcall\t__mip_heap_posix_memalign\n} } } */
/* { dg-final { scan-assembler-not {\t(?:call|jmp)\t\*?(?:malloc|calloc|realloc|free|strdup|posix_memalign)\M} } } */
/* { dg-final { scan-assembler {\t\.hidden\t__mip_heap_malloc\n} } } */
/* The records: after the function records, 8-aligned, 88 bytes each.  */
/* { dg-final { scan-assembler-times {\.Lmip\.h[0-9]+:\n\t\.zero\t88\n} 7 } } */
/* The unit in .debug_mip_heap: magic "heap" 64, version 1, 40-byte
   header, 7 sites of 16 bytes, the first record 24 bytes into the raw
   unit (16 of header, 6 coverage bytes), then each site's call label,
   function index and callee id (malloc 0, realloc 2, free 9).  */
/* { dg-final { scan-assembler {\.pushsection[ \t]+\.debug_mip_heap,"",%progbits\n\t\.balign\t8\n\t\.quad\t0xff686561704d4940\n\t\.long\t1\n\t\.long\t40\n\t\.quad\t0x[0-9a-f]+\n\t\.long\t7\n\t\.long\t16\n\t\.long\t24\n\t\.long\t0\n\t\.quad\t\.Lmip\.c0\n\t\.long\t0\n\t\.long\t0\n\t\.quad\t\.Lmip\.c1\n\t\.long\t1\n\t\.long\t1\n\t\.quad\t\.Lmip\.c2\n\t\.long\t2\n\t\.long\t2\n\t\.quad\t\.Lmip\.c3\n\t\.long\t2\n\t\.long\t9\n} } } */
/* The raw unit's size covers the sites: 24 + 7 * 88.  */
/* { dg-final { scan-assembler {__mip_raw,"aw",%progbits\n\t\.balign\t8\n\t\.quad\t0x[0-9a-f]+\n\t\.long\t640\n\t\.long\t6\n} } } */
