/* mipdata export of a program and its shared object: one profile each,
   given with its own binary, add up per source file: the function both
   modules hold a copy of (export-shared.h) has one record, with the
   lines either copy ran.  See mip-check-lcov-shared in
   lib/mip-report.exp; lcov(N) and fn(NAME,N) as in export-lcov.c.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do assemble } */
/* { dg-options "-O0" } */

#include "export-shared.h"

extern int lib_low (void);

int main (void) {                       /* lcov(1) fn(main,1) */
  return clamp (12) + lib_low () == 9 ? 0 : 1;  /* lcov(1) */
}                                       /* lcov(1) */

/* { dg-final { mip-check-lcov-shared export-shared-aux.c export-shared.h } } */
