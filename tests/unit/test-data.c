/* test-data.c - crafted MIP maps and raw profiles for the unit tests.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "test-data.h"

#include <stdarg.h>
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
  return mip_record_layout (function->kinds, function->probe_count,
			    function->caller_slots, binary->pointer_size);
}

/* Where the blocks and inference list of each function and the string
   table go in the map unit: right after the function entries, function
   by function, then the strings.  */
static void
map_layout (struct test_unit *unit)
{
  uint32_t at = sizeof (struct mip_map_unit)
    + unit->function_count * sizeof (struct mip_map_function);
  unsigned f, b;

  for (f = 0; f < unit->function_count; f++)
    {
      struct test_function *function = &unit->functions[f];
      function->blocks_offset = function->block_count ? at : 0;
      at += function->block_count * sizeof (struct mip_map_block);
      function->infer_count = 0;
      for (b = 0; b < function->block_count; b++)
	function->infer_count += function->blocks[b].infer_count;
      function->infer_offset = function->infer_count ? at : 0;
      at += 4 * function->infer_count;
    }
  unit->strings_offset = at;
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
      at = align_up (at, 8);
      unit->sites_offset = unit->site_count ? at : 0;
      at += unit->site_count * sizeof (struct mip_raw_heap_site);
      unit->value_sites_offset = unit->value_site_count ? at : 0;
      at += unit->value_site_count * sizeof (struct mip_raw_value_site);
      unit->raw_size = align_up (at, 8);
      map_layout (unit);
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
  uint64_t cfg_signature = function->cfg_signature
    ? function->cfg_signature : 0xc0ffee0000000000ull + function->raw_offset;

  test_put (entry, FIELD (mip_map_function, address), function->address, be);
  test_put (entry, FIELD (mip_map_function, cold_address),
	    function->cold_address, be);
  test_put (entry, FIELD (mip_map_function, cfg_signature), cfg_signature,
	    be);
  test_put (entry, FIELD (mip_map_function, size), function->size, be);
  test_put (entry, FIELD (mip_map_function, cold_size), function->cold_size,
	    be);
  test_put (entry, FIELD (mip_map_function, raw_offset), function->raw_offset,
	    be);
  test_put (entry, FIELD (mip_map_function, name_offset), name_offset, be);
  test_put (entry, FIELD (mip_map_function, kinds), function->kinds, be);
  test_put (entry, FIELD (mip_map_function, caller_slots),
	    function->caller_slots, be);
  test_put (entry, FIELD (mip_map_function, block_count),
	    function->block_count, be);
  test_put (entry, FIELD (mip_map_function, probe_count),
	    function->probe_count, be);
  test_put (entry, FIELD (mip_map_function, blocks_offset),
	    function->blocks_offset, be);
  test_put (entry, FIELD (mip_map_function, infer_offset),
	    function->infer_offset, be);
  test_put (entry, FIELD (mip_map_function, infer_count),
	    function->infer_count, be);
}

/* The block entries and the inference list of FUNCTION, in its unit
   that starts at START.  */
static void
put_map_blocks (const struct test_binary *binary, unsigned char *start,
		const struct test_function *function)
{
  bool be = binary->big_endian;
  uint32_t infer_used = 0;
  unsigned b, i;

  for (b = 0; b < function->block_count; b++)
    {
      const struct test_block *block = &function->blocks[b];
      unsigned char *entry = start + function->blocks_offset
	+ b * sizeof (struct mip_map_block);
      test_put (entry, FIELD (mip_map_block, offset), block->offset, be);
      test_put (entry, FIELD (mip_map_block, id), 100 + b, be);
      test_put (entry, FIELD (mip_map_block, probe), block->probe, be);
      test_put (entry, FIELD (mip_map_block, infer_begin), infer_used, be);
      test_put (entry, FIELD (mip_map_block, infer_count), block->infer_count,
		be);
      test_put (entry, FIELD (mip_map_block, flags), block->flags, be);
      for (i = 0; i < block->infer_count; i++)
	test_put (start, function->infer_offset + 4 * (infer_used + i), 4,
		  block->infer[i], be);
      infer_used += block->infer_count;
    }
}

