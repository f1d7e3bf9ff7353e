/* A function of export-shared.c and export-shared-aux.c: each module
   (the executable, the shared object) has its own copy and runs one
   side of it; the tracefile of both adds them up in one record.
   lcov(N) and fn(NAME,N) as in export-lcov.c.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

static inline int clamp (int x) {       /* lcov(2) fn(clamp,2) */
  if (x < 0)                            /* lcov(2) */
    return 0;                           /* lcov(1) */
  if (x > 9)                            /* lcov(1) */
    return 9;                           /* lcov(1) */
  return x;                             /* lcov(0) */
}                                       /* lcov(2) */
