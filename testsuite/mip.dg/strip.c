/* The map is not needed at run time: a copy stripped by a plain strip
   (the map, the symbols and the debug information go) runs and writes a raw profile that
   merges into a profile made from the map that objcopy dumped.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

#include "stripped-program.h"

/* { dg-final { mip-run-check } } */
/* { dg-final { mip-check-strip } } */
