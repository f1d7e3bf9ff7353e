/* MIP_DUMP_ON_SIGNAL with an instrumented shared object
   (runtime-signal-shared-aux.c) linked into the program: each module's
   runtime installs its handler, the last one passes the signal on to
   the one before, so on SIGTERM both modules write their dump (into
   one default.mipraw) and the program still ends by SIGTERM.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do assemble } */
/* { dg-options "-O1" } */

#include <signal.h>

extern int lib_double (int);

__attribute__ ((noipa)) int exe_work (int x) { /* mip-calls(2) */
  return lib_double (x) + 1;
}

int main (void) { /* mip-calls(1) */
  int value = exe_work (exe_work (1));

  raise (SIGTERM);
  return value;
}

/* { dg-final { mip-check-runtime-signal-shared runtime-signal-shared-aux.c } } */
