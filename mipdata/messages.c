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

/* The length of the UTF-8 sequence at TEXT that prints as a character,
   0 when TEXT starts with anything else (a C1 control, a lone or
   overlong byte).  */
static size_t
printable_utf8_length (const unsigned char *text)
{
  size_t length, i;
  unsigned char low = 0x80, high = 0xbf;

  if (text[0] >= 0xc2 && text[0] <= 0xdf)
    length = 2;
  else if (text[0] >= 0xe0 && text[0] <= 0xef)
    length = 3;
  else if (text[0] >= 0xf0 && text[0] <= 0xf4)
    length = 4;
  else
    return 0;
  if (text[0] == 0xc2)
    low = 0xa0;                 /* U+0080 to U+009F are controls */
  else if (text[0] == 0xe0)
    low = 0xa0;
  else if (text[0] == 0xed)
    high = 0x9f;                /* no surrogates */
  else if (text[0] == 0xf0)
    low = 0x90;
  else if (text[0] == 0xf4)
    high = 0x8f;
  if (text[1] < low || text[1] > high)
    return 0;
  for (i = 2; i < length; i++)
    if (text[i] < 0x80 || text[i] > 0xbf)
      return 0;
  return length;
}

char *
mipdata_printable (const char *text, char *buffer, size_t size)
{
  const unsigned char *in = (const unsigned char *) text;
  size_t used = 0;

  if (size == 0)
    return buffer;
  while (*in)
    {
      size_t length = *in >= 0x20 && *in < 0x7f ? 1
		      : printable_utf8_length (in);
      if (length == 0)
	{
	  if (used + 4 >= size)
	    break;
	  snprintf (buffer + used, 5, "\\%03o", *in);
	  used += 4;
	  in++;
	  continue;
	}
      if (used + length >= size)
	break;
      memcpy (buffer + used, in, length);
      used += length;
      in += length;
    }
  buffer[used] = '\0';
  return buffer;
}

/* Every message goes through mipdata_printable: a file name or a line
   read from a file may hold any byte, and none reaches the terminal
   raw.  */
static void
vreport (const char *prefix, const char *format, va_list args)
{
  char message[4096], printable[4096 * 4];

  vsnprintf (message, sizeof message, format, args);
  fflush (stdout);
  fprintf (stderr, "mipdata: %s%s\n", prefix,
	   mipdata_printable (message, printable, sizeof printable));
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
