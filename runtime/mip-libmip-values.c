/* mip-libmip-values.c - libmip's member of the value sites' wrappers
   (the block-count mode), linked by the programs whose instrumented
   code calls them (see mip-parts.c): they call memcpy, memmove and
   memset, which a firmware built without a C library and without value
   sites must not need.

   The plugin (plugin/mip-values.cc) turns each call of a string
   operation whose size it profiles into a call of the wrapper of that
   operation, with the address of the site's record as an argument more
   (in a register: the fourth argument on x86-64, AArch64 and 32-bit
   Arm, on the stack on i386):

	memcpy (to, from, n)   ->   __mip_value_memcpy (to, from, n, record)

   The wrapper adds N to the record (mip_raw_value_site: the one-counter
   Misra-Gries summary of mip-format.h, the sum of the sizes and the
   calls) and then does the operation, as a tail call of memcpy, memmove
   or memset: the compiler needs those in any C environment, where
   mempcpy and bzero may not be, so those are done by memcpy and
   memset.  Not atomic: a multi-threaded program may lose an update
   when two threads pass one site at once, as with the block counters.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-internal.h"

/* The wrappers run at every profiled call: compiled for speed, not for
   the size the rest of libmip is (mip-internal.h), with the update
   inlined and the operation a tail call of the C library's, never an
   inline copy (-Os copies with rep movsb on x86).  */
#if defined __GNUC__ && !defined __clang__
#pragma GCC push_options
#pragma GCC optimize ("O2")
#endif

/* Add the size N to RECORD.  */
static inline __attribute__ ((always_inline)) void
value_add (struct mip_raw_value_site *record, size_t n)
{
  uint64_t x = n;
  if (record->value == x)
    record->count++;
  else if (record->count == 0)
    {
      record->value = x;
      record->count = 1;
    }
  else
    record->count--;
  record->sum += x;
  record->calls++;
}

MIP_HIDDEN MIP_USED void *
__mip_value_memcpy (void *to, const void *from, size_t n,
		    struct mip_raw_value_site *record)
{
  value_add (record, n);
  return __builtin_memcpy (to, from, n);
}

MIP_HIDDEN MIP_USED void *
__mip_value_mempcpy (void *to, const void *from, size_t n,
		     struct mip_raw_value_site *record)
{
  value_add (record, n);
  return (char *) __builtin_memcpy (to, from, n) + n;
}

MIP_HIDDEN MIP_USED void *
__mip_value_memmove (void *to, const void *from, size_t n,
		     struct mip_raw_value_site *record)
{
  value_add (record, n);
  return __builtin_memmove (to, from, n);
}

MIP_HIDDEN MIP_USED void *
__mip_value_memset (void *to, int c, size_t n,
		    struct mip_raw_value_site *record)
{
  value_add (record, n);
  return __builtin_memset (to, c, n);
}

MIP_HIDDEN MIP_USED void
__mip_value_bzero (void *to, size_t n, struct mip_raw_value_site *record)
{
  value_add (record, n);
  __builtin_memset (to, 0, n);
}

#if defined __GNUC__ && !defined __clang__
#pragma GCC pop_options
#endif
