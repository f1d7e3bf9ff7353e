/* mip-heap.c - parse .debug_mip_heap against a binary's map, read the
   records of its allocation sites in raw profiles, and add up their
   counts over runs: mipdata heap's report adds them here, the indexed
   profile (mip-merge-heap.c) with the same functions.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-heap.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "mip-profile.h"
#include "mip-reader.h"
#include "mip-section.h"

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
  struct mip_section_parser section;
  struct mip_heap_map *heap;
};

static enum mip_error
check_heap_unit_header (struct heap_parser *parser, uint64_t at,
			uint32_t index, struct mip_heap_map_unit *header)
{
  if (!mip_read_struct (&parser->section.reader, at, &mip_layout_mip_heap_map_unit,
			header))
    return mip_error_set (parser->section.error, MIP_ERROR_TRUNCATED, parser->section.name,
			  "allocation site unit %" PRIu32 " at offset %"
			  PRIu64 ": %" PRIu64 " bytes left, its header"
			  " needs %zu", index, at, parser->section.reader.size - at,
			  sizeof *header);
  if (header->magic != parser->section.magic)
    return MIP_CORRUPT (&parser->section, "allocation site unit %" PRIu32
			" at offset %" PRIu64 ": magic 0x%016" PRIx64
			" differs from the first unit's", index, at,
			header->magic);
  if (header->version != MIP_HEAP_FORMAT_VERSION)
    return mip_error_set (parser->section.error, MIP_ERROR_VERSION, parser->section.name,
			  "allocation site unit %" PRIu32 " has version %"
			  PRIu32 ", this mipdata reads version %u", index,
			  header->version, MIP_HEAP_FORMAT_VERSION);
  if (header->header_size != sizeof *header
      || header->site_entry_size != sizeof (struct mip_heap_map_site))
    return MIP_CORRUPT (&parser->section, "allocation site unit %" PRIu32
			": header and entry sizes %" PRIu32 " and %" PRIu32
			" (expected %zu and %zu)", index,
			header->header_size, header->site_entry_size,
			sizeof *header, sizeof (struct mip_heap_map_site));
  if (header->site_count == 0)
    return MIP_CORRUPT (&parser->section, "allocation site unit %" PRIu32
			" has no site", index);
  if ((uint64_t) header->site_count * sizeof (struct mip_heap_map_site)
      > parser->section.reader.size - at - sizeof *header)
    return mip_error_set (parser->section.error, MIP_ERROR_TRUNCATED, parser->section.name,
			  "allocation site unit %" PRIu32 " says %" PRIu32
			  " sites, %" PRIu64 " bytes left", index,
			  header->site_count,
			  parser->section.reader.size - at - sizeof *header);
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
    return MIP_CORRUPT (&parser->section, "allocation site unit %" PRIu32 ": %"
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
  if (!mip_read_struct (&parser->section.reader, at, &mip_layout_mip_heap_map_site,
			&entry))
    return mip_error_set (parser->section.error, MIP_ERROR_TRUNCATED, parser->section.name,
			  "allocation site unit %" PRIu32 ": site %" PRIu32
			  " is cut short", index, k);
  if (entry.function >= unit->header.function_count)
    return MIP_CORRUPT (&parser->section, "allocation site unit %" PRIu32 ": site %"
			PRIu32 " names function %" PRIu32 " of %" PRIu32,
			index, k, entry.function,
			unit->header.function_count);
  if (entry.callee >= MIP_HEAP_CALLEE_COUNT)
    return MIP_CORRUPT (&parser->section, "allocation site unit %" PRIu32 ": site %"
			PRIu32 " calls allocation function %" PRIu32
			", which this mipdata does not know", index, k,
			entry.callee);
  site->address = mip_address_is_discarded (entry.address,
					    parser->section.map->pointer_size)
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
    return MIP_CORRUPT (&parser->section, "too many allocation sites");
  sites = realloc (heap->sites, ((size_t) heap->site_count + more)
				* sizeof *sites);
  if (!sites)
    return mip_error_set (parser->section.error, MIP_ERROR_NO_MEMORY, parser->section.name,
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
  long u = mip_section_map_unit (&parser->section, header.unit_hash);
  if (u < 0)
    return MIP_CORRUPT (&parser->section, "allocation site unit %" PRIu32
			" names unit 0x%016" PRIx64 ", which the map has not"
			" (in that order)", index, header.unit_hash);
  const struct mip_map_model_unit *unit = &parser->section.map->units[u];
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
  parser.heap = calloc (1, sizeof *parser.heap);
  if (!parser.heap)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  status = mip_section_start (&parser.section, data, size, name,
			      "allocation site", map, MIP_MAGIC_HEAP64, MIP_MAGIC_HEAP32,
			      sizeof (struct mip_heap_map_unit), error);
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

/* ---- Totals ---------------------------------------------------------- */

