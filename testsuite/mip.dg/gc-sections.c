/* -ffunction-sections -Wl,--gc-sections drops unused functions: the map
   marks their entries discarded, and the functions kept count exactly.

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
/* The plugin marks __mip_map retained (SHF_GNU_RETAIN) so that
   --gc-sections keeps the map, and the map's reference to every function
   then keeps the functions too.  */
/* { dg-final { mip-check-not-linked dropped_by_the_linker -xfail "__mip_map is retained and refers to every function" } } */
