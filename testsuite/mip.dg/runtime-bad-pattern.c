/* A file name pattern with an unknown directive ("%q") is reported once
   on stderr, and the profile goes to default.mipraw.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O1" } */

#include "mip.h"

__attribute__ ((noipa)) int work (int x) { /* mip-calls(1) */
  return x + 1;
}

int main (void) { /* mip-calls(1) */
  /* A dump now and the one at exit: still one message, one run.  */
  if (__mip_dump () != 0)
    return 1;
  return work (0) == 1 ? 0 : 1;
}

/* { dg-final { mip-check-runtime-bad-pattern } } */
