/* mip-write.c - the raw profile file's name, and the core's lean writer.

   The name is $MIP_PROFILE_FILENAME, or default.mipraw when that is
   unset or empty, with "%p" replaced by the process id, "%h" by the host
   name, "%t" by $TMPDIR (/tmp when unset or empty), "%m" by the module's
   build id (16 hexadecimal digits) and "%%" by '%'.  A pattern with any
   other '%' is refused once on stderr, and default.mipraw used.

   Where the merging writer (mip-file.c) is linked, it writes the file.
   Otherwise this file's lean writer does, at a fraction of its size
   (every instrumented program carries it), the way gcov and LLVM's
   profile runtime write theirs: in place.

   - whatever NAME is, it is opened as it is and written in place: a
     regular file is cut to nothing first, a file that does not exist
     is created, a symbolic link is followed and stays a link (a
     dangling link's target is created), /dev/null discards the dump,
     a FIFO's reader receives it; a FIFO with no reader is skipped,
     said once.  No file is ever renamed over or removed;
   - but when the regular file NAME begins with a dump of this process
     written by another module (an executable and its instrumented
     shared objects writing one name), the dump is added at its end
     instead, so the modules' dumps stay side by side: the first module
     to dump replaces the file, the others add theirs after it;
   - "%m" (online merging) needs the merging writer (and its walk over
     the units, which gives the build id that "%m" stands for): without
     it the dump is not written, said once, and the file is left as it
     was.

   What only the merging writer (-lmip-complete, the full mode) does: a
   regular file is replaced through a temporary file renamed over it,
   so that a reader never sees a half-written file and a failed dump
   leaves the file as it was, and a file several processes write at
   once is locked.  The lean writer leaves those out for size (they
   are about a sixth of it): a dump that fails half-way leaves a
   truncated file, which mipdata refuses by name.

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

MIP_SHARED long
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

/* Whether the regular file NAME begins with a dump that this process
   wrote from another module than OURS's.  Only the first dump is
   looked at: the first module to dump replaced the file, and the
   others added theirs after it.  */
static int
begins_with_other_module_dump (const char *name,
			       const struct mip_raw_header *ours)
{
  struct mip_raw_header found;
  int fd, other;

  if (mip_platform_open (name, MIP_OPEN_READ, &fd) != 0)
    return 0;
  other = mip_platform_read_head (fd, &found, sizeof found) == 0
	  && found.magic == ours->magic && found.pid == ours->pid
	  && found.anchor_address != ours->anchor_address;
  mip_platform_close (fd);
  return other;
}

/* The lean writer: DUMP into NAME as the comment at the top says.
   Returns 0 or -1, having said why.  */
static int
write_lean (const char *name, const struct mip_dump *dump)
{
  const void *pieces[4];
  size_t sizes[4];
  int kind, how = MIP_OPEN_IN_PLACE, fd, errnum, close_errnum;

  /* A name that cannot be looked at cannot be opened either: the open
     says why.  */
  if (mip_platform_file_kind (name, &kind) == 0 && kind == MIP_FILE_REGULAR
      && begins_with_other_module_dump (name, dump->header))
    how = MIP_OPEN_APPEND;
  errnum = mip_platform_open (name, how, &fd);
  if (errnum == 0)
    {
      errnum = mip_platform_write_pieces (fd, pieces, sizes,
					  mip_dump_pieces (dump, pieces,
							   sizes));
      close_errnum = mip_platform_close (fd);
      if (errnum == 0)
	errnum = close_errnum;
    }
  if (errnum == 0)
    return 0;
  if (errnum != ENXIO)
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
