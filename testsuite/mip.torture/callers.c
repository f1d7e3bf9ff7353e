/* First callers against valgrind's callgrind at every optimisation
   level: each caller that MIP records must be one callgrind saw, each
   function called from instrumented code must have one, and mipdata
   callgraph (text and Graphviz) must show exactly those edges.  Several
   call sites, calls through function pointers, from the C library
   (qsort) and recursion.  Tail calls would hide a caller from both
   tools differently, so they are off.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-fno-optimize-sibling-calls" } */

#include <stdlib.h>

volatile int sink;

__attribute__ ((noipa)) int leaf (int x) { /* mip-calls(11) mip-caller(via_pointer_a) */
  return x + 1;
}

__attribute__ ((noipa)) int twice (int x) { /* mip-calls(4) mip-caller(via_pointer_b) */
  return leaf (x) + leaf (x + 1);
}

__attribute__ ((noipa)) int via_pointer_a (int x) { /* mip-calls(2) mip-caller(main) */
  return leaf (x) * 2;
}

__attribute__ ((noipa)) int via_pointer_b (int x) { /* mip-calls(2) mip-caller(main) */
  return twice (x) * 3;
}

int (*volatile table[2]) (int) = { via_pointer_a, via_pointer_b };

__attribute__ ((noipa)) int recurse (int n) { /* mip-calls(4) mip-caller(second_caller) */
  return n == 0 ? leaf (0) : recurse (n - 1) + 1;
}

__attribute__ ((noipa)) static int compare (const void *a, const void *b) { /* mip-covered */
  return *(const int *) a - *(const int *) b;
}

__attribute__ ((noipa)) int second_caller (void) { /* mip-calls(1) mip-caller(main) */
  return twice (5) + recurse (3);
}

__attribute__ ((noipa)) int never (void) { /* mip-calls(0) */
  return leaf (-1);
}

int main (int argc, char **argv) { /* mip-calls(1) mip-order(1) */
  int values[8] = { 5, 3, 1, 7, 2, 8, 6, 4 };
  int sum = 0;
  for (int i = 0; i < 4; i++)
    sum += table[i % 2] (i);
  sum += second_caller ();
  sum += twice (1);
  if (argc > 10)
    sum += never ();
  qsort (values, 8, sizeof values[0], compare);
  sink = sum;
  return values[0] == 1 && values[7] == 8 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-compare-callgrind-callers } } */
