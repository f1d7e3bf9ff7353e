/* -lmip anywhere on the link command line: before the objects (as
   $(CC) $(CFLAGS) $(LDFLAGS) -o prog prog.o links with LDFLAGS=-lmip),
   twice, before and after them; in every mode, with and without -static,
   and at -m32 (see mip-check-link-order in lib/mip-link.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

__attribute__ ((noipa)) int leaf (int x) { /* mip-calls(4) mip-order(3) mip-blocks(all-covered) */
  return x * 2;
}

__attribute__ ((noipa)) static int middle (int x) { /* mip-calls(1) mip-order(2) */
  int sum = 0;
  for (int i = 0; i < 4; i++)
    sum += leaf (x + i);
  return sum;
}

__attribute__ ((noipa)) int unused (int x) { /* mip-calls(0) mip-not-covered */
  return x - 1;
}

int main (int argc, char **argv) { /* mip-calls(1) mip-order(1) */
  (void) argv;
  if (argc > 10)
    return unused (argc);
  return middle (1) == 20 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-link-order } } */
