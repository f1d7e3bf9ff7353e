/* mip-error.h - error codes and error context of the MIP format library.

   Every function of the library that can fail returns an enum mip_error
   and fills a struct mip_error_context: which file, what went wrong, and
   the details (sizes, offsets, ids) a user needs to understand it.  The
   command line tools turn the context into one line on stderr.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_ERROR_H
#define MIP_ERROR_H

#include <stdarg.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Lets GCC check printf-style calls; nothing elsewhere.  */
#ifdef __GNUC__
#define MIP_PRINTF_FORMAT(string_index, first_to_check) \
  __attribute__ ((__format__ (__printf__, string_index, first_to_check)))
#else
#define MIP_PRINTF_FORMAT(string_index, first_to_check)
#endif

/* Stable: new codes are added at the end, before MIP_ERROR_COUNT.  */
enum mip_error
{
  MIP_OK = 0,
  MIP_ERROR_IO,              /* a system call failed; see saved_errno */
  MIP_ERROR_NO_MEMORY,       /* out of memory */
  MIP_ERROR_BAD_MAGIC,       /* not a MIP file at all */
  MIP_ERROR_WRONG_KIND,      /* a MIP file of another kind */
  MIP_ERROR_VERSION,         /* written for another format version */
  MIP_ERROR_TRUNCATED,       /* shorter than its headers say */
  MIP_ERROR_TRAILING_DATA,   /* longer than its headers say */
  MIP_ERROR_CORRUPT,         /* a size, offset or count is inconsistent */
  MIP_ERROR_BUILD_ID,        /* raw profile of another binary */
  MIP_ERROR_TARGET,          /* pointer size or byte order differ */
  MIP_ERROR_UNIT_WALK,       /* the runtime could not walk its units */
  MIP_ERROR_TOO_LARGE,       /* a count or size does not fit the format */
  MIP_ERROR_COUNT
};

/* What went wrong, where.  */
struct mip_error_context
{
  enum mip_error code;
  int saved_errno;           /* for MIP_ERROR_IO */
  char file[1024];           /* the file concerned, may be empty */
  char detail[512];          /* for MIP_ERROR_IO: the failed action
                                ("cannot open"); else the particulars */
};

/* A short, stable, lower-case description of CODE.  */
const char *mip_strerror (enum mip_error code);

/* Reset CONTEXT to "no error".  */
void mip_error_clear (struct mip_error_context *context);

/* Record error CODE about FILE (may be NULL) in CONTEXT, with details in
   printf style (FORMAT may be NULL).  Returns CODE, so that a failing
   function can end with `return mip_error_set (...)'.  */
enum mip_error mip_error_set (struct mip_error_context *context,
			      enum mip_error code, const char *file,
			      const char *format, ...)
  MIP_PRINTF_FORMAT (4, 5);

/* Set a MIP_ERROR_CORRUPT error of a parser, a structure with the
   members `error' (the context) and `name' (the file), and evaluate to
   MIP_ERROR_CORRUPT.  */
#define MIP_CORRUPT(parser, ...) \
  mip_error_set ((parser)->error, MIP_ERROR_CORRUPT, (parser)->name, \
		 __VA_ARGS__)

/* The same with a va_list.  */
enum mip_error mip_error_vset (struct mip_error_context *context,
			       enum mip_error code, const char *file,
			       const char *format, va_list args)
  MIP_PRINTF_FORMAT (4, 0);

/* Record a failed system call: ACTION ("cannot open") on FILE, with the
   current errno.  Returns MIP_ERROR_IO.  */
enum mip_error mip_error_set_errno (struct mip_error_context *context,
				    const char *action, const char *file);

/* Prefix the details of CONTEXT with PREFIX and ": ", for callers that
   add where an error happened (a unit index, say).  */
void mip_error_prefix_detail (struct mip_error_context *context,
			      const char *prefix);

/* Write the one-line message for CONTEXT into BUFFER (always terminated):
     cannot open 'x.mipraw': No such file or directory
     'x.mipraw': truncated: header says 4096 data bytes, file has 100
   Returns BUFFER.  */
char *mip_error_format (const struct mip_error_context *context,
			char *buffer, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* MIP_ERROR_H */
