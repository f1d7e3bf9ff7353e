/* mip-heap.c - parse .debug_mip_heap against a binary's map, and add up
   the counts of its allocation sites over raw profiles.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-heap.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "mip-reader.h"

/* ---- The table of allocation functions ------------------------------ */

struct callee_entry
{
  const char *symbol, *symbol32, *name;
  uint32_t role;
};

static const struct callee_entry callees[MIP_HEAP_CALLEE_COUNT] = {
#define MIP_HEAP_CALLEE(id, symbol, symbol32, role, name) \
  [id] = { symbol, symbol32, name, role },
#include "mip-heap-callees.inc"
};

const char *
mip_heap_callee_name (uint32_t callee)
{
  return callee < MIP_HEAP_CALLEE_COUNT ? callees[callee].name : "?";
}

const char *
mip_heap_callee_symbol (uint32_t callee, unsigned pointer_size)
{
  if (callee >= MIP_HEAP_CALLEE_COUNT)
    return "?";
  return pointer_size == 8 ? callees[callee].symbol : callees[callee].symbol32;
}

uint32_t
mip_heap_callee_role (uint32_t callee)
{
  return callee < MIP_HEAP_CALLEE_COUNT ? callees[callee].role : 0;
}

/* ---- The section ---------------------------------------------------- */

struct heap_parser
{
  struct mip_reader reader;
  const char *name;
  struct mip_error_context *error;
  const struct mip_map *map;
  uint64_t magic;
  uint32_t next_map_unit;       /* heap units follow the map's order */
  struct mip_heap_map *heap;
};

static enum mip_error
check_heap_magic (struct heap_parser *parser)
{
  struct mip_magic_info magic;
  uint64_t expected = parser->map->pointer_size == 8 ? MIP_MAGIC_HEAP64
						     : MIP_MAGIC_HEAP32;
  uint64_t first;

  if (parser->reader.size < sizeof (struct mip_heap_map_unit))
    return mip_error_set (parser->error, MIP_ERROR_TRUNCATED, parser->name,
			  "%" PRIu64 " bytes, an allocation site unit"
			  " header needs %zu", parser->reader.size,
			  sizeof (struct mip_heap_map_unit));
  /* The magic is in the target's byte order, that of the map.  */
  parser->reader.swap = parser->map->big_endian != mip_host_big_endian ();
  if (!mip_read_u64 (&parser->reader, 0, &first) || first != expected)
    {
      (void) magic;
      return mip_error_set (parser->error, MIP_ERROR_BAD_MAGIC,
			    parser->name,
			    "the allocation sites do not start with the"
			    " magic number of a %u-bit target of this byte"
			    " order, as the map does",
			    parser->map->pointer_size * 8);
    }
  parser->magic = first;
  return MIP_OK;
}

/* The map unit, from the one after the last matched, whose hash is
   HASH; -1 when there is none.  */
static long
matching_map_unit (struct heap_parser *parser, uint64_t hash)
{
  for (uint32_t u = parser->next_map_unit; u < parser->map->unit_count; u++)
    if (parser->map->units[u].header.unit_hash == hash)
      {
	parser->next_map_unit = u + 1;
	return (long) u;
      }
  return -1;
}

