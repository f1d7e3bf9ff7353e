/* The shared object of runtime-signal-shared.c.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

__attribute__ ((noipa)) int lib_double (int x) { /* mip-calls(2) */
  return 2 * x;
}
