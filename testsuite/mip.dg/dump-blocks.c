/* The plugin's pass dump: for each function how many blocks get a probe
   and why, and with -details the rule behind each block.  Both arms of a
   diamond need a probe (a run may take each arm once, so neither is
   implied by the other), the block after them is covered with the
   entry block; an if-then arm needs one.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do compile } */
/* { dg-options "-O0 -fplugin-arg-mip-generate=block-coverage -fdump-rtl-all-details" } */

int
if_then (int a, int b)
{
  int r = 0;
  if (a)
    r += b;
  return r;
}

int
diamond (int a)
{
  int r;
  if (a)
    r = 1;
  else
    r = 2;
  return r;
}

/* { dg-final { scan-mip-dump {;; Function if_then .*?;; mip: 3 blocks, 1 probed \(1 that no rule can infer, 0 to break inference cycles\), 2 inferred\n;;   bb 2 \([0-9]+ insns; to[^)]*\): covered if any of function\n;;   bb 3 \([0-9]+ insns; to[^)]*\): probe 0\n;;   bb 4 \([0-9]+ insns; to[^)]*\): covered if any of bb 2\n.*?;; Function diamond .*?;; mip: 4 blocks, 2 probed \(2 that no rule can infer, 0 to break inference cycles\), 2 inferred\n;;   bb 2 \([0-9]+ insns; to[^)]*\): covered if any of function\n;;   bb 3 \([0-9]+ insns; to[^)]*\): probe 0\n;;   bb 4 \([0-9]+ insns; to[^)]*\): probe 1\n;;   bb 5 \([0-9]+ insns; to[^)]*\): covered if any of bb 2\n} } } */
