/* fuzz-mipdata.c - the message functions of mipdata (mipdata.c) for the
   ELF and YAML harnesses, which link some of mipdata's files without
   its command table.  Same output: "mipdata: MESSAGE" on stderr.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mipdata.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>

static void
vreport (const char *prefix, const char *format, va_list args)
{
  fflush (stdout);
  fprintf (stderr, "mipdata: %s", prefix);
  vfprintf (stderr, format, args);
  fputc ('\n', stderr);
}

void
mipdata_error (const char *format, ...)
{
  va_list args;
  va_start (args, format);
  vreport ("", format, args);
  va_end (args);
}

void
mipdata_warning (const char *format, ...)
{
  va_list args;
  va_start (args, format);
  vreport ("warning: ", format, args);
  va_end (args);
}

void
mipdata_report (const struct mip_error_context *error)
{
  char message[2048];
  mipdata_error ("%s", mip_error_format (error, message, sizeof message));
}

int
mipdata_usage_error (const char *command, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  vreport ("", format, args);
  va_end (args);
  fprintf (stderr, "Try 'mipdata %s --help' for more information.\n",
	   command ? command : "");
  return MIPDATA_EXIT_USAGE;
}

int
mipdata_bad_option (const char *command, int result, char **argv)
{
  (void) result;
  return mipdata_usage_error (command, "bad option '%s'",
			      optind > 0 ? argv[optind - 1] : "");
}
