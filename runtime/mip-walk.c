/* mip-walk.c - the walk over a module's raw units: their count and the
   build id their hashes give, and whether they tile the section.

   In the merging writer's member (mip-libmip-merge.c), which needs it:
   its "%m" names a file by the build id, and it tells its own dumps
   from other builds' by it.  Where that member is linked, the core's
   dump header carries the walk's result (the core calls it through a
   weak reference); a program with the core alone leaves the walk to
   mipdata, as a microcontroller's runtime always does
   (MIP_RAW_FLAG_UNITS_UNWALKED; format.md, section 5).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-internal.h"

#if MIP_PLATFORM_POSIX

/* A raw unit's header read in place: units start at multiples of 8 from
   the section's start, which is aligned to 8, and the section's bytes
   are read through this type without a copy.  */
struct __attribute__ ((may_alias)) mip_unit_view
{
  struct mip_raw_unit header;
};

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
      const struct mip_raw_unit *unit
	= &((const struct mip_unit_view *) (data + offset))->header;
      size_t remaining = size - offset;

      if (remaining < sizeof *unit)
	goto inconsistent;
      if (!mip_unit_size_fits (unit->unit_size, remaining))
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

/* Set once the inconsistent units have been reported.  */
static int walk_failure_said;

MIP_SHARED void
mip_walk_into_header (struct mip_raw_header *header,
		      const unsigned char *data)
{
  struct mip_unit_walk walk;

  mip_walk_units (data, (size_t) header->data_size, &walk);
  header->flags &= ~MIP_RAW_FLAG_UNITS_UNWALKED;
  header->build_id = walk.build_id;
  header->unit_count = walk.unit_count;
  if (!walk.failed)
    return;
  /* Inconsistent units are still written: the flag makes readers
     refuse them with a clear message; where they go wrong is for
     mipdata to tell, and this message is kept short.  */
  header->flags |= MIP_RAW_FLAG_UNIT_WALK_FAILED;
  if (!walk_failure_said)
    mip_report ("inconsistent raw units in '" MIP_RAW_SECTION "'; the"
		" profile is written but marked unusable", NULL, NULL, NULL);
  walk_failure_said = 1;
}

#endif /* MIP_PLATFORM_POSIX */
