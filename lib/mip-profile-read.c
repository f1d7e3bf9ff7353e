/* mip-profile-read.c - read and validate an indexed profile (.mip).

   A .mip is written by mipdata itself, but it may have been damaged or
   written by another version, so it is checked as strictly as the files
   that come from elsewhere: every table must lie in the file, every index
   must point into its table, every raw record into its raw unit (a
   value site's into the raw unit of its early function's unit, its
   values a range of the value table that follows the previous site's),
   and the inference lists of every function must form no cycle.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-profile.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mip-file.h"
#include "mip-infer.h"
#include "mip-ipa.h"
#include "mip-profile-internal.h"
#include "mip-reader.h"

struct profile_parser
{
  struct mip_reader reader;
  const char *name;
  struct mip_error_context *error;
  struct mip_profile *profile;
  struct mip_infer_scratch scratch; /* for the cycle checks */
};

/* Is [BEGIN, BEGIN + COUNT) inside [0, LIMIT)?  */
static bool
range_fits (uint64_t begin, uint64_t count, uint64_t limit)
{
  return begin <= limit && count <= limit - begin;
}

static enum mip_error
check_header (struct profile_parser *parser)
{
  struct mip_profile_header *header = &parser->profile->header;
  struct mip_magic_info magic;
  uint64_t size = parser->reader.size;
  const char *foreign = mip_foreign_format (parser->reader.data, size);

  if (foreign)
    return mip_error_set (parser->error, MIP_ERROR_BAD_MAGIC, parser->name,
			  "it is %s, not a MIP profile", foreign);
  if (size < sizeof *header)
    return mip_error_set (parser->error, MIP_ERROR_TRUNCATED, parser->name,
			  "%" PRIu64 " bytes, a profile header needs %zu",
			  size, sizeof *header);
  if (!mip_detect_magic (parser->reader.data, size, &magic))
    return mip_error_set (parser->error, MIP_ERROR_BAD_MAGIC, parser->name,
			  "it does not start with a MIP profile magic number");
  if (magic.kind != MIP_MAGIC_KIND (MIP_MAGIC_PROFILE))
    return mip_error_set (parser->error, MIP_ERROR_WRONG_KIND, parser->name,
			  "expected a profile, found a %s",
			  mip_magic_kind_name (magic.kind));
  parser->reader.swap = magic.swap;
  mip_read_struct (&parser->reader, 0, &mip_layout_mip_profile_header,
		   header);
  if (header->version != MIP_FORMAT_VERSION)
    return mip_error_set (parser->error, MIP_ERROR_VERSION, parser->name,
			  "written in version %" PRIu32
			  ", this mipdata reads version %u",
			  header->version, MIP_FORMAT_VERSION);
  if (header->header_size != sizeof *header)
    return MIP_CORRUPT (parser, "header_size %" PRIu32 " (expected %zu)",
			header->header_size, sizeof *header);
  if (header->pointer_size != 4 && header->pointer_size != 8)
    return MIP_CORRUPT (parser, "pointer size %" PRIu32, header->pointer_size);
  if (header->gnu_build_id_size > MIP_GNU_BUILD_ID_MAX)
    return MIP_CORRUPT (parser, "GNU build id of %" PRIu32 " bytes (at most"
			" %u)", header->gnu_build_id_size,
			MIP_GNU_BUILD_ID_MAX);
  if (header->target_big_endian > 1)
    return MIP_CORRUPT (parser, "target_big_endian %" PRIu32,
			header->target_big_endian);
  return MIP_OK;
}

/* Check that the table NAME of COUNT entries of ENTRY_SIZE bytes at
   OFFSET lies in the file after the header; raise *END to its end.  */
