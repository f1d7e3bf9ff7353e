/* mip-libmip-heap.c - libmip's heap option, C part: the wrappers of the
   C allocation functions and the recording of allocation sites, linked
   by the programs whose instrumented code calls a wrapper (see
   mip-parts.c and mip-heap.c).  Not in the freestanding runtime.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define MIP_MEMBER MIP_MEMBER_HEAP
#include "mip-parts.c"
