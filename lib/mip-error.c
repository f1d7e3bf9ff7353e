/* mip-error.c - error codes and error context of the MIP format library.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-error.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const error_names[MIP_ERROR_COUNT] = {
  [MIP_OK] = "success",
  [MIP_ERROR_IO] = "input/output error",
  [MIP_ERROR_NO_MEMORY] = "out of memory",
  [MIP_ERROR_BAD_MAGIC] = "not a MIP file",
  [MIP_ERROR_WRONG_KIND] = "wrong kind of MIP file",
  [MIP_ERROR_VERSION] = "unsupported format version",
  [MIP_ERROR_TRUNCATED] = "truncated",
  [MIP_ERROR_TRAILING_DATA] = "trailing data",
  [MIP_ERROR_CORRUPT] = "corrupt",
  [MIP_ERROR_BUILD_ID] = "built by another binary",
  [MIP_ERROR_TARGET] = "written for another target",
  [MIP_ERROR_UNIT_WALK] = "the runtime could not walk the profile data",
  [MIP_ERROR_TOO_LARGE] = "too large for the profile format",
};

const char *
mip_strerror (enum mip_error code)
{
  if ((unsigned) code >= MIP_ERROR_COUNT)
    return "unknown error";
  return error_names[code];
}

void
mip_error_clear (struct mip_error_context *context)
{
  context->code = MIP_OK;
  context->saved_errno = 0;
  context->file[0] = '\0';
  context->detail[0] = '\0';
}

static void
set_file (struct mip_error_context *context, const char *file)
{
  snprintf (context->file, sizeof context->file, "%s", file ? file : "");
}

/* Replace the control characters of TEXT by '?': details quote names
   read from the file (function names), and a damaged or hostile file
   must not break the message over lines or send terminal escapes.  */
static void
replace_control_characters (char *text)
{
  for (; *text; text++)
    if ((unsigned char) *text < 0x20 || *text == 0x7f)
      *text = '?';
}

enum mip_error
mip_error_vset (struct mip_error_context *context, enum mip_error code,
		const char *file, const char *format, va_list args)
{
  if (!context)
    return code;
  context->code = code;
  context->saved_errno = 0;
  set_file (context, file);
  context->detail[0] = '\0';
  if (format)
    vsnprintf (context->detail, sizeof context->detail, format, args);
  replace_control_characters (context->detail);
  return code;
}

enum mip_error
mip_error_set (struct mip_error_context *context, enum mip_error code,
	       const char *file, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  mip_error_vset (context, code, file, format, args);
  va_end (args);
  return code;
}

enum mip_error
mip_error_set_errno (struct mip_error_context *context, const char *action,
		     const char *file)
{
  int saved_errno = errno;
  if (!context)
    return MIP_ERROR_IO;
  context->code = MIP_ERROR_IO;
  context->saved_errno = saved_errno;
  set_file (context, file);
  snprintf (context->detail, sizeof context->detail, "%s", action);
  return MIP_ERROR_IO;
}

void
mip_error_prefix_detail (struct mip_error_context *context,
			 const char *prefix)
{
  char combined[sizeof context->detail];
  size_t used;

  if (!context || context->code == MIP_ERROR_IO)
    return;
  used = strlen (prefix);
  if (used > sizeof combined - 1)
    used = sizeof combined - 1;
  memcpy (combined, prefix, used);
  if (context->detail[0] && used + 2 < sizeof combined)
    {
      size_t rest = strlen (context->detail);
      memcpy (combined + used, ": ", 2);
      used += 2;
      if (rest > sizeof combined - 1 - used)
	rest = sizeof combined - 1 - used;
      memcpy (combined + used, context->detail, rest);
      used += rest;
    }
  combined[used] = '\0';
  memcpy (context->detail, combined, used + 1);
}

char *
mip_error_format (const struct mip_error_context *context, char *buffer,
		  size_t size)
{
  if (size == 0)
    return buffer;
  if (context->code == MIP_ERROR_IO)
    snprintf (buffer, size, "%s '%s': %s", context->detail, context->file,
	      strerror (context->saved_errno));
  else if (context->file[0] && context->detail[0]
	   && context->code == MIP_ERROR_BUILD_ID)
    snprintf (buffer, size, "'%s': %s (%s)", context->file,
	      mip_strerror (context->code), context->detail);
  else if (context->file[0] && context->detail[0])
    snprintf (buffer, size, "'%s': %s: %s", context->file,
	      mip_strerror (context->code), context->detail);
  else if (context->file[0])
    snprintf (buffer, size, "'%s': %s", context->file,
	      mip_strerror (context->code));
  else if (context->detail[0])
    snprintf (buffer, size, "%s: %s", mip_strerror (context->code),
	      context->detail);
  else
    snprintf (buffer, size, "%s", mip_strerror (context->code));
  return buffer;
}