static enum mip_error
check_table (struct profile_parser *parser, const char *table,
	     uint32_t offset, uint32_t count, size_t entry_size,
	     uint64_t *end)
{
  uint64_t table_end = offset + (uint64_t) count * entry_size;

  if (offset < sizeof (struct mip_profile_header))
    return MIP_CORRUPT (parser, "the %s table at %" PRIu32
			" overlaps the header", table, offset);
  if (table_end > parser->reader.size)
    return mip_error_set (parser->error, MIP_ERROR_TRUNCATED, parser->name,
			  "the %s table ends at %" PRIu64 ", file has %"
			  PRIu64 " bytes", table, table_end,
			  parser->reader.size);
  if (table_end > *end)
    *end = table_end;
  return MIP_OK;
}

static enum mip_error
check_tables (struct profile_parser *parser)
{
  const struct mip_profile_header *h = &parser->profile->header;
  uint64_t end = sizeof *h;
  enum mip_error status;

  if ((status = check_table (parser, "unit", h->units_offset, h->unit_count,
			     sizeof (struct mip_profile_unit), &end))
      || (status = check_table (parser, "function", h->functions_offset,
				h->function_count,
				sizeof (struct mip_profile_function), &end))
      || (status = check_table (parser, "block", h->blocks_offset,
				h->block_count,
				sizeof (struct mip_profile_block), &end))
      || (status = check_table (parser, "inference", h->infer_offset,
				h->infer_count, 4, &end))
      || (status = check_table (parser, "edge", h->edges_offset,
				h->edge_count, sizeof (struct mip_map_edge),
				&end))
      || (status = check_table (parser, "caller", h->callers_offset,
				h->caller_count,
				sizeof (struct mip_profile_caller), &end))
      || (status = check_table (parser, "allocation site",
				h->heap_sites_offset, h->heap_site_count,
				sizeof (struct mip_profile_heap_site), &end))
      || (status = check_table (parser, "allocation pair",
				h->heap_pairs_offset, h->heap_pair_count,
				sizeof (struct mip_profile_heap_pair), &end))
      || (status = check_table (parser, "early function",
				h->ipa_functions_offset, h->ipa_function_count,
				sizeof (struct mip_profile_ipa_function),
				&end))
      || (status = check_table (parser, "early block hold",
				h->ipa_holds_offset, h->ipa_hold_count,
				sizeof (struct mip_profile_ipa_hold), &end))
      || (status = check_table (parser, "value site",
				h->value_sites_offset, h->value_site_count,
				sizeof (struct mip_profile_value_site),
				&end))
      || (status = check_table (parser, "value", h->values_offset,
				h->value_count,
				sizeof (struct mip_profile_value), &end))
      || (status = check_table (parser, "string", h->strings_offset,
				h->strings_size, 1, &end)))
    return status;
  if (end < parser->reader.size)
    return mip_error_set (parser->error, MIP_ERROR_TRAILING_DATA,
			  parser->name, "tables end at %" PRIu64
			  ", file has %" PRIu64 " bytes", end,
			  parser->reader.size);
  return MIP_OK;
}

/* Read COUNT structures described by LAYOUT from OFFSET into ARRAY.  */
static void
read_array (struct profile_parser *parser, uint32_t offset, uint32_t count,
	    const struct mip_struct_layout *layout, void *array)
{
  unsigned char *out = (unsigned char *) array;
  uint32_t i;
  for (i = 0; i < count; i++)
    mip_read_struct (&parser->reader, offset + (uint64_t) i * layout->size,
		     layout, out + (size_t) i * layout->size);
}

