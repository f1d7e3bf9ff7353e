/* mip-parts.c - libmip's parts, compiled into its members.

   Every byte of the runtime is in each instrumented program, and the
   budget of the coverage modes is counted in bytes of .text, so libmip
   is an archive of members that a program links only when it uses
   them:

   - the core (mip-libmip.c: MIP_MEMBER_CORE): the anchor, the raw
     header (mip-header.c), the dump at exit and __mip_dump, and the
     lean file writer (mip-write.c): every instrumented program has it
     (it leaves the walk over the units to mipdata);
     without files (MIP_PLATFORM_POSIX 0) only the anchor and the order
     counter, and the raw header is the counter control's;
   - the merging writer (mip-libmip-merge.c: MIP_MEMBER_MERGE): online
     merging ("%m"), locking, the precise rules for files that several
     modules and runs share (mip-file.c), the walk over the units that
     they need (mip-walk.c), and dumps on signals (mip-process.c);
     linked by -lmip-complete and by the full mode;
   - the counter control (mip-libmip-reset.c: MIP_MEMBER_RESET):
     __mip_reset, __mip_get_size and __mip_write_buffer (mip-reset.c),
     linked by a program that calls them;
   - the heap option's C part (mip-libmip-heap.c: MIP_MEMBER_HEAP):
     the wrappers of the C allocation functions, the site counts and
     the sampled blocks (mip-heap.c), linked by programs whose
     instrumented code calls the wrappers (POSIX only: a freestanding
     runtime has none);
   - the full mode's member, mip-first-call.c, the value sites'
     wrappers (mip-libmip-values.c, which call memcpy and the like), and
     the heap option's C++ operators (mip-libmip-heap-cxx.c, compiled
     with -fexceptions), apart.

   Each member compiles the parts it needs as one unit: the functions
   the parts give each other within a member are static (MIP_INTERNAL),
   so the compiler inlines those called once and keeps no calls between
   them.  What one member gives another is MIP_SHARED (hidden, not
   static).  The platform files are compiled into each member; a member
   keeps only the calls it makes.  Without MIP_MEMBER (the unit tests,
   the freestanding check) every part is compiled into one unit.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* For secure_getenv and strerrordesc_np in glibc; it must come before
   any system header.  (A freestanding build, MIP_PLATFORM_POSIX 0,
   includes only <stddef.h> and <stdint.h>.)  */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#define MIP_INTERNAL static __attribute__ ((unused))

/* MIP_PLATFORM_POSIX, which chooses the parts of some members.  */
#include "mip-port.h"

#define MIP_MEMBER_CORE 1
#define MIP_MEMBER_MERGE 2
#define MIP_MEMBER_RESET 3
#define MIP_MEMBER_HEAP 4

#ifndef MIP_MEMBER
#define MIP_HAS_PART(member) 1
#else
#define MIP_HAS_PART(member) (MIP_MEMBER == (member))
#endif

#if MIP_HAS_PART (MIP_MEMBER_CORE)
#include "mip-runtime.c"
#if MIP_PLATFORM_POSIX || !defined MIP_MEMBER
#include "mip-header.c"
#include "mip-write.c"
#include "mip-util.c"
#endif
#endif
#if MIP_HAS_PART (MIP_MEMBER_MERGE)
#include "mip-walk.c"
#include "mip-file.c"
#include "mip-process.c"
#endif
#if MIP_HAS_PART (MIP_MEMBER_RESET)
#if !MIP_PLATFORM_POSIX && defined MIP_MEMBER
#include "mip-header.c"
#endif
#include "mip-reset.c"
#endif
#if MIP_HAS_PART (MIP_MEMBER_HEAP)
#include "mip-heap.c"
#endif
#include "mip-platform-linux.c"
#include "mip-platform-other.c"
