/* mip-runtime.c - the core of libmip: the anchor, the order counter, the
   __mip_raw section, the raw header, the dumps, the caller's buffer and
   the reset.

   Instrumented translation units put their counters into the allocated
   section __mip_raw, one raw unit each; the linker concatenates them and
   defines __start___mip_raw and __stop___mip_raw around them.  At exit,
   or when asked through __mip_dump, this file walks the units to compute
   the build id, fills a struct mip_raw_header and hands header and
   section to the file writer; __mip_write_buffer puts the same bytes
   into the caller's buffer instead.  The map units of the instrumented
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

/* The caller samples, where the full mode's member (mip-first-call.c)
   is linked; null elsewhere.  */
extern struct mip_caller_sample_table __mip_caller_samples MIP_WEAK;

/* Set while a dump is in progress.  */
static int dump_lock;

/* Set once the inconsistent units have been reported.  */
static int unit_walk_reported;

/* Set when this process must write nothing (see mip_disable_dumps).  */
static int dumps_disabled;

MIP_INTERNAL void
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

MIP_INTERNAL size_t
mip_snapshot_samples (struct mip_dump_samples *samples)
{
  struct mip_caller_sample_table *table = &__mip_caller_samples;
  uint32_t count, dropped;

  if (table == NULL)
    return 0;
  count = __atomic_load_n (&table->header.sample_count, __ATOMIC_ACQUIRE);
  if (count == 0)
    return 0;
  dropped = table->header.dropped;
  dropped += __atomic_load_n (&table->lost, __ATOMIC_RELAXED);
  if (dropped < table->header.dropped)
    dropped = UINT32_MAX;
  samples->header.sample_count = count;
  samples->header.entry_size = sizeof (struct mip_raw_sample);
  samples->header.period = MIP_CALLER_SAMPLE_PERIOD;
  samples->header.dropped = dropped;
  samples->entries = __start___mip_sample_entries;
  return sizeof samples->header + count * sizeof (struct mip_raw_sample);
}

/* Forget every caller sample (the counters were reset).  */
static void
clear_samples (void)
{
  struct mip_caller_sample_table *table = &__mip_caller_samples;

  if (table == NULL)
    return;
  __atomic_store_n (&table->header.sample_count, 0, __ATOMIC_RELEASE);
  table->header.dropped = 0;
  table->lost = 0;
  clear_bytes (__start___mip_sample_index,
	       (size_t) ((unsigned char *) __stop___mip_sample_index
			 - (unsigned char *) __start___mip_sample_index));
  /* A thread the fork child does not have may have held it.  */
  MIP_UNLOCK (table->lock);
}

/* Fill HEADER for DATA, reporting inconsistent units once per process,
   and SAMPLES; returns the bytes of the sample table (0: none, and no
   flag).  */
