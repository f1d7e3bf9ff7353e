/* In the block-count mode the call graph's edges carry exact calls: the
   count of the block that holds each call site, summed over an edge's
   sites (the program of callgraph-samples.c: fib's two recursive
   sites, a callee with three callers of very different call counts);
   the caller samples' estimates stay beside them.  i386 as -m32
   variants, position-dependent and PIE.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0 -fplugin-arg-mip-generate=block-count" } */

#include "callgraph-samples.c"

/* { dg-final { mip-check-call-weights { {fib fib 21890} {often callee 10000} {sometimes callee 3000} {rarely callee 300} } -variants { {-m32 -fno-pie -no-pie} {-m32 -fPIE -pie} } } } */
