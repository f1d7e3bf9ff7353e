/* i386 functions whose arguments fill every call-clobbered register
   (regparm(3)): the count's first-call path (order and caller) needs a
   register, so they record their coverage only.  Position-dependent
   code, where the probes are absolute stores.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -m32 -fno-pie -no-pie" } */

__attribute__ ((noipa, regparm (3))) int three_in_registers (int a, int b, int c) { /* mip-covered mip-calls(null) mip-order(null) */
  return a + b * c;
}

__attribute__ ((noipa, fastcall)) int two_in_registers (int a, int b) { /* mip-calls(2) mip-order(3) */
  return a - b;
}

__attribute__ ((noipa)) int on_the_stack (int a, int b) { /* mip-calls(1) mip-order(2) */
  return a * b;
}

int main (void) { /* mip-calls(1) mip-order(1) */
  int sum = on_the_stack (2, 3);
  sum += two_in_registers (5, 1) + two_in_registers (1, 5);
  for (int i = 0; i < 3; i++)
    sum += three_in_registers (i, 1, 2);
  return sum == 6 + 0 + 9 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
