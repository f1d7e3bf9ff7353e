/* fuzz-common.c - the checks every fuzz harness makes on a reader's
   result.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "fuzz.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool fuzz_verbose;

void
fuzz_fail (const char *format, ...)
{
  va_list args;

  fflush (stdout);
  fputs ("fuzz: ", stderr);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  abort ();
}

void
fuzz_say (const char *format, ...)
{
  va_list args;

  if (!fuzz_verbose)
    return;
  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  putchar ('\n');
}

void
fuzz_check_error (enum mip_error status,
		  const struct mip_error_context *error)
{
  char message[2048];

  if (status == MIP_OK)
    return;
  if (status < 0 || status >= MIP_ERROR_COUNT)
    fuzz_fail ("the reader returned %d, no error code", (int) status);
  if (error->code != status)
    fuzz_fail ("the reader returned error %d but its context says %d",
	       (int) status, (int) error->code);
  mip_error_format (error, message, sizeof message);
  if (strchr (message, '\n'))
    fuzz_fail ("the message is more than one line: %s", message);
  if (!strstr (message, "'" FUZZ_INPUT_NAME "'"))
    fuzz_fail ("the message does not name the file: %s", message);
  fuzz_say ("%s", message);
}
