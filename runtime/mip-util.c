/* mip-util.c - text formatting and messages without memory allocation.

   The runtime must not allocate while it dumps (the program may be
   exiting because its heap is broken), so file names and messages are
   built here into fixed buffers.  Messages go to stderr, one line each,
   starting with "mip: ".  Every byte here is in each instrumented
   program, so the formatting is two small functions, not a printf.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-internal.h"

/* Room for a message naming a file of MIP_PATH_MAX bytes, of which the
   reason takes at most REASON_ROOM.  */
#define MESSAGE_MAX (MIP_PATH_MAX + 256)
#define REASON_ROOM 160

/* Messages are only printed while the dump lock is held.  */
static char message_buffer[MESSAGE_MAX];

MIP_INTERNAL char *
mip_put (char *p, char *end, const char *string)
{
  while (*string != '\0' && p < end)
    *p++ = *string++;
  return *string != '\0' ? end : p;
}

MIP_INTERNAL char *
mip_put_number (char *p, char *end, uint64_t value, unsigned base,
		unsigned width)
{
  char digits[24];
  char *first = digits + sizeof digits - 1;

  *first = '\0';
  do
    {
      *--first = "0123456789abcdef"[value % base];
      value /= base;
    }
  while (value != 0 || digits + sizeof digits - 1 - first < (long) width);
  return mip_put (p, end, first);
}

MIP_INTERNAL void
mip_report_write_error (const char *name, int errnum)
{
  char *last = message_buffer + sizeof message_buffer - 1;
  char reason[128];
  const char *text = mip_platform_error_text (errnum, reason, sizeof reason);
  char *p;

  p = mip_put (message_buffer, last, "mip: cannot write '");
  /* A name too long to print whole is cut short, so that the reason
     still shows.  */
  p = mip_put (p, last - REASON_ROOM, name);
  if (p == last - REASON_ROOM)
    p = mip_put (p, last, "...");
  p = mip_put (p, last, "': ");
  if (text != NULL)
    p = mip_put (p, last, text);
  else
    p = mip_put_number (mip_put (p, last, "error "), last, (unsigned) errnum,
			10, 1);
  /* A message cut short still ends in a newline.  */
  *p++ = '\n';
  mip_platform_write_stderr (message_buffer, (size_t) (p - message_buffer));
}

MIP_INTERNAL void
mip_report_unit_walk_failure (void)
{
  static const char message[] =
    "mip: inconsistent raw units in '" MIP_RAW_SECTION "'; the profile is"
    " written but marked unusable\n";

  mip_platform_write_stderr (message, sizeof message - 1);
}
