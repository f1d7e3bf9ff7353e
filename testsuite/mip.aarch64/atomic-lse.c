/* pthread-atomic.c with LSE (-march=armv8.1-a): the counts of 8 threads
   updated by ldadd are exact.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -march=armv8.1-a -pthread -fplugin-arg-mip-atomic" } */

#include "../mip.dg/pthread-atomic.h"

/* { dg-final { mip-run-check } } */
