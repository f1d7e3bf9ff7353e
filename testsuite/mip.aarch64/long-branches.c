/* Functions whose tbz/tbnz (+-32 KiB) and b.cond (+-1 MiB, as cbz)
   branches are in range without probes and out of range with them
   (block-coverage and full modes): GCC counts the
   probes' lengths (4 bytes per asm line) when it shortens branches, so it
   picks the far forms (an inverted branch around a b) where the probes
   push a target out of reach, and the program assembles and runs.  A
   constant in a literal pool (-mpc-relative-literal-loads) is loaded
   across the whole body.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O1 -mpc-relative-literal-loads -fno-var-tracking" } */

volatile int v[64];
volatile int sink;
volatile double dsink;

/* S(k): an if-then of about 36 bytes at -O1 whose then-block gets an
   8-byte probe in the block-coverage and full modes; F: 1 KiB of nops in
   one asm, which GCC counts exactly (256 lines) and compiles fast.  */
#define S(k) if (v[(k) & 63] > b) sink = (k);
#define S4(k) S (k) S ((k) + 1) S ((k) + 2) S ((k) + 3)
#define S16(k) S4 (k) S4 ((k) + 4) S4 ((k) + 8) S4 ((k) + 12)
#define S64(k) S16 (k) S16 ((k) + 16) S16 ((k) + 32) S16 ((k) + 48)
#define S256(k) S64 (k) S64 ((k) + 64) S64 ((k) + 128) S64 ((k) + 192)
#define S1024(k) S256 (k) S256 ((k) + 256) S256 ((k) + 512) S256 ((k) + 768)
#define N4 "nop\n" "nop\n" "nop\n" "nop\n"
#define N16 N4 N4 N4 N4
#define N64 N16 N16 N16 N16
#define F __asm__ volatile (N64 N64 N64 N64);
#define F4 F F F F
#define F16 F4 F4 F4 F4
#define F64 F16 F16 F16 F16
#define F256 F64 F64 F64 F64

/* tbz over about 31 KiB: near without probes, far with them.  */
__attribute__ ((noipa)) int tbz_limit (int a, int b) { /* mip-calls(2) */
  if (a & 4)
    {
      S256 (0) S64 (256)
      F16 F4
    }
  return a;
}

/* tbnz over the same distance, and a literal loaded across it.  */
__attribute__ ((noipa)) int tbnz_limit (int a, int b) { /* mip-calls(2) */
  if ((a & 8) == 0)
    {
      S256 (0) S64 (256)
      F16 F4
    }
  dsink = 3.14159265358979;
  return a;
}

/* b.cond over about 1020 KiB: near without probes, far with them.  */
__attribute__ ((noipa)) int bcond_limit (int a, int b) { /* mip-calls(2) */
  if (a > 5)
    {
      S1024 (0) S1024 (1024) S1024 (2048) S1024 (3072)
      F256 F256 F256 F64 F16 F16
    }
  return a;
}

int main (void) { /* mip-calls(1) */
  for (int i = 0; i < 64; i++)
    v[i] = i;
  sink = -1;
  if (tbz_limit (0, 0) != 0 || sink != -1)
    return 1;
  if (tbz_limit (4, 62) != 4 || sink != 319)	/* the last k % 64 == 63 */
    return 2;
  sink = -1;
  if (tbnz_limit (8, 0) != 8 || sink != -1 || dsink != 3.14159265358979)
    return 3;
  if (tbnz_limit (0, 62) != 0 || sink != 319)
    return 4;
  sink = -1;
  if (bcond_limit (5, 0) != 5 || sink != -1)
    return 5;
  if (bcond_limit (6, 62) != 6 || sink != 4095)
    return 6;
  return 0;
}

/* { dg-final { mip-run-check } } */
