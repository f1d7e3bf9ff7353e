/* mip-ipa.c - parse .debug_mip_ipa against a binary's map, keep its
   early functions and holds in the profile, and count the early blocks.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-ipa.h"

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

/* The size of a unit whose header is HEADER: header, tables, strings,
   padded to 8.  */
static uint64_t
ipa_unit_size (const struct mip_ipa_map_unit *header)
{
  uint64_t size = sizeof *header
		  + (uint64_t) header->function_count
		    * sizeof (struct mip_ipa_map_function)
		  + (uint64_t) header->hold_count
		    * sizeof (struct mip_ipa_map_hold)
		  + header->strings_size;
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
  if (header->version != MIP_IPA_FORMAT_VERSION)
    return mip_error_set (parser->section.error, MIP_ERROR_VERSION, parser->section.name,
			  "early block unit %" PRIu32 " has version %" PRIu32
			  ", this mipdata reads version %u", index,
			  header->version, MIP_IPA_FORMAT_VERSION);
  if (header->header_size != sizeof *header)
    return MIP_CORRUPT (&parser->section, "early block unit %" PRIu32 ": header size %"
			PRIu32 " (expected %zu)", index, header->header_size,
			sizeof *header);
  if (ipa_unit_size (header) > parser->section.reader.size - at)
    return mip_error_set (parser->section.error, MIP_ERROR_TRUNCATED, parser->section.name,
			  "early block unit %" PRIu32 " needs %" PRIu64
			  " bytes, %" PRIu64 " are left", index,
			  ipa_unit_size (header), parser->section.reader.size - at);
  uint64_t strings_end = at + sizeof *header
			+ (uint64_t) header->function_count
			  * sizeof (struct mip_ipa_map_function)
			+ (uint64_t) header->hold_count
			  * sizeof (struct mip_ipa_map_hold)
			+ header->strings_size;
  if (header->strings_size == 0
      || parser->section.reader.data[strings_end - 1] != '\0')
    return MIP_CORRUPT (&parser->section, "early block unit %" PRIu32 ": its strings"
			" do not end with a null byte", index);
  return MIP_OK;
}

static enum mip_error
grow (struct ipa_parser *parser, uint32_t functions, uint32_t holds)
{
  struct mip_ipa_map *ipa = parser->ipa;
  if (functions > UINT32_MAX - ipa->function_count
      || holds > UINT32_MAX - ipa->hold_count)
    return MIP_CORRUPT (&parser->section, "too many early functions or holds");
  struct mip_ipa_function *f
    = realloc (ipa->functions, ((size_t) ipa->function_count + functions + 1)
			       * sizeof *f);
  if (f)
    ipa->functions = f;
  struct mip_profile_ipa_hold *h
    = realloc (ipa->holds, ((size_t) ipa->hold_count + holds + 1) * sizeof *h);
  if (h)
    ipa->holds = h;
  if (!f || !h)
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
  status = grow (parser, header.function_count, header.hold_count);
  uint64_t functions_at = at + sizeof header;
  uint64_t holds_at = functions_at + (uint64_t) header.function_count
				     * sizeof (struct mip_ipa_map_function);
  uint64_t strings_at = holds_at + (uint64_t) header.hold_count
				   * sizeof (struct mip_ipa_map_hold);
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
  *next = at + ipa_unit_size (&header);
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
  struct mip_profile_ipa_hold *holds
    = calloc (ipa->hold_count ? ipa->hold_count : 1, sizeof *holds);
  uint32_t *offsets = calloc (ipa->function_count, sizeof *offsets);
  enum mip_error status = MIP_OK;
  if (!functions || !holds || !offsets)
    status = mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
  if (status == MIP_OK)
    status = add_names (profile, ipa, offsets, error);
  if (status != MIP_OK)
    {
      free (functions);
      free (holds);
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
  free (offsets);
  free (profile->ipa_functions);
  free (profile->ipa_holds);
  profile->ipa_functions = functions;
  profile->ipa_holds = holds;
  profile->header.ipa_function_count = ipa->function_count;
  profile->header.ipa_hold_count = ipa->hold_count;
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
