/* A program that ends by calling exit in a callee not declared
   noreturn (finish).  The plugin takes calls to return, like LLVM's
   block coverage: the blocks after the interrupted calls, in the
   functions on the stack at exit (work and main), may be inferred
   covered though they never ran, and they are the only difference from
   a build that probes every block.  With
   -fplugin-arg-mip-calls-may-exit every call may leave the function
   and the inference is exact.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-fno-optimize-sibling-calls" } */

#include <stdlib.h>

volatile int sink;

__attribute__ ((noipa)) void finish (int status) { /* mip-calls(3) */
  if (status >= 0)
    exit (status);
  sink = status;
}

__attribute__ ((noipa)) void low (void) { /* mip-calls(2) */
  sink = 1;
}

__attribute__ ((noipa)) void high (void) { /* mip-calls(0) */
  sink = 2;
}

__attribute__ ((noipa)) int work (int x) { /* mip-calls(3) */
  finish (x - 10);
  if (x > 3)
    high ();
  else
    low ();
  return x;
}

__attribute__ ((noipa)) void report (int x) { /* mip-calls(0) */
  sink = x;
}

int main (void) { /* mip-calls(1) mip-order(1) */
  int sum = work (1) + work (2);
  sum += work (10);
  if (sum > 0)
    report (sum);
  return 1;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-inference -interrupted {work main} } } */
/* { dg-final { mip-check-inference -flags -fplugin-arg-mip-calls-may-exit } } */
/* { dg-final { mip-check-mode-blocks block-coverage } } */
