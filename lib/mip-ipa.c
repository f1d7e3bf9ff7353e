/* mip-ipa.c - parse .debug_mip_ipa against a binary's map, keep its
   early functions, holds and value sites in the profile, and count the
   early blocks.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-ipa.h"

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "mip-profile.h"
#include "mip-reader.h"
#include "mip-section.h"

/* ---- The section ---------------------------------------------------- */

struct ipa_parser
{
  struct mip_section_parser section;
  struct mip_ipa_map *ipa;
};

/* The size of the tables of a unit whose header is HEADER: header,
   early functions, holds, value sites (none in version 1, whose field
   is reserved and zero).  */
static uint64_t
ipa_tables_size (const struct mip_ipa_map_unit *header)
{
  return sizeof *header
	 + (uint64_t) header->function_count
	   * sizeof (struct mip_ipa_map_function)
	 + (uint64_t) header->hold_count * sizeof (struct mip_ipa_map_hold)
	 + (uint64_t) header->value_site_count
	   * sizeof (struct mip_ipa_map_value_site);
}

/* The size of a unit whose header is HEADER: tables, strings, padded
   to 8.  */
static uint64_t
ipa_unit_size (const struct mip_ipa_map_unit *header)
{
  uint64_t size = ipa_tables_size (header) + header->strings_size;
  return (size + 7) & ~(uint64_t) 7;
}

static enum mip_error
check_ipa_unit_header (struct ipa_parser *parser, uint64_t at,
		       uint32_t index, struct mip_ipa_map_unit *header)
{
  if (!mip_read_struct (&parser->section.reader, at, &mip_layout_mip_ipa_map_unit,
			header))
    return mip_error_set (parser->section.error, MIP_ERROR_TRUNCATED, parser->section.name,
			  "early block unit %" PRIu32 " at offset %" PRIu64
			  ": %" PRIu64 " bytes left, its header needs %zu",
			  index, at, parser->section.reader.size - at, sizeof *header);
  if (header->magic != parser->section.magic)
    return MIP_CORRUPT (&parser->section, "early block unit %" PRIu32 " at offset %"
			PRIu64 ": magic 0x%016" PRIx64 " differs from the"
			" first unit's", index, at, header->magic);
  /* Version 1 is version 2 without value sites.  */
  if (header->version != MIP_IPA_FORMAT_VERSION && header->version != 1)
    return mip_error_set (parser->section.error, MIP_ERROR_VERSION, parser->section.name,
			  "early block unit %" PRIu32 " has version %" PRIu32
			  ", this mipdata reads versions 1 to %u", index,
			  header->version, MIP_IPA_FORMAT_VERSION);
  if (header->version == 1 && header->value_site_count != 0)
    return MIP_CORRUPT (&parser->section, "early block unit %" PRIu32 " of"
			" version 1 has %" PRIu32 " in its reserved field"
			" (expected 0)", index, header->value_site_count);
  if (header->header_size != sizeof *header)
    return MIP_CORRUPT (&parser->section, "early block unit %" PRIu32 ": header size %"
			PRIu32 " (expected %zu)", index, header->header_size,
			sizeof *header);
  if (ipa_unit_size (header) > parser->section.reader.size - at)
    return mip_error_set (parser->section.error, MIP_ERROR_TRUNCATED, parser->section.name,
			  "early block unit %" PRIu32 " needs %" PRIu64
			  " bytes, %" PRIu64 " are left", index,
			  ipa_unit_size (header), parser->section.reader.size - at);
  uint64_t strings_end = at + ipa_tables_size (header)
			+ header->strings_size;
  if (header->strings_size == 0
      || parser->section.reader.data[strings_end - 1] != '\0')
    return MIP_CORRUPT (&parser->section, "early block unit %" PRIu32 ": its strings"
			" do not end with a null byte", index);
  return MIP_OK;
}

static enum mip_error
grow (struct ipa_parser *parser, uint32_t functions, uint32_t holds,
      uint32_t value_sites)
{
  struct mip_ipa_map *ipa = parser->ipa;
  if (functions > UINT32_MAX - ipa->function_count
      || holds > UINT32_MAX - ipa->hold_count
      || value_sites > UINT32_MAX - ipa->value_site_count)
    return MIP_CORRUPT (&parser->section, "too many early functions, holds"
			" or value sites");
  struct mip_ipa_function *f
    = realloc (ipa->functions, ((size_t) ipa->function_count + functions + 1)
			       * sizeof *f);
  if (f)
    ipa->functions = f;
  struct mip_profile_ipa_hold *h
    = realloc (ipa->holds, ((size_t) ipa->hold_count + holds + 1) * sizeof *h);
  if (h)
    ipa->holds = h;
  struct mip_profile_value_site *v
    = realloc (ipa->value_sites, ((size_t) ipa->value_site_count
				  + value_sites + 1) * sizeof *v);
  if (v)
    ipa->value_sites = v;
  if (!f || !h || !v)
    return mip_error_set (parser->section.error, MIP_ERROR_NO_MEMORY, parser->section.name,
			  NULL);
  return MIP_OK;
}

