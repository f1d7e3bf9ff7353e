/* The heap option in i386 position-dependent code: the record's
   absolute address into %eax.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -m32 -fno-pie -fplugin-arg-mip-generate=heap" } */

#include "heap-sites.h"

/* { dg-final { scan-assembler-times {\tmovl\t\$\.Lmip\.h([0-9]+), %eax\n\.Lmip\.c\1:\n(?:(?:#|\t\.)[^\n]*\n)*\t(?:call|jmp)\t__mip_heap_[a-z_]+\n} 7 } } */
