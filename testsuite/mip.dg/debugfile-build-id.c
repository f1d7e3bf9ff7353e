/* The debug file found by the GNU build id under the debug file
   directory (DIR/.build-id/ab/cdef....debug), for the stripped binary
   (no debug link) and for the raw profile alone.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

#include "stripped-program.h"

/* { dg-final { mip-check-build-id-dir } } */
