/* Pay for what you use: a program of a coverage mode, linked with
   -lmip after its objects, has nothing of libmip's full-mode member
   (the borrow helper, the caller sample table, the fork handler); a
   program of the full mode has all of it, and its caller sample table
   is the room its own units give, not a fixed table (see
   mip-check-link-members in lib/mip-link.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

__attribute__ ((noipa)) int leaf (int x) { /* mip-calls(3) mip-order(2) */
  return x + 1;
}

int main (void) { /* mip-calls(1) mip-order(1) */
  int sum = 0;
  for (int i = 0; i < 3; i++)
    sum += leaf (i);
  return sum == 6 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-link-members } } */
