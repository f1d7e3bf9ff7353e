/* GCC's nested functions receive their static chain in %r10 (x86-64),
   live at entry; called directly and through a trampoline.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0" } */

__attribute__ ((noipa)) static int apply (int (*f) (int), int x) { /* mip-calls(4) */
  return f (x);
}

int outer (int base) { /* mip-calls(2) */
  int total = 0;

  int add (int x) { /* mip-calls(10) */
    total += base + x;
    return total;
  }

  for (int i = 0; i < 3; i++)
    add (i);
  apply (add, 10);
  apply (add, 20);
  return total;
}

int main (void) { /* mip-calls(1) */
  /* base 1: 1, 1+2, 3+3, then +11, +21: 38.  base 2: 2, 5, 9, +12, +22.  */
  if (outer (1) != 38)
    return 1;
  if (outer (2) != 43)
    return 2;
  return 0;
}

/* { dg-final { mip-run-check } } */
