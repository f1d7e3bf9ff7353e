/* Calls through function pointers, including from libc (qsort), at
   every optimisation level.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */

#include <stdlib.h>

static int comparisons;

__attribute__ ((noipa)) static int compare (const void *a, const void *b) { /* mip-covered */
  int x = *(const int *) a, y = *(const int *) b;
  comparisons++;
  return (x > y) - (x < y);
}

__attribute__ ((noipa)) static int negate (int x) { /* mip-calls(8) */
  return -x;
}

__attribute__ ((noipa)) static int keep (int x) { /* mip-calls(8) */
  return x;
}

int (*volatile operations[2]) (int) = { negate, keep };

__attribute__ ((noipa)) int report (void) { /* mip-calls(1) */
  return comparisons > 0;
}

int main (void) { /* mip-calls(1) mip-order(1) */
  int values[16];
  for (int i = 0; i < 16; i++)
    values[i] = operations[i % 2] ((i * 7) % 16);
  qsort (values, 16, sizeof values[0], compare);
  return report () && values[0] == -14 && values[15] == 15 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-inference } } */
