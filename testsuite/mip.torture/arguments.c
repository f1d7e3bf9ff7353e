/* Every way arguments arrive is untouched by the probe: many integer and
   floating arguments, stack arguments, varargs with doubles (%al), large
   and small structure returns.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */

#include <stdarg.h>

struct big { long v[6]; };
struct pair { double a, b; };

__attribute__ ((noipa)) long many (long a, long b, long c, long d, long e, long f, long g, long h) { /* mip-calls(2) */
  return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h;
}

__attribute__ ((noipa)) double floats (double a, float b, double c, float d, double e, double f, double g, double h, double i) { /* mip-calls(1) */
  return a + b + c + d + e + f + g + h + i;
}

__attribute__ ((noipa)) double average (int count, ...) { /* mip-calls(3) */
  va_list ap;
  double sum = 0;
  va_start (ap, count);
  for (int i = 0; i < count; i++)
    sum += va_arg (ap, double);
  va_end (ap);
  return count ? sum / count : 0;
}

__attribute__ ((noipa)) struct big make_big (long x) { /* mip-calls(2) */
  struct big b = { { x, x + 1, x + 2, x + 3, x + 4, x + 5 } };
  return b;
}

__attribute__ ((noipa)) struct pair make_pair (double x) { /* mip-calls(1) */
  struct pair p = { x, -x };
  return p;
}

int main (void) { /* mip-calls(1) */
  if (many (1, 1, 1, 1, 1, 1, 1, 1) != 36 || many (0, 0, 0, 0, 0, 0, 0, 1) != 8)
    return 1;
  if (floats (1, 2, 3, 4, 5, 6, 7, 8, 9) != 45)
    return 2;
  if (average (2, 1.0, 3.0) != 2.0 || average (0) != 0 || average (3, 1.5, 1.5, 1.5) != 1.5)
    return 3;
  if (make_big (1).v[5] + make_big (2).v[0] != 8)
    return 4;
  struct pair p = make_pair (2.5);
  return p.a + p.b == 0 ? 0 : 5;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-inference } } */
