/* The heap option with -fno-plt in position-dependent code, where the
   call's RTL names the symbol and only its output goes through the GOT
   (call *malloc@GOTPCREL(%rip)): the wrapper, local, is called
   directly.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -fno-pie -fno-plt -fplugin-arg-mip-generate=heap" } */

#include "heap-sites.h"

/* { dg-final { scan-assembler-times {\tleaq\t\.Lmip\.h([0-9]+)\(%rip\), %rcx\n\.Lmip\.c\1:\n(?:(?:#|\t\.)[^\n]*\n)*\t(?:call|jmp)\t__mip_heap_[a-z_]+\n} 7 } } */
/* { dg-final { scan-assembler-not {GOTPCREL} } } */
