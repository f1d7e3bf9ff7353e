/* Where the function-coverage probe goes and what it is (see
   coverage-after-prologue.c for the run):
   - Thumb-1 and Thumb-2, four live arguments and a prologue that saves
     low registers: the probe comes after the prologue's push, through
     a low call-saved register (r4-r7), with no push of its own;
   - Thumb, a function whose end is within a 16-bit literal load's
     reach: the literal after the function's last instruction, and the
     probe a load of it, an add of pc and the store;
   - Thumb-1, a function too long for that: at its start (aligned to 4
     at -O2) the literal load, the branch over the literal, the literal
     (aligned there without padding), then the add of pc and the store;
   - ARM state: at entry, through ip, as before.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mip-generate=function-coverage" } */

#if defined __thumb__ && !defined __thumb2__
__asm__ ("@ mip-expect: thumb1");
#elif defined __thumb2__
__asm__ ("@ mip-expect: thumb2");
#else
__asm__ ("@ mip-expect: arm");
#endif

extern int helper (int, int);

int
four_calls (int a, int b, int c, int d)
{
  int x = helper (a, b);
  return x * 100 + helper (c, d);
}

int
leaf (int a)
{
  return a * 3 + 1;
}

/* Over 1 KB of stores of distinct constants, with GCC's literal pools.  */
volatile unsigned v[16];
#define K(i) v[(i) & 15] = (x ^ (0x12345601u + (i) * 0x01010101u));
#define K4(i) K (i) K (i + 1) K (i + 2) K (i + 3)
#define K16(i) K4 (i) K4 (i + 4) K4 (i + 8) K4 (i + 12)
#define K64(i) K16 (i) K16 (i + 16) K16 (i + 32) K16 (i + 48)

void
big (unsigned x)
{
  K64 (0) K64 (64)
}

/* Thumb: four_calls' first instruction is the prologue's push, and the
   probe after it loads its literal into a register the push saved.  */
/* { dg-final { scan-assembler-not {@ mip-expect: thumb[12]\n(?!(?:[^\n]*\n)*four_calls:\n(?:[^\t\n][^\n]*\n|\t[.@][^\n]*\n)*\tpush\t\{r4[^\n]*\}\n(?:\t\.[^\n]*\n|[^\t\n][^\n]*\n)*\tldr\tr[4-7], \.Lmip\.l[0-9]+\n\.Lmip\.p[0-9]+:\n\tadd\tr[4-7], pc\n\tstrb\tr[4-7], \[r[4-7], #[0-9]+\]\n)} } } */
/* Thumb, leaf: the literal load at the start.  */
/* { dg-final { scan-assembler-not {@ mip-expect: thumb[12]\n(?!(?:[^\n]*\n)*leaf:\n(?:[^\t\n][^\n]*\n|\t[.@][^\n]*\n)*\tldr\tr[0-3], \.Lmip\.l[0-9]+\n\.Lmip\.p[0-9]+:\n\tadd\tr[0-3], pc\n\tstrb\tr[0-3], \[r[0-3], #[0-9]+\]\n)} } } */
/* Thumb: the literals, two, after the functions.  */
/* { dg-final { scan-assembler-not {@ mip-expect: thumb[12]\n(?!(?:[^\n]*\n)*\tbx\tlr\n(?:[^\n]*\n)*\t\.align\t2\n\.Lmip\.l[0-9]+:\n\t\.word\t\.Lmip\.r[0-9]+\+[0-9]+-\(\.Lmip\.p[0-9]+\+4\)\n)} } } */
/* { dg-final { scan-assembler-not {@ mip-expect: (?:thumb[12]\n(?!(?:[^\n]*\n)*\.Lmip\.l[0-9]+:\n(?:[^\n]*\n)*\.Lmip\.l[0-9]+:\n)|arm\n(?=(?:[^\n]*\n)*\.Lmip\.l[0-9]+:))} } } */
/* Thumb-1, big: ldr, b, .align 2, the word, add, strb.  */
/* { dg-final { scan-assembler-not {@ mip-expect: thumb1\n(?!(?:[^\n]*\n)*big:\n(?:[^\t\n][^\n]*\n|\t[.@][^\n]*\n)*\tldr\tr[0-3], [0-9]+f\n\tb\t[0-9]+f\n\t\.align\t2\n[0-9]+:\t\.word\t[^\n]*\n[0-9]+:\tadd\tr[0-3], pc\n\tstrb\tr[0-3], \[r[0-3], #[0-9]+\]\n)} } } */
/* ARM state: the probe before the prologue, through ip.  */
/* { dg-final { scan-assembler-not {@ mip-expect: arm\n(?!(?:[^\n]*\n)*four_calls:\n(?:[^\t\n][^\n]*\n|\t[.@][^\n]*\n)*\t(?:movw|ldr)\tip, [^\n]*\n(?:[^\n]*\n){1,5}\tstrb\tip, \[ip, #[0-9]+\]\n(?:[^\t\n][^\n]*\n|\t[.@][^\n]*\n)*\tpush\t)} } } */
/* No probe pushes a register of its own here.  */
/* { dg-final { scan-assembler-not {\tpush\t\{r[0-3]\}} } } */
