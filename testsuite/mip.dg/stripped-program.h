/* stripped-program.h - the program of the tests that strip it, compress
   its debug information or move that into a separate file (strip.c,
   compressed.c, debugfile-*.c): two functions run, one never.  Its
   expectations are the comments below.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

__attribute__ ((noipa)) int leaf (int x) { /* mip-calls(6) mip-order(2) */
  return x * 3;
}

__attribute__ ((noipa)) int unused (int x) { /* mip-calls(0) */
  return x;
}

int main (int argc, char **argv) { /* mip-calls(1) mip-order(1) */
  int sum = 0;
  if (argc > 10)
    return unused (argc);
  for (int i = 0; i < 6; i++)
    sum += leaf (i);
  return sum == 45 ? 0 : 1;
}
