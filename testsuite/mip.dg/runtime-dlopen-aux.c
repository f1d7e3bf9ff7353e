/* The shared object of runtime-dlopen.c: each load calls lib_triple
   once.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

__attribute__ ((noipa)) int lib_triple (int x) { /* mip-calls(2) */
  return 3 * x;
}

__attribute__ ((noipa)) int lib_unused (int x) { /* mip-calls(0) mip-not-covered */
  return -x;
}
