/* mip-libmip.c - libmip's core member: the anchor, the raw header, the
   dump at exit and __mip_dump, and the lean file writer.  Every
   instrumented program links it (see mip-parts.c).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define MIP_MEMBER MIP_MEMBER_CORE
#include "mip-parts.c"
