/* mip-libmip-merge.c - libmip's merging writer and dumps on signals,
   linked by -lmip-complete and by the full mode (see mip-parts.c).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define MIP_MEMBER MIP_MEMBER_MERGE
#include "mip-parts.c"
