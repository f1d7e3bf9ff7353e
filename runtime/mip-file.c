/* mip-file.c - the merging writer: a dump merged into the raw profile
   file.

   A member of libmip of its own (mip-libmip-merge.c), with the dumps on
   signals: linked by -lmip-complete and by the full mode.  Where it is
   linked, the core (mip-write.c) hands it the file's name; where not,
   the core's lean writer writes the file.

   A raw profile file holds one or more dumps, one after the other, each
   a struct mip_raw_header and its data.  A dump goes into the file
   under an fcntl lock on it (so concurrent processes take turns): the
   file is read, the dumps it keeps and this dump are written to
   NAME.PID.tmp in the same directory, which is renamed over NAME: a
   reader never sees a half-written file, and a failed dump leaves the
   file as it was.  When the file keeps every dump it holds (online
   merging, the usual case) the dump is added at its end instead, so
   that a dump costs the same however many runs the file holds.  Which
   dumps are kept:

   - this copy of the module's earlier dump (same build, same process
     id and anchor address, written by this copy) is always replaced:
     __mip_dump and the dump at exit do not count a run twice; the dump
     of an earlier copy (a shared object unloaded and loaded again, a
     program image before exec) is kept;
   - with "%m" in the name (online merging) the file is this build's
     only: the dumps of other processes are kept, so N runs leave N
     dumps that mipdata merge adds up; a file holding anything else (a
     dump of another build, or no raw profile) is left alone, with one
     message, and this dump is not written;
   - without "%m", the dumps of this process's other modules (an
     executable and its instrumented shared objects writing one name)
     are kept, and dumps of other processes are replaced, as a file
     written again by the next run is.

   That is for a regular file, or a name that does not exist yet.  A
   symbolic link is followed (to the end of a chain of them), and the
   file it leads to is written as above, its temporary file beside it:
   the link stays a link, a dangling link's target is created.  A
   device node, FIFO or socket is written as it is, opened for writing
   only, never renamed over or removed (/dev/null discards the dump, a
   FIFO's reader receives it); with "%m" that is said once, as no merge
   is possible.  A FIFO with no reader is skipped, said once.  The kind
   is read with lstat, and the platform opens without following links
   and checks what it opened, so a file swapped meanwhile is not
   written as the kind it was.

   File names live on the stack, sized to the name (at most
   MIP_PATH_MAX bytes; following a link takes MIP_PATH_MAX): nothing
   here is in the program's data.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-internal.h"

/* What the script of -lmip-complete asks for: it links this member.
   Only the name matters.  */
MIP_HIDDEN MIP_USED const char __mip_complete_runtime[1] = "";

#if MIP_PLATFORM_POSIX

#include <errno.h>

/* Only the merging writer's member measures text, so it has this
   helper: the core, in every program, does not.  */
MIP_INTERNAL size_t
mip_text_length (const char *string)
{
  size_t length = 0;

  while (string != NULL && string[length] != '\0')
    length++;
  return length;
}

/* Set once this copy of the module has written its dump: its later
   dumps replace that one.  A shared object loaded again (dlopen after
   dlclose) or a program image after exec starts with it clear, so the
   dump of the earlier copy, though it may have the same process id and
   load address, is kept.  */
static int dumped_before;

/* The descriptor that holds the file's lock during a dump, or -1.  A
   child forked meanwhile by another thread has a copy of it, which
   would keep the lock (an open file description lock lasts while any
   copy is open) for as long as the child lives: the child closes it
   (mip_forget_dump_in_progress).  */
static int lock_fd = -1;

/* The messages said once: a bit of each kind in said_once.  */
enum merge_said
{
  SAID_FOREIGN_FILE = 1,
  SAID_LOCK_FAILURE = 2,
  SAID_NOT_REGULAR = 4,
  SAID_FIFO_NO_READER = 8
};
static unsigned char merge_said_once;

/* Whether the message of kind WHAT is to be said: the first time.
   (Inlined: a call costs more than the test.)  */
static inline __attribute__ ((always_inline)) int
merge_first_time (enum merge_said what)
{
  int first = !(merge_said_once & what);

  merge_said_once |= what;
  return first;
}

/* ---- The dumps already in the file ---------------------------------- */

/* How a dump found in the file is treated.  */
enum verdict
{
  DROP,      /* replaced by this dump */
  KEEP,      /* copied into the new file */
  FOREIGN    /* the file is not this build's: leave it alone */
};

static int
same_build (const struct mip_raw_header *a, const struct mip_raw_header *b)
{
  uint32_t i;

  if (a->build_id != b->build_id || a->data_size != b->data_size
      || a->unit_count != b->unit_count
      || a->gnu_build_id_size != b->gnu_build_id_size)
    return 0;
  for (i = 0; i < a->gnu_build_id_size && i < MIP_GNU_BUILD_ID_MAX; i++)
    if (a->gnu_build_id[i] != b->gnu_build_id[i])
      return 0;
  return 1;
}

