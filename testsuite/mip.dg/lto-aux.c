/* The second translation unit of lto.c.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

__attribute__ ((noipa)) int square (int x) { /* mip-calls(3) mip-order(2) */
  return x * x;
}
