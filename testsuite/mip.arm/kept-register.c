/* Block probes through the register that a function with enough blocks
   keeps for its base (Thumb-2 r6, ARM state r8, else r10 or r9): set
   after the prologue, which saves it, and kept across calls.  A
   comparison function with many blocks that qsort (not instrumented)
   calls back, which must find its own call-saved registers intact; a
   function whose register variable takes r6 and r8, so that the base
   goes to another register; a longjmp back into a function that keeps
   one; and C library calls between the probes.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

static jmp_buf env;
volatile int sink;

__attribute__ ((noinline)) static int
compare (const void *a, const void *b) { /* mip-blocks(some-covered) */
  int x = *(const int *) a, y = *(const int *) b;
  if (x % 7 == 3 && y % 7 == 3)
    sink++;
  if (x < 0 || y < 0)
    abort ();
  if ((x & 1) != (y & 1))
    return (x & 1) - (y & 1);
  if (x == 123456789)
    sink += 2;
  return x < y ? -1 : x > y;
}

__attribute__ ((noinline)) static int
reference (int n) { /* mip-calls(1) mip-caller(main) */
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      if (i % 3 == 0)
	s += 3 + i;
      else if (i % 3 == 1)
	s -= abs (i - 50);
      else
	s ^= i;
      if (s == 987654321)
	sink = s;
    }
  return s;
}

__attribute__ ((noinline)) int
named (int n) { /* mip-calls(1) mip-blocks(some-covered) mip-caller(main) */
  register int six asm ("r6") = n;
  register int eight asm ("r8") = n + 1;
  int s = 0;
  asm volatile ("" : "+r" (six), "+r" (eight));
  for (int i = 0; i < n; i++)
    {
      if (i % 3 == 0)
	s += (int) strlen ("abc") + i;
      else if (i % 3 == 1)
	s -= abs (i - 50);
      else
	s ^= i;
      if (s == 987654321)
	sink = s;
    }
  asm volatile ("" : "+r" (six), "+r" (eight));
  return s + six - eight;
}

__attribute__ ((noinline)) static void
jump (int v) { /* mip-calls(1) mip-caller(resumed) */
  if (v > 0)
    longjmp (env, v);
}

__attribute__ ((noinline)) int
resumed (int v) { /* mip-calls(1) mip-blocks(some-covered) mip-caller(main) */
  int r = setjmp (env);
  if (r != 0)
    {
      if (r == 5)
	return r * 10;
      sink = r;
      return -1;
    }
  if (v < 0)
    return -2;
  for (int i = 0; i < v; i++)
    if (i == 1000)
      sink = i;
  jump (v);
  return -3;
}

int
main (void) { /* mip-calls(1) mip-order(1) */
  int a[64];
  for (int i = 0; i < 64; i++)
    a[i] = (i * 37) % 64;
  qsort (a, 64, sizeof a[0], compare);
  for (int i = 1; i < 64; i++)
    if ((a[i - 1] & 1) > (a[i] & 1)
	|| ((a[i - 1] & 1) == (a[i] & 1) && a[i - 1] > a[i]))
      return 1;
  if (named (100) != reference (100) - 1)
    return 2;
  if (resumed (5) != 50)
    return 3;
  return 0;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-inference } } */
/* { dg-final { mip-check-mode-blocks block-coverage } } */
