/* The debug file served by a local debuginfod (on 127.0.0.1, started
   and stopped by the test): the profile made from the raw profile alone,
   with nothing in the debug directory.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

#include "stripped-program.h"

/* { dg-final { mip-check-debuginfod } } */
