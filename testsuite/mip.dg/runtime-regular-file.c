/* MIP_PROFILE_FILENAME naming a regular file that holds other bytes and
   has a second (hard) link, written by each writer (see
   mip-check-runtime-regular-file in lib/mip-runtime.exp): linked with
   -lmip, the lean writer writes it in place, as gcov and LLVM's runtime
   do; with -lmip-complete, the merging writer renames a new file over
   it.  The program dumps twice (__mip_dump, then at exit): the file
   holds the second dump only.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O1" } */

#include <stdio.h>

#include "mip.h"

__attribute__ ((noipa)) int work (int x) { /* mip-calls(2) */
  return x + 1;
}

__attribute__ ((noipa)) int never (int x) { /* mip-calls(0) mip-not-covered */
  return x - 1;
}

int main (int argc, char **argv) { /* mip-calls(1) */
  (void) argv;
  printf ("the program's own output\n");
  if (__mip_dump () != 0)
    return 2;
  return work (work (argc > 5 ? never (argc) : 0)) == 2 ? 0 : 1;
}

/* { dg-final { mip-check-runtime-regular-file } } */
