/* The shared object of link-shared.c.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

__attribute__ ((noipa)) int lib_square (int x) { /* mip-calls(3) mip-order(1) */
  return x * x;
}

__attribute__ ((noipa)) int lib_unused (int x) { /* mip-calls(0) mip-not-covered */
  return -x;
}