static enum mip_error
read_function (struct ipa_parser *parser, uint64_t at, uint32_t index,
	       uint32_t k, const struct mip_ipa_map_unit *header,
	       uint64_t strings_at, uint32_t unit_index)
{
  struct mip_ipa_map_function entry;
  mip_read_struct (&parser->section.reader, at, &mip_layout_mip_ipa_map_function,
		   &entry);
  if (entry.name_offset >= header->strings_size || entry.block_count == 0
      || entry.signature == 0)
    return MIP_CORRUPT (&parser->section, "early block unit %" PRIu32 ": function %"
			PRIu32 " has name at %" PRIu32 ", %" PRIu32
			" blocks and signature %" PRIu32, index, k,
			entry.name_offset, entry.block_count,
			entry.signature);
  struct mip_ipa_function *f
    = &parser->ipa->functions[parser->ipa->function_count];
  f->name = (const char *) parser->section.reader.data + strings_at
	    + entry.name_offset;
  f->signature = entry.signature;
  f->block_count = entry.block_count;
  f->unit_index = unit_index;
  return MIP_OK;
}

static enum mip_error
read_hold (struct ipa_parser *parser, uint64_t at, uint32_t index,
	   uint32_t k, const struct mip_map_model_unit *unit,
	   uint32_t first_function, uint32_t function_count)
{
  struct mip_ipa_map_hold entry;
  mip_read_struct (&parser->section.reader, at, &mip_layout_mip_ipa_map_hold,
		   &entry);
  const struct mip_map *map = parser->section.map;
  if (entry.function >= unit->header.function_count
      || entry.block
	 >= map->functions[unit->function_begin + entry.function]
	      .entry.block_count
      || entry.ipa_function >= function_count
      || entry.ipa_block
	 >= parser->ipa->functions[first_function + entry.ipa_function]
	      .block_count)
    return MIP_CORRUPT (&parser->section, "early block unit %" PRIu32 ": hold %"
			PRIu32 " names block %" PRIu32 " of function %"
			PRIu32 " and early block %" PRIu32 " of early"
			" function %" PRIu32 ", which the unit has not",
			index, k, entry.block, entry.function,
			entry.ipa_block, entry.ipa_function);
  struct mip_profile_ipa_hold *h = &parser->ipa->holds[parser->ipa->hold_count];
  h->function = unit->function_begin + entry.function;
  h->block = entry.block;
  h->ipa_function = first_function + entry.ipa_function;
  h->ipa_block = entry.ipa_block;
  return MIP_OK;
}

/* Value site K of unit INDEX, whose raw unit is UNIT's: an early
   function of the unit (FUNCTION_COUNT from FIRST_FUNCTION), a known
   operation, an 8-aligned record after the raw unit's header and
   inside it.  */
static enum mip_error
read_value_site (struct ipa_parser *parser, uint64_t at, uint32_t index,
		 uint32_t k, const struct mip_map_model_unit *unit,
		 uint32_t first_function, uint32_t function_count)
{
  struct mip_ipa_map_value_site entry;
  mip_read_struct (&parser->section.reader, at,
		   &mip_layout_mip_ipa_map_value_site, &entry);
  if (entry.ipa_function >= function_count)
    return MIP_CORRUPT (&parser->section, "early block unit %" PRIu32
			": value site %" PRIu32 " names early function %"
			PRIu32 ", the unit has %" PRIu32, index, k,
			entry.ipa_function, function_count);
  if (entry.operation == 0 || entry.operation > MIP_VALUE_OPERATION_MAX)
    return MIP_CORRUPT (&parser->section, "early block unit %" PRIu32
			": value site %" PRIu32 " has operation %" PRIu32
			", which this mipdata does not know", index, k,
			entry.operation);
  uint64_t raw_size = unit->header.raw_size;
  if (entry.raw_offset % 8 != 0
      || entry.raw_offset < sizeof (struct mip_raw_unit)
      || (uint64_t) entry.raw_offset + sizeof (struct mip_raw_value_site)
	 > raw_size
      || unit->raw_offset + entry.raw_offset > UINT32_MAX)
    return MIP_CORRUPT (&parser->section, "early block unit %" PRIu32
			": value site %" PRIu32 " has its record at %" PRIu32
			", outside the unit's %" PRIu64 " raw bytes or not"
			" 8-aligned", index, k, entry.raw_offset, raw_size);
  struct mip_profile_value_site *v
    = &parser->ipa->value_sites[parser->ipa->value_site_count];
  memset (v, 0, sizeof *v);
  v->ipa_function = first_function + entry.ipa_function;
  v->site = entry.site;
  v->raw_offset = (uint32_t) (unit->raw_offset + entry.raw_offset);
  v->operation = entry.operation;
  return MIP_OK;
}

