/* i386 position-independent code: the probes address the records from a
   base register loaded by call/pop.  A regparm(3) function has no free
   register at entry: its probe saves one for the base and another one
   for the count's first-call path; a fastcall function has one, the
   base, and saves another for the first-call path.  Every function
   records its count, order and caller.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -m32 -fPIE -pie" } */

__attribute__ ((noipa, regparm (3))) int three_in_registers (int a, int b, int c) { /* mip-calls(3) mip-order(4) mip-caller(main) */
  return a + b * c;
}

__attribute__ ((noipa, regparm (3))) int never_called (int a, int b, int c) { /* mip-not-covered mip-calls(0) */
  return a * b * c;
}

__attribute__ ((noipa, fastcall)) int two_in_registers (int a, int b) { /* mip-calls(2) mip-order(3) mip-caller(main) */
  return a - b;
}

__attribute__ ((noipa)) int on_the_stack (int a, int b) { /* mip-calls(1) mip-order(2) mip-caller(main) */
  return a * b;
}

/* Local to the unit: GCC passes its arguments in eax, edx and ecx.  */
static __attribute__ ((noinline, noclone)) int local_three (int a, int b, int c) { /* mip-calls(4) mip-order(6) mip-caller(local_caller) */
  return a * 100 + b * 10 + c;
}

__attribute__ ((noipa)) int local_caller (int n) { /* mip-calls(1) mip-order(5) mip-caller(main) */
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += local_three (i, i + 1, i + 2);
  return sum;
}

int main (int argc, char **argv) { /* mip-calls(1) mip-order(1) */
  int sum = on_the_stack (2, 3);
  sum += two_in_registers (5, 1) + two_in_registers (1, 5);
  for (int i = 0; i < 3; i++)
    sum += three_in_registers (i, 1, 2);
  if (argc > 10)
    sum += never_called (argc, 1, 2);
  if (sum != 6 + 0 + 9)
    return 1;
  if (local_caller (4) != 12 + 123 + 234 + 345)
    return 2;
  return 0;
}

/* { dg-final { mip-run-check } } */