static void
put_map_unit (const struct test_binary *binary, unsigned char *start,
	      const struct test_unit *unit, uint32_t unit_size)
{
  bool be = binary->big_endian;
  uint32_t strings_offset = unit->strings_offset;
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
  test_put (start, FIELD (mip_map_unit, options_offset), MIP_NO_OFFSET, be);
  for (f = 0; f < unit->function_count; f++)
    {
      const struct test_function *function = &unit->functions[f];
      size_t length = strlen (function->name) + 1;
      put_map_function (binary, start + sizeof (struct mip_map_unit)
			+ f * sizeof (struct mip_map_function), function,
			name_offset);
      put_map_blocks (binary, start, function);
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
      /* Laid out again, in case a test changed the unit since.  */
      struct test_unit unit = binary->units[u];
      uint32_t unit_size;
      size_t start = map.size;

      map_layout (&unit);
      unit_size = align_up (unit.strings_offset + strings_size (&unit), 8);
      grow (&map, start + unit_size);
      put_map_unit (binary, map.data + start, &unit, unit_size);
    }
  return map;
}

struct test_bytes
test_make_heap (const struct test_binary *binary)
{
  struct test_bytes heap = { NULL, 0 };
  bool be = binary->big_endian;
  unsigned u, k;

  for (u = 0; u < binary->unit_count; u++)
    {
      const struct test_unit *unit = &binary->units[u];
      size_t at = heap.size;
      if (unit->site_count == 0)
	continue;
      grow (&heap, at + sizeof (struct mip_heap_map_unit)
	    + unit->site_count * sizeof (struct mip_heap_map_site));
      test_put (heap.data + at, FIELD (mip_heap_map_unit, magic),
		binary->pointer_size == 8 ? MIP_MAGIC_HEAP64
		: MIP_MAGIC_HEAP32, be);
      test_put (heap.data + at, FIELD (mip_heap_map_unit, version),
		MIP_HEAP_FORMAT_VERSION, be);
      test_put (heap.data + at, FIELD (mip_heap_map_unit, header_size),
		sizeof (struct mip_heap_map_unit), be);
      test_put (heap.data + at, FIELD (mip_heap_map_unit, unit_hash),
		unit->unit_hash, be);
      test_put (heap.data + at, FIELD (mip_heap_map_unit, site_count),
		unit->site_count, be);
      test_put (heap.data + at, FIELD (mip_heap_map_unit, site_entry_size),
		sizeof (struct mip_heap_map_site), be);
      test_put (heap.data + at, FIELD (mip_heap_map_unit, raw_offset),
		unit->sites_offset, be);
      at += sizeof (struct mip_heap_map_unit);
      for (k = 0; k < unit->site_count; k++)
	{
	  const struct test_site *site = &unit->sites[k];
	  test_put (heap.data + at, FIELD (mip_heap_map_site, address),
		    site->address, be);
	  test_put (heap.data + at, FIELD (mip_heap_map_site, function),
		    site->function, be);
	  test_put (heap.data + at, FIELD (mip_heap_map_site, callee),
		    site->callee, be);
	  at += sizeof (struct mip_heap_map_site);
	}
    }
  return heap;
}

/* The strings of UNIT's early functions.  */
static uint32_t
ipa_strings_size (const struct test_unit *unit)
{
  uint32_t size = 0;
  for (unsigned k = 0; k < unit->ipa_function_count; k++)
    size += (uint32_t) strlen (unit->ipa_functions[k]) + 1;
  return size;
}

