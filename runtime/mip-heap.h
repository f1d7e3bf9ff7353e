/* mip-heap.h - what libmip's two heap members share: the calling
   convention of the allocation wrappers and the recording functions.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   With the heap option the plugin rewrites each call of an allocation
   function SYMBOL (lib/mip-heap-callees.inc) in instrumented code into
   a direct call of the hidden MIP_HEAP_WRAPPER_PREFIX SYMBOL, with the
   same arguments, and puts the address of the site's record (a struct
   mip_raw_heap_site in __mip_raw) into a register that none of the
   callee's arguments use: the fourth argument register (x86-64 %rcx,
   AArch64 x3, 32-bit Arm r3), or %eax on i386, where the wrapper takes
   it as its first parameter through regparm (1) and the real arguments
   follow on the stack.  Every callee has at most three arguments, all
   integers or pointers of a register's width, so padding the parameter
   list to three words puts the site in the fourth argument register on
   every target with argument registers.  MIP_HEAP_WRAPPER1/2/3 write
   the declaration of a wrapper with one, two or three real parameters
   for the target compiled for, so that each wrapper is written once.  */

#ifndef MIP_HEAP_H
#define MIP_HEAP_H

#include "mip-internal.h"

/* A wrapper's assembler name: the callee's where size_t is 64-bit
   (SYMBOL) or 32-bit (SYMBOL32), after MIP_HEAP_WRAPPER_PREFIX; the
   C++ operators' names spell size_t in their mangling.  */
#if __SIZEOF_SIZE_T__ == 8
#define MIP_HEAP_SYMBOL(symbol, symbol32) symbol
#else
#define MIP_HEAP_SYMBOL(symbol, symbol32) symbol32
#endif
#define MIP_HEAP_WRAPPER_NAME(symbol, symbol32) \
  __asm__ (MIP_HEAP_WRAPPER_PREFIX MIP_HEAP_SYMBOL (symbol, symbol32))

#if defined __i386__
#define MIP_HEAP_ABI __attribute__ ((regparm (1)))
#define MIP_HEAP_PARAMS1(t1, a1) \
  (struct mip_raw_heap_site *site, t1 a1)
#define MIP_HEAP_PARAMS2(t1, a1, t2, a2) \
  (struct mip_raw_heap_site *site, t1 a1, t2 a2)
#define MIP_HEAP_PARAMS3(t1, a1, t2, a2, t3, a3) \
  (struct mip_raw_heap_site *site, t1 a1, t2 a2, t3 a3)
#else
#define MIP_HEAP_ABI
#define MIP_HEAP_PARAMS1(t1, a1) \
  (t1 a1, uintptr_t unused_2 __attribute__ ((unused)), \
   uintptr_t unused_3 __attribute__ ((unused)), \
   struct mip_raw_heap_site *site)
#define MIP_HEAP_PARAMS2(t1, a1, t2, a2) \
  (t1 a1, t2 a2, uintptr_t unused_3 __attribute__ ((unused)), \
   struct mip_raw_heap_site *site)
#define MIP_HEAP_PARAMS3(t1, a1, t2, a2, t3, a3) \
  (t1 a1, t2 a2, t3 a3, struct mip_raw_heap_site *site)
#endif

/* Declare the wrapper NAME (a C name of this file's own) under its
   assembler name, then start its definition: the function body
   follows the macro.  */
#define MIP_HEAP_WRAPPER(type, name, symbol, symbol32, params) \
  MIP_HIDDEN MIP_HEAP_ABI type name params \
    MIP_HEAP_WRAPPER_NAME (symbol, symbol32); \
  MIP_HIDDEN MIP_HEAP_ABI MIP_USED type name params
#define MIP_HEAP_WRAPPER1(type, name, symbol, symbol32, t1, a1) \
  MIP_HEAP_WRAPPER (type, name, symbol, symbol32, MIP_HEAP_PARAMS1 (t1, a1))
#define MIP_HEAP_WRAPPER2(type, name, symbol, symbol32, t1, a1, t2, a2) \
  MIP_HEAP_WRAPPER (type, name, symbol, symbol32, \
		    MIP_HEAP_PARAMS2 (t1, a1, t2, a2))
#define MIP_HEAP_WRAPPER3(type, name, symbol, symbol32, t1, a1, t2, a2, \
			  t3, a3) \
  MIP_HEAP_WRAPPER (type, name, symbol, symbol32, \
		    MIP_HEAP_PARAMS3 (t1, a1, t2, a2, t3, a3))

/* The recording, in the C member (mip-heap.c), for both members.  */

/* An allocation at SITE asked for SIZE bytes and returned BLOCK (NULL:
   it failed).  errno is left as it is.  */
MIP_SHARED void mip_heap_count_allocation (struct mip_raw_heap_site *site,
					   void *block, size_t size);

/* The free site SITE is about to free BLOCK (NULL counts as such a
   call): called before the real free, so that the block's address,
   which another thread may get from malloc as soon as it is freed, is
   out of the table of sampled blocks first.  errno is left as it is.  */
MIP_SHARED void mip_heap_count_free (struct mip_raw_heap_site *site,
				     void *block);

#endif /* MIP_HEAP_H */
