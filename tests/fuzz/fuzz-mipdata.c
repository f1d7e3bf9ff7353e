/* fuzz-mipdata.c - the message functions of mipdata (mipdata.c) for the
   ELF harness, which links mipdata's ELF and DWARF files without its
   commands.  Same output: "mipdata: MESSAGE" on stderr.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mipdata.h"

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
