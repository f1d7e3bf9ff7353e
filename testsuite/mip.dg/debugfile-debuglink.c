/* The distribution workflow: objcopy --only-keep-debug, strip, objcopy
   --add-gnu-debuglink.  mipdata create makes the profile from the
   stripped binary alone, its map found in the debug file through the
   debug link, and show --debug gets source lines the same way.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

#include "stripped-program.h"

/* { dg-final { mip-check-debuglink } } */
