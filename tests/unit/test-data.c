/* test-data.c - crafted MIP maps and raw profiles for the unit tests.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "test-data.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIELD(s, f) offsetof (struct s, f), sizeof (((struct s *) 0)->f)

void
test_put (unsigned char *data, size_t offset, unsigned size, uint64_t value,
	  bool big_endian)
{
  unsigned i;
  for (i = 0; i < size; i++)
    {
      unsigned shift = 8 * (big_endian ? size - 1 - i : i);
      data[offset + i] = (unsigned char) (value >> shift);
    }
}

uint64_t
test_get (const unsigned char *data, size_t offset, unsigned size,
	  bool big_endian)
{
  uint64_t value = 0;
  unsigned i;
  for (i = 0; i < size; i++)
    {
      unsigned shift = 8 * (big_endian ? size - 1 - i : i);
      value |= (uint64_t) data[offset + i] << shift;
    }
  return value;
}

static uint32_t
align_up (uint32_t value, uint32_t align)
{
  return (value + align - 1) / align * align;
}

static struct mip_record_layout
record_layout (const struct test_binary *binary,
	       const struct test_function *function)
{
  return mip_record_layout (function->kinds, 0, function->caller_slots,
			    binary->pointer_size);
}

void
test_layout (struct test_binary *binary)
{
  unsigned u, f;
  for (u = 0; u < binary->unit_count; u++)
    {
      struct test_unit *unit = &binary->units[u];
      uint32_t at = sizeof (struct mip_raw_unit);
      for (f = 0; f < unit->function_count; f++)
	{
	  struct test_function *function = &unit->functions[f];
	  struct mip_record_layout layout = record_layout (binary, function);
	  at = align_up (at, layout.align);
	  function->raw_offset = at;
	  at += layout.size;
	}
      unit->raw_size = align_up (at, 8);
    }
}

uint64_t
test_build_id (const struct test_binary *binary)
{
  uint64_t id = 0xcbf29ce484222325ull;
  unsigned u, i;
  for (u = 0; u < binary->unit_count; u++)
    for (i = 0; i < 8; i++)
      {
	id ^= (binary->units[u].unit_hash >> (8 * i)) & 0xff;
	id *= 0x100000001b3ull;
      }
  return id;
}

static void
grow (struct test_bytes *bytes, size_t size)
{
  bytes->data = realloc (bytes->data, size);
  if (!bytes->data)
    abort ();
  memset (bytes->data + bytes->size, 0, size - bytes->size);
  bytes->size = size;
}

static uint32_t
strings_size (const struct test_unit *unit)
{
  uint32_t size = 0;
  unsigned f;
  for (f = 0; f < unit->function_count; f++)
    size += (uint32_t) strlen (unit->functions[f].name) + 1;
  return size;
}

static void
put_map_function (const struct test_binary *binary, unsigned char *entry,
		  const struct test_function *function, uint32_t name_offset)
{
  bool be = binary->big_endian;
  test_put (entry, FIELD (mip_map_function, address), function->address, be);
  test_put (entry, FIELD (mip_map_function, cfg_signature),
	    0xc0ffee0000000000ull + function->raw_offset, be);
  test_put (entry, FIELD (mip_map_function, size), 32, be);
  test_put (entry, FIELD (mip_map_function, raw_offset), function->raw_offset,
	    be);
  test_put (entry, FIELD (mip_map_function, name_offset), name_offset, be);
  test_put (entry, FIELD (mip_map_function, kinds), function->kinds, be);
  test_put (entry, FIELD (mip_map_function, caller_slots),
	    function->caller_slots, be);
}

static void
put_map_unit (const struct test_binary *binary, unsigned char *start,
	      const struct test_unit *unit, uint32_t unit_size)
{
  bool be = binary->big_endian;
  uint32_t strings_offset = sizeof (struct mip_map_unit)
    + unit->function_count * sizeof (struct mip_map_function);
  uint32_t name_offset = 0;
  unsigned f;

  test_put (start, FIELD (mip_map_unit, magic),
	    binary->pointer_size == 8 ? MIP_MAGIC_MAP64 : MIP_MAGIC_MAP32, be);
  test_put (start, FIELD (mip_map_unit, version), MIP_FORMAT_VERSION, be);
  test_put (start, FIELD (mip_map_unit, header_size),
	    sizeof (struct mip_map_unit), be);
  test_put (start, FIELD (mip_map_unit, unit_hash), unit->unit_hash, be);
  test_put (start, FIELD (mip_map_unit, unit_size), unit_size, be);
  test_put (start, FIELD (mip_map_unit, raw_size), unit->raw_size, be);
  test_put (start, FIELD (mip_map_unit, function_count),
	    unit->function_count, be);
  test_put (start, FIELD (mip_map_unit, function_entry_size),
	    sizeof (struct mip_map_function), be);
  test_put (start, FIELD (mip_map_unit, block_entry_size),
	    sizeof (struct mip_map_block), be);
  test_put (start, FIELD (mip_map_unit, strings_offset), strings_offset, be);
  test_put (start, FIELD (mip_map_unit, strings_size), strings_size (unit),
	    be);
  test_put (start, FIELD (mip_map_unit, mode), unit->mode, be);
  test_put (start, FIELD (mip_map_unit, anchor_address),
	    binary->anchor_address, be);
  for (f = 0; f < unit->function_count; f++)
    {
      const struct test_function *function = &unit->functions[f];
      size_t length = strlen (function->name) + 1;
      put_map_function (binary, start + sizeof (struct mip_map_unit)
			+ f * sizeof (struct mip_map_function), function,
			name_offset);
      memcpy (start + strings_offset + name_offset, function->name, length);
      name_offset += (uint32_t) length;
    }
}

struct test_bytes
test_make_map (const struct test_binary *binary)
{
  struct test_bytes map = { NULL, 0 };
  unsigned u;

  for (u = 0; u < binary->unit_count; u++)
    {
      const struct test_unit *unit = &binary->units[u];
      uint32_t unit_size = align_up (sizeof (struct mip_map_unit)
				     + unit->function_count
				     * sizeof (struct mip_map_function)
				     + strings_size (unit), 8);
      size_t start = map.size;
      grow (&map, start + unit_size);
      put_map_unit (binary, map.data + start, unit, unit_size);
    }
  return map;
}

static void
put_record (const struct test_binary *binary, unsigned char *record,
	    const struct test_function *function,
	    const struct test_record *values)
{
  struct mip_record_layout layout = record_layout (binary, function);
  bool be = binary->big_endian;
  uint32_t s;

  if (layout.count_offset != MIP_NO_OFFSET)
    test_put (record, layout.count_offset, 4, values->count, be);
  if (layout.order_offset != MIP_NO_OFFSET)
    test_put (record, layout.order_offset, 4, values->order, be);
  if (layout.coverage_offset != MIP_NO_OFFSET)
    record[layout.coverage_offset] = values->ran ? MIP_COVERAGE_SET
      : MIP_COVERAGE_UNSET;
  for (s = 0; layout.callers_offset != MIP_NO_OFFSET
       && s < function->caller_slots && s < 4; s++)
    test_put (record, layout.callers_offset + s * binary->pointer_size,
	      binary->pointer_size, values->callers[s], be);
}

struct test_bytes
test_make_raw (const struct test_binary *binary, const struct test_run *run)
{
  struct test_bytes raw = { NULL, 0 };
  bool be = binary->big_endian;
  size_t at = sizeof (struct mip_raw_header);
  unsigned u, f;

  grow (&raw, at);
  for (u = 0; u < binary->unit_count; u++)
    {
      const struct test_unit *unit = &binary->units[u];
      grow (&raw, at + unit->raw_size);
      test_put (raw.data + at, FIELD (mip_raw_unit, unit_hash),
		unit->unit_hash, be);
      test_put (raw.data + at, FIELD (mip_raw_unit, unit_size),
		unit->raw_size, be);
      test_put (raw.data + at, FIELD (mip_raw_unit, function_count),
		unit->function_count, be);
      for (f = 0; f < unit->function_count; f++)
	put_record (binary, raw.data + at + unit->functions[f].raw_offset,
		    &unit->functions[f], &run->records[u][f]);
      at += unit->raw_size;
    }
  test_put (raw.data, FIELD (mip_raw_header, magic),
	    binary->pointer_size == 8 ? MIP_MAGIC_RAW64 : MIP_MAGIC_RAW32, be);
  test_put (raw.data, FIELD (mip_raw_header, version), MIP_FORMAT_VERSION,
	    be);
  test_put (raw.data, FIELD (mip_raw_header, header_size),
	    sizeof (struct mip_raw_header), be);
  test_put (raw.data, FIELD (mip_raw_header, build_id),
	    test_build_id (binary), be);
  test_put (raw.data, FIELD (mip_raw_header, data_size),
	    raw.size - sizeof (struct mip_raw_header), be);
  test_put (raw.data, FIELD (mip_raw_header, unit_count), binary->unit_count,
	    be);
  test_put (raw.data, FIELD (mip_raw_header, flags), run->flags, be);
  test_put (raw.data, FIELD (mip_raw_header, anchor_address),
	    run->anchor_address, be);
  test_put (raw.data, FIELD (mip_raw_header, pid), 4242, be);
  return raw;
}

static void
add_function (struct test_unit *unit, const char *name, uint64_t address,
	      uint32_t kinds)
{
  struct test_function *function = &unit->functions[unit->function_count++];
  memset (function, 0, sizeof *function);
  function->name = name;
  function->address = address;
  function->kinds = kinds;
}

struct test_binary
test_sample_binary (unsigned pointer_size, bool big_endian)
{
  const uint32_t full = MIP_KIND_CALL_COUNT | MIP_KIND_ORDER;
  uint64_t all_ones = pointer_size == 8 ? UINT64_MAX : 0xffffffffu;
  struct test_binary binary;

  memset (&binary, 0, sizeof binary);
  binary.pointer_size = pointer_size;
  binary.big_endian = big_endian;
  binary.anchor_address = 0x404000;
  binary.unit_count = 3;
  binary.units[0].unit_hash = 0x1111222233334444ull;
  binary.units[0].mode = full;
  add_function (&binary.units[0], "main", 0x401000, full);
  add_function (&binary.units[0], "helper", 0x401100, full);
  add_function (&binary.units[0], "inline_fn", 0, full);
  binary.units[1].unit_hash = 0x5555666677778888ull;
  binary.units[1].mode = full;
  add_function (&binary.units[1], "inline_fn", 0x401200, full);
  add_function (&binary.units[1], "never", 0x401300, full);
  add_function (&binary.units[1], "counted_only", 0x401400,
		MIP_KIND_CALL_COUNT);
  binary.units[2].unit_hash = 0x9999aaaabbbbccccull;
  binary.units[2].mode = full;
  add_function (&binary.units[2], "inline_fn", 0x401200, full);
  add_function (&binary.units[2], "gone", all_ones, full);
  test_layout (&binary);
  return binary;
}

struct test_binary
test_coverage_binary (void)
{
  struct test_binary binary;

  memset (&binary, 0, sizeof binary);
  binary.pointer_size = 8;
  binary.big_endian = false;
  binary.anchor_address = 0x2000;
  binary.unit_count = 1;
  binary.units[0].unit_hash = 0x0123456789abcdefull;
  binary.units[0].mode = MIP_KIND_FUNCTION_COVERAGE;
  add_function (&binary.units[0], "alpha", 0x1100,
		MIP_KIND_FUNCTION_COVERAGE);
  add_function (&binary.units[0], "beta", 0x1200, MIP_KIND_FUNCTION_COVERAGE);
  add_function (&binary.units[0], "gamma", 0x1300,
		MIP_KIND_FUNCTION_COVERAGE);
  test_layout (&binary);
  return binary;
}

void
test_bytes_free (struct test_bytes *bytes)
{
  free (bytes->data);
  bytes->data = NULL;
  bytes->size = 0;
}

bool
test_write_file (const char *path, const void *data, size_t size)
{
  FILE *file = fopen (path, "wb");
  bool ok;
  if (!file)
    return false;
  ok = fwrite (data, 1, size, file) == size;
  return fclose (file) == 0 && ok;
}

bool
test_read_file (const char *path, struct test_bytes *bytes)
{
  FILE *file = fopen (path, "rb");
  char buffer[4096];
  size_t got;

  bytes->data = NULL;
  bytes->size = 0;
  if (!file)
    return false;
  while ((got = fread (buffer, 1, sizeof buffer, file)) > 0)
    {
      size_t old = bytes->size;
      grow (bytes, old + got);
      memcpy (bytes->data + old, buffer, got);
    }
  fclose (file);
  return true;
}
