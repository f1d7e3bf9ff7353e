/* i386 functions whose arguments fill every call-clobbered register
   (regparm(3)), or all but one (fastcall), and static functions that GCC
   gives its local register convention at -O2: the count's first-call
   path (order and caller) saves a register around its use where none is
   free, so every one of them records its count, order and caller.
   Position-dependent code, where the probes are absolute stores.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -m32 -fno-pie -no-pie" } */

__attribute__ ((noipa, regparm (3))) int three_in_registers (int a, int b, int c) { /* mip-calls(3) mip-order(4) mip-caller(main) */
  return a + b * c;
}

__attribute__ ((noipa, fastcall)) int two_in_registers (int a, int b) { /* mip-calls(2) mip-order(3) mip-caller(main) */
  return a - b;
}

__attribute__ ((noipa)) int on_the_stack (int a, int b) { /* mip-calls(1) mip-order(2) mip-caller(main) */
  return a * b;
}

/* Not noipa: local to the unit, GCC passes its arguments in eax, edx and
   ecx (the local convention of -O2), which the probe must keep.  */
static __attribute__ ((noinline, noclone)) int local_three (int a, int b, int c) { /* mip-calls(4) mip-order(6) mip-caller(local_caller) */
  return a * 100 + b * 10 + c;
}

__attribute__ ((noipa)) int local_caller (int n) { /* mip-calls(1) mip-order(5) mip-caller(main) */
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += local_three (i, i + 1, i + 2);
  return sum;
}

/* A nested function: the static chain is in %ecx.  */
__attribute__ ((noipa)) int with_nested (int base) { /* mip-calls(1) mip-order(7) mip-caller(main) */
  __attribute__ ((noinline, regparm (2))) int nested (int a, int b) { /* mip-calls(2) mip-order(8) */
    return base + a + b;
  }
  return nested (1, 2) + nested (3, 4);
}

int main (void) { /* mip-calls(1) mip-order(1) */
  int sum = on_the_stack (2, 3);
  sum += two_in_registers (5, 1) + two_in_registers (1, 5);
  for (int i = 0; i < 3; i++)
    sum += three_in_registers (i, 1, 2);
  if (sum != 6 + 0 + 9)
    return 1;
  if (local_caller (4) != 12 + 123 + 234 + 345)
    return 2;
  if (with_nested (10) != 13 + 17)
    return 3;
  return 0;
}

/* { dg-final { mip-run-check } } */
