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

MIP_HIDDEN const char *
mip_filename_pattern (void)
{
  const char *pattern = mip_platform_getenv (MIP_FILENAME_ENV);

  if (pattern == NULL || pattern[0] == '\0')
    return MIP_DEFAULT_RAW_NAME;
  return pattern;
}

MIP_HIDDEN int
mip_expand_filename (const char *pattern, uint64_t pid, uint64_t build_id,
		     char *out, size_t out_size)
{
  struct mip_text name;
  const char *p;

  mip_text_init (&name, out, out_size);
  for (p = pattern; *p != '\0'; p++)
    {
      if (p[0] == '%' && p[1] == 'p')
	{
	  mip_text_add_u64 (&name, pid);
	  p++;
	}
      else if (p[0] == '%' && p[1] == 'm')
	{
	  mip_text_add_hex64 (&name, build_id);
	  p++;
	}
      else if (p[0] == '%' && p[1] == '%')
	{
	  mip_text_add_char (&name, '%');
	  p++;
	}
      else
	mip_text_add_char (&name, *p);
    }
  if (name.truncated)
    {
      errno = ENAMETOOLONG;
      return -1;
    }
  return 0;
}

/* NAME.PID.tmp into OUT.  */
static int
make_temporary_name (const char *name, uint64_t pid, char *out,
		     size_t out_size)
{
  struct mip_text text;

  mip_text_init (&text, out, out_size);
  mip_text_add (&text, name);
  mip_text_add_char (&text, '.');
  mip_text_add_u64 (&text, pid);
  mip_text_add (&text, ".tmp");
  if (text.truncated)
    {
      errno = ENAMETOOLONG;
      return -1;
    }
  return 0;
}

/* Create the temporary file.  One left behind by a killed process that
   had the same pid is removed first.  */
static int
create_temporary (const char *path)
{
  int fd = mip_platform_create_file (path);

  if (fd < 0 && errno == EEXIST && mip_platform_remove (path) == 0)
    fd = mip_platform_create_file (path);
  return fd;
}

static int
write_to_descriptor (struct mip_writer *writer,
		     const struct mip_io_vec *vecs, unsigned count)
{
  int fd = *(const int *) writer->context;
  unsigned i;

  for (i = 0; i < count; i++)
    if (mip_platform_write_all (fd, vecs[i].data, vecs[i].size) != 0)
      return -1;
  return 0;
}

/* Write the profile into the new file FD and close it.  Returns 0, or -1
   with errno set (FD is closed either way).  */
static int
write_and_close (int fd, const struct mip_raw_header *header,
		 const void *data)
{
  struct mip_writer writer;
  int saved_errno;

  writer.write = write_to_descriptor;
  writer.context = &fd;
  if (mip_write_raw_profile (&writer, header, data) != 0)
    {
      saved_errno = errno;
      mip_platform_close (fd);
      errno = saved_errno;
      return -1;
    }
  return mip_platform_close (fd);
}

MIP_HIDDEN int
mip_write_profile_file (const struct mip_raw_header *header,
			const void *data)
{
  const char *pattern = mip_filename_pattern ();
  int fd;
  int errnum;

  if (mip_expand_filename (pattern, header->pid, header->build_id,
			   final_name, sizeof final_name) != 0
      || make_temporary_name (final_name, header->pid, temporary_name,
			      sizeof temporary_name) != 0)
    {
      mip_report_write_error (pattern, ENAMETOOLONG);
      return -1;
    }
  fd = create_temporary (temporary_name);
  if (fd < 0)
    {
      mip_report_write_error (final_name, errno);
      return -1;
    }
  if (write_and_close (fd, header, data) != 0
      || mip_platform_rename (temporary_name, final_name) != 0)
    {
      errnum = errno;
      mip_platform_remove (temporary_name);
      mip_report_write_error (final_name, errnum);
      return -1;
    }
  return 0;
}
