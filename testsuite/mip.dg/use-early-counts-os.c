/* use-early-counts.c at -Os, where GCC's inliner checks that a read
   profile's counts come with the options of one (scaled's optimize
   attribute gives it options of its own).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-Os -g -fplugin-arg-mip-generate=block-count" } */

#include "use-early-counts.c"

/* { dg-final { mip-check-use-early {odd_step {} even_step {}} } } */
