/* Every call count MIP reports equals the number of calls valgrind's
   callgrind saw, at -O2: loops, recursion, calls through pointers,
   static and global functions, a function never called.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -fno-optimize-sibling-calls" } */

#include <stdlib.h>
#include <string.h>

__attribute__ ((noipa)) static int compare_ints (const void *a, const void *b) {
  int x = *(const int *) a, y = *(const int *) b;
  return (x > y) - (x < y);
}

__attribute__ ((noipa)) static unsigned long fibonacci (unsigned n) {
  return n < 2 ? n : fibonacci (n - 1) + fibonacci (n - 2);
}

__attribute__ ((noipa)) int is_prime (int n) {
  if (n < 2)
    return 0;
  for (int d = 2; d * d <= n; d++)
    if (n % d == 0)
      return 0;
  return 1;
}

__attribute__ ((noipa)) int count_primes (int limit) {
  int count = 0;
  for (int n = 0; n < limit; n++)
    count += is_prime (n);
  return count;
}

__attribute__ ((noipa)) void never_called (void) {
  abort ();
}

int main (int argc, char **argv) {
  int values[64];
  for (int i = 0; i < 64; i++)
    values[i] = (i * 37) % 64;
  qsort (values, 64, sizeof values[0], compare_ints);
  if (argc > 10)
    never_called ();
  if (fibonacci (15) != 610)
    return 1;
  if (count_primes (500) != 95)
    return 2;
  return values[0] == 0 && values[63] == 63 ? 0 : 3;
}

/* { dg-final { mip-compare-callgrind } } */
