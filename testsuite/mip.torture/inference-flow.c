/* Block coverage inferred from few probes equals the coverage of a
   build that probes every block, at every optimisation level, through
   loops with break and continue, a switch dense enough for a jump
   table, early returns, gotos, recursion and calls of a noreturn
   function on paths not taken; and the block-coverage mode records
   the same blocks.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-fno-optimize-sibling-calls" } */

#include <stdlib.h>

volatile int sink;

__attribute__ ((noipa)) int loops (int n) { /* mip-calls(1) */
  int sum = 0;
  for (int i = 0; i < n; i++)
    {
      if (i % 3 == 0)
	continue;
      if (i > 100)
	break;
      int j = i;
      while (j > 0)
	{
	  sum += j;
	  j -= 2;
	}
      do
	sum ^= i;
      while (sum < 0);
    }
  return sum;
}

__attribute__ ((noipa)) int jump_table (int x) { /* mip-calls(7) */
  switch (x)
    {
    case 0: return 11;
    case 1: return 13;
    case 2: sink = 2; /* Falls through.  */
    case 3: return 17;
    case 4: return 19;
    case 5: return 23;
    case 6: return 29;
    case 7: return 31;
    case 9: return 37;
    case 10: return 41;
    default: return -1;
    }
}

__attribute__ ((noipa)) int early_returns (const int *p, int n) { /* mip-calls(3) */
  if (!p)
    return -1;
  if (n == 0)
    return 0;
  for (int i = 0; i < n; i++)
    if (p[i] < 0)
      return i;
  return n;
}

__attribute__ ((noipa)) int gotos (int x) { /* mip-calls(2) */
  int tries = 0;
 again:
  tries++;
  if (x & 1)
    goto odd;
  if (x == 0)
    goto done;
  x /= 2;
  goto again;
 odd:
  x -= 1;
  if (tries < 10)
    goto again;
 done:
  return tries;
}

__attribute__ ((noipa)) int recursion (int n) { /* mip-calls(8) mip-caller(main) */
  if (n <= 1)
    return 1;
  if (n % 2)
    return recursion (n - 1) + 1;
  return recursion (n / 2) * 2;
}

__attribute__ ((noreturn, noipa)) void fail (int code) { /* mip-calls(0) */
  sink = code;
  abort ();
}

__attribute__ ((noipa)) int checked (int x) { /* mip-calls(2) */
  if (x < 0)
    fail (x);
  if (x > 1000)
    fail (-x);
  return x * 2;
}

int main (int argc, char **argv) { /* mip-calls(1) mip-order(1) */
  int values[4] = { 1, 2, -3, 4 };
  int sum = loops (20);
  for (int i = 0; i < 7; i++)
    sum += jump_table (i + argc - 1);
  sum += early_returns (values, 4) + early_returns (values, 2)
	 + early_returns (0, 1);
  sum += gotos (12) + gotos (7);
  sum += recursion (37);
  sum += checked (5) + checked (0);
  sink = sum;
  return 0;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-inference } } */
/* { dg-final { mip-check-mode-blocks block-coverage } } */
