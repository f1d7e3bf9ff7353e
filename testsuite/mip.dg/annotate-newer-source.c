/* annotate warns, once per file, when a source is newer than the
   binaries its coverage comes from, as gcov does with its notes files
   (see mip-check-annotate-newer-source in lib/mip-report.exp): the
   test's binary is dated before its source, then after.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0 -fplugin-arg-mip-generate=block-coverage" } */

__attribute__ ((noipa)) int half (int x) { /* mip-calls(1) */
  return x / 2;
}

int main (void) { /* mip-calls(1) */
  return half (4) == 2 ? 0 : 1;
}

/* { dg-final { mip-check-annotate-newer-source } } */
