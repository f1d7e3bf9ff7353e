/* mip-libmip-heap-cxx.c - libmip's heap option, C++ part: the wrappers
   of the 20 operators new and delete of lib/mip-heap-callees.inc.

   A member of its own, linked only by programs whose instrumented code
   calls one of them (C++ programs, which link libstdc++ anyway), so a C
   program never needs libstdc++.  The recording is the C part's
   (mip-heap.c), which this member pulls in.  Not in the freestanding
   runtime.

   Written in C and compiled with -fexceptions: an operator new that
   throws (std::bad_alloc, or a new_handler's exception) unwinds through
   its wrapper to the program's handler, and nothing is counted, as the
   wrapper never gets past the call.  The operators are declared here by
   their assembler names (size_t is unsigned long or unsigned int in the
   mangling, std::align_val_t is a size_t, a std::nothrow_t reference a
   pointer).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include "mip-heap.h"

#if MIP_PLATFORM_POSIX

/* Declare the operator C_NAME under its assembler name.  */
#define MIP_HEAP_OPERATOR(type, c_name, symbol, symbol32, params) \
  extern type c_name params __asm__ (MIP_HEAP_SYMBOL (symbol, symbol32))

typedef const void *nothrow_ref;

MIP_HEAP_OPERATOR (void *, cxx_new, "_Znwm", "_Znwj", (size_t));
MIP_HEAP_OPERATOR (void *, cxx_new_array, "_Znam", "_Znaj", (size_t));
MIP_HEAP_OPERATOR (void *, cxx_new_nothrow, "_ZnwmRKSt9nothrow_t",
		   "_ZnwjRKSt9nothrow_t", (size_t, nothrow_ref));
MIP_HEAP_OPERATOR (void *, cxx_new_array_nothrow, "_ZnamRKSt9nothrow_t",
		   "_ZnajRKSt9nothrow_t", (size_t, nothrow_ref));
MIP_HEAP_OPERATOR (void *, cxx_new_aligned, "_ZnwmSt11align_val_t",
		   "_ZnwjSt11align_val_t", (size_t, size_t));
MIP_HEAP_OPERATOR (void *, cxx_new_array_aligned, "_ZnamSt11align_val_t",
		   "_ZnajSt11align_val_t", (size_t, size_t));
MIP_HEAP_OPERATOR (void *, cxx_new_aligned_nothrow,
		   "_ZnwmSt11align_val_tRKSt9nothrow_t",
		   "_ZnwjSt11align_val_tRKSt9nothrow_t",
		   (size_t, size_t, nothrow_ref));
MIP_HEAP_OPERATOR (void *, cxx_new_array_aligned_nothrow,
		   "_ZnamSt11align_val_tRKSt9nothrow_t",
		   "_ZnajSt11align_val_tRKSt9nothrow_t",
		   (size_t, size_t, nothrow_ref));
MIP_HEAP_OPERATOR (void, cxx_delete, "_ZdlPv", "_ZdlPv", (void *));
MIP_HEAP_OPERATOR (void, cxx_delete_array, "_ZdaPv", "_ZdaPv", (void *));
MIP_HEAP_OPERATOR (void, cxx_delete_sized, "_ZdlPvm", "_ZdlPvj",
		   (void *, size_t));
MIP_HEAP_OPERATOR (void, cxx_delete_array_sized, "_ZdaPvm", "_ZdaPvj",
		   (void *, size_t));
MIP_HEAP_OPERATOR (void, cxx_delete_aligned, "_ZdlPvSt11align_val_t",
		   "_ZdlPvSt11align_val_t", (void *, size_t));
MIP_HEAP_OPERATOR (void, cxx_delete_array_aligned, "_ZdaPvSt11align_val_t",
		   "_ZdaPvSt11align_val_t", (void *, size_t));
MIP_HEAP_OPERATOR (void, cxx_delete_sized_aligned, "_ZdlPvmSt11align_val_t",
		   "_ZdlPvjSt11align_val_t", (void *, size_t, size_t));
