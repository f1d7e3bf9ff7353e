/* Entry probes where dataflow finds too few dead registers: four live
   arguments (only ip is dead in ARM state and Thumb-2, no low register in
   Thumb-1) and varargs functions: the probe saves registers with push/pop
   and the arguments must arrive intact.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

#include <stdarg.h>

__attribute__ ((noinline)) int
four (int a, int b, int c, int d) { /* mip-calls(10) mip-order(2) mip-caller(main) */
  return a * 1000 + b * 100 + c * 10 + d;
}

__attribute__ ((noinline)) long long
wide (long long a, long long b) { /* mip-calls(1) mip-order(3) mip-caller(main) */
  return a - b;
}

__attribute__ ((noinline)) int
sum (int n, ...) { /* mip-calls(2) mip-order(4) mip-caller(main) */
  va_list ap;
  int s = 0;
  va_start (ap, n);
  for (int i = 0; i < n; i++)
    s += va_arg (ap, int);
  va_end (ap);
  return s;
}

int
main (void) { /* mip-calls(1) mip-order(1) */
  for (int i = 0; i < 10; i++)
    if (four (1, 2, 3, i) != 1230 + i)
      return 1;
  if (wide (0x100000005LL, 3) != 0x100000002LL)
    return 2;
  if (sum (5, 1, 2, 3, 4, 5) != 15 || sum (6, 1, 1, 1, 1, 1, 1) != 6)
    return 3;
  return 0;
}

/* { dg-final { mip-run-check } } */
