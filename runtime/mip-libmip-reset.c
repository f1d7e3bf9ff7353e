/* mip-libmip-reset.c - libmip's counter control: __mip_reset,
   __mip_get_size and __mip_write_buffer, linked by the programs that
   call them and by the full mode (see mip-parts.c).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define MIP_MEMBER MIP_MEMBER_RESET
#include "mip-parts.c"
