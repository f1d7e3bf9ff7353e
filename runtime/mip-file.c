/* mip-file.c - the raw profile file: its name, and writing it atomically.

   The name is $MIP_PROFILE_FILENAME, or default.mipraw when that is
   unset or empty, with "%p" replaced by the process id, "%m" by the
   module's build id (16 hexadecimal digits: an executable and the
   instrumented shared objects it loads then write different files) and
   "%%" by '%'.
   The profile goes first to NAME.PID.tmp in the same directory, which is
   then renamed over NAME: a reader never sees a half-written profile,
   and a failed dump leaves the previous file as it was.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <errno.h>

#include "mip-internal.h"

/* The expanded name and the temporary name; only used while the dump
   lock is held.  */
static char final_name[MIP_PATH_MAX];
static char temporary_name[MIP_PATH_MAX + 32];

MIP_INTERNAL const char *
mip_filename_pattern (void)
{
  const char *pattern = mip_platform_getenv (MIP_FILENAME_ENV);

  if (pattern == NULL || pattern[0] == '\0')
    return MIP_DEFAULT_RAW_NAME;
  return pattern;
}

/* End the text built up to P in a buffer ending at END.  Returns 0, or
   -1 with errno = ENAMETOOLONG when it did not fit with its NUL.  */
static int
terminate (char *p, char *end)
{
  if (p >= end)
    {
      errno = ENAMETOOLONG;
      return -1;
    }
  *p = '\0';
  return 0;
}

MIP_INTERNAL int
mip_expand_filename (const char *pattern, uint64_t pid, uint64_t build_id,
		     char *out, size_t out_size)
{
  char *end = out + out_size;
  char *p = out;

  for (; *pattern != '\0' && p < end; pattern++)
    {
      char directive = pattern[0] == '%' ? pattern[1] : '\0';

      if (directive == 'p')
	p = mip_put_number (p, end, pid, 10, 1);
      else if (directive == 'm')
	p = mip_put_number (p, end, build_id, 16, 16);
      else if (directive == '%')
	*p++ = '%';
      else
	{
	  *p++ = *pattern;
	  continue;
	}
      pattern++;
    }
  return terminate (p, end);
}

/* NAME.PID.tmp into OUT.  */
static int
make_temporary_name (const char *name, uint64_t pid, char *out,
		     size_t out_size)
{
  char *end = out + out_size;
  char *p;

  p = mip_put (out, end, name);
  p = mip_put (p, end, ".");
  p = mip_put_number (p, end, pid, 10, 1);
  p = mip_put (p, end, ".tmp");
  return terminate (p, end);
}

/* Create the temporary file PATH.  One left behind by a killed process
   that had the same pid is removed first.  Returns 0 or an error
   number.  */
static int
create_temporary (const char *path, int *fd)
{
  int errnum = mip_platform_create_file (path, fd);

  if (errnum == EEXIST && mip_platform_remove (path) == 0)
    errnum = mip_platform_create_file (path, fd);
  return errnum;
}

/* Write the header and the section data into the new file FD and close
   it.  Returns 0 or the first error number.  */
static int
write_and_close (int fd, const struct mip_raw_header *header,
		 const void *data)
{
  int errnum = mip_platform_write_all (fd, header, sizeof *header);
  int close_errnum;

  if (errnum == 0)
    errnum = mip_platform_write_all (fd, data, (size_t) header->data_size);
  close_errnum = mip_platform_close (fd);
  return errnum != 0 ? errnum : close_errnum;
}

/* Write through NAME.PID.tmp renamed over NAME: returns 0 or an error
   number, with the temporary file removed.  */
static int
write_through_temporary (const struct mip_raw_header *header,
			 const void *data)
{
  int fd;
  int errnum = create_temporary (temporary_name, &fd);

  if (errnum != 0)
    return errnum;
  errnum = write_and_close (fd, header, data);
  if (errnum == 0)
    errnum = mip_platform_rename (temporary_name, final_name);
  if (errnum != 0)
    mip_platform_remove (temporary_name);
  return errnum;
}

MIP_INTERNAL int
mip_write_profile_file (const struct mip_raw_header *header,
			const void *data)
{
  const char *pattern = mip_filename_pattern ();
  int errnum;

  if (mip_expand_filename (pattern, header->pid, header->build_id,
			   final_name, sizeof final_name) != 0
      || make_temporary_name (final_name, header->pid, temporary_name,
			      sizeof temporary_name) != 0)
    {
      mip_report_write_error (pattern, ENAMETOOLONG);
      return -1;
    }
  errnum = write_through_temporary (header, data);
  if (errnum != 0)
    {
      mip_report_write_error (final_name, errnum);
      return -1;
    }
  return 0;
}
