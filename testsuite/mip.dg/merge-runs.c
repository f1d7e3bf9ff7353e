/* Merging several raw profiles of the same binary adds the counts up.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O1" } */

__attribute__ ((noipa)) int every_run_twice (int x) { /* mip-calls(2) mip-order(2) */
  return x + 2;
}

__attribute__ ((noipa)) int never (int x) { /* mip-calls(0) mip-not-covered */
  return x;
}

int main (int argc, char **argv) { /* mip-calls(1) mip-order(1) */
  if (argc > 10)
    return never (argc);
  return every_run_twice (1) + every_run_twice (2) == 7 ? 0 : 1;
}

/* The counts above are per run.  */
/* { dg-final { mip-run-check -runs 3 } } */
