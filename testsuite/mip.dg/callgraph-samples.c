/* Caller samples weigh the call graph (full mode on x86-64, i386,
   AArch64, and 32-bit Arm in ARM state, Thumb-2 and Thumb-1; i386 as
   -m32 variants, position-dependent and PIE; mip.cross runs it on the
   Arm targets too): the recursive edge of fib appears, and a callee
   with three callers of very different call counts shows all three,
   each with about the calls it made (within one sampling period of 256
   calls); the call counts stay exact.  Where the probes sample no
   callers (M-profile cores) the graph must have no samples, only first
   callers (mip_no_caller_samples in mip-compare.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0" } */

volatile int sink;

/* 1 call from main, 21,890 from itself (two call sites in fib).  */
int fib (int n) { /* mip-calls(21891) */
  return n < 2 ? n : fib (n - 1) + fib (n - 2);
}

int callee (int x) { /* mip-calls(13300) */
  return x + 1;
}

void often (void) { /* mip-calls(1) */
  int i;
  for (i = 0; i < 10000; i++)
    sink = callee (i);
}

void sometimes (void) { /* mip-calls(1) */
  int i;
  for (i = 0; i < 3000; i++)
    sink = callee (i);
}

void rarely (void) { /* mip-calls(1) */
  int i;
  for (i = 0; i < 300; i++)
    sink = callee (i);
}

int main (void) { /* mip-calls(1) */
  often ();
  sometimes ();
  rarely ();
  return fib (20) == 6765 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
/* DejaGnu reads a directive from one line only.  */
/* { dg-final { mip-check-call-weights { {fib fib 21890} {often callee 10000} {sometimes callee 3000} {rarely callee 300} } -variants { {-m32 -fno-pie -no-pie} {-m32 -fPIE -pie} } } } */
