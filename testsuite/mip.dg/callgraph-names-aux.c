/* The other file of callgraph-names.c: its own static scale.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

static __attribute__ ((noipa)) int scale (int x) {
  return x * 3;
}

int one (int x) {
  return scale (x) + 1;
}
