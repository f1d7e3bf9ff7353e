/* Online merging: 100 processes of one program, started at once with
   MIP_PROFILE_FILENAME=%m.mipraw, merge their dumps into one file under
   its lock; merged into a profile it gives 100 runs and 100 times the
   counts of one run (the counts below).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O1" } */

__attribute__ ((noipa)) int step (int x) { /* mip-calls(3) mip-order(2) */
  return x + 1;
}

__attribute__ ((noipa)) int never (int x) { /* mip-calls(0) mip-not-covered */
  return x - 1;
}

int main (int argc, char **argv) { /* mip-calls(1) mip-order(1) */
  (void) argv;
  if (argc > 10)
    return never (argc);
  return step (step (step (0))) == 3 ? 0 : 1;
}

/* { dg-final { mip-check-runtime-concurrent 100 } } */