static void
read_tables (struct profile_parser *parser)
{
  struct mip_profile *profile = parser->profile;
  const struct mip_profile_header *h = &profile->header;
  uint32_t i;

  read_array (parser, h->units_offset, h->unit_count,
	      &mip_layout_mip_profile_unit, profile->units);
  read_array (parser, h->functions_offset, h->function_count,
	      &mip_layout_mip_profile_function, profile->functions);
  read_array (parser, h->blocks_offset, h->block_count,
	      &mip_layout_mip_profile_block, profile->blocks);
  read_array (parser, h->edges_offset, h->edge_count,
	      &mip_layout_mip_map_edge, profile->edges);
  read_array (parser, h->callers_offset, h->caller_count,
	      &mip_layout_mip_profile_caller, profile->callers);
  read_array (parser, h->heap_sites_offset, h->heap_site_count,
	      &mip_layout_mip_profile_heap_site, profile->heap_sites);
  read_array (parser, h->heap_pairs_offset, h->heap_pair_count,
	      &mip_layout_mip_profile_heap_pair, profile->heap_pairs);
  read_array (parser, h->ipa_functions_offset, h->ipa_function_count,
	      &mip_layout_mip_profile_ipa_function, profile->ipa_functions);
  read_array (parser, h->ipa_holds_offset, h->ipa_hold_count,
	      &mip_layout_mip_profile_ipa_hold, profile->ipa_holds);
  read_array (parser, h->value_sites_offset, h->value_site_count,
	      &mip_layout_mip_profile_value_site, profile->value_sites);
  read_array (parser, h->values_offset, h->value_count,
	      &mip_layout_mip_profile_value, profile->values);
  for (i = 0; i < h->infer_count; i++)
    mip_read_u32 (&parser->reader, h->infer_offset + 4 * (uint64_t) i,
		  &profile->infer_entries[i]);
  memcpy (profile->strings, parser->reader.data + h->strings_offset,
	  h->strings_size);
}

/* The units must tile the raw data and the function table in order, and
   their hashes must give the build id.  */
static enum mip_error
check_units (struct profile_parser *parser)
{
  const struct mip_profile *profile = parser->profile;
  const struct mip_profile_header *h = &profile->header;
  uint64_t raw_offset = 0, function_begin = 0, build_id = MIP_HASH_INIT;
  uint32_t i;

  for (i = 0; i < h->unit_count; i++)
    {
      const struct mip_profile_unit *unit = &profile->units[i];
      if (unit->raw_offset != raw_offset || unit->raw_size % 8 != 0
	  || unit->raw_size < sizeof (struct mip_raw_unit))
	return MIP_CORRUPT (parser, "unit %" PRIu32 ": raw data at %" PRIu32
			    " (%" PRIu32 " bytes), expected at %" PRIu64, i,
			    unit->raw_offset, unit->raw_size, raw_offset);
      if (unit->options_offset != MIP_NO_OFFSET
	  && unit->options_offset >= h->strings_size)
	return MIP_CORRUPT (parser, "unit %" PRIu32 ": options_offset %"
			    PRIu32 " is past the string table", i,
			    unit->options_offset);
      if (unit->function_begin != function_begin)
	return MIP_CORRUPT (parser, "unit %" PRIu32 ": first function %" PRIu32
			    ", expected %" PRIu64, i, unit->function_begin,
			    function_begin);
      raw_offset += unit->raw_size;
      function_begin += unit->function_count;
      build_id = mip_build_id_add (build_id, unit->unit_hash);
    }
  if (mip_profile_is_imported (profile))
    {
      /* Built from a description (mip-profile-build.c): no binary.  */
      if (h->raw_data_size != 0)
	return MIP_CORRUPT (parser, "a profile without units expects %"
			    PRIu64 " raw bytes", h->raw_data_size);
      return MIP_OK;
    }
  if (raw_offset != h->raw_data_size || function_begin != h->function_count)
    return MIP_CORRUPT (parser, "units cover %" PRIu64 " raw bytes and %"
			PRIu64 " functions, header says %" PRIu64 " and %"
			PRIu32, raw_offset, function_begin, h->raw_data_size,
			h->function_count);
  if (build_id != h->build_id)
    return MIP_CORRUPT (parser, "build id 0x%016" PRIx64
			" differs from 0x%016" PRIx64 " computed from its units",
			h->build_id, build_id);
  return MIP_OK;
}

/* The inference lists of FUNCTION (INDEX), already checked to be in
   bounds, must form no cycle.  */
