/* Call counts and order at every optimisation level: loops, recursion
   (tail-recursion elimination is off, it would remove the calls), a
   function never called.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-fno-optimize-sibling-calls" } */

volatile int sink;

__attribute__ ((noipa)) int never (int x) { /* mip-calls(0) mip-not-covered mip-order(null) mip-blocks(none-covered) */
  return x;
}

__attribute__ ((noipa)) int once (int x) { /* mip-calls(1) mip-order(2) mip-blocks(all-covered) mip-caller(main) */
  return x + 1;
}

__attribute__ ((noipa)) static int many (int x) { /* mip-calls(1000) mip-order(3) mip-blocks(all-covered) mip-caller(main) */
  return x ^ 5;
}

__attribute__ ((noipa)) unsigned long fibonacci (unsigned n) { /* mip-calls(177) mip-order(4) mip-caller(main) */
  return n < 2 ? n : fibonacci (n - 1) + fibonacci (n - 2);
}

__attribute__ ((noipa)) static int depth (int n) { /* mip-calls(51) mip-order(5) */
  if (n == 0)
    return 0;
  int below = depth (n - 1);
  sink = below;
  return below + 1;
}

int main (int argc, char **argv) { /* mip-calls(1) mip-order(1) */
  if (argc > 100)
    return never (argc);
  sink = once (1);
  for (int i = 0; i < 1000; i++)
    sink = many (i);
  if (fibonacci (10) != 55)
    return 1;
  return depth (50) == 50 ? 0 : 2;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-inference } } */
