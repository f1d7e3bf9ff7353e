/* The heap option in position-independent code: the calls that went
   through the PLT are direct calls of the hidden wrappers; the object
   has PC-relative relocations to the records and no PLT or GOT
   relocation of an allocation function.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do assemble } */
/* { dg-options "-O2 -fPIE -fplugin-arg-mip-generate=heap" } */

#include "heap-sites.h"

/* { dg-final { scan-relocations {\n[^\n]*\tlea +0x0\(%rip\),%rcx[^\n]*\n\t+[0-9a-f]+: R_X86_64_PC32\t__mip_raw\+0x[0-9a-f]+\n[^\n]*\t(?:call|jmp) [^\n]*\n\t+[0-9a-f]+: R_X86_64_PLT32\t__mip_heap_(?:malloc|calloc|realloc|free|strdup|posix_memalign)-0x4} 7 } } */
/* { dg-final { scan-relocations {R_X86_64_(?:PLT32|GOTPCRELX?|REX_GOTPCRELX)\t(?:malloc|calloc|realloc|free|strdup|posix_memalign)\M} 0 } } */