static enum mip_error
check_inference_cycles (struct profile_parser *parser, uint32_t index)
{
  const struct mip_profile *profile = parser->profile;
  struct mip_infer_graph graph;
  uint32_t cycle_block;

  mip_profile_infer_graph (profile, index, &graph);
  switch (mip_infer_check (&graph, &parser->scratch, &cycle_block))
    {
    case MIP_INFER_OK:
      return MIP_OK;
    case MIP_INFER_CYCLE:
      return MIP_CORRUPT (parser, "inference cycle in function '%s'",
			  mip_profile_function_name (profile, index));
    default:
      return mip_error_set (parser->error, MIP_ERROR_NO_MEMORY, parser->name,
			    NULL);
    }
}

/* Blocks, inference list and callers of FUNCTION (INDEX).  */
static enum mip_error
check_function_blocks (struct profile_parser *parser, uint32_t index)
{
  const struct mip_profile *profile = parser->profile;
  const struct mip_profile_function *function = &profile->functions[index];
  uint32_t i;

  for (i = 0; i < function->infer_count; i++)
    {
      uint32_t entry = profile->infer_entries[function->infer_begin + i];
      if (entry != MIP_INFER_FUNCTION && entry >= function->block_count)
	return MIP_CORRUPT (parser, "function %" PRIu32 ": inference entry %"
			    PRIu32 " is %" PRIu32 ", not one of its blocks",
			    index, i, entry);
    }
  for (i = 0; i < function->edge_count; i++)
    {
      const struct mip_map_edge *edge =
	&profile->edges[function->edge_begin + i];
      if (edge->target >= function->block_count
	  || (edge->flags & ~MIP_EDGE_ALL))
	return MIP_CORRUPT (parser, "function %" PRIu32 ": edge %" PRIu32
			    " is inconsistent", index, i);
    }
  for (i = 0; i < function->block_count; i++)
    {
      const struct mip_profile_block *block =
	&profile->blocks[function->block_begin + i];
      if ((block->probe != MIP_NO_PROBE
	   && (block->probe >= function->probe_count
	       || block->infer_count != 0))
	  || !range_fits (block->infer_begin, block->infer_count,
			  function->infer_count)
	  || !range_fits (block->edge_begin, block->edge_count,
			  function->edge_count)
	  || block->covered_runs > profile->header.runs
	  || (!(block->flags & MIP_BLOCK_COUNTED) && block->count != 0)
	  || ((block->flags & MIP_BLOCK_COUNTED)
	      && !(function->kinds & MIP_KIND_BLOCK_COUNT)))
	return MIP_CORRUPT (parser, "function %" PRIu32 ": block %" PRIu32
			    " is inconsistent", index, i);
    }
  for (i = 0; i < function->caller_count; i++)
    if (profile->callers[function->caller_begin + i].runs
	> profile->header.runs)
      return MIP_CORRUPT (parser, "function %" PRIu32 ": caller %" PRIu32
			  " seen in more runs than merged", index, i);
  return check_inference_cycles (parser, index);
}

/* The raw record of FUNCTION must lie inside its unit's raw data.  */
static bool
record_fits (const struct mip_profile *profile,
	     const struct mip_profile_function *function)
{
  const struct mip_profile_unit *unit = &profile->units[function->unit_index];
  struct mip_record_layout layout;

  if (function->probe_count > unit->raw_size
      || function->caller_slots > unit->raw_size)
    return false;
  layout = mip_record_layout (function->kinds, function->probe_count,
			      function->caller_slots,
			      profile->header.pointer_size);
  return (function->raw_offset >= (uint64_t) unit->raw_offset
	  + sizeof (struct mip_raw_unit)
	  && (uint64_t) function->raw_offset + layout.size
	  <= (uint64_t) unit->raw_offset + unit->raw_size);
}