/* The process id with the anchor's run-time address: a process id used
   again later rarely comes with the same load address.  */
static int
same_process_image (const struct mip_raw_header *a,
		    const struct mip_raw_header *b)
{
  return a->pid == b->pid && a->anchor_address == b->anchor_address;
}

static enum verdict
judge (const struct mip_raw_header *found, const struct mip_raw_header *ours,
       int merging)
{
  if (same_build (found, ours))
    {
      if (same_process_image (found, ours))
	return dumped_before ? DROP : KEEP;
      return merging ? KEEP : DROP;
    }
  if (merging)
    return FOREIGN;
  return found->pid == ours->pid ? KEEP : DROP;
}

/* A walk over the dumps of the file FD of FILE_SIZE bytes.  */
struct dump_walk
{
  int fd;
  uint64_t file_size;
  uint64_t offset;         /* of the next dump */
  uint64_t dump_size;      /* of the dump found there: header, data and
			      caller samples */
};

/* What next_dump finds.  */
enum dump_found
{
  NO_DUMP = -1,     /* something that is no dump this runtime wrote
		       (another target or version, or no raw profile) */
  END_OF_FILE = 0,
  DUMP = 1,
  CUT_DUMP = 2      /* a dump of this build cut short (its writer was
		       killed while appending): dropped */
};

/* Read the header of the next dump into FOUND.  */
static enum dump_found
next_dump (struct dump_walk *walk, const struct mip_raw_header *ours,
	   struct mip_raw_header *found)
{
  uint64_t left = walk->file_size - walk->offset;

  if (left == 0)
    return END_OF_FILE;
  if (left < sizeof *found
      || mip_platform_read_at (walk->fd, walk->offset, found,
			       sizeof *found) != 0
      || found->magic != ours->magic || found->version != ours->version
      || found->header_size != ours->header_size)
    return NO_DUMP;
  if (found->data_size > left - sizeof *found)
    return same_build (found, ours) ? CUT_DUMP : NO_DUMP;
  walk->dump_size = sizeof *found + found->data_size;
  if (found->flags & MIP_RAW_FLAG_CALLER_SAMPLES)
    {
      struct mip_raw_samples samples;
      uint64_t table_size;

      if (left - walk->dump_size < sizeof samples)
	return same_build (found, ours) ? CUT_DUMP : NO_DUMP;
      if (mip_platform_read_at (walk->fd, walk->offset + walk->dump_size,
				&samples, sizeof samples) != 0
	  || samples.entry_size != sizeof (struct mip_raw_sample))
	return NO_DUMP;
      table_size = sizeof samples + (uint64_t) samples.sample_count
		   * samples.entry_size;
      if (table_size > left - walk->dump_size)
	return same_build (found, ours) ? CUT_DUMP : NO_DUMP;
      walk->dump_size += table_size;
    }
  return DUMP;
}

/* How the file may take this dump.  */
enum acceptance
{
  REFUSED,          /* merging, and the file is not this build's */
  REWRITE,          /* some of the file goes: write it anew */
  APPEND            /* every dump stays: add this one at the end */
};

static enum acceptance
file_accepts (int fd, uint64_t file_size, const struct mip_raw_header *ours,
	      int merging)
{
  struct dump_walk walk = { fd, file_size, 0, 0 };
  struct mip_raw_header found;
  enum dump_found status;
  int all_kept = 1;

  while ((status = next_dump (&walk, ours, &found)) == DUMP)
    {
      enum verdict verdict = judge (&found, ours, merging);

      if (verdict == FOREIGN)
	return REFUSED;
      all_kept &= verdict == KEEP;
      walk.offset += walk.dump_size;
    }
  if (status == NO_DUMP && merging)
    return REFUSED;
  return status == END_OF_FILE && all_kept && merging ? APPEND : REWRITE;
}

/* Copy SIZE bytes at OFFSET of FROM to the end of TO.  */
static int
copy_range (int from, uint64_t offset, uint64_t size, int to)
{
  unsigned char chunk[512];

  while (size > 0)
    {
      size_t count = size < sizeof chunk ? (size_t) size : sizeof chunk;
      int errnum = mip_platform_read_at (from, offset, chunk, count);

      if (errnum == 0)
	errnum = mip_platform_write_all (to, chunk, count);
      if (errnum != 0)
	return errnum;
      offset += count;
      size -= count;
    }
  return 0;
}

/* Copy the dumps of FD that are kept into TO.  What follows a dump that
   is not one (only possible without merging) is dropped.  */
