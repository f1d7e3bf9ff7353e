/* -fplugin-arg-mip-debug-map: the map goes to .debug_mip_map.  ld treats
   it as debugging information, so -Wl,--gc-sections drops the unused
   function (which __mip_map, retained and referring to every function,
   keeps: see gc-sections.c), mipdata reads the map from the binary, a
   plain strip removes it, and a binary with both map sections is
   refused.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -ffunction-sections -fdata-sections -Wl,--gc-sections -fplugin-arg-mip-debug-map" } */

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
/* { dg-final { mip-check-strip -debug-map } } */
/* { dg-final { mip-check-mixed-maps-refused } } */
