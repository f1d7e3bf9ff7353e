/* -fplugin-arg-mip-heap adds the allocation sites to any mode (here the
   full mode, whose entry probes stay as they are); without
   -fplugin-arg-mip-generate it is an error, and it takes no value.
   Calls through a pointer and calls in functions without a record
   (no_instrument_function) are left alone.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mip-generate -fplugin-arg-mip-heap" } */

#include "heap-sites.h"

void *(*volatile heap_allocator) (heap_size_t) = malloc;

void *heap_indirect (heap_size_t n) {
  return heap_allocator (n);
}

__attribute__ ((no_instrument_function)) void *heap_plain (heap_size_t n) {
  return malloc (n);
}

/* { dg-final { scan-assembler-times {\tleaq\t\.Lmip\.h([0-9]+)\(%rip\), %rcx\n\.Lmip\.c\1:\n(?:(?:#|\t\.)[^\n]*\n)*\t(?:call|jmp)\t__mip_heap_[a-z_]+\n} 7 } } */
/* { dg-final { scan-assembler-times {\tcall\t__mip_count_borrow\n} 7 } } */
/* { dg-final { scan-assembler {heap_plain:\n(?:[^\n]*\n)*?\tjmp\tmalloc(?:@PLT)?\n} } } */
/* { dg-final { scan-assembler {\tjmp\t\*heap_allocator\(%rip\)\n} } } */
/* { dg-final { mip-check-plugin-error {-fplugin-arg-mip-heap} {error: mip: .-fplugin-arg-mip-heap. needs .-fplugin-arg-mip-generate.} } } */
/* { dg-final { mip-check-plugin-error {-fplugin-arg-mip-generate -fplugin-arg-mip-heap=yes} {error: mip: .-fplugin-arg-mip-heap. takes no value} } } */
/* { dg-final { mip-check-plugin-error {-fplugin-arg-mip-generate=heaps} {valid modes are .full., .block-count., .block-coverage., .function-coverage. and .heap.} } } */
