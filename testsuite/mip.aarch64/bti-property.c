/* The GNU property of a program whose objects are all built with
   -mbranch-protection=standard (BTI, PAC) survives linking libmip, in
   every mode, with -lmip and -lmip-complete: every member of the
   runtime carries it, and the runtime pulls nothing from libgcc that
   lacks it (its atomics are inline).  The link is checked with ld's
   -z force-bti, which names every input without the property (see
   mip-check-bti-kept in lib/mip-link.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do assemble } */
/* { dg-options "-O2 -fPIC -mbranch-protection=standard" } */

__attribute__ ((noipa)) int leaf (int x) {
  return x + 1;
}

int entry (int x) {
  return leaf (x) * 2;
}

/* { dg-final { mip-check-bti-kept } } */
