/* Built with --coverage as well as with the plugin, at -O0: each
   function's call count equals gcov's execution count, and the branches
   agree with gcov -b's (mip-compare-gcov-branches).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0 --coverage" } */

static int gcd (int a, int b) {
  return b == 0 ? a : gcd (b, a % b);
}

int lcm (int a, int b) {
  return a / gcd (a, b) * b;
}

int unused (int x) {
  return x * x;
}

static void visit (int *counter) {
  ++*counter;
}

int main (void) {
  int visits = 0, result = 1;
  for (int i = 1; i <= 12; i++)
    {
      result = lcm (result, i);
      visit (&visits);
    }
  return result == 27720 && visits == 12 ? 0 : 1;
}

/* { dg-final { mip-compare-gcov } } */
/* { dg-final { mip-compare-gcov-branches } } */
