/* The map is not needed at run time: a copy stripped of __mip_map, the
   symbols and the debug information runs and writes a raw profile that
   merges into a profile made from the map that objcopy dumped.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

__attribute__ ((noipa)) int leaf (int x) { /* mip-calls(6) mip-order(2) */
  return x * 3;
}

__attribute__ ((noipa)) int unused (int x) { /* mip-calls(0) */
  return x;
}

int main (int argc, char **argv) { /* mip-calls(1) mip-order(1) */
  int sum = 0;
  if (argc > 10)
    return unused (argc);
  for (int i = 0; i < 6; i++)
    sum += leaf (i);
  return sum == 45 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-strip } } */
