/* mip-util.c - text formatting and messages without memory allocation.

   The runtime must not allocate while it dumps (the program may be
   exiting because its heap is broken, or the dump may run in a signal
   handler), so file names and messages are built here into buffers on
   the stack, sized to what they hold.  Messages go to stderr, one line
   each, starting with "mip: ", written with one write.  Every byte here
   is in each instrumented program, so the formatting is two small
   functions, not a printf.  The yes-or-no environment variables are
   read here too, so that each takes the same spellings.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-internal.h"

MIP_INTERNAL char *
mip_put (char *p, char *end, const char *string)
{
  while (*string != '\0' && p < end)
    *p++ = *string++;
  return *string != '\0' ? end : p;
}

/* *VALUE divided by BASE (at most 16); returns the remainder.  Where
   64-bit numbers are wider than a register, by shifts and subtractions
   (the dividend's bits shifted out at the top, the quotient's in at the
   bottom), so that no division routine of the C runtime (libgcc's
   __udivmoddi4, 300 bytes and more) comes into every program.  */
static unsigned
divide (uint64_t *value, unsigned base)
{
#if UINTPTR_MAX > 0xffffffffu
  unsigned remainder = (unsigned) (*value % base);

  *value /= base;
  return remainder;
#else
  uint64_t quotient = *value;
  unsigned remainder = 0, bit;

  for (bit = 0; bit < 64; bit++)
    {
      remainder = (remainder << 1) | (unsigned) (quotient >> 63);
      quotient <<= 1;
      if (remainder >= base)
	{
	  remainder -= base;
	  quotient |= 1;
	}
    }
  *value = quotient;
  return remainder;
#endif
}

MIP_INTERNAL char *
mip_put_number (char *p, char *end, uint64_t value, unsigned base,
		unsigned width)
{
  char digits[24];
  char *first = digits + sizeof digits - 1;

  *first = '\0';
  do
    *--first = "0123456789abcdef"[divide (&value, base)];
  while (value != 0 || digits + sizeof digits - 1 - first < (long) width);
  return mip_put (p, end, first);
}

MIP_SHARED void
mip_report (const char *a, const char *b, const char *c, const char *d)
{
  const char *pieces[] = { "mip: ", a, b, c, d, "\n" };

  /* One write of the pieces: the line does not mix with another.  */
  mip_platform_write_stderr_pieces (pieces,
				    sizeof pieces / sizeof pieces[0]);
}

MIP_SHARED void
mip_report_write_error (const char *name, int errnum)
{
  char reason[128];
  const char *text = mip_platform_error_text (errnum, reason, sizeof reason);

  mip_report ("cannot write '", name, "': ",
	      text != NULL ? text : "unknown error");
}

/* The messages said once: a bit of each kind (enum mip_once).  */
static unsigned char said_once;

MIP_INTERNAL void
mip_say (unsigned once, const char *texts, const char *subject)
{
  const char *after = texts;

  if (said_once & once)
    return;
  said_once |= once;
  while (*after++ != '\0')
    ;
  mip_report (texts, subject, after, NULL);
}

