/* mip-util.c - text formatting and messages without memory allocation.

   The runtime must not allocate while it dumps (the program may be
   exiting because its heap is broken), so file names and messages are
   built here into fixed buffers.  Messages go to stderr, one line each,
   starting with "mip: ".

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-internal.h"

/* Room for a message naming a file of MIP_PATH_MAX bytes.  */
#define MESSAGE_MAX (MIP_PATH_MAX + 256)

/* Messages are only printed while the dump lock is held.  */
static char message_buffer[MESSAGE_MAX];

MIP_HIDDEN void
mip_text_init (struct mip_text *text, char *buffer, size_t capacity)
{
  text->data = buffer;
  text->capacity = capacity;
  text->length = 0;
  text->truncated = 0;
  if (capacity > 0)
    buffer[0] = '\0';
  else
    text->truncated = 1;
}

MIP_HIDDEN void
mip_text_add_char (struct mip_text *text, char c)
{
  if (text->capacity == 0 || text->length >= text->capacity - 1)
    {
      text->truncated = 1;
      return;
    }
  text->data[text->length++] = c;
  text->data[text->length] = '\0';
}

MIP_HIDDEN void
mip_text_add (struct mip_text *text, const char *string)
{
  while (*string != '\0')
    mip_text_add_char (text, *string++);
}

/* VALUE as 16 lower-case hexadecimal digits.  */
MIP_HIDDEN void
mip_text_add_hex64 (struct mip_text *text, uint64_t value)
{
  static const char hex[] = "0123456789abcdef";
  int shift;

  for (shift = 60; shift >= 0; shift -= 4)
    mip_text_add_char (text, hex[(value >> shift) & 0xf]);
}

MIP_HIDDEN void
mip_text_add_u64 (struct mip_text *text, uint64_t value)
{
  char digits[20];
  int count = 0;

  do
    {
      digits[count++] = (char) ('0' + value % 10);
      value /= 10;
    }
  while (value != 0);
  while (count > 0)
    mip_text_add_char (text, digits[--count]);
}

/* Print TEXT, which starts with "mip: ", as one line on stderr; a line
   cut short still ends in a newline.  */
static void
emit_message (struct mip_text *text)
{
  if (text->length > 0 && text->length == text->capacity - 1)
    text->data[--text->length] = '\0';
  mip_text_add_char (text, '\n');
  mip_platform_write_stderr (text->data, text->length);
}

MIP_HIDDEN void
mip_report_write_error (const char *name, int errnum)
{
  struct mip_text text;
  char reason[128];

  mip_text_init (&text, message_buffer, sizeof message_buffer);
  mip_text_add (&text, "mip: cannot write '");
  mip_text_add (&text, name);
  mip_text_add (&text, "': ");
  mip_text_add (&text,
		mip_platform_error_text (errnum, reason, sizeof reason));
  emit_message (&text);
}

MIP_HIDDEN void
mip_report_unit_walk_failure (uint64_t offset)
{
  struct mip_text text;

  mip_text_init (&text, message_buffer, sizeof message_buffer);
  mip_text_add (&text, "mip: inconsistent raw unit at offset ");
  mip_text_add_u64 (&text, offset);
  mip_text_add (&text, " in '" MIP_RAW_SECTION "'; the profile is written"
		" but marked unusable");
  emit_message (&text);
}