static size_t
fill_header_reporting (struct mip_raw_header *header,
		       const unsigned char *data, size_t size,
		       struct mip_dump_samples *samples)
{
  struct mip_unit_walk walk;
  size_t samples_size = mip_snapshot_samples (samples);

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
      fill_header_reporting (&header, data, size, &samples);
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

/* The section's size: 0 in a module without __mip_raw, where both
   bounds are null.  */
static size_t
section_size (void)
{
  return (size_t) (__stop___mip_raw - __start___mip_raw);
}

int
__mip_dump (void)
{
  return mip_dump_data (__start___mip_raw, section_size ());
}

/* The size of a dump of the section with the sample table of
   SAMPLES_SIZE bytes.  */
static size_t
dump_size (size_t samples_size)
{
  size_t size = section_size ();

  return size == 0 ? 0 : sizeof (struct mip_raw_header) + size
			 + samples_size;
}

size_t
__mip_get_size (void)
{
  struct mip_dump_samples samples;

  return dump_size (mip_snapshot_samples (&samples));
}

/* The caller samples grow while the program runs: the buffer holds the
   table as it was when __mip_get_size measured it, or a later one that
   still fits; what does not fit is left out, whole entries only.  */
int
__mip_write_buffer (void *buffer, size_t size)
{
  size_t data_size = section_size ();
  unsigned char *out = buffer;
  struct mip_raw_header header;
  struct mip_dump_samples samples;
  size_t samples_size;

  if (data_size == 0 || out == NULL || size < dump_size (0))
    return -1;
  samples_size = fill_header_reporting (&header, __start___mip_raw,
					data_size, &samples);
  if (samples_size > size - dump_size (0))
    {
      samples.header.sample_count =
	(uint32_t) ((size - dump_size (0) - sizeof samples.header)
		    / sizeof (struct mip_raw_sample));
      if (size - dump_size (0) < sizeof samples.header
	  || samples.header.sample_count == 0)
	{
	  header.flags &= ~MIP_RAW_FLAG_CALLER_SAMPLES;
	  samples_size = 0;
	}
      else
	samples_size = sizeof samples.header
	  + samples.header.sample_count * sizeof (struct mip_raw_sample);
    }
  mip_copy_bytes (out, &header, sizeof header);
  mip_copy_bytes (out + sizeof header, __start___mip_raw, data_size);
  if (samples_size != 0)
    {
      out += sizeof header + data_size;
      mip_copy_bytes (out, &samples.header, sizeof samples.header);
      mip_copy_bytes (out + sizeof samples.header, samples.entries,
		      samples_size - sizeof samples.header);
    }
  return 0;
}

/* Whether the units of the image are those of DATA (SIZE bytes): the
   same headers at the same offsets, so the image is this build's.  */
static int
image_matches (const struct mip_image *image, const unsigned char *data,
	       size_t size)
{
  size_t offset = 0;

  while (offset < size)
    {
      struct mip_raw_unit unit, initial = { 0, 0, 0 };

      mip_copy_bytes (&unit, data + offset, sizeof unit);
      if (mip_platform_read_image (image, offset, &initial, sizeof initial)
	  != 0
	  || initial.unit_hash != unit.unit_hash
	  || initial.unit_size != unit.unit_size
	  || initial.function_count != unit.function_count)
	return 0;
      offset += unit.unit_size;
    }
  return 1;
}

/* Copy the image over DATA, once it is known to be DATA's: straight
   into the section, no buffer needed.  */
static int
copy_image (const struct mip_image *image, unsigned char *data, size_t size)
{
  return mip_platform_read_image (image, 0, data, size) == 0 ? 0 : -1;
}

MIP_INTERNAL int
mip_reset_data (unsigned char *data, size_t size)
{
  struct mip_unit_walk walk;
  struct mip_image image;
  int result = -1;

  if (data == NULL || size == 0)
    return 0;
  if (mip_walk_units (data, size, &walk) != 0
      || mip_platform_open_image (data, size, &image) != 0)
    return -1;
  if (image_matches (&image, data, size))
    result = copy_image (&image, data, size);
  mip_platform_close_image (&image);
  if (result == 0)
    {
      __atomic_store_n (&__mip_sequence, 0, __ATOMIC_RELAXED);
      clear_samples ();
    }
  return result;
}

int
__mip_reset (void)
{
  return mip_reset_data (__start___mip_raw, section_size ());
}

/* Set up the platform's part (the POSIX one registers the fork and
   signal handlers) before the module's other constructors run; a
   module with no instrumented code, which has nothing to dump, is left
   alone.  */
static MIP_CONSTRUCTOR (101) MIP_USED void
start_module (void)
{
  if (section_size () != 0)
    mip_platform_start ();
}

/* The dump at exit.  Only this destructor writes at exit (no atexit
   handler as well), so the file is written once.  */
static MIP_DESTRUCTOR (101) MIP_USED void
dump_at_exit (void)
{
  (void) __mip_dump ();
  mip_platform_stop ();
}
