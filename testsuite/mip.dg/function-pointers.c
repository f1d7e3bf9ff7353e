/* Calls through function pointers and a dispatch table count like
   direct calls.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

typedef int operation (int, int);

__attribute__ ((noipa)) static int add (int a, int b) { /* mip-calls(7) */
  return a + b;
}

__attribute__ ((noipa)) static int subtract (int a, int b) { /* mip-calls(3) */
  return a - b;
}

__attribute__ ((noipa)) static int multiply (int a, int b) { /* mip-calls(0) mip-not-covered */
  return a * b;
}

operation *table[] = { add, subtract, multiply };

__attribute__ ((noipa)) static int run (operation *op, int a, int b) { /* mip-calls(10) */
  return op (a, b);
}

int main (void) { /* mip-calls(1) */
  int value = 0;
  for (int i = 0; i < 7; i++)
    value = run (table[0], value, i);
  for (int i = 0; i < 3; i++)
    value = run (table[1], value, 1);
  return value == 18 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
