/* -fplugin-arg-mip-afdo-exact: the counts of mipdata export
   --format=afdo are exact, and with the option GCC uses them as it uses
   -fprofile-use's.  mip-check-afdo makes and checks the AutoFDO file of
   this training run (marks as in export-afdo.c); mip-check-afdo-exact
   then builds the program with it: the arm of work's loop that never
   ran (the error report) becomes work's cold part with the option, and
   stays in work without it, as GCC treats AutoFDO's counts as samples.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -fno-tree-vectorize -fplugin-arg-mip-generate=block-count" } */

#include <stdio.h>
#include <stdlib.h>

volatile int sink;
volatile int limit = 1000000;

__attribute__ ((noinline)) int
work (int n)                            /* afdo-function(work,5) afdo-blocks(work,200) */
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      if (i > limit)                    /* afdo(work,200) */
	{
	  fprintf (stderr, "work: %d is past the limit %d\n", i, limit);
	  fflush (stderr);
	  abort ();
	}
      s += i * 3;
    }
  sink = s;                             /* afdo(work,5) */
  return s;
}

int
main (int argc, char **argv)            /* afdo-function(main,1) */
{
  (void) argv;
  for (int k = 0; k < 5; k++)
    sink = work (39 + argc);            /* afdo(main,5) */
  return 0;
}

/* { dg-final { mip-check-afdo } } */
/* { dg-final { mip-check-afdo-exact work } } */