static enum mip_error
check_heap_unit_header (struct heap_parser *parser, uint64_t at,
			uint32_t index, struct mip_heap_map_unit *header)
{
  if (!mip_read_struct (&parser->reader, at, &mip_layout_mip_heap_map_unit,
			header))
    return mip_error_set (parser->error, MIP_ERROR_TRUNCATED, parser->name,
			  "allocation site unit %" PRIu32 " at offset %"
			  PRIu64 ": %" PRIu64 " bytes left, its header"
			  " needs %zu", index, at, parser->reader.size - at,
			  sizeof *header);
  if (header->magic != parser->magic)
    return MIP_CORRUPT (parser, "allocation site unit %" PRIu32
			" at offset %" PRIu64 ": magic 0x%016" PRIx64
			" differs from the first unit's", index, at,
			header->magic);
  if (header->version != MIP_HEAP_FORMAT_VERSION)
    return mip_error_set (parser->error, MIP_ERROR_VERSION, parser->name,
			  "allocation site unit %" PRIu32 " has version %"
			  PRIu32 ", this mipdata reads version %u", index,
			  header->version, MIP_HEAP_FORMAT_VERSION);
  if (header->header_size != sizeof *header
      || header->site_entry_size != sizeof (struct mip_heap_map_site))
    return MIP_CORRUPT (parser, "allocation site unit %" PRIu32
			": header and entry sizes %" PRIu32 " and %" PRIu32
			" (expected %zu and %zu)", index,
			header->header_size, header->site_entry_size,
			sizeof *header, sizeof (struct mip_heap_map_site));
  if (header->site_count == 0)
    return MIP_CORRUPT (parser, "allocation site unit %" PRIu32
			" has no site", index);
  if ((uint64_t) header->site_count * sizeof (struct mip_heap_map_site)
      > parser->reader.size - at - sizeof *header)
    return mip_error_set (parser->error, MIP_ERROR_TRUNCATED, parser->name,
			  "allocation site unit %" PRIu32 " says %" PRIu32
			  " sites, %" PRIu64 " bytes left", index,
			  header->site_count,
			  parser->reader.size - at - sizeof *header);
  return MIP_OK;
}

/* The sites' records must lie in their raw unit, after its header.  */
static enum mip_error
check_records_fit (struct heap_parser *parser, uint32_t index,
		   const struct mip_heap_map_unit *header,
		   const struct mip_map_model_unit *unit)
{
  uint64_t end = (uint64_t) header->raw_offset
		 + (uint64_t) header->site_count
		   * sizeof (struct mip_raw_heap_site);
  if (header->raw_offset % 8 != 0
      || header->raw_offset < sizeof (struct mip_raw_unit)
      || end > unit->header.raw_size)
    return MIP_CORRUPT (parser, "allocation site unit %" PRIu32 ": %"
			PRIu32 " records at raw offset %" PRIu32
			" do not fit in its raw unit of %" PRIu32 " bytes",
			index, header->site_count, header->raw_offset,
			unit->header.raw_size);
  return MIP_OK;
}

static enum mip_error
read_site (struct heap_parser *parser, uint64_t at, uint32_t index,
	   uint32_t k, const struct mip_heap_map_unit *header,
	   const struct mip_map_model_unit *unit, struct mip_heap_site *site)
{
  struct mip_heap_map_site entry;
  if (!mip_read_struct (&parser->reader, at, &mip_layout_mip_heap_map_site,
			&entry))
    return mip_error_set (parser->error, MIP_ERROR_TRUNCATED, parser->name,
			  "allocation site unit %" PRIu32 ": site %" PRIu32
			  " is cut short", index, k);
  if (entry.function >= unit->header.function_count)
    return MIP_CORRUPT (parser, "allocation site unit %" PRIu32 ": site %"
			PRIu32 " names function %" PRIu32 " of %" PRIu32,
			index, k, entry.function,
			unit->header.function_count);
  if (entry.callee >= MIP_HEAP_CALLEE_COUNT)
    return MIP_CORRUPT (parser, "allocation site unit %" PRIu32 ": site %"
			PRIu32 " calls allocation function %" PRIu32
			", which this mipdata does not know", index, k,
			entry.callee);
  site->address = mip_address_is_discarded (entry.address,
					    parser->map->pointer_size)
		  ? 0 : entry.address;
  site->raw_offset = unit->raw_offset + header->raw_offset
		     + (uint64_t) k * sizeof (struct mip_raw_heap_site);
  site->function = unit->function_begin + entry.function;
  site->callee = entry.callee;
  return MIP_OK;
}

