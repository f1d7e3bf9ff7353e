/* The shared object of export-shared.c.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "export-shared.h"

int lib_low (void) {                    /* lcov(1) fn(lib_low,1) */
  return clamp (-4);                    /* lcov(1) */
}                                       /* lcov(1) */

int lib_unused (void) {                 /* lcov(0) fn(lib_unused,0) */
  return clamp (4);                     /* lcov(0) */
}                                       /* lcov(0) */