static enum mip_error
parse_ipa_unit (struct ipa_parser *parser, uint64_t at, uint32_t index,
		uint64_t *next)
{
  struct mip_ipa_map_unit header;
  enum mip_error status = check_ipa_unit_header (parser, at, index, &header);
  if (status != MIP_OK)
    return status;
  long u = mip_section_map_unit (&parser->section, header.unit_hash);
  if (u < 0)
    return MIP_CORRUPT (&parser->section, "early block unit %" PRIu32 " names unit"
			" 0x%016" PRIx64 ", which the map has not (in that"
			" order)", index, header.unit_hash);
  const struct mip_map_model_unit *unit = &parser->section.map->units[u];
  status = grow (parser, header.function_count, header.hold_count,
		 header.value_site_count);
  uint64_t functions_at = at + sizeof header;
  uint64_t holds_at = functions_at + (uint64_t) header.function_count
				     * sizeof (struct mip_ipa_map_function);
  uint64_t value_sites_at = holds_at + (uint64_t) header.hold_count
				       * sizeof (struct mip_ipa_map_hold);
  uint64_t strings_at = value_sites_at
			+ (uint64_t) header.value_site_count
			  * sizeof (struct mip_ipa_map_value_site);
  uint32_t first_function = parser->ipa->function_count;
  for (uint32_t k = 0; status == MIP_OK && k < header.function_count; k++)
    {
      status = read_function (parser, functions_at
				      + k * sizeof (struct mip_ipa_map_function),
			      index, k, &header, strings_at, (uint32_t) u);
      if (status == MIP_OK)
	parser->ipa->function_count++;
    }
  for (uint32_t k = 0; status == MIP_OK && k < header.hold_count; k++)
    {
      status = read_hold (parser, holds_at
				  + (uint64_t) k * sizeof (struct mip_ipa_map_hold),
			  index, k, unit, first_function,
			  header.function_count);
      if (status == MIP_OK)
	parser->ipa->hold_count++;
    }
  for (uint32_t k = 0; status == MIP_OK && k < header.value_site_count; k++)
    {
      status = read_value_site (parser, value_sites_at
					+ (uint64_t) k
					  * sizeof (struct mip_ipa_map_value_site),
				index, k, unit, first_function,
				header.function_count);
      if (status == MIP_OK)
	parser->ipa->value_site_count++;
    }
  *next = at + ipa_unit_size (&header);
  return status;
}

static int
compare_u32 (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  return x < y ? -1 : x > y;
}

/* No two value sites may share a record: its values would count
   twice.  */
static enum mip_error
check_shared_records (struct ipa_parser *parser)
{
  const struct mip_ipa_map *ipa = parser->ipa;
  uint32_t *offsets = calloc ((size_t) ipa->value_site_count + 1,
			      sizeof *offsets);
  if (!offsets)
    return mip_error_set (parser->section.error, MIP_ERROR_NO_MEMORY,
			  parser->section.name, NULL);
  for (uint32_t i = 0; i < ipa->value_site_count; i++)
    offsets[i] = ipa->value_sites[i].raw_offset;
  qsort (offsets, ipa->value_site_count, sizeof *offsets, compare_u32);
  enum mip_error status = MIP_OK;
  for (uint32_t i = 1; status == MIP_OK && i < ipa->value_site_count; i++)
    if (offsets[i] == offsets[i - 1])
      status = MIP_CORRUPT (&parser->section, "two value sites have their"
			    " record at raw data offset %" PRIu32,
			    offsets[i]);
  free (offsets);
  return status;
}

enum mip_error
mip_ipa_map_parse (const void *data, size_t size, const char *name,
		   const struct mip_map *map, struct mip_ipa_map **ipa,
		   struct mip_error_context *error)
{
  struct ipa_parser parser;
  enum mip_error status;
  uint64_t at = 0;
  uint32_t index = 0;

