/* With early block counts, GCC may stop inlining a function that the
   training's build had inlined at every call, so that its own body,
   never run in the training, is called now.  Its early blocks ran (in
   the inlined copies): it must not be placed with the functions that
   never ran (.text.unlikely), but right after its first caller that ran
   (mip-check-use-near).  Here the use build's -fno-inline, which acts
   after the profile's point (neither function inlines anything before
   it), keeps the call to work.  work's first block, a test that GCC
   folded into main's loop after inlining it, lost its bind in the
   training's build: the function is still known to have been entered
   as often as it returned (least_entries), not never.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-mip-generate=block-count" } */

#include <stdio.h>

static volatile int sink;

int work (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      s += i * 3;
      if (s & 1)
	sink = s;
      if ((s & 6) == 6)
	s ^= 0x55;
    }
  if (n == 12345)
    sink = s * 7;
  return s;
}

int main (int argc, char **argv)
{
  (void) argv;
  int t = 0;
  for (int k = 0; k < 100; k++)
    t += work (argc * 100 + k);
  printf ("%d\n", t);
  return 0;
}

/* { dg-final { mip-check-use-near {work} main {-fno-inline} } } */
