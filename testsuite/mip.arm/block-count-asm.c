/* The block-count mode's counter without -fplugin-arg-mip-atomic: the
   low word's ldr, adds and str, then in ARM state and Thumb-2 the high
   word's ldr, adc and str, in Thumb-1 (no adc with an immediate) a
   branch over the high word's increment when there is no carry; no
   ldrex (block-count-atomic-asm.c: with the option).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mip-generate=block-count" } */

#if defined __thumb__ && !defined __thumb2__
__asm__ ("@ mip-expect: thumb1");
#else
__asm__ ("@ mip-expect: adc");
#endif

int
positive_sum (const int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    if (a[i] > 0)
      s += a[i];
  return s;
}

/* { dg-final { scan-assembler {\tldr\t(r[0-9]|ip|lr), \[(r[0-9]|ip|lr)\]\n\tadds\t\1, \1, #1\n\tstr\t\1, \[\2\]\n(?:\tldr\t\1, \[\2, #4\]\n\tadc\t\1, \1, #0\n\tstr\t\1, \[\2, #4\]\n|\tbcc\t([0-9]+)f\n\tldr\t\1, \[\2, #4\]\n\tadds\t\1, \1, #1\n\tstr\t\1, \[\2, #4\]\n\3:)} } } */
/* { dg-final { scan-assembler-not {@ mip-expect: adc\n(?=(?:[^\n]*\n)*\tbcc\t)} } } */
/* { dg-final { scan-assembler-not {@ mip-expect: thumb1\n(?=(?:[^\n]*\n)*\tadc\t)} } } */
/* { dg-final { scan-assembler-not {\tldrex\t} } } */
