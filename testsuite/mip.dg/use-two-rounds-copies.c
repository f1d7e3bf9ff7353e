/* Profile use in two rounds, where GCC copies code: step, inlined
   into both a and b after the early blocks are numbered
   (-fno-early-inlining), calls rare when its argument is 3 modulo 7.
   The training runs that call only in a's copy: b passes multiples of
   7 (read from memory, so that GCC cannot tell).  In the second round's profile b's copy of the call never ran,
   but the early block it holds (step's) did, through a's copy: the use
   build keeps b's copy out of b's cold part, as code that ran in
   training, which a workload unlike the training's is likely to run
   (mip-check-use-two-rounds-copies in lib/mip-use.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -fno-early-inlining -fplugin-arg-mip-generate=block-count" } */

#include <stdio.h>

static unsigned rare_calls;
static volatile int sevens[64];

__attribute__ ((noipa)) void rare (int x) {
  rare_calls += (unsigned) x & 1;
}

static inline int step (int x) {
  if (x % 7 == 3)
    rare (x);
  return x * 3 + 1;
}

__attribute__ ((noipa)) int a (int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += step (i) ^ (s >> 3);
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
    sevens[i] = 7 * (i + argc);
  for (int k = 0; k < 300; k++)
    t += a (500 + k + argc) + b (400 + k);
  printf ("rare %u\n%d\n", rare_calls, t);
  return 0;
}

/* { dg-final { mip-check-use-two-rounds-copies {b rare a rare} } } */
