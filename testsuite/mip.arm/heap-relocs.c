/* The heap option on 32-bit Arm, in the object: a call or jump
   relocation of the wrapper per site, none of the allocation functions
   themselves, and .debug_mip_heap's addresses relative to the section
   of the code, without a Thumb bit (the call labels are local: the
   entries hold the call instructions' offsets).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do assemble } */
/* { dg-options "-O2 -fplugin-arg-mip-generate=heap" } */

#include "../mip.dg/heap-sites.h"

/* { dg-final { scan-relocations {R_ARM_(?:THM_)?(?:CALL|JUMP24)\t__mip_heap_(?:malloc|calloc|realloc|free|strdup|posix_memalign)\M} 7 } } */
/* { dg-final { scan-relocations {R_ARM_[A-Z0-9_]+\t(?:malloc|calloc|realloc|free|strdup|posix_memalign)\M} 0 } } */