static enum mip_error
check_function (struct profile_parser *parser, uint32_t index)
{
  const struct mip_profile *profile = parser->profile;
  const struct mip_profile_header *h = &profile->header;
  const struct mip_profile_function *function = &profile->functions[index];
  const struct mip_profile_unit *unit;

  if (function->name_offset >= h->strings_size)
    return MIP_CORRUPT (parser, "function %" PRIu32 ": name_offset %" PRIu32
			" is past the string table (%" PRIu32 " bytes)", index,
			function->name_offset, h->strings_size);
  if ((function->kinds & ~MIP_KIND_ALL)
      || (function->flags & ~MIP_FUNCTION_DISCARDED))
    return MIP_CORRUPT (parser, "function %" PRIu32 ": unknown kinds 0x%"
			PRIx32 " or flags 0x%" PRIx32, index, function->kinds,
			function->flags);
  if (mip_profile_is_imported (profile))
    {
      if (function->unit_index != 0 || function->probe_count != 0
	  || function->caller_slots != 0)
	return MIP_CORRUPT (parser, "function %" PRIu32 " of a profile"
			    " without units has a raw record", index);
    }
  else if (function->unit_index >= h->unit_count)
    return MIP_CORRUPT (parser, "function %" PRIu32 ": unit %" PRIu32
			" does not exist", index, function->unit_index);
  else
    {
      unit = &profile->units[function->unit_index];
      if (index < unit->function_begin
	  || index - unit->function_begin >= unit->function_count)
	return MIP_CORRUPT (parser, "function %" PRIu32 ": not in its unit %"
			    PRIu32, index, function->unit_index);
    }
  if (!mip_profile_is_imported (profile) && !record_fits (profile, function))
    return MIP_CORRUPT (parser, "function %" PRIu32 ": raw record at %" PRIu32
			" is outside its unit's raw data", index,
			function->raw_offset);
  if (!range_fits (function->block_begin, function->block_count,
		   h->block_count)
      || !range_fits (function->infer_begin, function->infer_count,
		      h->infer_count)
      || !range_fits (function->edge_begin, function->edge_count,
		      h->edge_count)
      || !range_fits (function->caller_begin, function->caller_count,
		      h->caller_count))
    return MIP_CORRUPT (parser, "function %" PRIu32 ": its blocks, inference"
			" list or callers are outside their tables", index);
  if (function->covered_runs > h->runs || function->order_runs > h->runs)
    return MIP_CORRUPT (parser, "function %" PRIu32 ": counted in more runs"
			" than merged", index);
  return check_function_blocks (parser, index);
}

/* Allocation site INDEX: its function, its callee, its record inside
   the raw unit of its function's unit, after the previous site's.  */
static enum mip_error
check_heap_site (struct profile_parser *parser, uint32_t index)
{
  const struct mip_profile *profile = parser->profile;
  const struct mip_profile_heap_site *site = &profile->heap_sites[index];
  const struct mip_profile_unit *unit;
  uint64_t end = (uint64_t) site->raw_offset
		 + sizeof (struct mip_raw_heap_site);

  if (site->function >= profile->header.function_count)
    return MIP_CORRUPT (parser, "allocation site %" PRIu32 ": function %"
			PRIu32 " does not exist (%" PRIu32 " functions)",
			index, site->function,
			profile->header.function_count);
  if (site->callee >= MIP_HEAP_CALLEE_COUNT)
    return MIP_CORRUPT (parser, "allocation site %" PRIu32 " calls"
			" allocation function %" PRIu32 ", which this mipdata"
			" does not know", index, site->callee);
  unit = &profile->units[profile->functions[site->function].unit_index];
  if (site->raw_offset % 8 != 0
      || site->raw_offset < (uint64_t) unit->raw_offset
			    + sizeof (struct mip_raw_unit)
      || end > (uint64_t) unit->raw_offset + unit->raw_size)
    return MIP_CORRUPT (parser, "allocation site %" PRIu32 ": record at %"
			PRIu32 " is outside its unit's raw data (%" PRIu32
			" bytes at %" PRIu32 ")", index, site->raw_offset,
			unit->raw_size, unit->raw_offset);
  if (index > 0
      && site->raw_offset < (uint64_t) profile->heap_sites[index - 1]
					 .raw_offset
			    + sizeof (struct mip_raw_heap_site))
    return MIP_CORRUPT (parser, "allocation site %" PRIu32 ": record at %"
			PRIu32 " is not after the previous site's", index,
			site->raw_offset);
  return MIP_OK;
}

