/* mip-reset.c - the counter control of libmip: __mip_reset, and the dump
   into the caller's buffer (__mip_get_size, __mip_write_buffer).

   A member of its own (mip-libmip-reset.c), linked by the programs that
   call these functions and by the full mode (whose fork handler resets
   a child's counts): the reset reads the section's initial bytes from
   the module's file, which a coverage program that only dumps at exit
   does not need.  It finds where they are once, at start, so that the
   reset after fork needs no dl_iterate_phdr (whose lock another thread
   may have held at the fork).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-internal.h"

/* The caller samples, where the full mode's member is linked.  */
extern struct mip_caller_sample_table __mip_caller_samples MIP_WEAK;

/* The size of a dump of the section with the sample table of
   SAMPLES_SIZE bytes.  */
static size_t
dump_size (size_t samples_size)
{
  size_t size = mip_section_size ();

  return size == 0 ? 0 : sizeof (struct mip_raw_header) + size
			 + samples_size;
}

size_t
__mip_get_size (void)
{
  struct mip_dump_samples samples;

  return dump_size (mip_take_samples (&samples));
}

/* The caller samples grow while the program runs: the buffer holds the
   table as it was when __mip_get_size measured it, or a later one that
   still fits; what does not fit is left out, whole entries only.  */
int
__mip_write_buffer (void *buffer, size_t size)
{
  size_t data_size = mip_section_size ();
  unsigned char *out = buffer;
  struct mip_raw_header header;
  struct mip_dump_samples samples;
  size_t samples_size;

  if (data_size == 0 || out == NULL || size < dump_size (0))
    return -1;
  samples_size = mip_fill_dump_header (&header, __start___mip_raw,
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

#if !MIP_PLATFORM_POSIX && defined MIP_MEMBER
/* No file holds the initial counters (mip-platform-other.c): the reset
   fails.  */
MIP_SHARED int
mip_reset_data (unsigned char *data, size_t size)
{
  return data == NULL || size == 0 ? 0 : -1;
}
#else
/* Fill SIZE bytes at TO with zeros.  */
static void
clear_index (uint32_t *to, size_t size)
{
  size_t i;

  for (i = 0; i < size / sizeof *to; i++)
    to[i] = 0;
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
  clear_index (__start___mip_sample_index,
	       (size_t) ((unsigned char *) __stop___mip_sample_index
			 - (unsigned char *) __start___mip_sample_index));
  /* A thread the fork child does not have may have held it.  */
  MIP_UNLOCK (table->lock);
}

/* Whether the units of the image are those of DATA (SIZE bytes): the
   same headers at the same offsets, so the image is this build's, and
   the units tile DATA (each at least a header long, a multiple of 8,
   none past the end).  */
static int
image_matches (const struct mip_image *image, const unsigned char *data,
	       size_t size)
{
  size_t offset = 0;

  while (offset < size)
    {
      struct mip_raw_unit unit, initial = { 0, 0, 0 };

      if (size - offset < sizeof unit)
	return 0;
      mip_copy_bytes (&unit, data + offset, sizeof unit);
      if (!mip_unit_size_fits (unit.unit_size, size - offset)
	  || mip_platform_read_image (image, offset, &initial, sizeof initial)
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

MIP_SHARED int
mip_reset_data (unsigned char *data, size_t size)
{
  struct mip_image image;
  int result = -1;

  if (data == NULL || size == 0)
    return 0;
  if (mip_platform_open_image (data, size, &image) != 0)
    return -1;
  if (image_matches (&image, data, size))
    result = copy_image (&image, data, size);
  mip_platform_close_image (&image);
  if (result == 0)
    {
      __atomic_store_n (&__mip_sequence, 0, __ATOMIC_RELAXED);
      clear_samples ();
      if (mip_heap_forget_blocks != NULL)
	mip_heap_forget_blocks ();
    }
  return result;
}
#endif

int
__mip_reset (void)
{
  return mip_reset_data (__start___mip_raw, mip_section_size ());
}

/* Find where the section's initial bytes are, before the program runs
   (and forks).  */
static MIP_CONSTRUCTOR (101) MIP_USED void
start_reset (void)
{
  if (mip_section_size () != 0)
    mip_platform_find_image (__start___mip_raw, mip_section_size ());
}
