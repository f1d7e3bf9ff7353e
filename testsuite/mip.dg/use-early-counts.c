/* Early block counts: a block-count build made with -g records which
   blocks GCC had before its IPA passes; profile use gives those blocks
   their exact counts there, as -fprofile-use would, so that GCC's
   inliner and loop passes follow them.  helper, called once, is inlined
   into main after that point: the counts of its blocks come from the
   machine blocks of main that hold them.  The use build's tree dump
   must give the blocks that call odd_step and even_step the counts the
   program itself counted (mip-check-use-early in lib/mip-use.exp).
   scaled has options of its own (an optimize attribute), which GCC
   takes over the global ones whenever it turns to it: they must say
   that the counts are a profile's too, or GCC's inliner stops on an
   assertion.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -g -fplugin-arg-mip-generate=block-count" } */

#include <stdio.h>

static unsigned odd_calls, even_calls;
static volatile int sink;

__attribute__ ((noipa)) void odd_step (int i) {
  odd_calls++;
  sink += i;
}

__attribute__ ((noipa)) void even_step (int i) {
  even_calls++;
  sink -= i;
}

static int helper (int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      if (i % 3 == 0)
	odd_step (i);
      else
	even_step (i);
      s += i;
    }
  return s;
}

__attribute__ ((optimize (0)))
int scaled (int x) {
  return x * 2;
}

/* Its loop, hot, is unrolled with the counts (the options -fprofile-use
   turns on), so that its code is no longer the training build's; its
   never-run path must still go to a cold part, from its exact count of
   0: mip-use.cc must not keep the blocks of a function it cannot match
   out of the cold part when the early counts gave them.  */
__attribute__ ((noipa)) int rare_path (int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += (i * 3) ^ (s >> 2);
  if (n == 123457)
    {
      s = s * 11 + 7;
      sink = s;
      s += sink * 5;
    }
  return s;
}

/* Never called: cold from its exact counts, but compiled as without a
   profile with -fplugin-arg-mip-use-layout-only (-fprofile-partial-
   training's way).  */
__attribute__ ((noipa)) int never_called (int x) {
  for (int i = 0; i < x; i++)
    x ^= i * 7;
  return x;
}

int main (int argc, char **argv) {
  (void) argv;
  int s = scaled (helper (argc * 1000)) / 2;
  printf ("sum %d %d\n", s, rare_path (argc * 500));
  if (argc > 5)
    printf ("%d\n", never_called (argc));
  printf ("odd_step %u\n", odd_calls);
  printf ("even_step %u\n", even_calls);
  return 0;
}

/* { dg-final { mip-check-use-early {main odd_step main even_step odd_step {} even_step {}} {rare_path} {never_called} } } */
