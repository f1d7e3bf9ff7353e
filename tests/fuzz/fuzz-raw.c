/* fuzz-raw.c - fuzz harness of the raw profile reader (mip_raw_parse).

   A raw profile file holds one dump or more (a program's, then those of
   shared objects or of earlier copies of it).  In one the reader
   accepts, every dump must parse on its own (mip_raw_parse_dump, as
   merge reads them), hold the raw units its header says and end where
   the next begins, the last at the end of the file; the records are
   read through the same bounds-checked reader merge uses.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "fuzz.h"

#include <inttypes.h>

#include "mip-raw.h"
#include "mip-reader.h"

/* Read every raw unit header of RAW, and every byte of its data, as
   merge does; returns the number of units.  */
static uint64_t
walk_accepted_units (const struct mip_raw *raw)
{
  uint64_t at = 0, units = 0;

  while (at < raw->data.size)
    {
      struct mip_raw_unit unit;
      uint64_t i;
      uint8_t byte;

      if (!mip_read_struct (&raw->data, at, &mip_layout_mip_raw_unit, &unit)
	  || unit.unit_size < sizeof unit
	  || !mip_reader_has (&raw->data, at, unit.unit_size))
	fuzz_fail ("an accepted raw profile has a bad unit at %" PRIu64, at);
      for (i = sizeof unit; i < unit.unit_size; i++)
	mip_read_u8 (&raw->data, at + i, &byte);
      at += unit.unit_size;
      units++;
    }
  return units;
}

/* Walk the dumps of an accepted file of SIZE bytes at DATA one by one,
   as merge does: each must parse, and the last end at the end of the
   file.  Returns the number of dumps; *UNITS the units of all.  */
static uint64_t
walk_accepted_dumps (const uint8_t *data, size_t size, uint64_t *units)
{
  uint64_t dumps = 0;
  size_t offset = 0;

  *units = 0;
  do
    {
      struct mip_error_context error;
      struct mip_raw raw;
      size_t next = 0;

      mip_error_clear (&error);
      if (mip_raw_parse_dump (data, size, offset, FUZZ_INPUT_NAME, &raw,
			      &next, &error) != MIP_OK)
	fuzz_fail ("dump %" PRIu64 " of an accepted raw profile is refused",
		   dumps + 1);
      if (next <= offset || next > size
	  || next - offset != sizeof raw.header + raw.data.size)
	fuzz_fail ("dump %" PRIu64 " at %zu ends at %zu", dumps + 1, offset,
		   next);
      if (walk_accepted_units (&raw) != raw.header.unit_count)
	fuzz_fail ("dump %" PRIu64 " has other units than its header says",
		   dumps + 1);
      *units += raw.header.unit_count;
      offset = next;
      dumps++;
    }
  while (offset < size);
  return dumps;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct mip_error_context error;
  struct mip_raw raw;
  enum mip_error status;
  uint64_t dumps, units;

  mip_error_clear (&error);
  status = mip_raw_parse (data, size, FUZZ_INPUT_NAME, &raw, &error);
  fuzz_check_error (status, &error);
  if (status != MIP_OK)
    return 0;
  dumps = walk_accepted_dumps (data, size, &units);
  fuzz_say ("ok: %" PRIu64 " dumps, %" PRIu64 " units, %" PRIu64
	    " data bytes in the first, %u-bit", dumps, units, raw.data.size,
	    raw.pointer_size * 8);
  return 0;
}
