/* mipdata export --format=gcov-json against gcov itself: the test is
   built with --coverage as well as with the plugin, so one run writes
   both profiles; gcov --json-format's report and ours must have the
   same keys, with values of the same types (but for those a profile
   cannot fill), and the functions must start and end on the same
   lines.  Ours reports the lines and function counts of the lcov
   tracefile, gzipped (-o) and plain (standard output).  (--coverage
   adds its constructor and destructor, _sub_I_00100_0 and
   _sub_D_00100_1, to the profile, at the last line: in every format
   alike.)  See
   lib/mip-export.exp.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0 --coverage" } */

int square (int x) {
  return x * x;
}

int odd (int x) {
  if (x % 2)
    return 1;
  return 0;
}

int never (int x) {
  return -x;
}

int main (int argc, char **argv) {
  int sum = square (2) + square (3) + odd (3) + odd (4);
  (void) argv;
  if (argc > 10)
    sum += never (argc);
  return sum == 14 ? 0 : 1;
}

/* { dg-final { mip-check-export-formats gcov-json } } */
/* { dg-final { mip-check-export-gcov-json-keys } } */
