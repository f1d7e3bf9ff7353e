/* The function-coverage mode records whether each function ran, with
   no call count and no order.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-mip-generate=function-coverage" } */

__attribute__ ((noipa)) int used (int x) { /* mip-covered mip-calls(null) mip-order(null) */
  return x + 1;
}

__attribute__ ((noipa)) int unused (int x) { /* mip-not-covered mip-calls(null) */
  return x - 1;
}

__attribute__ ((noipa)) static int used_static (int x) { /* mip-covered */
  return used (x) * 2;
}

int main (int argc, char **argv) { /* mip-covered */
  if (argc > 10)
    return unused (argc);
  return used_static (1) == 4 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-strip } } */
