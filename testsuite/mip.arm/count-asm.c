/* Without -fplugin-arg-mip-atomic the count's low byte is a plain
   ldrb, subs and strb, whose borrow (every 256th call) calls libmip's
   __mip_count_borrow with the record and lr pushed, popped again after
   it: no ldrex on the record (atomic-asm.c: with the option).  Thumb-1
   (armv5te -mthumb), whose pop cannot take lr, calls the helper's
   Thumb-1 entry, __mip_count_borrow_thumb1, which pops them itself: no
   pop follows.  M-profile cores keep the whole count's ldr/subs/str and
   the inline first-call path.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2" } */

/* Which of the three the probe must be (DejaGnu has no Thumb-1
   selector here: cross.exp runs the test on every instruction set).  */
#if defined __ARM_ARCH_PROFILE && __ARM_ARCH_PROFILE == 'M'
__asm__ ("@ mip-expect: first caller");
#elif defined __thumb__ && !defined __thumb2__
__asm__ ("@ mip-expect: thumb1 samples");
#else
__asm__ ("@ mip-expect: samples");
#endif

int counted (int x) {
  return x + 1;
}

/* { dg-final { scan-assembler-times {\tldrb?\t(r[0-9]|ip), \[(r[0-9]|ip), #0\]\n\tsubs\t\1, \1, #1\n\tstrb?\t\1, \[\2, #0\]\n\tbcs\t} 1 } } */
/* { dg-final { scan-assembler-not {@ mip-expect: samples\n(?!(?:[^\n]*\n)*\tldrb\t(?:r[0-9]|ip), \[(?:r[0-9]|ip), #0\]\n\tsubs\t[^\n]*\n\tstrb\t[^\n]*\n\tbcs\t[0-9]+f\n\tpush\t\{(?:r[0-9]|ip), lr\}\n(?:[^\n]*\n)*\tbl\t__mip_count_borrow\n\tpop\t\{(?:r[0-9]|ip), lr\}\n)} } } */
/* { dg-final { scan-assembler-not {@ mip-expect: thumb1 samples\n(?!(?:[^\n]*\n)*\tldrb\tr[0-7], \[r[0-7], #0\]\n\tsubs\t[^\n]*\n\tstrb\t[^\n]*\n\tbcs\t[0-9]+f\n\tpush\t\{r[0-7], lr\}\n(?:\t\.cfi[^\n]*\n)*\t\.hidden\t__mip_count_borrow_thumb1\n\tbl\t__mip_count_borrow_thumb1\n(?:\t\.cfi[^\n]*\n)*[0-9]+:\n)} } } */
/* { dg-final { scan-assembler-not {@ mip-expect: first caller\n(?=(?:[^\n]*\n)*[^\n]*(?:ldrb\t|__mip_count_borrow))} } } */
/* No exclusive loop (ldrexb, atomic-asm.c), whatever its size.  */
/* { dg-final { scan-assembler-not {\tldrex[bh]?\t} } } */