/* The allocation sites and their pairs: every pair names two sites,
   frees blocks, and comes after the one before it in (alloc, free)
   order.  */
static enum mip_error
check_heap (struct profile_parser *parser)
{
  const struct mip_profile *profile = parser->profile;
  const struct mip_profile_header *h = &profile->header;
  enum mip_error status = MIP_OK;

  if (mip_profile_is_imported (profile)
      && (h->heap_site_count != 0 || h->heap_pair_count != 0))
    return MIP_CORRUPT (parser, "a profile without units has allocation"
			" sites");
  for (uint32_t i = 0; status == MIP_OK && i < h->heap_site_count; i++)
    status = check_heap_site (parser, i);
  for (uint32_t i = 0; status == MIP_OK && i < h->heap_pair_count; i++)
    {
      const struct mip_profile_heap_pair *pair = &profile->heap_pairs[i];
      const struct mip_profile_heap_pair *last =
	i > 0 ? &profile->heap_pairs[i - 1] : NULL;
      if (pair->alloc >= h->heap_site_count
	  || pair->free >= h->heap_site_count)
	return MIP_CORRUPT (parser, "allocation pair %" PRIu32 " names site %"
			    PRIu32 " and site %" PRIu32 " of %" PRIu32, i,
			    pair->alloc, pair->free, h->heap_site_count);
      if (pair->blocks == 0)
	return MIP_CORRUPT (parser, "allocation pair %" PRIu32 " frees no"
			    " block", i);
      if (last && (pair->alloc < last->alloc
		    || (pair->alloc == last->alloc
			&& pair->free <= last->free)))
	return MIP_CORRUPT (parser, "allocation pair %" PRIu32 " (sites %"
			    PRIu32 ", %" PRIu32 ") is out of order", i,
			    pair->alloc, pair->free);
    }
  return status;
}

/* The early functions and the holds (mip-ipa.h): every index in range,
   every name a string, the holds in (ipa_function, ipa_block) order.  */
static enum mip_error
check_ipa (struct profile_parser *parser)
{
  const struct mip_profile *profile = parser->profile;
  const struct mip_profile_header *h = &profile->header;

  for (uint32_t i = 0; i < h->ipa_function_count; i++)
    {
      const struct mip_profile_ipa_function *f = &profile->ipa_functions[i];
      if (f->name_offset >= h->strings_size || f->unit_index >= h->unit_count
	  || f->block_count == 0 || f->signature == 0)
	return MIP_CORRUPT (parser, "early function %" PRIu32 ": name at %"
			    PRIu32 ", unit %" PRIu32 ", %" PRIu32 " blocks,"
			    " signature %" PRIu32, i, f->name_offset,
			    f->unit_index, f->block_count, f->signature);
    }
  for (uint32_t i = 0; i < h->ipa_hold_count; i++)
    {
      const struct mip_profile_ipa_hold *hold = &profile->ipa_holds[i];
      const struct mip_profile_ipa_hold *last =
	i > 0 ? &profile->ipa_holds[i - 1] : NULL;
      if (hold->function >= h->function_count
	  || hold->block >= profile->functions[hold->function].block_count
	  || hold->ipa_function >= h->ipa_function_count
	  || hold->ipa_block
	     >= profile->ipa_functions[hold->ipa_function].block_count)
	return MIP_CORRUPT (parser, "early block hold %" PRIu32 " names"
			    " block %" PRIu32 " of function %" PRIu32
			    " and early block %" PRIu32 " of early function %"
			    PRIu32 ", which the profile has not", i,
			    hold->block, hold->function, hold->ipa_block,
			    hold->ipa_function);
      if (last && (hold->ipa_function < last->ipa_function
		   || (hold->ipa_function == last->ipa_function
		       && hold->ipa_block < last->ipa_block)))
	return MIP_CORRUPT (parser, "early block hold %" PRIu32
			    " is out of order", i);
    }
  return MIP_OK;
}

