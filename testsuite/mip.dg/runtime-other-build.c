/* Online merging never mixes builds: the program linked twice with
   different GNU build ids (same instrumented code, so the same %m
   name) writes one file; the other build finds it, says so once on
   stderr and leaves it as it was; the file still merges into the first
   build's profile.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O1" } */

__attribute__ ((noipa)) int work (int x) { /* mip-calls(1) */
  return x + 5;
}

int main (void) { /* mip-calls(1) */
  return work (0) == 5 ? 0 : 1;
}

/* { dg-final { mip-check-runtime-other-build } } */
