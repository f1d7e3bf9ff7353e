/* mip-header.c - the raw header of a dump: the walk over the module's
   raw units (their count and build id) and the header's fields.  (Without
   files, MIP_PLATFORM_POSIX 0, the header leaves the walk to mipdata:
   MIP_RAW_FLAG_UNITS_UNWALKED.)

   In the core of a POSIX program, whose dump at exit and __mip_dump
   write it; without files (MIP_PLATFORM_POSIX 0: bare metal) only
   __mip_write_buffer writes a header, so this part is in the counter
   control's member there (see mip-parts.c), and a firmware that gets
   its records out through a debugger (mipdata merge --section-dump)
   links none of it.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-internal.h"

/* Fill SIZE bytes at TO with zeros.  */
static void
clear_bytes (void *to, size_t size)
{
  unsigned char *out = to;

  while (size-- > 0)
    *out++ = 0;
}

#if MIP_PLATFORM_POSIX || !defined MIP_MEMBER
/* A raw unit's header read in place: units start at multiples of 8 from
   the section's start, which is aligned to 8, and the section's bytes
   are read through this type without a copy.  */
struct __attribute__ ((may_alias)) mip_unit_view
{
  struct mip_raw_unit header;
};

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
      const struct mip_raw_unit *unit
	= &((const struct mip_unit_view *) (data + offset))->header;
      size_t remaining = size - offset;

      if (remaining < sizeof *unit)
	goto inconsistent;
      if (unit->unit_size < sizeof *unit || unit->unit_size % 8 != 0
	  || unit->unit_size > remaining)
	goto inconsistent;
      walk->build_id = mip_build_id_add (walk->build_id, unit->unit_hash);
      walk->unit_count++;
      offset += unit->unit_size;
    }
  return 0;

inconsistent:
  walk->failed = 1;
  walk->failed_offset = offset;
  return -1;
}
#endif

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
#if MIP_PLATFORM_POSIX
  mip_walk_units (data, size, walk);
  header->build_id = walk->build_id;
  header->unit_count = walk->unit_count;
  if (walk->failed)
    header->flags |= MIP_RAW_FLAG_UNIT_WALK_FAILED;
#else
  /* On a microcontroller the walk and its 64-bit hash would be a third
     of the runtime's flash: mipdata walks the units instead.  */
  (void) data;
  walk->failed = 0;
  header->flags |= MIP_RAW_FLAG_UNITS_UNWALKED;
#endif
  header->anchor_address = (uint64_t) (uintptr_t) __mip_runtime;
  header->pid = mip_platform_pid ();
  mip_platform_gnu_build_id (header->gnu_build_id,
			     &header->gnu_build_id_size);
}

/* Fill HEADER for DATA, reporting inconsistent units (said once per
   process), and SAMPLES; returns the bytes of the sample table (0: none, and no
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
#if MIP_PLATFORM_POSIX
  if (walk.failed)
    mip_report_unit_walk_failure ();
#endif
  return samples_size;
}
