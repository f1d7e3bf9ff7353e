/* Raw profiles that do not match the profile (empty, truncated, of
   another version, of another program) are refused loudly and change
   nothing.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0" } */

int helper (int x) { /* mip-calls(2) */
  return x - 1;
}

int main (void) { /* mip-calls(1) */
  return helper (1) + helper (0) == -1 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-bad-raw } } */
