/* Functions returning structures: a large one through the hidden pointer
   argument (%rdi on x86-64, x8 on aarch64), a small one in registers.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

struct big { long values[8]; };
struct small { int a, b; };

__attribute__ ((noipa)) struct big make_big (long seed) { /* mip-calls(4) */
  struct big result;
  for (int i = 0; i < 8; i++)
    result.values[i] = seed * i;
  return result;
}

__attribute__ ((noipa)) struct small make_small (int a) { /* mip-calls(2) */
  struct small result = { a, a + 1 };
  return result;
}

int main (void) { /* mip-calls(1) */
  long total = 0;
  for (long seed = 1; seed <= 4; seed++)
    total += make_big (seed).values[7];
  struct small s = make_small (3);
  struct small t = make_small (s.b);
  return total == 70 && t.b == 5 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