  *ipa = NULL;
  parser.ipa = calloc (1, sizeof *parser.ipa);
  if (!parser.ipa)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  status = mip_section_start (&parser.section, data, size, name, "early block",
			      map, MIP_MAGIC_IPA64, MIP_MAGIC_IPA32,
			      sizeof (struct mip_ipa_map_unit), error);
  while (status == MIP_OK && at < size)
    status = parse_ipa_unit (&parser, at, index++, &at);
  if (status == MIP_OK)
    status = check_shared_records (&parser);
  if (status != MIP_OK)
    {
      mip_ipa_map_free (parser.ipa);
      return status;
    }
  *ipa = parser.ipa;
  return MIP_OK;
}

void
mip_ipa_map_free (struct mip_ipa_map *ipa)
{
  if (!ipa)
    return;
  free (ipa->functions);
  free (ipa->holds);
  free (ipa->value_sites);
  free (ipa);
}

/* ---- The profile's tables ------------------------------------------ */

static int
compare_holds (const void *a, const void *b)
{
  const struct mip_profile_ipa_hold *x = a, *y = b;
  if (x->ipa_function != y->ipa_function)
    return x->ipa_function < y->ipa_function ? -1 : 1;
  if (x->ipa_block != y->ipa_block)
    return x->ipa_block < y->ipa_block ? -1 : 1;
  if (x->function != y->function)
    return x->function < y->function ? -1 : 1;
  return x->block < y->block ? -1 : x->block > y->block;
}

int
mip_compare_value_sites (const void *a, const void *b)
{
  const struct mip_profile_value_site *x = a, *y = b;
  if (x->ipa_function != y->ipa_function)
    return x->ipa_function < y->ipa_function ? -1 : 1;
  if (x->site != y->site)
    return x->site < y->site ? -1 : 1;
  return x->raw_offset < y->raw_offset ? -1 : x->raw_offset > y->raw_offset;
}

static const char *const operation_names[] = {
  [MIP_VALUE_MEMCPY_SIZE] = "memcpy size",
  [MIP_VALUE_MEMPCPY_SIZE] = "mempcpy size",
  [MIP_VALUE_MEMMOVE_SIZE] = "memmove size",
  [MIP_VALUE_MEMSET_SIZE] = "memset size",
  [MIP_VALUE_BZERO_SIZE] = "bzero size",
};
static_assert (sizeof operation_names / sizeof operation_names[0]
	       == MIP_VALUE_OPERATION_MAX + 1, "a name per operation");

const char *
mip_value_operation_name (uint32_t operation)
{
  if (operation == 0 || operation > MIP_VALUE_OPERATION_MAX)
    return NULL;
  return operation_names[operation];
}

/* PROFILE's strings with NAMES' names of IPA added; their offsets in
   OFFSETS.  */
static enum mip_error
add_names (struct mip_profile *profile, const struct mip_ipa_map *ipa,
	   uint32_t *offsets, struct mip_error_context *error)
{
  uint64_t size = profile->header.strings_size;
  for (uint32_t i = 0; i < ipa->function_count; i++)
    size += strlen (ipa->functions[i].name) + 1;
  if (size > UINT32_MAX)
    return mip_error_set (error, MIP_ERROR_TOO_LARGE, NULL,
			  "a string table of %" PRIu64 " bytes", size);
  char *strings = realloc (profile->strings, size ? size : 1);
  if (!strings)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
  uint64_t at = profile->header.strings_size;
  for (uint32_t i = 0; i < ipa->function_count; i++)
    {
      size_t length = strlen (ipa->functions[i].name) + 1;
      memcpy (strings + at, ipa->functions[i].name, length);
      offsets[i] = (uint32_t) at;
      at += length;
    }
  profile->strings = strings;
  profile->header.strings_size = (uint32_t) size;
  return MIP_OK;
}

