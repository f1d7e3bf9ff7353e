/* Functions large enough that their conditional branches pass the
   Thumb-1 (+-256 bytes) and 16-bit Thumb-2 ranges and their unconditional
   branches the Thumb-1 +-2 KB range (GCC then uses far jumps through lr):
   the probes' lengths must count in GCC's branch shortening, and block
   probes in the far parts must keep the flags.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

volatile int v[64];

#define S(i) v[(i) & 63] = x + (i);
#define S4(i) S (i) S (i + 1) S (i + 2) S (i + 3)
#define S16(i) S4 (i) S4 (i + 4) S4 (i + 8) S4 (i + 12)
#define S64(i) S16 (i) S16 (i + 16) S16 (i + 32) S16 (i + 48)
#define S256(i) S64 (i) S64 (i + 64) S64 (i + 128) S64 (i + 192)

/* A conditional branch over some 3 KB, taken and not taken.  */
__attribute__ ((noinline)) int
far_if (int x) { /* mip-calls(2) mip-order(2) mip-blocks(all-covered) mip-caller(main) */
  if (x > 0)
    {
      S256 (0)
      S256 (1000)
    }
  return v[x & 63];
}

/* A loop whose back edge spans the body, and a cold side that is never
   taken.  */
__attribute__ ((noinline)) int
far_loop (int x, int n) { /* mip-calls(1) mip-order(3) mip-blocks(some-covered) mip-caller(main) */
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      S256 (i)
      if (v[i & 63] == 12345678)
	{
	  S256 (2000)
	  return -1;
	}
      s += v[(i + x) & 63];
    }
  return s;
}

/* A switch whose cases are far apart.  */
__attribute__ ((noinline)) int
far_switch (int k, int x) { /* mip-calls(4) mip-order(4) mip-blocks(some-covered) mip-caller(main) */
  switch (k)
    {
    case 0: S64 (0) break;
    case 1: S256 (300) break;
    case 2: S64 (700) break;
    case 3: S256 (900) break;
    default: S256 (1300) break;
    }
  return v[k];
}

__attribute__ ((noinline)) int
never_called (int x) { /* mip-calls(0) mip-order(null) mip-not-covered */
  if (x)
    {
      S256 (0)
    }
  return x;
}

int
main (void) { /* mip-calls(1) mip-order(1) */
  int s = far_if (1) + far_if (0);
  s += far_loop (3, 5);
  for (int k = 0; k < 4; k++)
    s += far_switch (k, 7);
  return s == 123456789;
}

/* { dg-final { mip-run-check } } */
