/* Profile use in two rounds: the first round's block-count profile
   (this test's run) gives GCC its early counts, and GCC unrolls work's
   loop by them, so that the use build's work is no longer the training
   build's (a use of the first profile alone says so, and leaves its
   blocks to GCC; GCC 12 compiles main differently too, GCC 16 not).  A second build, with the first profile
   and -fplugin-arg-mip-generate=block-count, compiles them as the use
   build will, and its run gives the second profile; the use build with
   -fplugin-arg-mip-use=SECOND -fplugin-arg-mip-use-early=FIRST then
   finds every function as the second profile saw it: its blocks get
   their exact late counts, kept from register allocation (which gets
   GCC's own) and given back after reload (mip-check-use-two-rounds in
   lib/mip-use.exp).  The second round's build also clones scale for
   work's hot calls (scale.constprop.0, -fipa-cp-clone, which the
   first profile turns on), so its profile has one function more, ahead
   of never_called: never_called, which never ran, must still be
   compiled as never executed with GCC's estimate of its blocks, from
   what the second profile says of it, not from what the first says of
   the function at its place (work, called 200 times).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-mip-generate=block-count" } */

#include <stdio.h>

static unsigned rare_calls;
static volatile int sink;

__attribute__ ((noipa)) void rare (int i) {
  rare_calls++;
  sink += i;
}

static __attribute__ ((noinline)) int scale (int x, int k) {
  int s = 0;
  for (int j = 0; j < k; j++)
    s += x * (j + k);
  return s;
}

__attribute__ ((noipa)) int never_called (int x) {
  for (int i = 0; i < x; i++)
    x ^= i * 7;
  return x;
}

__attribute__ ((noipa)) int work (int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      s += (i * 3) ^ (s >> 2);
      s += scale (i, 3);
      if ((s & 0xff) == 7)
	rare (i);
    }
  return s;
}

int main (int argc, char **argv) {
  (void) argv;
  int t = scale (argc, argc);
  for (int k = 0; k < 200; k++)
    t += work (1000 + argc + k);
  if (argc > 5)
    t += never_called (argc);
  printf ("rare %u\n%d\n", rare_calls, t);
  return 0;
}

/* { dg-final { mip-check-use-two-rounds {work} work rare {never_called} } } */