enum mip_error
mip_profile_set_ipa (struct mip_profile *profile,
		     const struct mip_ipa_map *ipa,
		     struct mip_error_context *error)
{
  if (ipa->function_count == 0)
    return MIP_OK;
  uint64_t total = 0;
  for (uint32_t i = 0; i < ipa->function_count; i++)
    total += ipa->functions[i].block_count;
  if (total > UINT32_MAX)
    return mip_error_set (error, MIP_ERROR_TOO_LARGE, NULL,
			  "%" PRIu64 " early blocks", total);
  for (uint32_t i = 0; i < ipa->hold_count; i++)
    if (ipa->holds[i].function >= profile->header.function_count)
      return mip_error_set (error, MIP_ERROR_CORRUPT, NULL, "early block"
			    " hold %" PRIu32 " is not of the profile's"
			    " binary", i);
  struct mip_profile_ipa_function *functions
    = calloc (ipa->function_count, sizeof *functions);
  for (uint32_t i = 0; i < ipa->value_site_count; i++)
    if (ipa->value_sites[i].ipa_function >= ipa->function_count
	|| ipa->value_sites[i].raw_offset
	   + (uint64_t) sizeof (struct mip_raw_value_site)
	   > profile->header.raw_data_size)
      return mip_error_set (error, MIP_ERROR_CORRUPT, NULL, "value site %"
			    PRIu32 " is not of the profile's binary", i);
  struct mip_profile_ipa_hold *holds
    = calloc (ipa->hold_count ? ipa->hold_count : 1, sizeof *holds);
  struct mip_profile_value_site *value_sites
    = calloc (ipa->value_site_count ? ipa->value_site_count : 1,
	      sizeof *value_sites);
  uint32_t *offsets = calloc (ipa->function_count, sizeof *offsets);
  enum mip_error status = MIP_OK;
  if (!functions || !holds || !value_sites || !offsets)
    status = mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
  if (status == MIP_OK)
    status = add_names (profile, ipa, offsets, error);
  if (status != MIP_OK)
    {
      free (functions);
      free (holds);
      free (value_sites);
      free (offsets);
      return status;
    }
  for (uint32_t i = 0; i < ipa->function_count; i++)
    {
      functions[i].name_offset = offsets[i];
      functions[i].signature = ipa->functions[i].signature;
      functions[i].block_count = ipa->functions[i].block_count;
      functions[i].unit_index = ipa->functions[i].unit_index;
    }
  memcpy (holds, ipa->holds, ipa->hold_count * sizeof *holds);
  qsort (holds, ipa->hold_count, sizeof *holds, compare_holds);
  for (uint32_t i = 0; i < ipa->value_site_count; i++)
    {
      value_sites[i] = ipa->value_sites[i];
      value_sites[i].value_begin = 0;
      value_sites[i].value_count = 0;
      value_sites[i].size_sum = 0;
      value_sites[i].calls = 0;
    }
  qsort (value_sites, ipa->value_site_count, sizeof *value_sites,
	 mip_compare_value_sites);
  free (offsets);
  free (profile->ipa_functions);
  free (profile->ipa_holds);
  free (profile->value_sites);
  profile->ipa_functions = functions;
  profile->ipa_holds = holds;
  profile->value_sites = value_sites;
  profile->header.ipa_function_count = ipa->function_count;
  profile->header.ipa_hold_count = ipa->hold_count;
  profile->header.value_site_count = ipa->value_site_count;
  profile->header.value_count = 0;
  return MIP_OK;
}

/* ---- Counts ---------------------------------------------------------- */

uint64_t
mip_profile_ipa_block_begin (const struct mip_profile *profile,
			     uint32_t index)
{
  uint64_t begin = 0;
  for (uint32_t i = 0; i < index; i++)
    begin += profile->ipa_functions[i].block_count;
  return begin;
}

uint64_t
mip_profile_ipa_block_total (const struct mip_profile *profile)
{
  return mip_profile_ipa_block_begin (profile,
				      profile->header.ipa_function_count);
}

void
mip_profile_ipa_counts (const struct mip_profile *profile, uint64_t *counts)
{
  const struct mip_profile_header *h = &profile->header;
  uint64_t total = mip_profile_ipa_block_total (profile);
  uint64_t *begin = calloc (h->ipa_function_count + 1, sizeof *begin);
  for (uint64_t i = 0; i < total; i++)
    counts[i] = MIP_IPA_UNKNOWN;
  if (!begin)
    return;
  for (uint32_t i = 0; i < h->ipa_function_count; i++)
    begin[i + 1] = begin[i] + profile->ipa_functions[i].block_count;
  for (uint32_t i = 0; i < h->ipa_hold_count; i++)
    {
      const struct mip_profile_ipa_hold *hold = &profile->ipa_holds[i];
      const struct mip_profile_function *f
	= &profile->functions[hold->function];
      const struct mip_profile_block *block
	= &profile->blocks[f->block_begin + hold->block];
      if (!(block->flags & MIP_BLOCK_COUNTED)
	  || (f->flags & MIP_FUNCTION_DISCARDED))
	continue;
      uint64_t *count = &counts[begin[hold->ipa_function] + hold->ipa_block];
      uint64_t sum = *count == MIP_IPA_UNKNOWN ? 0 : *count;
      sum = mip_saturating_add (sum, block->count);
      *count = sum == MIP_IPA_UNKNOWN ? MIP_IPA_UNKNOWN - 1 : sum;
    }
  free (begin);
}
