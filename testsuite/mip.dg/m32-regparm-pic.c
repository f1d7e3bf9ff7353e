/* i386 position-independent code: the probes address the records from a
   base register loaded by call/pop.  A regparm(3) function has no free
   register at entry, so it records neither count nor order, but its
   coverage is exact (its probe saves a register); a fastcall function
   has one, the base, but the count's first-call path needs a second, so
   it records its coverage only too.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -m32 -fPIE -pie" } */

__attribute__ ((noipa, regparm (3))) int three_in_registers (int a, int b, int c) { /* mip-covered mip-order(null) */
  return a + b * c;
}

__attribute__ ((noipa, regparm (3))) int never_called (int a, int b, int c) { /* mip-not-covered */
  return a * b * c;
}

__attribute__ ((noipa, fastcall)) int two_in_registers (int a, int b) { /* mip-covered mip-calls(null) mip-order(null) */
  return a - b;
}

__attribute__ ((noipa)) int on_the_stack (int a, int b) { /* mip-calls(1) mip-order(2) */
  return a * b;
}

int main (int argc, char **argv) { /* mip-calls(1) mip-order(1) */
  int sum = on_the_stack (2, 3);
  sum += two_in_registers (5, 1) + two_in_registers (1, 5);
  for (int i = 0; i < 3; i++)
    sum += three_in_registers (i, 1, 2);
  if (argc > 10)
    sum += never_called (argc, 1, 2);
  return sum == 6 + 0 + 9 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
