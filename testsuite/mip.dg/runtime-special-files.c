/* MIP_PROFILE_FILENAME naming what is not a plain regular file: a
   device node, a FIFO with a reader and one without, a symbolic link
   (through a second link) and a dangling one, each with a plain name
   and with %m, in every mode (see mip-check-runtime-special-files in
   lib/mip-runtime.exp).  The node stays a node, the FIFO a FIFO, the
   links links; the reader receives a raw profile, the link's target
   holds one.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* { dg-do link } */
/* { dg-options "-O1" } */

#include <stdio.h>

__attribute__ ((noipa)) int work (int x) { /* mip-calls(2) */
  return x + 1;
}

__attribute__ ((noipa)) int never (int x) { /* mip-calls(0) mip-not-covered */
  return x - 1;
}

int main (int argc, char **argv) { /* mip-calls(1) */
  (void) argv;
  printf ("the program's own output\n");
  return work (work (argc > 5 ? never (argc) : 0)) == 2 ? 0 : 1;
}

/* { dg-final { mip-check-runtime-special-files } } */
