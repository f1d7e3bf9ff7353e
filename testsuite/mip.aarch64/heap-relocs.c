/* The heap option on AArch64, in the object: each site's record by
   ADR_PREL_PG_HI21 and ADD_ABS_LO12_NC, then a CALL26 (JUMP26 for a
   tail call) of the wrapper; no relocation of the allocation functions
   themselves.  -fno-plt calls, through a register, are left alone.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do assemble } */
/* { dg-options "-O2 -fplugin-arg-mip-generate=heap" } */

#include "../mip.dg/heap-sites.h"

/* { dg-final { scan-relocations {R_AARCH64_ADR_PREL_PG_HI21\t__mip_raw\+0x[0-9a-f]+\n[^\n]*\tadd\tx3, x3, #0x0\n\t+[0-9a-f]+: R_AARCH64_ADD_ABS_LO12_NC\t__mip_raw\+0x[0-9a-f]+\n[^\n]*\tbl?\t[^\n]*\n\t+[0-9a-f]+: R_AARCH64_(?:CALL|JUMP)26\t__mip_heap_[a-z_]+} 7 } } */
/* { dg-final { scan-relocations {R_AARCH64_[A-Z0-9_]+\t(?:malloc|calloc|realloc|free|strdup|posix_memalign)\M} 0 } } */
