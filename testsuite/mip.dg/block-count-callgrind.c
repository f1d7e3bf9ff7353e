/* The block-count mode's call counts equal callgrind's: the program of
   compare-callgrind.c, with block counters.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -fno-optimize-sibling-calls -fplugin-arg-mip-generate=block-count" } */

#include "compare-callgrind.c"

/* { dg-final { mip-compare-callgrind } } */
