/* The second translation unit of static-same-name.c: another static
   function named helper.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

static int helper (int x) { /* mip-calls(5) mip-order(4) */
  return x * 2;
}

int call_aux_helper (int times) { /* mip-calls(1) mip-order(3) */
  int sum = 0;
  while (times--)
    sum += helper (3);
  return sum;
}
