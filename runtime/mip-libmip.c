/* mip-libmip.c - libmip's parts compiled as one translation unit.

   Every byte of the runtime is in each instrumented program, and the
   budget of the function-coverage mode is counted in bytes of .text.
   Compiled together, the functions the parts give each other are static
   (MIP_INTERNAL), so the compiler inlines those called once and keeps
   no calls between them: about 200 bytes less than separate objects.
   The parts stay in their own files, by concern; the unit tests include
   this file to reach them.  mip-first-call.c is apart because only the
   full mode needs it.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* For secure_getenv and strerrordesc_np in glibc; it must come before
   any system header.  (A freestanding build, MIP_PLATFORM_POSIX 0,
   includes only <stddef.h> and <stdint.h>.)  */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#define MIP_INTERNAL static __attribute__ ((unused))

#include "mip-runtime.c"
#include "mip-file.c"
#include "mip-util.c"
#include "mip-process.c"
#include "mip-platform-linux.c"
#include "mip-platform-other.c"