static enum mip_error
grow_sites (struct heap_parser *parser, uint32_t more)
{
  struct mip_heap_map *heap = parser->heap;
  struct mip_heap_site *sites;
  if (more > UINT32_MAX - heap->site_count)
    return MIP_CORRUPT (parser, "too many allocation sites");
  sites = realloc (heap->sites, ((size_t) heap->site_count + more)
				* sizeof *sites);
  if (!sites)
    return mip_error_set (parser->error, MIP_ERROR_NO_MEMORY, parser->name,
			  NULL);
  heap->sites = sites;
  return MIP_OK;
}

static enum mip_error
parse_heap_unit (struct heap_parser *parser, uint64_t at, uint32_t index,
		 uint64_t *next)
{
  struct mip_heap_map_unit header;
  enum mip_error status = check_heap_unit_header (parser, at, index,
						  &header);
  if (status != MIP_OK)
    return status;
  long u = matching_map_unit (parser, header.unit_hash);
  if (u < 0)
    return MIP_CORRUPT (parser, "allocation site unit %" PRIu32
			" names unit 0x%016" PRIx64 ", which the map has not"
			" (in that order)", index, header.unit_hash);
  const struct mip_map_model_unit *unit = &parser->map->units[u];
  status = check_records_fit (parser, index, &header, unit);
  if (status == MIP_OK)
    status = grow_sites (parser, header.site_count);
  for (uint32_t k = 0; status == MIP_OK && k < header.site_count; k++)
    {
      uint64_t entry_at = at + sizeof header
			  + (uint64_t) k * sizeof (struct mip_heap_map_site);
      struct mip_heap_site *site
	= &parser->heap->sites[parser->heap->site_count];
      status = read_site (parser, entry_at, index, k, &header, unit, site);
      if (status == MIP_OK)
	parser->heap->site_count++;
    }
  *next = at + sizeof header
	  + (uint64_t) header.site_count * sizeof (struct mip_heap_map_site);
  return status;
}

enum mip_error
mip_heap_map_parse (const void *data, size_t size, const char *name,
		    const struct mip_map *map, struct mip_heap_map **heap,
		    struct mip_error_context *error)
{
  struct heap_parser parser;
  enum mip_error status;
  uint64_t at = 0;
  uint32_t index = 0;

  *heap = NULL;
  memset (&parser, 0, sizeof parser);
  parser.reader = mip_reader_make (data, size, false);
  parser.name = name;
  parser.error = error;
  parser.map = map;
  parser.heap = calloc (1, sizeof *parser.heap);
  if (!parser.heap)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  status = check_heap_magic (&parser);
  while (status == MIP_OK && at < size)
    status = parse_heap_unit (&parser, at, index++, &at);
  if (status != MIP_OK)
    {
      mip_heap_map_free (parser.heap);
      return status;
    }
  *heap = parser.heap;
  return MIP_OK;
}

void
mip_heap_map_free (struct mip_heap_map *heap)
{
  if (!heap)
    return;
  free (heap->sites);
  free (heap);
}

long
mip_heap_site_at (const struct mip_heap_map *heap, uint64_t raw_offset)
{
  size_t low = 0, high = heap->site_count;
  while (low < high)
    {
      size_t middle = low + (high - low) / 2;
      uint64_t here = heap->sites[middle].raw_offset;
      if (here == raw_offset)
	return (long) middle;
      if (here < raw_offset)
	low = middle + 1;
      else
	high = middle;
    }
  return -1;
}

/* ---- Counts --------------------------------------------------------- */

bool
mip_heap_counts_init (struct mip_heap_counts *counts,
		      const struct mip_heap_map *heap)
{
  memset (counts, 0, sizeof *counts);
  counts->site_count = heap->site_count;
  counts->sites = calloc (heap->site_count ? heap->site_count : 1,
			  sizeof *counts->sites);
  return counts->sites != NULL;
}

void
mip_heap_counts_free (struct mip_heap_counts *counts)
{
  free (counts->sites);
  free (counts->pairs);
  memset (counts, 0, sizeof *counts);
}

