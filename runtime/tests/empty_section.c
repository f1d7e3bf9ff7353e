/* empty_section.c - a program that links libmip but has no instrumented
   code must link, run and exit without writing or printing anything.

   The runtime finds its data through weak references to
   __start___mip_raw and __stop___mip_raw; with no __mip_raw section they
   are null, and both __mip_dump and the dump at exit do nothing.  The
   test exits 0 when nothing was written, 1 otherwise.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "mip.h"

#define PROFILE_NAME "empty-section.mipraw"

int
main (void)
{
  if (setenv ("MIP_PROFILE_FILENAME", PROFILE_NAME, 1) != 0)
    return 1;
  errno = EDOM;
  if (__mip_dump () != 0 || errno != EDOM)
    {
      fprintf (stderr, "empty_section: __mip_dump failed\n");
      return 1;
    }
  if (access (PROFILE_NAME, F_OK) == 0)
    {
      fprintf (stderr, "empty_section: '%s' was written\n", PROFILE_NAME);
      remove (PROFILE_NAME);
      return 1;
    }
  return 0;
}