/* Value site INDEX: its early function, its operation, its record
   8-aligned inside the raw unit of its early function's unit; after
   the previous site in (ipa_function, site, raw_offset) order.  */
static enum mip_error
check_value_site (struct profile_parser *parser, uint32_t index)
{
  const struct mip_profile *profile = parser->profile;
  const struct mip_profile_header *h = &profile->header;
  const struct mip_profile_value_site *v = &profile->value_sites[index];

  if (v->ipa_function >= h->ipa_function_count)
    return MIP_CORRUPT (parser, "value site %" PRIu32 ": early function %"
			PRIu32 " does not exist (%" PRIu32 " early"
			" functions)", index, v->ipa_function,
			h->ipa_function_count);
  if (v->operation == 0 || v->operation > MIP_VALUE_OPERATION_MAX)
    return MIP_CORRUPT (parser, "value site %" PRIu32 " has operation %"
			PRIu32 ", which this mipdata does not know", index,
			v->operation);
  /* check_ipa saw the early function's unit exist.  */
  const struct mip_profile_unit *unit =
    &profile->units[profile->ipa_functions[v->ipa_function].unit_index];
  if (v->raw_offset % 8 != 0
      || v->raw_offset < (uint64_t) unit->raw_offset
			 + sizeof (struct mip_raw_unit)
      || (uint64_t) v->raw_offset + sizeof (struct mip_raw_value_site)
	 > (uint64_t) unit->raw_offset + unit->raw_size)
    return MIP_CORRUPT (parser, "value site %" PRIu32 ": record at %" PRIu32
			" is outside its unit's raw data (%" PRIu32
			" bytes at %" PRIu32 ") or not 8-aligned", index,
			v->raw_offset, unit->raw_size, unit->raw_offset);
  if (index > 0
      && mip_compare_value_sites (&profile->value_sites[index - 1], v) >= 0)
    return MIP_CORRUPT (parser, "value site %" PRIu32 " is out of order",
			index);
  return MIP_OK;
}

/* The values of value site INDEX: the range of the value table that
   starts at *NEXT, where the previous site's ends (moved past it), by
   value strictly ascending, every count non-zero.  */
static enum mip_error
check_site_values (struct profile_parser *parser, uint32_t index,
		   uint32_t *next)
{
  const struct mip_profile *profile = parser->profile;
  const struct mip_profile_value_site *v = &profile->value_sites[index];

  if (v->value_begin != *next)
    return MIP_CORRUPT (parser, "value site %" PRIu32 ": its values start"
			" at %" PRIu32 ", the previous site's end at %"
			PRIu32, index, v->value_begin, *next);
  if (v->value_count > profile->header.value_count - v->value_begin)
    return MIP_CORRUPT (parser, "value site %" PRIu32 ": its %" PRIu32
			" values at %" PRIu32 " end past the %" PRIu32
			" of the value table", index, v->value_count,
			v->value_begin, profile->header.value_count);
  const struct mip_profile_value *values = profile->values + v->value_begin;
  for (uint32_t k = 0; k < v->value_count; k++)
    {
      if (values[k].count == 0)
	return MIP_CORRUPT (parser, "value site %" PRIu32 ": value %" PRIu64
			    " has count 0", index, values[k].value);
      if (k > 0 && values[k].value <= values[k - 1].value)
	return MIP_CORRUPT (parser, "value site %" PRIu32 ": value %" PRIu64
			    " after %" PRIu64 " is out of order", index,
			    values[k].value, values[k - 1].value);
    }
  *next = v->value_begin + v->value_count;
  return MIP_OK;
}

