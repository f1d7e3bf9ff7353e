/* Where the function-coverage probe goes and what it is (see
   coverage-after-prologue.c for the run):
   - Thumb-1 and Thumb-2, four live arguments and a prologue that saves
     low registers: the probe comes after the prologue's push, through
     one of the registers it saved (r4-r7), with no push of its own;
   - ARM state: at entry, through ip, as before;
   - Thumb-1 at the start of a function aligned to 4 (the -O2 default):
     the literal load, the branch over the literal, the literal (aligned
     there without padding), then the add of pc and the store.

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

/* Thumb: four_calls' first instruction is the prologue's push, and the
   probe after it loads and stores through a register the push saved.  */
/* { dg-final { scan-assembler-not {@ mip-expect: thumb[12]\n(?!(?:[^\n]*\n)*four_calls:\n(?:[^\t\n][^\n]*\n|\t[.@][^\n]*\n)*\tpush\t\{r4[^\n]*\}\n(?:\t\.[^\n]*\n|[^\t\n][^\n]*\n)*\t(?:ldr|movw)\tr[4-7], [^\n]*\n(?:[^\n]*\n){1,5}\tstrb\tr[4-7], \[r[4-7], #[0-9]+\]\n)} } } */
/* ARM state: the probe before the prologue, through ip.  */
/* { dg-final { scan-assembler-not {@ mip-expect: arm\n(?!(?:[^\n]*\n)*four_calls:\n(?:[^\t\n][^\n]*\n|\t[.@][^\n]*\n)*\t(?:movw|ldr)\tip, [^\n]*\n(?:[^\n]*\n){1,5}\tstrb\tip, \[ip, #[0-9]+\]\n(?:[^\t\n][^\n]*\n|\t[.@][^\n]*\n)*\tpush\t)} } } */
/* Thumb-1, leaf: ldr, b, .align 2, the word, add, strb.  */
/* { dg-final { scan-assembler-not {@ mip-expect: thumb1\n(?!(?:[^\n]*\n)*leaf:\n(?:[^\t\n][^\n]*\n|\t[.@][^\n]*\n)*\tldr\tr[0-3], [0-9]+f\n\tb\t[0-9]+f\n\t\.align\t2\n[0-9]+:\t\.word\t[^\n]*\n[0-9]+:\tadd\tr[0-3], pc\n\tstrb\tr[0-3], \[r[0-3], #[0-9]+\]\n)} } } */
/* No probe pushes a register of its own here.  */
/* { dg-final { scan-assembler-not {\tpush\t\{r[0-3]\}} } } */
