/* Call counts and first-call order of functions called 0, 1, 3 and 1000
   times, and of a recursive function.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0" } */

int never_called (int x) { /* mip-calls(0) mip-not-covered mip-order(null) */
  return x + 1;
}

int called_once (int x) { /* mip-calls(1) mip-covered mip-order(2) */
  return x * 2;
}

int called_three_times (int x) { /* mip-calls(3) mip-order(3) */
  return x - 1;
}

int called_a_thousand_times (int x) { /* mip-calls(1000) mip-order(4) */
  return x ^ 1;
}

/* 1 call from main, then 10 recursive calls.  */
int factorial (int n) { /* mip-calls(11) mip-order(5) */
  return n <= 0 ? 1 : n * factorial (n - 1);
}

volatile int sink;

int main (void) { /* mip-calls(1) mip-covered mip-order(1) */
  int i;

  sink = called_once (1);
  for (i = 0; i < 3; i++)
    sink = called_three_times (i);
  for (i = 0; i < 1000; i++)
    sink = called_a_thousand_times (i);
  if (factorial (10) != 3628800)
    return 1;
  return 0;
}

/* { dg-final { mip-run-check } } */