static int
copy_kept_dumps (int fd, uint64_t file_size,
		 const struct mip_raw_header *ours, int merging, int to)
{
  struct dump_walk walk = { fd, file_size, 0, 0 };
  struct mip_raw_header found;

  while (next_dump (&walk, ours, &found) == DUMP)
    {
      uint64_t size = walk.dump_size;

      if (judge (&found, ours, merging) == KEEP)
	{
	  int errnum = copy_range (fd, walk.offset, size, to);
	  if (errnum != 0)
	    return errnum;
	}
      walk.offset += size;
    }
  return 0;
}

/* ---- Writing -------------------------------------------------------- */

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

/* Write DUMP at the end of TO.  */
static int
write_dump_pieces (int to, const struct mip_dump *dump)
{
  const void *pieces[4];
  size_t sizes[4];

  return mip_platform_write_pieces (to, pieces, sizes,
				    mip_dump_pieces (dump, pieces, sizes));
}

/* Write into the new file TO the kept dumps of FD, then DUMP, and close
   TO.  Returns 0 or the first error number.  */
static int
write_new_file (int to, int fd, uint64_t file_size,
		const struct mip_dump *dump, int merging)
{
  int errnum = copy_kept_dumps (fd, file_size, dump->header, merging, to);
  int close_errnum;

  if (errnum == 0)
    errnum = write_dump_pieces (to, dump);
  close_errnum = mip_platform_close (to);
  return errnum != 0 ? errnum : close_errnum;
}

/* Write the file NAME, locked through FD, of FILE_SIZE bytes, through
   TEMPORARY renamed over it.  Returns 0 or an error number, with the
   temporary file removed.  */
static int
replace_file (const char *name, const char *temporary, int fd,
	      uint64_t file_size, const struct mip_dump *dump, int merging)
{
  int to;
  int errnum = create_temporary (temporary, &to);

  if (errnum != 0)
    return errnum;
  errnum = write_new_file (to, fd, file_size, dump, merging);
  if (errnum == 0)
    errnum = mip_platform_rename (temporary, name);
  if (errnum != 0)
    mip_platform_remove (temporary);
  return errnum;
}

/* Add the dump at the end of the locked file FD of FILE_SIZE bytes, the
   cost of online merging staying that of one dump however many runs
   the file holds.  On failure the file is cut back to FILE_SIZE, so it
   holds only whole dumps (a writer killed meanwhile leaves a cut dump,
   which the next dump drops).  Returns 0 or an error number.  */
static int
append_dump (int fd, uint64_t file_size, const struct mip_dump *dump)
{
  const void *pieces[4];
  size_t sizes[4];
  int n = mip_dump_pieces (dump, pieces, sizes), i, errnum = 0;
  uint64_t at = file_size;

  for (i = 0; i < n && errnum == 0; i++)
    {
      errnum = mip_platform_write_at (fd, at, pieces[i], sizes[i]);
      at += sizes[i];
    }
  if (errnum != 0)
    mip_platform_truncate (fd, file_size);
  return errnum;
}

/* Say once that the file could not be locked; the dump goes on, as
   without merging a dump could be lost but the file stays whole.  */
static void
report_lock_failure (const char *name, int errnum)
{
  char reason[128];
  const char *text;

  if (!merge_first_time (SAID_LOCK_FAILURE))
    return;
  text = mip_platform_error_text (errnum, reason, sizeof reason);
  mip_report ("cannot lock '", name, "', writing it unlocked: ",
	      text != NULL ? text : "unknown error");
}

/* NAME.PID.tmp into OUT (OUT_SIZE bytes); -1 when it does not fit.  */
static int
temporary_name (const char *name, uint64_t pid, char *out, size_t out_size)
{
  struct mip_name_values values;

  values.pid = pid;
  values.host = name;
  return mip_expand_filename ("%h.%p.tmp", &values, out, out_size)
	 < (long) out_size ? 0 : -1;
}

/* Merge the dump into the regular file NAME, or create it.  Returns 0
   or -1, having said why, or MIP_KIND_CHANGED, having written
   nothing.  */