struct test_bytes
test_make_ipa (const struct test_binary *binary, uint32_t version)
{
  struct test_bytes ipa = { NULL, 0 };
  bool be = binary->big_endian;

  for (unsigned u = 0; u < binary->unit_count; u++)
    {
      const struct test_unit *unit = &binary->units[u];
      uint32_t value_sites = version >= 2 ? unit->value_site_count : 0;
      uint32_t strings = ipa_strings_size (unit);
      size_t at = ipa.size;
      if (unit->ipa_function_count == 0)
	continue;
      grow (&ipa, at + align_up (sizeof (struct mip_ipa_map_unit)
				 + unit->ipa_function_count
				   * sizeof (struct mip_ipa_map_function)
				 + value_sites
				   * sizeof (struct mip_ipa_map_value_site)
				 + strings, 8));
      unsigned char *start = ipa.data + at;
      test_put (start, FIELD (mip_ipa_map_unit, magic),
		binary->pointer_size == 8 ? MIP_MAGIC_IPA64 : MIP_MAGIC_IPA32,
		be);
      test_put (start, FIELD (mip_ipa_map_unit, version), version, be);
      test_put (start, FIELD (mip_ipa_map_unit, header_size),
		sizeof (struct mip_ipa_map_unit), be);
      test_put (start, FIELD (mip_ipa_map_unit, unit_hash), unit->unit_hash,
		be);
      test_put (start, FIELD (mip_ipa_map_unit, function_count),
		unit->ipa_function_count, be);
      test_put (start, FIELD (mip_ipa_map_unit, hold_count), 0, be);
      test_put (start, FIELD (mip_ipa_map_unit, strings_size), strings, be);
      test_put (start, FIELD (mip_ipa_map_unit, value_site_count),
		value_sites, be);
      unsigned char *entry = start + sizeof (struct mip_ipa_map_unit);
      unsigned char *names = entry
			     + unit->ipa_function_count
			       * sizeof (struct mip_ipa_map_function)
			     + value_sites
			       * sizeof (struct mip_ipa_map_value_site);
      uint32_t name_offset = 0;
      for (unsigned k = 0; k < unit->ipa_function_count; k++)
	{
	  size_t length = strlen (unit->ipa_functions[k]) + 1;
	  test_put (entry, FIELD (mip_ipa_map_function, name_offset),
		    name_offset, be);
	  test_put (entry, FIELD (mip_ipa_map_function, signature), 0x1a0 + k,
		    be);
	  test_put (entry, FIELD (mip_ipa_map_function, block_count), k + 2,
		    be);
	  memcpy (names + name_offset, unit->ipa_functions[k], length);
	  name_offset += (uint32_t) length;
	  entry += sizeof (struct mip_ipa_map_function);
	}
      for (unsigned k = 0; k < value_sites; k++)
	{
	  const struct test_value_site *site = &unit->value_sites[k];
	  test_put (entry, FIELD (mip_ipa_map_value_site, ipa_function),
		    site->ipa_function, be);
	  test_put (entry, FIELD (mip_ipa_map_value_site, site), site->site,
		    be);
	  test_put (entry, FIELD (mip_ipa_map_value_site, raw_offset),
		    unit->value_sites_offset
		    + k * (uint32_t) sizeof (struct mip_raw_value_site), be);
	  test_put (entry, FIELD (mip_ipa_map_value_site, operation),
		    site->operation, be);
	  entry += sizeof (struct mip_ipa_map_value_site);
	}
    }
  return ipa;
}

size_t
test_ipa_value_site_at (const struct test_binary *binary, unsigned site)
{
  size_t at = 0;
  for (unsigned u = 0; u < binary->unit_count; u++)
    {
      const struct test_unit *unit = &binary->units[u];
      size_t functions = unit->ipa_function_count
			 * sizeof (struct mip_ipa_map_function);
      size_t sites = unit->value_site_count
		     * sizeof (struct mip_ipa_map_value_site);
      if (unit->ipa_function_count == 0)
	continue;
      if (unit->value_site_count != 0)
	return at + sizeof (struct mip_ipa_map_unit) + functions
	       + site * sizeof (struct mip_ipa_map_value_site);
      at += align_up (sizeof (struct mip_ipa_map_unit) + functions + sites
		      + ipa_strings_size (unit), 8);
    }
  return 0;
}

uint32_t
test_value_site_offset (const struct test_binary *binary, unsigned unit,
			unsigned site)
{
  uint32_t offset = 0;
  for (unsigned u = 0; u < unit; u++)
    offset += binary->units[u].raw_size;
  return offset + binary->units[unit].value_sites_offset
	 + site * (uint32_t) sizeof (struct mip_raw_value_site);
}

uint32_t
test_site_offset (const struct test_binary *binary, unsigned unit,
		  unsigned site)
{
  uint32_t offset = 0;
  unsigned u;
  for (u = 0; u < unit; u++)
    offset += binary->units[u].raw_size;
  return offset + binary->units[unit].sites_offset
	 + site * (uint32_t) sizeof (struct mip_raw_heap_site);
}

