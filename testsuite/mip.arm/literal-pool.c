/* Functions that need literal pools (many distinct 32-bit constants)
   and are longer than the reach of a literal load (4 KB in ARM state,
   1 KB forward in Thumb): GCC's literal pool placement (arm_reorg) sums
   insn lengths, which must include the probes'.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

volatile unsigned v[16];

#define K(i) v[(i) & 15] = (x ^ (0x12345601u + (i) * 0x01010101u));
#define K4(i) K (i) K (i + 1) K (i + 2) K (i + 3)
#define K16(i) K4 (i) K4 (i + 4) K4 (i + 8) K4 (i + 12)
#define K64(i) K16 (i) K16 (i + 16) K16 (i + 32) K16 (i + 48)

__attribute__ ((noinline)) unsigned
pools (unsigned x, int which) { /* mip-calls(3) mip-order(2) mip-blocks(some-covered) mip-caller(main) */
  if (which == 0)
    {
      K64 (0)
      K64 (64)
    }
  else if (which == 1)
    {
      K64 (128)
      K64 (192)
      K64 (256)
    }
  else if (which == 2)
    {
      K64 (320)
    }
  else
    {
      K64 (384)
      K64 (448)
    }
  return v[x & 15];
}

__attribute__ ((noinline)) unsigned
check (unsigned x) { /* mip-calls(3) mip-order(3) mip-blocks(all-covered) mip-caller(main) */
  return x * 0x9e3779b9u;
}

int
main (void) { /* mip-calls(1) mip-order(1) */
  unsigned s = 0;
  for (int w = 0; w < 3; w++)
    s += check (pools (w + 1, w));
  if (v[0] == 0 && v[1] == 0)
    return 1;
  return s == 0x12345678u;
}

/* { dg-final { mip-run-check } } */
