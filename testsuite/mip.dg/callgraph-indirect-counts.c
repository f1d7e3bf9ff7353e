/* The calls of an indirect call site are shared by its callees: where
   one site was seen calling two functions, the block count of the site
   bounds each edge ("at most N calls") instead of giving it, while the
   direct site's edge stays exact ("calls N").

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0 -fplugin-arg-mip-generate=block-count" } */

volatile int sink;

__attribute__ ((noinline)) int twice (int x) { /* mip-calls(1500) */
  return 2 * x;
}

__attribute__ ((noinline)) int thrice (int x) { /* mip-calls(503) */
  return 3 * x;
}

int (*volatile pick[2]) (int) = { twice, thrice };

/* One indirect site: 1500 calls of twice, 500 of thrice.  */
__attribute__ ((noinline)) void dispatch (void) { /* mip-calls(1) */
  int i;
  for (i = 0; i < 2000; i++)
    sink = pick[i % 4 == 0] (i);
}

/* A direct site of thrice, 3 calls, called first: thrice's first
   caller.  */
__attribute__ ((noinline)) void direct (void) { /* mip-calls(1) */
  int i;
  for (i = 0; i < 3; i++)
    sink = thrice (i);
}

int main (void) { /* mip-calls(1) */
  direct ();
  dispatch ();
  return 0;
}

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-callgraph {} { {dispatch -> twice  (runs 1, at most 2000 calls, samples 5, about 1280 calls)} {dispatch -> thrice  (runs 1, at most 2000 calls, samples 1, about 256 calls)} {direct -> thrice  (runs 1, calls 3)} {main -> dispatch  (runs 1, calls 1)} {main -> direct  (runs 1, calls 1)} {<unknown> -> main  (runs 1)} } } } */