/* The record of an allocation site, at RECORD.  */
static void
put_heap_record (const struct test_binary *binary, unsigned char *record,
		 const struct test_heap_record *values)
{
  bool be = binary->big_endian;

  test_put (record, FIELD (mip_raw_heap_site, count), values->count, be);
  test_put (record, FIELD (mip_raw_heap_site, bytes), values->bytes, be);
  test_put (record, FIELD (mip_raw_heap_site, max_bytes), values->max_bytes,
	    be);
  test_put (record, FIELD (mip_raw_heap_site, null_count),
	    values->null_count, be);
  test_put (record, FIELD (mip_raw_heap_site, sampled), values->sampled, be);
  test_put (record, FIELD (mip_raw_heap_site, sampled_bytes),
	    values->sampled_bytes, be);
  test_put (record, FIELD (mip_raw_heap_site, freed), values->freed, be);
  test_put (record, FIELD (mip_raw_heap_site, freed_bytes),
	    values->freed_bytes, be);
  test_put (record, FIELD (mip_raw_heap_site, lifetime), values->lifetime,
	    be);
  test_put (record, FIELD (mip_raw_heap_site, freed_by_0),
	    values->freed_by[0], be);
  test_put (record, FIELD (mip_raw_heap_site, freed_by_1),
	    values->freed_by[1], be);
  test_put (record, FIELD (mip_raw_heap_site, freed_by_count_0),
	    values->freed_by_count[0], be);
  test_put (record, FIELD (mip_raw_heap_site, freed_by_count_1),
	    values->freed_by_count[1], be);
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
    test_put (record, layout.count_offset, 4,
	      mip_encode_call_count ((uint32_t) values->count), be);
  if (layout.order_offset != MIP_NO_OFFSET)
    test_put (record, layout.order_offset, 4, values->order, be);
  if (layout.coverage_offset != MIP_NO_OFFSET)
    record[layout.coverage_offset] = values->ran ? values->stored
      : MIP_COVERAGE_UNSET;
  for (s = 0; layout.callers_offset != MIP_NO_OFFSET
       && s < function->caller_slots && s < 4; s++)
    test_put (record, layout.callers_offset + s * binary->pointer_size,
	      binary->pointer_size, values->callers[s], be);
  for (s = 0; layout.blocks_offset != MIP_NO_OFFSET
       && s < function->probe_count; s++)
    record[layout.blocks_offset + s] = s < 32 && (values->probes >> s & 1)
      ? values->stored : MIP_COVERAGE_UNSET;
}

/* Append the caller sample table of RUN to RAW.  */
static void
put_samples (const struct test_binary *binary, const struct test_run *run,
	     struct test_bytes *raw)
{
  bool be = binary->big_endian;
  size_t at = raw->size;
  unsigned s, u;

  grow (raw, at + sizeof (struct mip_raw_samples)
	+ run->sample_count * sizeof (struct mip_raw_sample));
  test_put (raw->data + at, FIELD (mip_raw_samples, sample_count),
	    run->sample_count, be);
  test_put (raw->data + at, FIELD (mip_raw_samples, entry_size),
	    sizeof (struct mip_raw_sample), be);
  test_put (raw->data + at, FIELD (mip_raw_samples, period),
	    MIP_CALLER_SAMPLE_PERIOD, be);
  at += sizeof (struct mip_raw_samples);
  for (s = 0; s < run->sample_count; s++)
    {
      const struct test_sample *sample = &run->samples[s];
      uint32_t offset = 0;

      for (u = 0; u < sample->unit; u++)
	offset += binary->units[u].raw_size;
      offset += binary->units[sample->unit].functions[sample->function]
		  .raw_offset;
      test_put (raw->data + at, FIELD (mip_raw_sample, return_address),
		sample->return_address, be);
      test_put (raw->data + at, FIELD (mip_raw_sample, record_offset),
		offset, be);
      test_put (raw->data + at, FIELD (mip_raw_sample, samples),
		sample->samples, be);
      at += sizeof (struct mip_raw_sample);
    }
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
      for (f = 0; f < unit->site_count; f++)
	put_heap_record (binary, raw.data + at + unit->sites_offset
			 + f * sizeof (struct mip_raw_heap_site),
			 &run->heap[u][f]);
      for (f = 0; f < unit->value_site_count; f++)
	{
	  unsigned char *record = raw.data + at + unit->value_sites_offset
				  + f * sizeof (struct mip_raw_value_site);
	  test_put (record, FIELD (mip_raw_value_site, value),
		    run->values[u][f].value, be);
	  test_put (record, FIELD (mip_raw_value_site, count),
		    run->values[u][f].count, be);
	  test_put (record, FIELD (mip_raw_value_site, sum),
		    run->values[u][f].sum, be);
	  test_put (record, FIELD (mip_raw_value_site, calls),
		    run->values[u][f].calls, be);
	}
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
  test_put (raw.data, FIELD (mip_raw_header, flags),
	    run->flags | (run->sample_count ? MIP_RAW_FLAG_CALLER_SAMPLES : 0),
	    be);
  test_put (raw.data, FIELD (mip_raw_header, anchor_address),
	    run->anchor_address, be);
  test_put (raw.data, FIELD (mip_raw_header, pid), 4242, be);
  /* A byte array: the same bytes in either byte order.  */
  test_put (raw.data, FIELD (mip_raw_header, gnu_build_id_size),
	    run->gnu_build_id_size, be);
  memcpy (raw.data + offsetof (struct mip_raw_header, gnu_build_id),
	  run->gnu_build_id, sizeof run->gnu_build_id);
  if (run->sample_count)
    put_samples (binary, run, &raw);
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
  function->size = 32;
}