static void
add_totals (struct mip_heap_totals *to, const struct mip_raw_heap_site *r)
{
  to->count = mip_saturating_add (to->count, r->count);
  to->bytes = mip_saturating_add (to->bytes, r->bytes);
  if (r->max_bytes > to->max_bytes)
    to->max_bytes = r->max_bytes;
  to->null_count = mip_saturating_add (to->null_count, r->null_count);
  to->sampled = mip_saturating_add (to->sampled, r->sampled);
  to->sampled_bytes = mip_saturating_add (to->sampled_bytes,
					  r->sampled_bytes);
  to->freed = mip_saturating_add (to->freed, r->freed);
  to->freed_bytes = mip_saturating_add (to->freed_bytes, r->freed_bytes);
  to->lifetime = mip_saturating_add (to->lifetime, r->lifetime);
}

static bool
add_pair (struct mip_heap_counts *counts, uint32_t alloc, uint32_t free_site,
	  uint64_t blocks)
{
  for (size_t i = 0; i < counts->pair_count; i++)
    if (counts->pairs[i].alloc == alloc && counts->pairs[i].free == free_site)
      {
	counts->pairs[i].blocks = mip_saturating_add (counts->pairs[i].blocks,
						      blocks);
	return true;
      }
  if (counts->pair_count == counts->pair_capacity)
    {
      size_t capacity = counts->pair_capacity ? 2 * counts->pair_capacity
					      : 16;
      struct mip_heap_pair *pairs = realloc (counts->pairs,
					     capacity * sizeof *pairs);
      if (!pairs)
	return false;
      counts->pairs = pairs;
      counts->pair_capacity = capacity;
    }
  counts->pairs[counts->pair_count++]
    = (struct mip_heap_pair) { alloc, free_site, blocks };
  return true;
}

/* Check that every site record of RAW is readable and that the freeing
   sites it names are sites, before anything is added.  */
static enum mip_error
check_records (const struct mip_heap_map *heap, const struct mip_raw *raw,
	       const char *name, struct mip_error_context *error)
{
  for (uint32_t i = 0; i < heap->site_count; i++)
    {
      struct mip_raw_heap_site r;
      if (!mip_read_struct (&raw->data, heap->sites[i].raw_offset,
			    &mip_layout_mip_raw_heap_site, &r))
	return mip_error_set (error, MIP_ERROR_TRUNCATED, name,
			      "allocation site %" PRIu32 "'s record at %"
			      PRIu64 " lies past the data", i,
			      heap->sites[i].raw_offset);
      uint32_t by[2] = { r.freed_by_0, r.freed_by_1 };
      uint32_t by_count[2] = { r.freed_by_count_0, r.freed_by_count_1 };
      for (int k = 0; k < 2; k++)
	if ((by[k] != 0 && mip_heap_site_at (heap, by[k]) < 0)
	    || (by[k] == 0 && by_count[k] != 0))
	  return mip_error_set (error, MIP_ERROR_CORRUPT, name,
				"allocation site %" PRIu32 " says site"
				" record %" PRIu32 " freed %" PRIu32
				" of its blocks, and there is no such"
				" site", i, by[k], by_count[k]);
    }
  return MIP_OK;
}

enum mip_error
mip_heap_counts_add (struct mip_heap_counts *counts,
		     const struct mip_heap_map *heap,
		     const struct mip_raw *raw, const char *name,
		     struct mip_error_context *error)
{
  enum mip_error status = check_records (heap, raw, name, error);
  if (status != MIP_OK)
    return status;
  for (uint32_t i = 0; i < heap->site_count; i++)
    {
      struct mip_raw_heap_site r;
      mip_read_struct (&raw->data, heap->sites[i].raw_offset,
		       &mip_layout_mip_raw_heap_site, &r);
      add_totals (&counts->sites[i], &r);
      uint32_t by[2] = { r.freed_by_0, r.freed_by_1 };
      uint32_t by_count[2] = { r.freed_by_count_0, r.freed_by_count_1 };
      for (int k = 0; k < 2; k++)
	if (by[k] != 0 && by_count[k] != 0
	    && !add_pair (counts, i, (uint32_t) mip_heap_site_at (heap,
								   by[k]),
			  by_count[k]))
	  return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
    }
  counts->runs++;
  return MIP_OK;
}
