/* The shared object that runtime-three-modules.c loads with dlopen,
   calls 13 times and unloads with dlclose.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

__attribute__ ((noipa)) static int loaded_add (int x, int y) { /* mip-calls(26) mip-order(2) */
  return x + y;
}

__attribute__ ((noipa)) int loaded_triple (int x) { /* mip-calls(13) mip-order(1) */
  return loaded_add (loaded_add (x, x), x);
}

__attribute__ ((noipa)) int loaded_unused (int x) { /* mip-calls(0) mip-not-covered */
  return -x;
}
