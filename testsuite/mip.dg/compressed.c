/* The map is debug information, so every way of compressing debug
   sections compresses it (zlib and zstd ELF compression, the GNU
   .zdebug form; by the compiler driver, the linker or objcopy), and
   mipdata reads each back: see lib/mip-compress.exp.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

#include "stripped-program.h"

/* { dg-final { mip-check-compressed } } */
