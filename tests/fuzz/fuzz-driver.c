/* fuzz-driver.c - replay inputs through a fuzz harness without a fuzzer.

   usage: fuzz-READER FILE...

   Reads each FILE into a buffer of exactly its size (so that a reader
   reading past it is caught by the sanitizers, when built with them),
   prints "FILE: " and hands it to LLVMFuzzerTestOneInput, which prints
   its verdict.  A crash or an abort of the harness is the failure that
   make check reports; the verdicts are compared with the expected ones
   by run-regress.sh.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mip-file.h"

/* The last component of PATH.  */
static const char *
base_name (const char *path)
{
  const char *slash = strrchr (path, '/');
  return slash ? slash + 1 : path;
}

int
main (int argc, char **argv)
{
  int i, status = 0;

  fuzz_verbose = true;
  for (i = 1; i < argc; i++)
    {
      struct mip_error_context error;
      unsigned char *data, *exact;
      size_t size;

      mip_error_clear (&error);
      if (mip_read_file (argv[i], &data, &size, &error) != MIP_OK)
	{
	  char message[2048];
	  fprintf (stderr, "fuzz: %s\n",
		   mip_error_format (&error, message, sizeof message));
	  status = 1;
	  continue;
	}
      /* An empty input gets a buffer of its own too (malloc (0) may
	 return NULL, which a reader may be given).  */
      exact = malloc (size ? size : 1);
      if (!exact)
	{
	  fprintf (stderr, "fuzz: '%s': out of memory\n", argv[i]);
	  return 1;
	}
      memcpy (exact, data, size);
      free (data);
      printf ("%s: ", base_name (argv[i]));
      fflush (stdout);
      LLVMFuzzerTestOneInput (exact, size);
      fflush (stdout);
      free (exact);
    }
  return status;
}
