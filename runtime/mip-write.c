/* mip-write.c - the raw profile file's name, and the core's lean writer.

   The name is $MIP_PROFILE_FILENAME, or default.mipraw when that is
   unset or empty, with "%p" replaced by the process id, "%h" by the host
   name, "%t" by $TMPDIR (/tmp when unset or empty), "%m" by the module's
   build id (16 hexadecimal digits) and "%%" by '%'.  A pattern with any
   other '%' is refused once on stderr, and default.mipraw used.

   Where the merging writer (mip-file.c) is linked, it writes the file.
   Otherwise this file's lean writer does, at a fraction of its size
   (every instrumented program carries it):

   - a regular file, or a name that does not exist yet, is replaced: the
     dump is written to NAME.PID.tmp beside it, which is renamed over
     NAME, so a reader never sees a half-written file and a failed dump
     leaves the file as it was.  But when the file holds a dump of this
     process written by another module (an executable and its
     instrumented shared objects writing one name), the dump is added at
     its end instead, so the modules' dumps stay side by side;
   - anything else (a symbolic link, a device node, a FIFO, a socket) is
     opened as it is and written in place, never renamed over or
     removed: a link is followed and stays a link (a dangling link's
     target is created), /dev/null discards the dump, a FIFO's reader
     receives it; a FIFO with no reader is skipped, said once;
   - "%m" (online merging) needs the merging writer (and its walk over
     the units, which gives the build id that "%m" stands for): without
     it the dump is not written, said once, and the file is left as it
     was.

   File names live on the stack, sized to the name (at most MIP_PATH_MAX
   bytes): nothing here is in the program's data (the messages said once
   are mip_say's, in mip-util.c).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-internal.h"

#if MIP_PLATFORM_POSIX

#include <errno.h>

#define TMPDIR_ENV "TMPDIR"
#define DEFAULT_TMPDIR "/tmp"

MIP_INTERNAL const char *
mip_filename_pattern (void)
{
  return mip_platform_getenv (MIP_FILENAME_ENV, MIP_DEFAULT_RAW_NAME);
}

MIP_INTERNAL long
mip_expand_filename (const char *pattern, struct mip_name_values *values,
		     char *out, size_t out_size)
{
  char *p = out, *end = out + out_size;

  values->merges = 0;
  for (; *pattern != '\0' && p < end; pattern++)
    {
      if (*pattern != '%')
	{
	  *p++ = *pattern;
	  continue;
	}
      switch (*++pattern)
	{
	case 'p':
	  p = mip_put_number (p, end, values->pid, 10, 1);
	  break;
	case 'm':
	  values->merges = 1;
	  p = mip_put_number (p, end, values->build_id, 16, 16);
	  break;
	case 'h':
	  p = mip_put (p, end, values->host);
	  break;
	case 't':
	  p = mip_put (p, end, values->tmpdir);
	  break;
	case '%':
	  *p++ = '%';
	  break;
	default:
	  return -1;
	}
    }
  if (p == end)
    return (long) out_size;
  *p = '\0';
  return (long) (p - out);
}

/* ---- Pieces both writers use ----------------------------------------- */

MIP_SHARED int
mip_temporary_name (const char *name, uint64_t pid, char *out,
		    size_t out_size)
{
  struct mip_name_values values;

  values.pid = pid;
  values.host = name;
  return mip_expand_filename ("%h.%p.tmp", &values, out, out_size)
	 < (long) out_size ? 0 : -1;
}

MIP_SHARED int
mip_dump_pieces (const struct mip_dump *dump, const void **pieces,
		 size_t *sizes)
{
  /* Read once: the stores below might alias them.  */
  const struct mip_raw_header *header = dump->header;
  const struct mip_dump_samples *samples = dump->samples;

  pieces[0] = header;
  sizes[0] = sizeof *header;
  pieces[1] = dump->data;
  sizes[1] = (size_t) header->data_size;
  if (!(header->flags & MIP_RAW_FLAG_CALLER_SAMPLES))
    return 2;
  pieces[2] = &samples->header;
  sizes[2] = sizeof samples->header;
  pieces[3] = samples->entries;
  sizes[3] = samples->header.sample_count * sizeof (struct mip_raw_sample);
  return 4;
}

/* ---- The lean writer ------------------------------------------------- */

/* Whether the regular file NAME holds a dump that this process wrote
   from another module than OURS's: a walk over its dump headers,
   stopping at anything that is not one.  */
static int
holds_other_module_dump (const char *name, const struct mip_raw_header *ours)
{
  union
  {
    struct mip_raw_header dump;
    struct mip_raw_samples samples;
  } found;
  off_t offset = 0;    /* summed in uint64_t, kept in what pread takes */
  int fd, other = 0;

  if (mip_platform_open (name, MIP_OPEN_READ, &fd) != 0)
    return 0;
  while (!other
	 && mip_platform_read_at (fd, offset, &found, sizeof found) == 0
	 && found.dump.magic == ours->magic
	 && found.dump.header_size == sizeof found.dump)
    {
      other = found.dump.pid == ours->pid
	      && found.dump.anchor_address != ours->anchor_address;
      offset = (off_t) ((uint64_t) offset + sizeof found.dump
			+ found.dump.data_size);
      if ((found.dump.flags & MIP_RAW_FLAG_CALLER_SAMPLES)
	  && mip_platform_read_at (fd, offset, &found.samples,
				   sizeof found.samples) == 0)
	offset = (off_t) ((uint64_t) offset + sizeof found.samples
			  + (uint64_t) found.samples.sample_count
			    * sizeof (struct mip_raw_sample));
    }
  mip_platform_close (fd);
  return other;
}