static int
write_dump (const char *name, const struct mip_dump *dump, int merging)
{
  const struct mip_raw_header *header = dump->header;
  char temporary[mip_text_length (name) + 32];
  uint64_t file_size = 0;
  enum acceptance acceptance = REWRITE;
  int fd, locked, errnum;

  temporary_name (name, header->pid, temporary, sizeof temporary);
  errnum = mip_platform_open_locked (name, &fd, &locked);
  if (errnum == MIP_KIND_CHANGED)
    return errnum;
  if (fd < 0)
    {
      mip_report_write_error (name, errnum);
      return -1;
    }
  if (!locked)
    report_lock_failure (name, errnum);
  lock_fd = fd;
  errnum = mip_platform_file_size (fd, &file_size);
  if (errnum == 0)
    acceptance = file_accepts (fd, file_size, header, merging);
  if (errnum == 0 && acceptance == REFUSED)
    {
      if (merge_first_time (SAID_FOREIGN_FILE))
	mip_report ("'", name, "' holds raw profiles of another build (or is"
		    " no raw profile); left as it is, this profile is not"
		    " written", NULL);
      lock_fd = -1;
      mip_platform_close (fd);
      return -1;
    }
  if (errnum == 0 && acceptance == APPEND)
    errnum = append_dump (fd, file_size, dump);
  else if (errnum == 0)
    errnum = replace_file (name, temporary, fd, file_size, dump, merging);
  /* An empty file that this dump created is not left behind.  */
  if (errnum != 0 && file_size == 0)
    mip_platform_remove (name);
  /* Closing releases the lock, after the rename.  */
  lock_fd = -1;
  mip_platform_close (fd);
  if (errnum != 0)
    {
      mip_report_write_error (name, errnum);
      return -1;
    }
  dumped_before = 1;
  return 0;
}

/* ---- Links, devices, FIFOs ------------------------------------------ */

/* Write the dump to the device, FIFO or socket NAME as it is: no
   merging, no temporary file.  Returns 0 or -1, having said why, or
   MIP_KIND_CHANGED, having written nothing.  */
static int
write_in_place (const char *name, const struct mip_dump *dump, int merging)
{
  const void *pieces[4];
  size_t sizes[4];
  int errnum;

  if (merging && merge_first_time (SAID_NOT_REGULAR))
    mip_report ("'", name, "' is not a regular file: written, not merged",
		NULL);
  errnum = mip_platform_write_in_place (name, pieces, sizes,
					mip_dump_pieces (dump, pieces, sizes));
  if (errnum == 0 || errnum == MIP_KIND_CHANGED)
    return errnum;
  if (errnum != ENXIO)
    mip_report_write_error (name, errnum);
  else if (merge_first_time (SAID_FIFO_NO_READER))
    mip_report ("cannot write '", name, "': no reader", NULL);
  return -1;
}

/* Linux's limit on the symbolic links followed in one name.  */
#define LINK_DEPTH_MAX 40

/* Follow the symbolic link NAME, and the links it leads to, to the
   first name that is not a link (its kind in *KIND; it need not exist):
   into PATH, of MIP_PATH_MAX bytes.  A relative target is relative to
   its link's directory.  Each target is read into PATH after the name
   of its link, then moved over the link's last component (or to the
   start, when absolute).  Returns 0 or an error number.  */
static int
follow_links (const char *name, char *path, int *kind)
{
  size_t length = 0, keep;
  int depth, errnum;

  while ((path[length] = name[length]) != '\0')
    length++;
  for (depth = 0; *kind == MIP_FILE_LINK; depth++)
    {
      char *target = path + length + 1;

      if (depth == LINK_DEPTH_MAX)
	return ELOOP;
      errnum = mip_platform_read_link (path, target,
				       MIP_PATH_MAX - length - 1);
      if (errnum != 0)
	return errnum;
      for (keep = length; keep > 0 && path[keep - 1] != '/'; keep--)
	;
      if (target[0] == '/')
	keep = 0;
      for (length = keep; (path[length] = *target++) != '\0'; length++)
	;
      errnum = mip_platform_file_kind (path, kind);
      if (errnum != 0)
	return errnum;
    }
  return 0;
}

/* Write the dump to NAME: merged into a regular file (or one created),
   as it is into anything else; a symbolic link is followed and left a
   link.  A file that changed kind between the look and the open (only
   another process can do that) is not written, with a message.
   Returns 0 or -1, having said why.  */
MIP_SHARED int
mip_merging_write (const char *name, const struct mip_dump *dump,
		   int merging)
{
  int kind, errnum = mip_platform_file_kind (name, &kind);

  if (errnum == 0)
    {
      /* Room to follow links only where there is one.  */
      char path[kind == MIP_FILE_LINK ? MIP_PATH_MAX : 1];
      const char *target = name;

      if (kind == MIP_FILE_LINK)
	{
	  errnum = follow_links (name, path, &kind);
	  target = path;
	}
      if (errnum == 0)
	errnum = kind == MIP_FILE_SPECIAL
		 ? write_in_place (target, dump, merging)
		 : write_dump (target, dump, merging);
      if (errnum == 0 || errnum == -1)
	return errnum;
    }
  mip_report_write_error (name, errnum == MIP_KIND_CHANGED ? EAGAIN : errnum);
  return -1;
}

MIP_SHARED void
mip_forget_dump_in_progress (void)
{
  if (lock_fd >= 0)
    mip_platform_close (lock_fd);
  lock_fd = -1;
}

#endif /* MIP_PLATFORM_POSIX */