static uint64_t
times (uint64_t value, uint32_t weight)
{
  return weight != 0 && value > UINT64_MAX / weight ? UINT64_MAX
	 : value * weight;
}

void
mip_heap_totals_add (struct mip_heap_totals *to,
		     const struct mip_heap_totals *from, uint32_t weight)
{
  to->count = mip_saturating_add (to->count, times (from->count, weight));
  to->bytes = mip_saturating_add (to->bytes, times (from->bytes, weight));
  if (from->max_bytes > to->max_bytes)
    to->max_bytes = from->max_bytes;
  to->null_count = mip_saturating_add (to->null_count,
				       times (from->null_count, weight));
  to->sampled = mip_saturating_add (to->sampled,
				    times (from->sampled, weight));
  to->sampled_bytes = mip_saturating_add (to->sampled_bytes,
					  times (from->sampled_bytes,
						 weight));
  to->freed = mip_saturating_add (to->freed, times (from->freed, weight));
  to->freed_bytes = mip_saturating_add (to->freed_bytes,
					times (from->freed_bytes, weight));
  to->lifetime = mip_saturating_add (to->lifetime,
				     times (from->lifetime, weight));
}

void
mip_heap_totals_of_site (const struct mip_profile_heap_site *site,
			 struct mip_heap_totals *totals)
{
  totals->count = site->count;
  totals->bytes = site->bytes;
  totals->max_bytes = site->max_bytes;
  totals->null_count = site->null_count;
  totals->sampled = site->sampled;
  totals->sampled_bytes = site->sampled_bytes;
  totals->freed = site->freed;
  totals->freed_bytes = site->freed_bytes;
  totals->lifetime = site->lifetime;
}

void
mip_heap_site_set_totals (struct mip_profile_heap_site *site,
			  const struct mip_heap_totals *totals)
{
  site->count = totals->count;
  site->bytes = totals->bytes;
  site->max_bytes = totals->max_bytes;
  site->null_count = totals->null_count;
  site->sampled = totals->sampled;
  site->sampled_bytes = totals->sampled_bytes;
  site->freed = totals->freed;
  site->freed_bytes = totals->freed_bytes;
  site->lifetime = totals->lifetime;
}

/* ---- One dump's record of a site ------------------------------------ */

