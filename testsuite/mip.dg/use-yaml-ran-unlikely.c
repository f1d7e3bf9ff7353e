/* A function the profile shows run that GCC takes for one never
   executed (its only caller is cold) is compiled as a function that
   runs from its first pass on, not switched in the middle of its RTL
   passes.  Optimised for size, combine makes x86's bit-test jump of a
   bit below 32 (*jcc_bt, valid only in a function optimised for
   size); when the plugin made the function one that runs after
   combine, split1 no longer split that jump and GCC failed in final
   ("could not split insn"): seen with the AutoFDO profile of SQLite
   made exact (-fplugin-arg-mip-afdo-exact) and MIP use together.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O2" } */

#include <stdio.h>

static __attribute__ ((noinline)) unsigned yaml_flagged (unsigned x, unsigned y) {
  if (x & (1u << 12))
    return y * 5 + 1;
  return y - 3;
}

__attribute__ ((cold, noinline)) unsigned yaml_report (unsigned x) {
  return yaml_flagged (x, x * 3);
}

int main (int argc, char **argv) {
  (void) argv;
  printf ("%u\n", yaml_report ((unsigned) argc << 12));
  return 0;
}

/* { dg-final { mip-check-use-yaml -order {main yaml_flagged} } } */
