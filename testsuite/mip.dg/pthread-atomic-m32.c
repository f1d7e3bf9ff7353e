/* pthread-atomic.c at -m32 (position-independent, so the probes load a
   base register), with a regparm(3) function, whose probe has no free
   register at entry and saves one around the locked decrement.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do run } */
/* { dg-options "-O2 -m32 -fPIE -pie -pthread -fplugin-arg-mip-atomic" } */

__attribute__ ((noipa, regparm (3))) static long step3 (long a, long b, long c) { /* mip-calls(8000000) */
  return a + b - c;
}

#define STEP3 step3
#include "pthread-atomic.h"

/* { dg-final { mip-run-check } } */
