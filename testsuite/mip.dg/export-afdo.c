/* mipdata export --format=afdo: GCC's AutoFDO profile of the block
   counts.  Checked by mip-check-afdo (lib/mip-afdo.exp), which reads
   the file back with autofdo's dump_gcov and has GCC read it:

     afdo-function(NAME,HEAD)   NAME is declared on this line and was
                                entered HEAD times (its head count; -:
                                not checked, as for a function only
                                inlined)
     afdo(NAME,N)               this line of NAME ran N times: at offset
                                (line - NAME's line) << 16
     afdo-call(CALLER,CALLEE)   CALLEE was inlined into CALLER here
     afdo-inlined(CALLER,CALLEE,N)  this line of CALLEE ran N times in
                                its copy inlined into CALLER (offset from
                                CALLEE's line, under the call's offset)
     afdo-blocks(NAME,N,...)    gcc -O2 -fauto-profile=FILE gives blocks
                                of NAME each of these counts
     afdo-first(NAME,T)         NAME was the Tth function called: its
                                timestamp in the version 3 file

   work runs 7 times, each 30 iterations: 10 through the inlined call,
   20 through the other arm.  mip-check-afdo-refusals then checks the
   errors of a missing binary and of one without DWARF.

   The training build is not vectorized: GCC 16 at -O2 vectorizes
   work's loop, whose blocks then run once per 4 iterations, and a
   profile of machine blocks (MIP's, as perf's) gives its lines those
   counts (49, not 210), which no longer say how often the source ran.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -fno-tree-vectorize -fplugin-arg-mip-generate=block-count" } */

volatile int sink;

static inline int
square (int x)                          /* afdo-function(square,-) */
{
  return x * x;                         /* afdo-inlined(work,square,70) */
}

__attribute__ ((noinline)) int
work (int n)                            /* afdo-function(work,7) afdo-blocks(work,70,140,210) afdo-first(work,2) */
{
  int s = 0;
  for (int i = 0; i < n; i++)
    if (i % 3 == 0)                     /* afdo(work,210) */
      s += square (i);                  /* afdo(work,70) afdo-call(work,square) */
    else
      s -= 1;                           /* afdo(work,140) */
  sink = s;                             /* afdo(work,7) */
  return s;
}

int
main (int argc, char **argv)            /* afdo-function(main,1) afdo-first(main,1) */
{
  (void) argv;
  for (int k = 0; k < 7; k++)
    sink = work (29 + argc);            /* afdo(main,7) */
  return 0;
}

/* { dg-final { mip-check-afdo } } */
/* { dg-final { mip-check-afdo-refusals counted } } */
