/* -fplugin-arg-mip-use-layout=call-chains: the functions called
   repeatedly are grouped by call chains (lib/mip-layout.h).  In
   first-call order chain_leaf would come after lonely, which main
   calls between the first call of chain_head and chain_head's first
   call of chain_leaf; its caller samples show chain_head calling it
   about 20,000 times, so it joins chain_head's cluster, ahead of
   lonely.  mipdata order --layout=call-chains lists the same order
   (mip-check-use in lib/mip-use.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

#include <stdio.h>

__attribute__ ((noipa)) int once_setup (int x) {
  return x + 1;
}

__attribute__ ((noipa)) int chain_leaf (int x) {
  return x ^ 5;
}

__attribute__ ((noipa)) int chain_head (int x) {
  int sum = 0;
  if (x > 0)
    for (int i = 0; i < 10; i++)
      sum += chain_leaf (x + i);
  return sum;
}

__attribute__ ((noipa)) int lonely (int x) {
  return x * 3;
}

int main (int argc, char **argv) {
  (void) argv;
  int v = once_setup (argc);
  for (int i = 0; i < 2000; i++)
    {
      v += chain_head (i);
      v += lonely (i);
    }
  printf ("%d\n", v);
  return 0;
}

/* { dg-final { mip-check-use -layout call-chains -order {main once_setup chain_head chain_leaf lonely} } } */
