/* mip-runtime.c - the core of libmip: the anchor, the order counter, the
   __mip_raw section, the raw header and the dumps.

   Instrumented translation units put their counters into the allocated
   section __mip_raw, one raw unit each; the linker concatenates them and
   defines __start___mip_raw and __stop___mip_raw around them.  At exit,
   or when asked through __mip_dump, this file walks the units to compute
   the build id, fills a struct mip_raw_header and hands header and
   section to the file writer.  The map units of the instrumented code
   refer to __mip_runtime; that reference is what pulls this object (and
   with it the destructor) into every link of instrumented code.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <errno.h>
#include <string.h>

#include "mip-internal.h"

/* The anchor symbol.  Only its address matters; the text makes it easy
   to recognise.  */
MIP_HIDDEN MIP_USED const char __mip_runtime[] = "MIP runtime";

/* The first-call order counter, zero at start.  */
MIP_HIDDEN MIP_USED uint32_t __mip_sequence;

/* The bounds of this module's __mip_raw section.  Weak, so that a module
   with no instrumented code still links (both are then null); hidden, so
   that each module sees its own section.  */
extern unsigned char __start___mip_raw[] MIP_WEAK MIP_HIDDEN;
extern unsigned char __stop___mip_raw[] MIP_WEAK MIP_HIDDEN;

/* Set while a dump is in progress.  */
static int dump_lock;

/* Set once the inconsistent units have been reported.  */
static int unit_walk_reported;

MIP_INTERNAL int
mip_walk_units (const unsigned char *data, size_t size,
		struct mip_unit_walk *walk)
{
  size_t offset = 0;

  walk->build_id = MIP_HASH_INIT;
  walk->unit_count = 0;
  walk->failed = 0;
  walk->failed_offset = 0;
  while (offset < size)
    {
      struct mip_raw_unit unit;
      size_t remaining = size - offset;

      if (remaining < sizeof unit)
	goto inconsistent;
      memcpy (&unit, data + offset, sizeof unit);
      if (unit.unit_size < sizeof unit || unit.unit_size % 8 != 0
	  || unit.unit_size > remaining)
	goto inconsistent;
      walk->build_id = mip_build_id_add (walk->build_id, unit.unit_hash);
      walk->unit_count++;
      offset += unit.unit_size;
    }
  return 0;

inconsistent:
  walk->failed = 1;
  walk->failed_offset = offset;
  return -1;
}

MIP_INTERNAL void
mip_fill_raw_header (struct mip_raw_header *header,
		     const unsigned char *data, size_t size,
		     struct mip_unit_walk *walk)
{
  memset (header, 0, sizeof *header);
  header->magic = sizeof (void *) == 8 ? MIP_MAGIC_RAW64 : MIP_MAGIC_RAW32;
  header->version = MIP_FORMAT_VERSION;
  header->header_size = sizeof *header;
  header->data_size = size;
  mip_walk_units (data, size, walk);
  header->build_id = walk->build_id;
  header->unit_count = walk->unit_count;
  if (walk->failed)
    header->flags |= MIP_RAW_FLAG_UNIT_WALK_FAILED;
  header->anchor_address = (uint64_t) (uintptr_t) __mip_runtime;
  header->pid = mip_platform_pid ();
  mip_platform_gnu_build_id (__mip_runtime, header->gnu_build_id,
			     &header->gnu_build_id_size);
}

/* Dump with the lock held.  Inconsistent units are still written (the
   flag makes readers refuse them with a clear message) and reported
   only once per process.  */
static int
dump_locked (const unsigned char *data, size_t size)
{
  struct mip_raw_header header;
  struct mip_unit_walk walk;

  if (data == NULL || size == 0)
    return 0;
  mip_fill_raw_header (&header, data, size, &walk);
  if (walk.failed && !unit_walk_reported)
    {
      unit_walk_reported = 1;
      mip_report_unit_walk_failure ();
    }
  return mip_write_profile_file (&header, data);
}

MIP_INTERNAL int
mip_dump_data (const unsigned char *data, size_t size)
{
  int saved_errno = errno;
  int result = -1;

  if (MIP_TRY_LOCK (dump_lock))
    {
      result = dump_locked (data, size);
      MIP_UNLOCK (dump_lock);
    }
  errno = saved_errno;
  return result;
}

int
__mip_dump (void)
{
  /* Both are null in a module without __mip_raw: a size of 0, which
     mip_dump_data leaves alone.  */
  return mip_dump_data (__start___mip_raw,
			(size_t) (__stop___mip_raw - __start___mip_raw));
}

/* The dump at exit.  Only this destructor writes at exit (no atexit
   handler as well), so the file is written once.  */
static MIP_DESTRUCTOR (101) MIP_USED void
dump_at_exit (void)
{
  (void) __mip_dump ();
}
