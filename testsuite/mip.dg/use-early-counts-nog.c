/* Early block counts from a block-count build made without -g: the
   plugin turns on the debug binds that carry the block numbers (as
   -fvar-tracking-assignments alone does), so the profile still has its
   early functions and the use build, also without -g, gets the same
   exact counts as use-early-counts.c (-g0: the test harness adds -g to
   every compile).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -g0 -fplugin-arg-mip-generate=block-count" } */

#include "use-early-counts.c"

/* { dg-final { mip-check-use-early {main odd_step main even_step odd_step {} even_step {}} {rare_path} {never_called} } } */
