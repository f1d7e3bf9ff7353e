/* mipdata export --format=cobertura and --format=sonarqube, in the full
   mode: both reports are valid (the structure of Cobertura's
   coverage-04.dtd and of SonarQube's generic coverage format, checked
   by scripts/check-export-formats.py; xmllint reads them, and checks
   the DTD when one is installed) and report the lines and hits of the
   lcov tracefile of the same profile, which mip-check-lcov holds to the
   lcov(N) and fn(NAME,N) written here (lib/mip-report.exp).  Cobertura
   names the files relative to the source's directory (--strip) and
   lists each function as a method.  See lib/mip-export.exp.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O0" } */

static int table[4];

int fill (int n) {                      /* lcov(1) fn(fill,1) */
  int i;
  for (i = 0; i < n && i < 4; i++)      /* lcov(1) */
    table[i] = i * i;                   /* lcov(1) */
  return i;                             /* lcov(1) */
}                                       /* lcov(1) */

int lookup (int i) {                    /* lcov(3) fn(lookup,3) */
  if (i < 0 || i >= 4)                  /* lcov(1) */
    return -1;                          /* lcov(0) */
  return table[i];                      /* lcov(1) */
}                                       /* lcov(3) */

int unused (int x) {                    /* lcov(0) fn(unused,0) */
  return x * 3;                         /* lcov(0) */
}                                       /* lcov(0) */

int main (int argc, char **argv) {      /* lcov(1) fn(main,1) */
  int sum;
  (void) argv;
  sum = fill (4);                       /* lcov(1) */
  sum += lookup (1) + lookup (2) + lookup (3);   /* lcov(1) */
  if (argc > 10)                        /* lcov(1) */
    sum += unused (argc);               /* lcov(0) */
  return sum == 18 ? 0 : 1;             /* lcov(1) */
}                                       /* lcov(1) */

/* { dg-final { mip-check-lcov } } */
/* { dg-final { mip-check-export-formats cobertura sonarqube } } */
/* { dg-final { mip-check-export-xml } } */
/* { dg-final { mip-check-export-errors } } */
