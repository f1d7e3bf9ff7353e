/* A raw profile or a binary of another link (another GNU build id) is
   refused, and the message names the file and both ids.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2" } */

#include "stripped-program.h"

/* { dg-final { mip-check-gnu-build-id-mismatch } } */
