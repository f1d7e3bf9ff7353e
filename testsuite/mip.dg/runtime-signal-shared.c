/* An instrumented shared object (runtime-signal-shared-aux.c) linked
   into an instrumented program, with the default file name: when the
   program exits, both modules write their dump into one default.mipraw
   (neither replaces the other's).  Given an argument, the program ends
   by SIGTERM instead; with MIP_DUMP_ON_SIGNAL=1 each module's runtime
   has installed its handler, the last one passes the signal on to the
   one before, so both modules dump and the program still ends by
   SIGTERM.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do assemble } */
/* { dg-options "-O1" } */

#include <signal.h>

extern int lib_double (int);

__attribute__ ((noipa)) int exe_work (int x) { /* mip-calls(2) */
  return lib_double (x) + 1;
}

int main (int argc, char **argv) { /* mip-calls(1) */
  int value = exe_work (exe_work (1));

  (void) argv;
  if (argc > 1)
    raise (SIGTERM);
  return value == 7 ? 0 : 1;
}

/* { dg-final { mip-check-runtime-signal-shared runtime-signal-shared-aux.c } } */
