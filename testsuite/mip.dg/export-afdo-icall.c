/* mipdata export --format=afdo: the callees of an indirect call, from
   the caller samples (one call in 256 of each function, by its return
   address), as the call's value profile, which GCC's AutoFDO reader
   takes to make a speculative direct call of the most called one.
   Checked by mip-check-afdo (lib/mip-afdo.exp) with the marks of
   export-afdo.c and

     afdo-target(NAME, CALLEE, N) the indirect call on this line of NAME
                                  called CALLEE about N times: N is the
                                  caller samples times 256
     afdo-speculative(NAME, CALLEE) gcc -O2 -fauto-profile makes the
                                  indirect call of NAME a speculative
                                  call of CALLEE

   A line without afdo-target marks must have no targets: the direct
   call of twice on the same line as the indirect one is not one of its
   targets.  add1 is called 2,700 times (10 samples: 2,560 calls),
   dbl 300 (1 sample: 256), twice 3,000 (11 samples, from a direct
   call).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -fno-tree-vectorize -fno-inline -fplugin-arg-mip-generate=block-count" } */

typedef int (*operation) (int);

__attribute__ ((noinline)) int
add1 (int x)                            /* afdo-function(add1,2700) */
{
  return x + 1;                         /* afdo(add1,2700) */
}

__attribute__ ((noinline)) int
dbl (int x)                             /* afdo-function(dbl,300) */
{
  return x * 2;                         /* afdo(dbl,300) */
}

__attribute__ ((noinline)) int
twice (int x)                           /* afdo-function(twice,3000) */
{
  return x << 1;                        /* afdo(twice,3000) */
}

operation operations[2] = { add1, dbl };

__attribute__ ((noinline)) int
run (int n)                             /* afdo-function(run,1) afdo-speculative(run,add1) */
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += operations[i % 10 == 0] (i) + twice (i); /* afdo-target(run,add1,2560) afdo-target(run,dbl,256) */
  return s;
}

int
main (void)                             /* afdo-function(main,1) */
{
  return run (3000) == 0;
}

/* { dg-final { mip-check-afdo } } */
