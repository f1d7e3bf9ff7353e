/* Variadic functions that take doubles: on x86-64 %al carries the number
   of vector registers used and is live at entry, so the probe must not
   clobber it.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

#include <stdarg.h>

__attribute__ ((noipa)) double sum_doubles (int count, ...) { /* mip-calls(3) */
  va_list ap;
  double sum = 0;
  int i;

  va_start (ap, count);
  for (i = 0; i < count; i++)
    sum += va_arg (ap, double);
  va_end (ap);
  return sum;
}

__attribute__ ((noipa)) double mixed (const char *format, ...) { /* mip-calls(2) */
  va_list ap;
  double sum = 0;

  va_start (ap, format);
  for (; *format; format++)
    sum += *format == 'd' ? va_arg (ap, double) : va_arg (ap, int);
  va_end (ap);
  return sum;
}

int main (void) { /* mip-calls(1) */
  if (sum_doubles (3, 1.5, 2.5, 3.0) != 7.0)
    return 1;
  if (sum_doubles (8, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0) != 36.0)
    return 2;
  if (sum_doubles (0) != 0.0)
    return 3;
  if (mixed ("did", 0.25, 2, 0.75) != 3.0)
    return 4;
  if (mixed ("ddddddddd", 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0) != 9.0)
    return 5;
  return 0;
}

/* { dg-final { mip-run-check } } */
