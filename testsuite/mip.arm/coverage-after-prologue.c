/* Function coverage where no register at entry serves the probe well:
   four live arguments leave no low register dead in Thumb-1 (the probe
   would push and pop one) and only ip in Thumb-2 (a 32-bit store).
   There the probe marks the byte after the prologue, through a low
   register that the prologue saved and that is dead there; where the
   prologue saves none, it pushes at entry as before.  In Thumb the
   literal of such a probe goes after the function where a 16-bit load
   reaches it (not in big, over 1 KB).  The arguments must arrive
   intact, and coverage must be exact either way.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-mip-generate=function-coverage" } */

#include <stdarg.h>

__attribute__ ((noipa)) int
helper (int x, int y) { /* mip-covered */
  return x * 10 + y;
}

/* Saves r4-r6 in its prologue, which are dead until after it.  */
__attribute__ ((noinline)) int
four_calls (int a, int b, int c, int d) { /* mip-covered */
  int x = helper (a, b);
  return x * 100 + helper (c, d);
}

__attribute__ ((noinline)) int
four_calls_never (int a, int b, int c, int d) { /* mip-not-covered */
  int x = helper (d, c);
  return x * 100 + helper (b, a);
}

/* A leaf: its prologue saves nothing, so the probe pushes at entry.  */
__attribute__ ((noinline)) int
four_leaf (int a, int b, int c, int d) { /* mip-covered */
  return a * 1000 + b * 100 + c * 10 + d;
}

__attribute__ ((noinline)) long long
wide_calls (long long a, long long b) { /* mip-covered */
  return (long long) helper ((int) a, (int) b) + (a >> 32) + (b >> 32);
}

__attribute__ ((noinline)) int
sum (int n, ...) { /* mip-covered */
  va_list ap;
  int s = 0;
  va_start (ap, n);
  for (int i = 0; i < n; i++)
    s += helper (va_arg (ap, int), 0);
  va_end (ap);
  return s;
}

volatile unsigned v[16];
#define K(i) v[(i) & 15] = (x ^ (0x12345601u + (i) * 0x01010101u));
#define K4(i) K (i) K (i + 1) K (i + 2) K (i + 3)
#define K16(i) K4 (i) K4 (i + 4) K4 (i + 8) K4 (i + 12)
#define K64(i) K16 (i) K16 (i + 16) K16 (i + 32) K16 (i + 48)

__attribute__ ((noinline)) void
big (unsigned x) { /* mip-covered */
  K64 (0) K64 (64)
}

__attribute__ ((noinline)) void
big_never (unsigned x) { /* mip-not-covered */
  K64 (128) K64 (192)
}

int
main (int argc, char **argv) { /* mip-covered */
  (void) argv;
  if (argc > 10)
    return four_calls_never (1, 2, 3, 4);
  if (four_calls (1, 2, 3, 4) != 1234)
    return 1;
  if (four_leaf (1, 2, 3, 4) != 1234)
    return 2;
  if (wide_calls (0x100000005LL, 0x200000003LL) != 53 + 3)
    return 3;
  if (sum (3, 1, 2, 3) != 60)
    return 4;
  big (7);
  if (v[0] != (7 ^ (0x12345601u + 112 * 0x01010101u)))
    return 5;
  if (argc > 20)
    big_never (1);
  return 0;
}

/* { dg-final { mip-run-check } } */
