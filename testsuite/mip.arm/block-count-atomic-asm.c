/* The block-count mode's counter with -fplugin-arg-mip-atomic (ARM
   state and Thumb-2; cross.exp leaves the *atomic* tests out where
   there is no ldrex): an ldrex/strex loop on the low word, and on the
   high word only when the low one wrapped to 0.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mip-generate=block-count -fplugin-arg-mip-atomic" } */

#include "block-count-asm.c"

/* { dg-final { scan-assembler {\n([0-9]+):\tldrex\t(r[0-9]|ip|lr), \[(r[0-9]|ip|lr)\]\n\tadd\t\2, \2, #1\n\tstrex\t(r[0-9]|ip|lr), \2, \[\3\]\n\tcmp\t\4, #0\n\tbne\t\1b\n\tcmp\t\2, #0\n\tbne\t([0-9]+)f\n\tadd\t\3, \3, #4\n([0-9]+):\tldrex\t\2, \[\3\]\n\tadd\t\2, \2, #1\n\tstrex\t\4, \2, \[\3\]\n\tcmp\t\4, #0\n\tbne\t\6b\n\5:} } } */
/* No plain update of a counter.  */
/* { dg-final { scan-assembler-not {\tadds\t(r[0-9]|ip|lr), \1, #1\n\tstr\t} } } */
