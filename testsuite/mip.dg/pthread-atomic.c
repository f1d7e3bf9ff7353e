/* Call counts in a multi-threaded program are exact with
   -fplugin-arg-mip-atomic (pthread-atomic.h: 8 threads x 1,000,000 calls).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -pthread -fplugin-arg-mip-atomic" } */

#include "pthread-atomic.h"

/* { dg-final { mip-run-check } } */
