/* -ffunction-sections -Wl,--gc-sections drops unused functions: the map,
   a debug section, keeps none alive (ld keeps it without following its
   references, and those to dropped functions become 0), mipdata lists
   their entries as not linked, the functions kept count exactly, and a
   plain strip removes the map.  gc-sections-coverage.c and
   gc-sections-blocks.c run this program in the other modes.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -ffunction-sections -fdata-sections -Wl,--gc-sections" } */

__attribute__ ((noipa)) int dropped_by_the_linker (int x) {
  return x * 7;
}

__attribute__ ((noipa)) int kept (int x) { /* mip-calls(4) mip-order(2) */
  return x + 7;
}

int main (void) { /* mip-calls(1) mip-order(1) */
  int sum = 0;
  for (int i = 0; i < 4; i++)
    sum += kept (i);
  return sum == 34 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-not-linked dropped_by_the_linker } } */
/* { dg-final { mip-check-strip } } */
