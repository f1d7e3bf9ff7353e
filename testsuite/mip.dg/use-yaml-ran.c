/* A function the profile shows run keeps its place among the functions
   that ran even when every path through it calls a function the
   profile shows never ran: the plugin makes that one cold, GCC's own
   guesses then take each block that calls it for never executed, and
   without the plugin's correction the whole of yaml_ran_caller went to
   the cold parts (.text.sorted.9999999999.~cold.*), far from the
   functions that ran (mip-check-use-yaml -sorted, lib/mip-use.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O2" } */

#include <stdio.h>

__attribute__ ((noinline)) int yaml_ran_never (int x) {
  return x * 7 + 1;
}

__attribute__ ((noipa)) int yaml_ran_caller (int x) {
  return yaml_ran_never (x) * 3;
}

int main (int argc, char **argv) {
  (void) argv;
  printf ("%d\n", yaml_ran_caller (argc));
  return 0;
}

/* { dg-final { mip-check-use-yaml -unlikely {yaml_ran_never} -sorted {yaml_ran_caller} -order {main yaml_ran_caller} } } */
