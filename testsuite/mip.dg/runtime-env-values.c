/* The MIP_* variables the runtime reads, with good and bad values:
   MIP_DUMP_ON_SIGNAL takes 1, yes, true, on and 0, no, false, off in
   any case; any other value, and a bad MIP_PROFILE_FILENAME pattern,
   is reported once on stderr, and the program's own output and exit
   status stay as they are (see mip-check-runtime-env-values in
   lib/mip-runtime.exp).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O1" } */

#include <signal.h>
#include <stdio.h>
#include <string.h>

__attribute__ ((noipa)) int work (int x) { /* mip-calls(2) */
  return x + 1;
}

int main (int argc, char **argv) { /* mip-calls(1) */
  int value = work (work (0));

  printf ("the program's own output %d\n", value);
  fflush (stdout);
  /* With "term", the program ends by SIGTERM; else with status 3.  */
  if (argc > 1 && strcmp (argv[1], "term") == 0)
    raise (SIGTERM);
  return 3;
}

/* { dg-final { mip-check-runtime-env-values } } */
