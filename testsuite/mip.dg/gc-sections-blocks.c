/* gc-sections.c in the block-coverage mode: unused functions are dropped
   and listed as not linked.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -ffunction-sections -fdata-sections -Wl,--gc-sections -fplugin-arg-mip-generate=block-coverage" } */

#include "gc-sections.c"

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-not-linked dropped_by_the_linker } } */
/* { dg-final { mip-check-strip } } */
