/* mip-runtime.c - the core of libmip: the anchor, the order counter, the
   __mip_raw section, the raw header and the dumps.

   Instrumented translation units put their counters into the allocated
   section __mip_raw, one raw unit each; the linker concatenates them and
   defines __start___mip_raw and __stop___mip_raw around them.  At exit,
   or when asked through __mip_dump, this file walks the units to compute
   the build id, fills a struct mip_raw_header and hands header and
   section to the file writer (mip-reset.c puts the same bytes into the
   caller's buffer instead, and resets the counters).  The map units of the instrumented
   code refer to __mip_runtime; that reference is what pulls this object
   (and with it the destructor) into every link of instrumented code.

   The core calls no C library function (it builds with -ffreestanding
   -nostdlib, which a test checks) and its own data is a few words: the
   records are the instrumented code's, and file names and messages
   belong to the POSIX writer, on its stack.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-internal.h"

/* The anchor symbol.  Only its address matters; the text makes it easy
   to recognise.  */
MIP_HIDDEN MIP_USED const char __mip_runtime[] = "MIP runtime";

/* What every instrumented unit refers to from the start of its .text
   (MIP_LMIP_LINK_CHECK in mip-format.h), so that a link without -lmip
   fails on a name that says so.  Only its existence matters: another
   name of the anchor, which costs no byte (an absolute symbol would do,
   but a position-independent link refuses relocations against one).  */
extern const char __mip_link_with_lmip[sizeof __mip_runtime]
  MIP_HIDDEN __attribute__ ((alias ("__mip_runtime")));

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

/* Set when this process must write nothing (see mip_disable_dumps).  */
static int dumps_disabled;

MIP_SHARED void
mip_copy_bytes (void *to, const void *from, size_t size)
{
  unsigned char *out = to;
  const unsigned char *in = from;

  while (size-- > 0)
    *out++ = *in++;
}

/* Fill SIZE bytes at TO with zeros.  */
static void
clear_bytes (void *to, size_t size)
{
  unsigned char *out = to;

  while (size-- > 0)
    *out++ = 0;
}

MIP_SHARED int
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
      mip_copy_bytes (&unit, data + offset, sizeof unit);
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
  clear_bytes (header, sizeof *header);
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
  mip_platform_gnu_build_id (header->gnu_build_id,
			     &header->gnu_build_id_size);
}

/* Fill HEADER for DATA, reporting inconsistent units once per process,
   and SAMPLES; returns the bytes of the sample table (0: none, and no
   flag).  */
MIP_SHARED size_t
mip_fill_dump_header (struct mip_raw_header *header,
		       const unsigned char *data, size_t size,
		       struct mip_dump_samples *samples)
{
  struct mip_unit_walk walk;
  size_t samples_size = mip_take_samples (samples);

  mip_fill_raw_header (header, data, size, &walk);
  if (samples_size != 0)
    header->flags |= MIP_RAW_FLAG_CALLER_SAMPLES;
  if (walk.failed && !unit_walk_reported)
    {
      unit_walk_reported = 1;
      mip_report_unit_walk_failure ();
    }
  return samples_size;
}

MIP_INTERNAL int
mip_dump_data (const unsigned char *data, size_t size)
{
  struct mip_raw_header header;
  struct mip_dump_samples samples;
  struct mip_dump dump = { &header, data, &samples };
  int result = -1;

  if (data == NULL || size == 0 || dumps_disabled)
    return 0;
  if (MIP_TRY_LOCK (dump_lock))
    {
      /* Inconsistent units are still written: the flag makes readers
	 refuse them with a clear message.  */
      mip_fill_dump_header (&header, data, size, &samples);
      result = mip_write_profile_file (&dump);
      MIP_UNLOCK (dump_lock);
    }
  return result;
}

MIP_SHARED void
mip_disable_dumps (void)
{
  dumps_disabled = 1;
}

MIP_SHARED void
mip_release_dump_lock (void)
{
  MIP_UNLOCK (dump_lock);
}

MIP_SHARED size_t
mip_section_size (void)
{
  return (size_t) (__stop___mip_raw - __start___mip_raw);
}

int
__mip_dump (void)
{
  return mip_dump_data (__start___mip_raw, mip_section_size ());
}

/* Set up the platform's part before the module's other constructors
   run; a module with no instrumented code, which has nothing to dump,
   is left alone.  */
static MIP_CONSTRUCTOR (101) MIP_USED void
start_module (void)
{
  if (mip_section_size () != 0)
    mip_platform_start ();
}

/* The dump at exit.  Only this destructor writes at exit (no atexit
   handler as well), so the file is written once.  */
static MIP_DESTRUCTOR (101) MIP_USED void
dump_at_exit (void)
{
  (void) __mip_dump ();
}
