/* The shared object that runtime-three-modules.c is linked with.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

__attribute__ ((noipa)) static int linked_identity (int x) { /* mip-calls(7) mip-order(2) */
  return x;
}

__attribute__ ((noipa)) int linked_square (int x) { /* mip-calls(7) mip-order(1) */
  return linked_identity (x) * x;
}

__attribute__ ((noipa)) int linked_unused (int x) { /* mip-calls(0) mip-not-covered */
  return -x;
}