enum mip_error
mip_heap_read_record (const struct mip_raw *raw, uint32_t index,
		      uint64_t raw_offset, mip_heap_site_lookup *site_at,
		      const void *sites, const char *name,
		      struct mip_heap_record *record,
		      struct mip_error_context *error)
{
  struct mip_raw_heap_site r;
  if (!mip_read_struct (&raw->data, raw_offset,
			&mip_layout_mip_raw_heap_site, &r))
    return mip_error_set (error, MIP_ERROR_TRUNCATED, name,
			  "allocation site %" PRIu32 "'s record at %" PRIu64
			  " lies past the data", index, raw_offset);
  record->totals = (struct mip_heap_totals) {
    r.count, r.bytes, r.max_bytes, r.null_count, r.sampled,
    r.sampled_bytes, r.freed, r.freed_bytes, r.lifetime
  };
  uint32_t by[2] = { r.freed_by_0, r.freed_by_1 };
  uint32_t by_count[2] = { r.freed_by_count_0, r.freed_by_count_1 };
  for (int k = 0; k < 2; k++)
    {
      long site = by[k] != 0 ? site_at (sites, by[k]) : -1;
      if ((by[k] != 0 && site < 0) || (by[k] == 0 && by_count[k] != 0))
	return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			      "allocation site %" PRIu32 " says site"
			      " record %" PRIu32 " freed %" PRIu32
			      " of its blocks, and there is no such site",
			      index, by[k], by_count[k]);
      record->freed_by[k] = site < 0 ? 0 : (uint32_t) site;
      record->freed_by_count[k] = site < 0 ? 0 : by_count[k];
    }
  return MIP_OK;
}

size_t
mip_heap_record_pairs (const struct mip_heap_record *record, uint32_t index,
		       uint32_t weight, struct mip_profile_heap_pair *pairs)
{
  size_t count = 0;
  for (int k = 0; k < 2; k++)
    if (record->freed_by_count[k] != 0)
      pairs[count++] = (struct mip_profile_heap_pair) {
	index, record->freed_by[k], times (record->freed_by_count[k], weight)
      };
  return count;
}

/* ---- Pairs ---------------------------------------------------------- */

static int
compare_pairs (const struct mip_profile_heap_pair *x,
	       const struct mip_profile_heap_pair *y)
{
  if (x->alloc != y->alloc)
    return x->alloc < y->alloc ? -1 : 1;
  if (x->free != y->free)
    return x->free < y->free ? -1 : 1;
  return 0;
}

static int
compare_pairs_qsort (const void *a, const void *b)
{
  return compare_pairs (a, b);
}

size_t
mip_heap_pairs_sort (struct mip_profile_heap_pair *pairs, size_t count)
{
  size_t kept = 0;
  if (count == 0)
    return 0;
  qsort (pairs, count, sizeof *pairs, compare_pairs_qsort);
  for (size_t i = 1; i < count; i++)
    if (compare_pairs (&pairs[i], &pairs[kept]) == 0)
      pairs[kept].blocks = mip_saturating_add (pairs[kept].blocks,
					       pairs[i].blocks);
    else
      pairs[++kept] = pairs[i];
  return kept + 1;
}

struct mip_profile_heap_pair *
mip_heap_pairs_merge (const struct mip_profile_heap_pair *pairs,
		      size_t count,
		      const struct mip_profile_heap_pair *added,
		      size_t added_count, uint32_t weight,
		      size_t *merged_count)
{
  struct mip_profile_heap_pair *merged;
  size_t i = 0, j = 0, out = 0;

  if (added_count > SIZE_MAX / sizeof *merged - count - 1)
    return NULL;
  merged = malloc ((count + added_count + 1) * sizeof *merged);
  if (!merged)
    return NULL;
  while (i < count || j < added_count)
    {
      int order = i == count ? 1 : j == added_count ? -1
		  : compare_pairs (&pairs[i], &added[j]);
      if (order < 0)
	merged[out] = pairs[i++];
      else
	{
	  merged[out] = added[j++];
	  merged[out].blocks = times (merged[out].blocks, weight);
	  if (order == 0)
	    merged[out].blocks = mip_saturating_add (pairs[i++].blocks,
						     merged[out].blocks);
	}
      out++;
    }
  *merged_count = out;
  return merged;
}

/* ---- Counts over runs ----------------------------------------------- */

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

static long
heap_map_site_at (const void *heap, uint64_t raw_offset)
{
  return mip_heap_site_at (heap, raw_offset);
}

/* Merge the COUNT pairs ADDED (sorted) into COUNTS, or false when out
   of memory, COUNTS unchanged.  */
