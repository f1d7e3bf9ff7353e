/* A function entered by a tail call (jmp) counts like one entered by a
   call: the probe is at the entry, whatever way control gets there.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */

__attribute__ ((noipa)) int target (int x) { /* mip-calls(20) */
  return x * 3;
}

__attribute__ ((noipa)) int forward (int x) { /* mip-calls(10) */
  return target (x + 1);
}

int main (void) { /* mip-calls(1) */
  int sum = 0;
  for (int i = 0; i < 10; i++)
    sum += forward (i) + target (i);
  return sum == 3 * 55 + 3 * 45 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-inference } } */
