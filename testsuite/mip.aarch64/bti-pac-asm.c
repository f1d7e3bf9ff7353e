/* The assembly of bti-pac.c under -mbranch-protection=standard: the
   landing pad first, then the entry probe, and paciasp after the probe
   (which restores x30 from x10 before it is signed).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -mbranch-protection=standard" } */

#include "bti-pac.c"

/* The landing pad comes first, the probe next, paciasp after it (with
   the .loc lines of -g anywhere between).  */
/* { dg-final { scan-assembler {\nnon_leaf:\n(?:(?:\.L|\t\.loc)[^\n]*\n)*\t\.cfi_startproc\n(?:\t\.loc[^\n]*\n)*\thint\t34 // bti c\n(?:\t\.loc[^\n]*\n)*#APP\n(?:[^\n]*\n)*?\tadrp\tx9, \.Lmip\.r} } } */
/* { dg-final { scan-assembler {\tmov\tx30, x10\n(?:[^\n]*\n)*?#NO_APP\n(?:\t\.loc[^\n]*\n)*\thint\t25 // paciasp\n} } } */