static bool
merge_pairs (struct mip_heap_counts *counts,
	     const struct mip_profile_heap_pair *added, size_t count)
{
  size_t merged_count;
  struct mip_profile_heap_pair *merged =
    mip_heap_pairs_merge (counts->pairs, counts->pair_count, added, count,
			  1, &merged_count);
  if (!merged)
    return false;
  free (counts->pairs);
  counts->pairs = merged;
  counts->pair_count = merged_count;
  return true;
}

enum mip_error
mip_heap_counts_add (struct mip_heap_counts *counts,
		     const struct mip_heap_map *heap,
		     const struct mip_raw *raw, const char *name,
		     struct mip_error_context *error)
{
  size_t n = heap->site_count;
  struct mip_heap_record *records = calloc (n + 1, sizeof *records);
  struct mip_profile_heap_pair *pairs = calloc (2 * n + 1, sizeof *pairs);
  enum mip_error status = MIP_OK;
  size_t pair_count = 0;

  if (!records || !pairs)
    status = mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  /* Every record is read, and the freeing sites it names found, before
     anything is added.  */
  for (uint32_t i = 0; status == MIP_OK && i < heap->site_count; i++)
    {
      status = mip_heap_read_record (raw, i, heap->sites[i].raw_offset,
				     heap_map_site_at, heap, name,
				     &records[i], error);
      if (status == MIP_OK)
	pair_count += mip_heap_record_pairs (&records[i], i, 1,
					     pairs + pair_count);
    }
  if (status == MIP_OK)
    {
      pair_count = mip_heap_pairs_sort (pairs, pair_count);
      if (!merge_pairs (counts, pairs, pair_count))
	status = mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
    }
  if (status == MIP_OK)
    {
      for (uint32_t i = 0; i < heap->site_count; i++)
	mip_heap_totals_add (&counts->sites[i], &records[i].totals, 1);
      if (counts->runs < UINT32_MAX)
	counts->runs++;
    }
  free (records);
  free (pairs);
  return status;
}

enum mip_error
mip_heap_counts_add_profile (struct mip_heap_counts *counts,
			     const struct mip_heap_map *heap,
			     const struct mip_profile *profile,
			     const char *name,
			     struct mip_error_context *error)
{
  const struct mip_profile_header *h = &profile->header;

  if (h->heap_site_count == 0)
    return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			  "the profile holds no allocation sites (it was"
			  " created from a .mipmap, which has none): create"
			  " it from the binary, then merge the raw profiles"
			  " into it");
  if (h->heap_site_count != heap->site_count)
    return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			  "%" PRIu32 " allocation sites, the binary has %"
			  PRIu32, h->heap_site_count, heap->site_count);
  for (uint32_t i = 0; i < heap->site_count; i++)
    {
      const struct mip_profile_heap_site *site = &profile->heap_sites[i];
      if (site->raw_offset != heap->sites[i].raw_offset
	  || site->callee != heap->sites[i].callee
	  || site->function != heap->sites[i].function)
	return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			      "allocation site %" PRIu32 " (record at %"
			      PRIu32 ", %s) is not the binary's (record at %"
			      PRIu64 ", %s)", i, site->raw_offset,
			      mip_heap_callee_name (site->callee),
			      heap->sites[i].raw_offset,
			      mip_heap_callee_name (heap->sites[i].callee));
    }
  if (!merge_pairs (counts, profile->heap_pairs, h->heap_pair_count))
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  for (uint32_t i = 0; i < heap->site_count; i++)
    {
      struct mip_heap_totals totals;
      mip_heap_totals_of_site (&profile->heap_sites[i], &totals);
      mip_heap_totals_add (&counts->sites[i], &totals, 1);
    }
  counts->runs = h->runs > UINT32_MAX - counts->runs ? UINT32_MAX
		 : counts->runs + h->runs;
  return MIP_OK;
}
