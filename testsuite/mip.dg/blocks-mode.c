/* The block-coverage mode: function and block coverage, no counts, no
   order, no callers.  The program of blocks.c: in this mode its call
   expectations are read as coverage expectations, and its caller
   expectations are not checked.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0 -fplugin-arg-mip-generate=block-coverage" } */

int straight (int x) { /* mip-calls(2) mip-blocks(all-covered) mip-caller(main) */
  return x * 2 + 1;
}

int classify (int x) { /* mip-calls(3) mip-blocks(some-covered) mip-caller(main) */
  if (x < 0)
    return -1;
  else if (x == 0)
    return 0;
  for (int i = 0; i < x; i++)
    if (i == 1000)
      return 2;
  return 1;
}

int both_sides (int x) { /* mip-calls(2) mip-blocks(all-covered) mip-caller(caller_of_both_sides) */
  if (x & 1)
    return x + 1;
  return x - 1;
}

int caller_of_both_sides (void) { /* mip-calls(1) mip-blocks(all-covered) mip-caller(main) */
  return both_sides (1) + both_sides (2);
}

int never (int x) { /* mip-calls(0) mip-blocks(none-covered) */
  if (x)
    return 1;
  return 0;
}

int main (int argc, char **argv) { /* mip-calls(1) mip-blocks(some-covered) */
  int sum = straight (1) + straight (2);
  sum += classify (5) + classify (-3) + classify (7);
  sum += caller_of_both_sides ();
  if (argc > 10)
    sum += never (argc);
  return sum == 8 + 1 + 3 ? 0 : 1;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-inference } } */
/* { dg-final { mip-check-mode-blocks full } } */
