/* mipdata export --format=afdo refuses a profile without block counts
   (the full mode records block coverage and call counts, not block
   counts), with an error naming the profile, and writes nothing.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

volatile int sink;

int
main (void)
{
  for (int i = 0; i < 3; i++)
    sink = i;
  return 0;
}

/* { dg-final { mip-check-afdo-refusals } } */