void
test_add_block (struct test_function *function, uint32_t offset,
		uint32_t probe, uint32_t flags, unsigned count, ...)
{
  struct test_block *block = &function->blocks[function->block_count++];
  va_list entries;
  unsigned i;

  memset (block, 0, sizeof *block);
  block->offset = offset;
  block->probe = probe;
  block->flags = flags;
  block->infer_count = count;
  va_start (entries, count);
  for (i = 0; i < count; i++)
    block->infer[i] = va_arg (entries, uint32_t);
  va_end (entries);
  if (probe != MIP_NO_PROBE && probe + 1 > function->probe_count)
    function->probe_count = probe + 1;
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

static void
add_site (struct test_unit *unit, uint32_t function, uint32_t callee,
	  uint64_t address)
{
  struct test_site *site = &unit->sites[unit->site_count++];
  site->function = function;
  site->callee = callee;
  site->address = address;
}

struct test_binary
test_heap_binary (void)
{
  const uint32_t mode = MIP_KIND_FUNCTION_COVERAGE;
  struct test_binary binary;

  memset (&binary, 0, sizeof binary);
  binary.pointer_size = 8;
  binary.big_endian = false;
  binary.anchor_address = 0x5000;
  binary.unit_count = 2;
  binary.units[0].unit_hash = 0x4ea94ea94ea90000ull;
  binary.units[0].mode = mode;
  add_function (&binary.units[0], "main", 0x1000, mode);
  add_function (&binary.units[0], "load", 0x1100, mode);
  add_site (&binary.units[0], 0, 0, 0x1008);   /* malloc */
  add_site (&binary.units[0], 0, 9, 0x1010);   /* free */
  add_site (&binary.units[0], 0, 2, 0x1018);   /* realloc */
  add_site (&binary.units[0], 1, 1, 0x1108);   /* calloc */
  binary.units[1].unit_hash = 0x4ea94ea94ea90001ull;
  binary.units[1].mode = mode;
  add_function (&binary.units[1], "helper", 0x1200, mode);
  add_function (&binary.units[1], "gone", 0, mode);
  add_site (&binary.units[1], 0, 0, 0x1208);   /* malloc */
  add_site (&binary.units[1], 0, 9, 0x1210);   /* free */
  add_site (&binary.units[1], 1, 14, 0);       /* operator new */
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

struct test_binary
test_block_binary_for (unsigned pointer_size, bool big_endian)
{
  const uint32_t none = MIP_NO_PROBE, entered = MIP_INFER_FUNCTION;
  struct test_binary binary;
  struct test_function *diamond, *loop;

  memset (&binary, 0, sizeof binary);
  binary.pointer_size = pointer_size;
  binary.big_endian = big_endian;
  binary.anchor_address = 0x4000;
  binary.unit_count = 1;
  binary.units[0].unit_hash = 0xb10c0b10c0b10c00ull;
  binary.units[0].mode = MIP_KIND_FUNCTION_COVERAGE
    | MIP_KIND_BLOCK_COVERAGE | MIP_KIND_CALLERS;
  add_function (&binary.units[0], "diamond", 0x1000,
		MIP_KIND_FUNCTION_COVERAGE | MIP_KIND_BLOCK_COVERAGE);
  diamond = &binary.units[0].functions[0];
  test_add_block (diamond, 0, none, MIP_BLOCK_ENTRY, 1, entered);
  test_add_block (diamond, 8, 0, 0, 0);
  test_add_block (diamond, 16, 1, 0, 0);
  test_add_block (diamond, 24, none, MIP_BLOCK_EXIT, 2, 1u, 2u);
  add_function (&binary.units[0], "loop", 0x1100,
		MIP_KIND_CALL_COUNT | MIP_KIND_BLOCK_COVERAGE);
  loop = &binary.units[0].functions[1];
  loop->cold_address = 0x9000;
  loop->cold_size = 16;
  test_add_block (loop, 0, none, MIP_BLOCK_ENTRY, 1, entered);
  test_add_block (loop, 6, none, 0, 1, 0u);
  test_add_block (loop, 12, 0, MIP_BLOCK_CALL, 0);
  test_add_block (loop, 4, none, MIP_BLOCK_COLD | MIP_BLOCK_EXIT, 1, 1u);
  test_add_block (loop, 0, none, MIP_BLOCK_NO_OFFSET, 1, 2u);
  add_function (&binary.units[0], "callee", 0x1200,
		MIP_KIND_FUNCTION_COVERAGE | MIP_KIND_CALLERS);
  binary.units[0].functions[2].caller_slots = 2;
  test_layout (&binary);
  return binary;
}

struct test_binary
test_block_binary (void)
{
  return test_block_binary_for (8, false);
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