static int
compare_u32 (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  return x < y ? -1 : x > y;
}

/* The value sites, each checked, and no record shared by two.  */
static enum mip_error
check_value_sites (struct profile_parser *parser)
{
  const struct mip_profile *profile = parser->profile;
  uint32_t count = profile->header.value_site_count;
  enum mip_error status = MIP_OK;
  uint32_t next = 0;

  for (uint32_t i = 0; status == MIP_OK && i < count; i++)
    if ((status = check_value_site (parser, i)) == MIP_OK)
      status = check_site_values (parser, i, &next);
  if (status == MIP_OK && next != profile->header.value_count)
    status = MIP_CORRUPT (parser, "the value sites' values end at %" PRIu32
			  ", the value table has %" PRIu32, next,
			  profile->header.value_count);
  if (status != MIP_OK || count < 2)
    return status;
  uint32_t *offsets = calloc (count, sizeof *offsets);
  if (!offsets)
    return mip_error_set (parser->error, MIP_ERROR_NO_MEMORY, parser->name,
			  NULL);
  for (uint32_t i = 0; i < count; i++)
    offsets[i] = profile->value_sites[i].raw_offset;
  qsort (offsets, count, sizeof *offsets, compare_u32);
  for (uint32_t i = 1; status == MIP_OK && i < count; i++)
    if (offsets[i] == offsets[i - 1])
      status = MIP_CORRUPT (parser, "two value sites have their record at"
			    " %" PRIu32, offsets[i]);
  free (offsets);
  return status;
}

static enum mip_error
check_contents (struct profile_parser *parser)
{
  const struct mip_profile_header *h = &parser->profile->header;
  enum mip_error status;
  uint32_t i;

  if (h->strings_size > 0 && parser->profile->strings[h->strings_size - 1])
    return MIP_CORRUPT (parser, "the string table does not end with a null"
			" byte");
  status = check_units (parser);
  for (i = 0; status == MIP_OK && i < h->function_count; i++)
    status = check_function (parser, i);
  if (status == MIP_OK)
    status = check_heap (parser);
  if (status == MIP_OK)
    status = check_ipa (parser);
  if (status == MIP_OK)
    status = check_value_sites (parser);
  return status;
}

enum mip_error
mip_profile_parse (const void *data, size_t size, const char *name,
		   struct mip_profile **result,
		   struct mip_error_context *error)
{
  struct profile_parser parser;
  enum mip_error status;

  parser.reader = mip_reader_make (data, size, false);
  parser.name = name;
  parser.error = error;
  memset (&parser.scratch, 0, sizeof parser.scratch);
  parser.profile = calloc (1, sizeof *parser.profile);
  if (!parser.profile)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  status = check_header (&parser);
  if (status == MIP_OK)
    status = check_tables (&parser);
  if (status == MIP_OK && !mip_profile_allocate_tables (parser.profile))
    status = mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  if (status == MIP_OK)
    {
      read_tables (&parser);
      status = check_contents (&parser);
    }
  mip_infer_scratch_free (&parser.scratch);
  if (status == MIP_OK && !mip_profile_derive_aliases (parser.profile))
    status = mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  if (status != MIP_OK)
    {
      mip_profile_free (parser.profile);
      return status;
    }
  *result = parser.profile;
  return MIP_OK;
}

enum mip_error
mip_profile_read_file (const char *path, struct mip_profile **profile,
		       struct mip_error_context *error)
{
  unsigned char *data;
  size_t size;
  enum mip_error status = mip_read_file (path, &data, &size, error);

  if (status != MIP_OK)
    return status;
  status = mip_profile_parse (data, size, path, profile, error);
  free (data);
  return status;
}
