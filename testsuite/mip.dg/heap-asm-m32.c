/* The heap option on i386: the site register is %eax (the wrappers'
   regparm (1) parameter).  In position-independent code the record is
   addressed from %ebx, which holds the GOT for the PLT call the call
   was, and the call is a direct call of the hidden wrapper.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -m32 -fPIE -fplugin-arg-mip-generate=heap" } */

#include "heap-sites.h"

/* { dg-final { scan-assembler-times {\tleal\t\.Lmip\.h([0-9]+)@GOTOFF\(%ebx\), %eax\n\.Lmip\.c\1:\n(?:(?:#|\t\.)[^\n]*\n)*\tcall\t__mip_heap_[a-z_]+\n} 7 } } */
/* { dg-final { scan-assembler-not {@PLT} } } */
/* The 32-bit unit: magic "heap" 32, each address a .long and a zero.  */
/* { dg-final { scan-assembler {\t\.quad\t0xff686561704d4920\n\t\.long\t1\n\t\.long\t40\n\t\.quad\t0x[0-9a-f]+\n\t\.long\t7\n\t\.long\t16\n\t\.long\t24\n\t\.long\t0\n\t\.long\t\.Lmip\.c0\n\t\.long\t0\n\t\.long\t0\n\t\.long\t0\n} } } */
