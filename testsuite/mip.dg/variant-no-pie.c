/* Call counts in a position-dependent executable (-fno-PIE -no-pie).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -fno-PIE -no-pie" } */

__attribute__ ((noipa)) int leaf (int x) { /* mip-calls(5) mip-order(3) */
  return x + 1;
}

__attribute__ ((noipa)) static int middle (int x) { /* mip-calls(1) mip-order(2) */
  int sum = 0;
  for (int i = 0; i < 5; i++)
    sum += leaf (x + i);
  return sum;
}

__attribute__ ((noipa)) int unused (int x) { /* mip-calls(0) mip-not-covered */
  return x - 1;
}

int main (void) { /* mip-calls(1) mip-order(1) */
  return middle (10) == 65 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
