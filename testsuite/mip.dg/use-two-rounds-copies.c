/* Profile use in two rounds, where GCC copies code: step, inlined
   into both a and b after the early blocks are numbered
   (-fno-early-inlining), calls rare 300 times in a loop when its
   argument is 3 modulo 7.  The training runs that loop only in a's
   copy: a passes such arguments, b multiples of 7 (both read from
   memory, so that GCC cannot tell).  In the second round's profile b's
   copy of the loop never ran, but the early block it holds (step's)
   ran about 150 times per call of step, through a's copy: the use build
   keeps b's copy out of b's cold part, as the body of a loop that
   iterated in training, which a workload unlike the training's is
   likely to run (mip-check-use-two-rounds-copies in lib/mip-use.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -fno-early-inlining -fplugin-arg-mip-generate=block-count" } */

#include <stdio.h>

static unsigned rare_calls;
static volatile int threes[64], sevens[64];

__attribute__ ((noipa)) void rare (int x) {
  rare_calls += (unsigned) x & 1;
}

static inline int step (int x) {
  if (x % 7 == 3)
    for (int j = 0; j < 300; j++)
      rare (x + j);
  return x * 3 + 1;
}

__attribute__ ((noipa)) int a (int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += step (threes[i & 63]) ^ (s >> 3);
  return s;
}

__attribute__ ((noipa)) int b (int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += step (sevens[i & 63]) ^ (s >> 5);
  return s;
}

int main (int argc, char **argv) {
  (void) argv;
  int t = 0;
  for (int i = 0; i < 64; i++)
    {
      threes[i] = 7 * (i + argc) + 3;
      sevens[i] = 7 * (i + argc);
    }
  for (int k = 0; k < 20; k++)
    t += a (50) + b (50 + k % 2);
  printf ("rare %u\n%d\n", rare_calls, t);
  return 0;
}

/* { dg-final { mip-check-use-two-rounds-copies {b rare a rare} } } */
