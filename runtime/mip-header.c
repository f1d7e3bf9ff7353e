/* mip-header.c - the raw header of a dump.  The walk over the module's
   raw units (their count and build id) is mip-walk.c's, in the merging
   writer's member: where that is not linked, the header leaves the walk
   to mipdata (MIP_RAW_FLAG_UNITS_UNWALKED).

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


MIP_INTERNAL void
mip_fill_raw_header (struct mip_raw_header *header,
		     const unsigned char *data, size_t size)
{
  clear_bytes (header, sizeof *header);
  header->magic = sizeof (void *) == 8 ? MIP_MAGIC_RAW64 : MIP_MAGIC_RAW32;
  header->version = MIP_FORMAT_VERSION;
  header->header_size = sizeof *header;
  header->data_size = size;
  /* Without the walk (the core alone, and every microcontroller's
     runtime) the walk and its 64-bit hash would be a tenth of the
     runtime's code: mipdata walks the units instead.  */
  header->flags = MIP_RAW_FLAG_UNITS_UNWALKED;
#if MIP_PLATFORM_POSIX
  if (mip_walk_into_header != NULL)
    mip_walk_into_header (header, data);
#else
  (void) data;
#endif
  header->anchor_address = (uint64_t) (uintptr_t) __mip_runtime;
  header->pid = mip_platform_pid ();
  mip_platform_gnu_build_id (header->gnu_build_id,
			     &header->gnu_build_id_size);
}

/* Fill HEADER for DATA and SAMPLES; returns the bytes of the sample
   table (0: none, and no flag).  */
MIP_SHARED size_t
mip_fill_dump_header (struct mip_raw_header *header,
		       const unsigned char *data, size_t size,
		       struct mip_dump_samples *samples)
{
  size_t samples_size = mip_take_samples (samples);

  mip_fill_raw_header (header, data, size);
  if (samples_size != 0)
    header->flags |= MIP_RAW_FLAG_CALLER_SAMPLES;
  return samples_size;
}
