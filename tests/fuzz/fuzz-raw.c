/* fuzz-raw.c - fuzz harness of the raw profile reader (mip_raw_parse).

   A raw profile the reader accepts must have a data part of the size
   its header says, and every raw unit in it; its records are then read
   through the same bounds-checked reader merge uses.

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

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct mip_error_context error;
  struct mip_raw raw;
  enum mip_error status;
  uint64_t units;

  mip_error_clear (&error);
  status = mip_raw_parse (data, size, FUZZ_INPUT_NAME, &raw, &error);
  fuzz_check_error (status, &error);
  if (status != MIP_OK)
    return 0;
  if (raw.data.size != raw.header.data_size
      || raw.data.size != size - sizeof raw.header)
    fuzz_fail ("an accepted raw profile has %" PRIu64 " data bytes of %zu",
	       raw.data.size, size);
  units = walk_accepted_units (&raw);
  if (units != raw.header.unit_count)
    fuzz_fail ("an accepted raw profile has %" PRIu64 " units, its header"
	       " says %" PRIu32, units, raw.header.unit_count);
  fuzz_say ("ok: %" PRIu64 " units, %" PRIu64 " data bytes, %u-bit", units,
	    raw.data.size, raw.pointer_size * 8);
  return 0;
}
