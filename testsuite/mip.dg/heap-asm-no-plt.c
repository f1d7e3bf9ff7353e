/* The heap option with -fno-plt: a call through the function's GOT
   entry (call *malloc@GOTPCREL(%rip)) becomes a direct call of the
   hidden wrapper, in position-dependent and -independent code.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do assemble } */
/* { dg-options "-O2 -fPIC -fno-plt -fplugin-arg-mip-generate=heap" } */

#include "heap-sites.h"

/* { dg-final { scan-relocations {\n[^\n]*\tlea +0x0\(%rip\),%rcx[^\n]*\n\t+[0-9a-f]+: R_X86_64_PC32\t__mip_raw\+0x[0-9a-f]+\n[^\n]*\t(?:call|jmp) [^\n]*\n\t+[0-9a-f]+: R_X86_64_PLT32\t__mip_heap_(?:malloc|calloc|realloc|free|strdup|posix_memalign)-0x4} 7 } } */
/* { dg-final { scan-relocations {GOTPCREL} 0 } } */