MIP_HEAP_OPERATOR (void, cxx_delete_array_sized_aligned,
		   "_ZdaPvmSt11align_val_t", "_ZdaPvjSt11align_val_t",
		   (void *, size_t, size_t));
MIP_HEAP_OPERATOR (void, cxx_delete_nothrow, "_ZdlPvRKSt9nothrow_t",
		   "_ZdlPvRKSt9nothrow_t", (void *, nothrow_ref));
MIP_HEAP_OPERATOR (void, cxx_delete_array_nothrow, "_ZdaPvRKSt9nothrow_t",
		   "_ZdaPvRKSt9nothrow_t", (void *, nothrow_ref));
MIP_HEAP_OPERATOR (void, cxx_delete_aligned_nothrow,
		   "_ZdlPvSt11align_val_tRKSt9nothrow_t",
		   "_ZdlPvSt11align_val_tRKSt9nothrow_t",
		   (void *, size_t, nothrow_ref));
MIP_HEAP_OPERATOR (void, cxx_delete_array_aligned_nothrow,
		   "_ZdaPvSt11align_val_tRKSt9nothrow_t",
		   "_ZdaPvSt11align_val_tRKSt9nothrow_t",
		   (void *, size_t, nothrow_ref));

/* ---- operator new: counted once it returns -------------------------- */

MIP_HEAP_WRAPPER1 (void *, wrap_new, "_Znwm", "_Znwj", size_t, size)
{
  void *block = cxx_new (size);

  mip_heap_count_allocation (site, block, size);
  return block;
}

MIP_HEAP_WRAPPER1 (void *, wrap_new_array, "_Znam", "_Znaj", size_t, size)
{
  void *block = cxx_new_array (size);

  mip_heap_count_allocation (site, block, size);
  return block;
}

MIP_HEAP_WRAPPER2 (void *, wrap_new_nothrow, "_ZnwmRKSt9nothrow_t",
		   "_ZnwjRKSt9nothrow_t", size_t, size, nothrow_ref, tag)
{
  void *block = cxx_new_nothrow (size, tag);

  mip_heap_count_allocation (site, block, size);
  return block;
}

MIP_HEAP_WRAPPER2 (void *, wrap_new_array_nothrow, "_ZnamRKSt9nothrow_t",
		   "_ZnajRKSt9nothrow_t", size_t, size, nothrow_ref, tag)
{
  void *block = cxx_new_array_nothrow (size, tag);

  mip_heap_count_allocation (site, block, size);
  return block;
}

MIP_HEAP_WRAPPER2 (void *, wrap_new_aligned, "_ZnwmSt11align_val_t",
		   "_ZnwjSt11align_val_t", size_t, size, size_t, alignment)
{
  void *block = cxx_new_aligned (size, alignment);

  mip_heap_count_allocation (site, block, size);
  return block;
}

MIP_HEAP_WRAPPER2 (void *, wrap_new_array_aligned, "_ZnamSt11align_val_t",
		   "_ZnajSt11align_val_t", size_t, size, size_t, alignment)
{
  void *block = cxx_new_array_aligned (size, alignment);

  mip_heap_count_allocation (site, block, size);
  return block;
}

MIP_HEAP_WRAPPER3 (void *, wrap_new_aligned_nothrow,
		   "_ZnwmSt11align_val_tRKSt9nothrow_t",
		   "_ZnwjSt11align_val_tRKSt9nothrow_t", size_t, size,
		   size_t, alignment, nothrow_ref, tag)
{
  void *block = cxx_new_aligned_nothrow (size, alignment, tag);

  mip_heap_count_allocation (site, block, size);
  return block;
}

MIP_HEAP_WRAPPER3 (void *, wrap_new_array_aligned_nothrow,
		   "_ZnamSt11align_val_tRKSt9nothrow_t",
		   "_ZnajSt11align_val_tRKSt9nothrow_t", size_t, size,
		   size_t, alignment, nothrow_ref, tag)
{
  void *block = cxx_new_array_aligned_nothrow (size, alignment, tag);

  mip_heap_count_allocation (site, block, size);
  return block;
}

