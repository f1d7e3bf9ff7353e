/* A program that ends by SIGTERM never exits, so the dump at exit
   never runs.  With MIP_DUMP_ON_SIGNAL=1 the runtime's handler writes
   the profile, then the signal ends the program as it would have; without
   it nothing is written.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O1" } */

#include <signal.h>

__attribute__ ((noipa)) int work (int x) { /* mip-calls(3) */
  return x + 2;
}

__attribute__ ((noipa)) int after_signal (int x) { /* mip-calls(0) mip-not-covered */
  return x;
}

int main (void) { /* mip-calls(1) */
  int value = work (work (work (0)));

  raise (SIGTERM);
  return after_signal (value);
}

/* { dg-final { mip-check-runtime-signal } } */
