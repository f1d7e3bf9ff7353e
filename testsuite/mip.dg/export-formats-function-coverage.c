/* mipdata export's formats in the function-coverage mode: of a
   function that ran, the line of its first instruction ran (it was
   entered) and the others are not known, so every format leaves them
   out as the lcov tracefile does (no line in Cobertura, SonarQube and
   the JSON, "-" in the .gcov file); those of a function that never ran
   are reported not run; functions count 1 or 0.  See
   lib/mip-export.exp.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0 -fplugin-arg-mip-generate=function-coverage" } */

int twice (int x) {                     /* lcov(1) fn(twice,1) */
  return 2 * x;
}

int never (int x) {                     /* lcov(0) fn(never,0) */
  if (x > 3)                            /* lcov(0) */
    return x + 1;                       /* lcov(0) */
  return x;                             /* lcov(0) */
}                                       /* lcov(0) */

int main (int argc, char **argv) {      /* lcov(1) fn(main,1) */
  int sum = twice (1) + twice (2);
  (void) argv;
  if (argc > 10)
    sum += never (argc);
  return sum == 6 ? 0 : 1;
}

/* { dg-final { mip-check-lcov } } */
/* { dg-final { mip-check-export-formats cobertura sonarqube gcov gcov-json } } */