/* ---- operator delete: counted before the block goes ---------------- */

MIP_HEAP_WRAPPER1 (void, wrap_delete, "_ZdlPv", "_ZdlPv", void *, block)
{
  mip_heap_count_free (site, block);
  cxx_delete (block);
}

MIP_HEAP_WRAPPER1 (void, wrap_delete_array, "_ZdaPv", "_ZdaPv",
		   void *, block)
{
  mip_heap_count_free (site, block);
  cxx_delete_array (block);
}

MIP_HEAP_WRAPPER2 (void, wrap_delete_sized, "_ZdlPvm", "_ZdlPvj",
		   void *, block, size_t, size)
{
  mip_heap_count_free (site, block);
  cxx_delete_sized (block, size);
}

MIP_HEAP_WRAPPER2 (void, wrap_delete_array_sized, "_ZdaPvm", "_ZdaPvj",
		   void *, block, size_t, size)
{
  mip_heap_count_free (site, block);
  cxx_delete_array_sized (block, size);
}

MIP_HEAP_WRAPPER2 (void, wrap_delete_aligned, "_ZdlPvSt11align_val_t",
		   "_ZdlPvSt11align_val_t", void *, block, size_t, alignment)
{
  mip_heap_count_free (site, block);
  cxx_delete_aligned (block, alignment);
}

MIP_HEAP_WRAPPER2 (void, wrap_delete_array_aligned, "_ZdaPvSt11align_val_t",
		   "_ZdaPvSt11align_val_t", void *, block, size_t, alignment)
{
  mip_heap_count_free (site, block);
  cxx_delete_array_aligned (block, alignment);
}

MIP_HEAP_WRAPPER3 (void, wrap_delete_sized_aligned, "_ZdlPvmSt11align_val_t",
		   "_ZdlPvjSt11align_val_t", void *, block, size_t, size,
		   size_t, alignment)
{
  mip_heap_count_free (site, block);
  cxx_delete_sized_aligned (block, size, alignment);
}

MIP_HEAP_WRAPPER3 (void, wrap_delete_array_sized_aligned,
		   "_ZdaPvmSt11align_val_t", "_ZdaPvjSt11align_val_t",
		   void *, block, size_t, size, size_t, alignment)
{
  mip_heap_count_free (site, block);
  cxx_delete_array_sized_aligned (block, size, alignment);
}

MIP_HEAP_WRAPPER2 (void, wrap_delete_nothrow, "_ZdlPvRKSt9nothrow_t",
		   "_ZdlPvRKSt9nothrow_t", void *, block, nothrow_ref, tag)
{
  mip_heap_count_free (site, block);
  cxx_delete_nothrow (block, tag);
}

MIP_HEAP_WRAPPER2 (void, wrap_delete_array_nothrow, "_ZdaPvRKSt9nothrow_t",
		   "_ZdaPvRKSt9nothrow_t", void *, block, nothrow_ref, tag)
{
  mip_heap_count_free (site, block);
  cxx_delete_array_nothrow (block, tag);
}

MIP_HEAP_WRAPPER3 (void, wrap_delete_aligned_nothrow,
		   "_ZdlPvSt11align_val_tRKSt9nothrow_t",
		   "_ZdlPvSt11align_val_tRKSt9nothrow_t", void *, block,
		   size_t, alignment, nothrow_ref, tag)
{
  mip_heap_count_free (site, block);
  cxx_delete_aligned_nothrow (block, alignment, tag);
}

MIP_HEAP_WRAPPER3 (void, wrap_delete_array_aligned_nothrow,
		   "_ZdaPvSt11align_val_tRKSt9nothrow_t",
		   "_ZdaPvSt11align_val_tRKSt9nothrow_t", void *, block,
		   size_t, alignment, nothrow_ref, tag)
{
  mip_heap_count_free (site, block);
  cxx_delete_array_aligned_nothrow (block, alignment, tag);
}

#endif /* MIP_PLATFORM_POSIX */
