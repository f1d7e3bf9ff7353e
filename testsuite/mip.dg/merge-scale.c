/* Many raw profiles of one program merged with threads, as a tree,
   with weights; truncated raw profiles are named and never merged (see
   lib/mip-merge.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O1" } */

__attribute__ ((noipa)) int per_argument (const char *argument) { /* mip-calls(0) mip-not-covered */
  return argument[0] == '-';
}

int main (int argc, char **argv) { /* mip-calls(1) mip-order(1) */
  int dashes = 0;
  for (int i = 1; i < argc; i++)
    dashes += per_argument (argv[i]);
  return dashes;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-merge-scale per_argument 12 } } */
