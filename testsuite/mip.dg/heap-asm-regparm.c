/* The heap option leaves alone a call that passes an argument in the
   site register: with -mregparm=3 malloc's size is in %eax, so no call
   is a site and the unit has no .debug_mip_heap; the program stays as
   it was.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -m32 -mregparm=3 -fplugin-arg-mip-generate=heap" } */

#include "heap-sites.h"

/* { dg-final { scan-assembler-not {__mip_heap_|\.Lmip\.[hc][0-9]} } } */
/* { dg-final { scan-assembler-not {debug_mip_heap} } } */
/* { dg-final { scan-assembler {\tcall\tmalloc} } } */