/* The lean writer: DUMP into NAME as the comment at the top says.
   Returns 0 or -1, having said why.  */
static int
write_lean (const char *name, const struct mip_dump *dump)
{
  char temporary[MIP_PATH_MAX + 24];
  const void *pieces[4];
  size_t sizes[4];
  const char *path = name;
  int kind, how = MIP_OPEN_IN_PLACE, fd, errnum, close_errnum;

  errnum = mip_platform_file_kind (name, &kind);
  if (errnum == 0 && kind <= MIP_FILE_REGULAR)
    {
      how = MIP_OPEN_APPEND;
      if (!holds_other_module_dump (name, dump->header))
	{
	  mip_temporary_name (name, dump->header->pid, temporary,
			      sizeof temporary);
	  path = temporary;
	  how = MIP_OPEN_NEW;
	}
    }
  if (errnum == 0)
    errnum = mip_platform_open (path, how, &fd);
  if (errnum == 0)
    {
      errnum = mip_platform_write_pieces (fd, pieces, sizes,
					  mip_dump_pieces (dump, pieces,
							   sizes));
      close_errnum = mip_platform_close (fd);
      if (errnum == 0)
	errnum = close_errnum;
      if (how == MIP_OPEN_NEW)
	{
	  if (errnum == 0)
	    errnum = mip_platform_rename (path, name);
	  if (errnum != 0)
	    mip_platform_remove (path);
	}
    }
  if (errnum == 0)
    return 0;
  if (errnum != ENXIO || how != MIP_OPEN_IN_PLACE)
    mip_report_write_error (name, errnum);
  else
    mip_say (MIP_ONCE_NO_READER, MIP_TEXTS ("cannot write '", "': no reader"),
	     name);
  return -1;
}

/* ---- The name -------------------------------------------------------- */

/* Expand PATTERN, $MIP_PROFILE_FILENAME (or the default name, when that
   is bad: said once), with VALUES into NAME, of MIP_PATH_MAX bytes.
   Returns 0, or -1 when the name does not fit (said).  */
static int
expand_name (const char *pattern, struct mip_name_values *values,
	     char *name)
{
  long length = mip_expand_filename (pattern, values, name, MIP_PATH_MAX);
  if (length < 0)
    {
      mip_say (MIP_ONCE_BAD_PATTERN,
	       MIP_TEXTS ("bad file name pattern '", "' in " MIP_FILENAME_ENV
			  " (known: %p %h %t %m %%); writing "
			  MIP_DEFAULT_RAW_NAME), pattern);
      length = mip_expand_filename (MIP_DEFAULT_RAW_NAME, values, name,
				    MIP_PATH_MAX);
    }
  if (length < MIP_PATH_MAX)
    return 0;
  name[64] = '\0';
  mip_say (0, MIP_TEXTS ("cannot write '", "...': File name too long"), name);
  return -1;
}

MIP_INTERNAL int
mip_write_profile_file (const struct mip_dump *dump)
{
  int saved_errno = errno;
  char host[256], name[MIP_PATH_MAX];
  const char *pattern = mip_filename_pattern ();
  struct mip_name_values values;
  int result = -1;

  values.pid = dump->header->pid;
  values.build_id = dump->header->build_id;
  values.host = mip_platform_host_name (host, sizeof host) == 0
		? host : "unknown-host";
  values.tmpdir = mip_platform_getenv (TMPDIR_ENV, DEFAULT_TMPDIR);
  if (expand_name (pattern, &values, name) != 0)
    ;
  else if (mip_merging_write != NULL)
    result = mip_merging_write (name, dump, values.merges);
  else if (!values.merges)
    result = write_lean (name, dump);
  else
    /* The pattern, not the name: without the merging writer the build
       id that %m stands for is not known (mipdata walks the units).  */
    mip_say (MIP_ONCE_NO_MERGING,
	     MIP_TEXTS ("'%m' in " MIP_FILENAME_ENV " (online merging) needs"
			" libmip's merging writer, which this program does"
			" not have (link it with -lmip-complete); this profile"
			" is not written to '", "'"),
	     pattern);
  errno = saved_errno;
  return result;
}

#else

/* No files: __mip_dump and the dump at exit do nothing; the profile
   leaves through __mip_write_buffer.  */
MIP_INTERNAL int
mip_write_profile_file (const struct mip_dump *dump)
{
  (void) dump;
  return -1;
}

#endif /* MIP_PLATFORM_POSIX */
