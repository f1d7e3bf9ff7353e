/* messages.c - how mipdata speaks: errors, warnings and usage errors on
   stderr, each line "mipdata: MESSAGE" (standard output flushed first,
   so that the two interleave in order).  Apart from the command table
   (mipdata.c), so that the fuzz harnesses that link some of mipdata's
   files report exactly as mipdata does.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mipdata.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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
  fprintf (stderr, "Try 'mipdata%s%s --help' for more information.\n",
	   command ? " " : "", command ? command : "");
  return MIPDATA_EXIT_USAGE;
}

int
mipdata_bad_option (const char *command, int result, char **argv)
{
  const char *option = argv[optind - 1];
  if (result == ':')
    return mipdata_usage_error (command, "option '%s' needs an argument",
				option);
  if (optopt && strncmp (option, "--", 2) != 0)
    return mipdata_usage_error (command, "unknown option '-%c'", optopt);
  return mipdata_usage_error (command, "unknown option '%s'", option);
}
