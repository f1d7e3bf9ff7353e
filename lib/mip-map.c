/* mip-map.c - parse and validate a map (.debug_mip_map section, .mipmap file).

   Two passes over the units: the first checks every unit header and
   counts what the model needs, the second checks and copies every
   function entry, block entry, inference list entry and edge, and checks that
   the inference lists of each function form no cycle.  Nothing is read
   before its bounds have been checked against the unit it belongs to,
   and every sum of an offset and a size is done in 64 bits.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-map.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mip-infer.h"
#include "mip-reader.h"

/* The state of one parse.  */
struct map_parser
{
  struct mip_reader reader;     /* the whole map */
  const char *name;
  struct mip_error_context *error;
  uint64_t magic;               /* the first unit's, every unit's */
  unsigned pointer_size;
  struct mip_map *map;
  struct mip_infer_scratch scratch; /* for the cycle checks */
};

bool
mip_address_is_discarded (uint64_t address, unsigned pointer_size)
{
  return (address == 0 || address == UINT64_MAX
	  || address == mip_pointer_mask (pointer_size));
}

void
mip_map_free (struct mip_map *map)
{
  if (!map)
    return;
  free (map->units);
  free (map->functions);
  free (map->blocks);
  free (map->infer_entries);
  free (map->edges);
  free (map->strings);
  free (map);
}

/* Does [OFFSET, OFFSET + COUNT * ENTRY_SIZE) lie in [FLOOR, LIMIT)?
   COUNT and ENTRY_SIZE are 32-bit, so the product fits 64 bits.  */
static bool
table_fits (uint64_t offset, uint64_t count, uint64_t entry_size,
	    uint64_t floor, uint64_t limit)
{
  uint64_t bytes = count * entry_size;
  return offset >= floor && offset <= limit && bytes <= limit - offset;
}

static enum mip_error
check_magic (struct map_parser *parser)
{
  struct mip_magic_info magic;
  uint64_t size = parser->reader.size;
  const char *foreign = mip_foreign_format (parser->reader.data, size);

  if (foreign)
    return mip_error_set (parser->error, MIP_ERROR_BAD_MAGIC, parser->name,
			  "it is %s, not a MIP map", foreign);
  if (size < sizeof (struct mip_map_unit))
    return mip_error_set (parser->error, MIP_ERROR_TRUNCATED, parser->name,
			  "%" PRIu64 " bytes, a map unit header needs %zu",
			  size, sizeof (struct mip_map_unit));
  if (!mip_detect_magic (parser->reader.data, size, &magic))
    return mip_error_set (parser->error, MIP_ERROR_BAD_MAGIC, parser->name,
			  "it does not start with a MIP map magic number");
  if (magic.kind != MIP_MAGIC_KIND (MIP_MAGIC_MAP64))
    return mip_error_set (parser->error, MIP_ERROR_WRONG_KIND, parser->name,
			  "expected a map, found a %s",
			  mip_magic_kind_name (magic.kind));
  if (magic.pointer_size != 4 && magic.pointer_size != 8)
    return mip_error_set (parser->error, MIP_ERROR_CORRUPT, parser->name,
			  "pointer size of %u bits", magic.pointer_size * 8);
  parser->reader.swap = magic.swap;
  parser->magic = magic.magic;
  parser->pointer_size = magic.pointer_size;
  parser->map->pointer_size = magic.pointer_size;
  parser->map->big_endian = mip_host_big_endian () != magic.swap;
  return MIP_OK;
}

/* Check the header of the unit at AT (INDEX-th); on success *HEADER holds
   it in host byte order.  */
static enum mip_error
check_unit_header (struct map_parser *parser, uint64_t at, uint32_t index,
		   struct mip_map_unit *header)
{
  uint64_t left = parser->reader.size - at;
  uint64_t functions_end;

  if (!mip_read_struct (&parser->reader, at, &mip_layout_mip_map_unit,
			header))
    return mip_error_set (parser->error, MIP_ERROR_TRUNCATED, parser->name,
			  "unit %" PRIu32 " at offset %" PRIu64 ": %" PRIu64
			  " bytes left, a unit header needs %zu",
			  index, at, left, sizeof *header);
  if (header->magic != parser->magic)
    return MIP_CORRUPT (parser, "unit %" PRIu32 " at offset %" PRIu64
			": magic 0x%016" PRIx64
			" differs from the first unit's",
			index, at, header->magic);
  if (header->version != MIP_FORMAT_VERSION)
    return mip_error_set (parser->error, MIP_ERROR_VERSION, parser->name,
			  "unit %" PRIu32 " has version %" PRIu32
			  ", this mipdata reads version %u", index,
			  header->version, MIP_FORMAT_VERSION);
  if (header->header_size != sizeof *header)
    return MIP_CORRUPT (parser, "unit %" PRIu32 ": header_size %" PRIu32
			" (expected %zu)", index, header->header_size,
			sizeof *header);
  if (header->unit_size % 8 != 0 || header->unit_size < sizeof *header)
    return MIP_CORRUPT (parser, "unit %" PRIu32 ": unit_size %" PRIu32
			" is not a multiple of 8 of at least %zu", index,
			header->unit_size, sizeof *header);
  if (header->unit_size > left)
    return mip_error_set (parser->error, MIP_ERROR_TRUNCATED, parser->name,
			  "unit %" PRIu32 " at offset %" PRIu64 " says %"
			  PRIu32 " bytes, %" PRIu64 " left", index, at,
			  header->unit_size, left);
  if (header->function_entry_size != sizeof (struct mip_map_function)
      || header->block_entry_size != sizeof (struct mip_map_block))
    return MIP_CORRUPT (parser, "unit %" PRIu32 ": entry sizes %" PRIu32
			" and %" PRIu32 " (expected %zu and %zu)", index,
			header->function_entry_size, header->block_entry_size,
			sizeof (struct mip_map_function),
			sizeof (struct mip_map_block));
  if (!table_fits (header->header_size, header->function_count,
		   header->function_entry_size, header->header_size,
		   header->unit_size))
    return MIP_CORRUPT (parser, "unit %" PRIu32 ": %" PRIu32
			" function entries do not fit in %" PRIu32 " bytes",
			index, header->function_count, header->unit_size);
  functions_end = (uint64_t) header->header_size
    + (uint64_t) header->function_count * header->function_entry_size;
  if (!table_fits (header->strings_offset, header->strings_size, 1,
		   functions_end, header->unit_size))
    return MIP_CORRUPT (parser, "unit %" PRIu32 ": string table at %" PRIu32
			" (%" PRIu32 " bytes) is outside the unit", index,
			header->strings_offset, header->strings_size);
  if (header->strings_size > 0
      && parser->reader.data[at + header->strings_offset
			     + header->strings_size - 1] != '\0')
    return MIP_CORRUPT (parser, "unit %" PRIu32 ": string table does not end"
			" with a null byte", index);
  if (header->raw_size % 8 != 0
      || header->raw_size < sizeof (struct mip_raw_unit))
    return MIP_CORRUPT (parser, "unit %" PRIu32 ": raw_size %" PRIu32
			" is not a multiple of 8 of at least %zu", index,
			header->raw_size, sizeof (struct mip_raw_unit));
  if (header->mode & ~MIP_KIND_ALL)
    return MIP_CORRUPT (parser, "unit %" PRIu32 ": unknown mode bits 0x%"
			PRIx32, index, header->mode & ~MIP_KIND_ALL);
  if (header->options_offset != MIP_NO_OFFSET
      && header->options_offset >= header->strings_size)
    return MIP_CORRUPT (parser, "unit %" PRIu32 ": options_offset %" PRIu32
			" is past the string table (%" PRIu32 " bytes)", index,
			header->options_offset, header->strings_size);
  return MIP_OK;
}

/* First pass: check every unit header, count units, functions and string
   bytes, sum the raw sizes and fold the build id.  */
static enum mip_error
walk_units (struct map_parser *parser, uint64_t *function_total,
	    uint64_t *strings_total)
{
  struct mip_map *map = parser->map;
  uint64_t at = 0;
  uint64_t units = 0;

  map->build_id = MIP_HASH_INIT;
  *function_total = *strings_total = 0;
  while (at < parser->reader.size)
    {
      struct mip_map_unit header;
      enum mip_error status;

      if (units >= UINT32_MAX)
	return mip_error_set (parser->error, MIP_ERROR_TOO_LARGE,
			      parser->name, "too many units");
      status = check_unit_header (parser, at, (uint32_t) units, &header);
      if (status != MIP_OK)
	return status;
      if (units == 0)
	map->anchor_address = header.anchor_address;
      map->build_id = mip_build_id_add (map->build_id, header.unit_hash);
      map->raw_data_size += header.raw_size;
      *function_total += header.function_count;
      *strings_total += header.strings_size;
      at += header.unit_size;
      units++;
    }
  if (*function_total > UINT32_MAX || map->raw_data_size > UINT32_MAX)
    return mip_error_set (parser->error, MIP_ERROR_TOO_LARGE, parser->name,
			  "%" PRIu64 " functions, %" PRIu64 " raw bytes",
			  *function_total, map->raw_data_size);
  map->unit_count = (uint32_t) units;
  map->function_count = (uint32_t) *function_total;
  return MIP_OK;
}

/* Check the fields of function entry ENTRY (INDEX-th of its unit) of a
   unit with HEADER.  */
static enum mip_error
check_function_entry (struct map_parser *parser,
		      const struct mip_map_unit *header,
		      const struct mip_map_function *entry, uint32_t index)
{
  struct mip_record_layout layout;

  if (entry->name_offset >= header->strings_size)
    return MIP_CORRUPT (parser, "function %" PRIu32 ": name_offset %" PRIu32
			" is past the string table (%" PRIu32 " bytes)", index,
			entry->name_offset, header->strings_size);
  if (entry->kinds & ~MIP_KIND_ALL)
    return MIP_CORRUPT (parser, "function %" PRIu32 ": unknown kinds 0x%"
			PRIx32, index, entry->kinds & ~MIP_KIND_ALL);
  if (entry->probe_count > header->raw_size
      || entry->caller_slots > header->raw_size)
    return MIP_CORRUPT (parser, "function %" PRIu32 ": %" PRIu32
			" probes and %" PRIu32 " caller slots cannot fit its"
			" raw unit", index, entry->probe_count,
			entry->caller_slots);
  layout = mip_record_layout (entry->kinds, entry->probe_count,
			      entry->caller_slots, parser->pointer_size);
  if (!table_fits (entry->raw_offset, layout.size, 1,
		   sizeof (struct mip_raw_unit), header->raw_size))
    return MIP_CORRUPT (parser, "function %" PRIu32 ": raw record at %" PRIu32
			" (%" PRIu32 " bytes) is outside its raw unit of %"
			PRIu32 " bytes", index, entry->raw_offset, layout.size,
			header->raw_size);
  if (entry->raw_offset % layout.align != 0)
    return MIP_CORRUPT (parser, "function %" PRIu32 ": raw record at %"
			PRIu32 " is not aligned to %" PRIu32, index,
			entry->raw_offset, layout.align);
  if (entry->block_count > 0
      && !table_fits (entry->blocks_offset, entry->block_count,
		      header->block_entry_size, header->header_size,
		      header->unit_size))
    return MIP_CORRUPT (parser, "function %" PRIu32 ": %" PRIu32
			" block entries at %" PRIu32 " are outside the unit",
			index, entry->block_count, entry->blocks_offset);
  if (entry->infer_count > 0
      && !table_fits (entry->infer_offset, entry->infer_count, 4,
		      header->header_size, header->unit_size))
    return MIP_CORRUPT (parser, "function %" PRIu32 ": %" PRIu32
			" inference entries at %" PRIu32
			" are outside the unit",
			index, entry->infer_count, entry->infer_offset);
  if (entry->edge_count > 0
      && !table_fits (entry->edge_offset, entry->edge_count,
		      sizeof (struct mip_map_edge), header->header_size,
		      header->unit_size))
    return MIP_CORRUPT (parser, "function %" PRIu32 ": %" PRIu32
			" edges at %" PRIu32 " are outside the unit",
			index, entry->edge_count, entry->edge_offset);
  return MIP_OK;
}

/* Copy and check the edge list of FUNCTION (INDEX-th of its unit), whose
   unit starts at UNIT_AT: each to a block of the function.  */
static enum mip_error
read_edges (struct map_parser *parser, uint64_t unit_at,
	    struct mip_map_model_function *function, uint32_t index)
{
  const struct mip_map_function *entry = &function->entry;
  uint32_t i;

  for (i = 0; i < entry->edge_count; i++)
    {
      struct mip_map_edge *edge = &parser->map->edges[function->edge_begin
						      + i];
      mip_read_struct (&parser->reader,
		       unit_at + entry->edge_offset
		       + (uint64_t) i * sizeof *edge,
		       &mip_layout_mip_map_edge, edge);
      if (edge->target >= entry->block_count)
	return MIP_CORRUPT (parser, "function %" PRIu32 ": edge %" PRIu32
			    " goes to block %" PRIu32 ", not one of its %"
			    PRIu32 " blocks", index, i, edge->target,
			    entry->block_count);
      if (edge->flags & ~MIP_EDGE_ALL)
	return MIP_CORRUPT (parser, "function %" PRIu32 ": edge %" PRIu32
			    " has unknown flags 0x%" PRIx32, index, i,
			    edge->flags & ~MIP_EDGE_ALL);
    }
  return MIP_OK;
}

/* Copy and check the inference list of FUNCTION (INDEX-th of its unit),
   whose unit starts at UNIT_AT: block indexes of the function or
   MIP_INFER_FUNCTION.  */
static enum mip_error
read_infer_entries (struct map_parser *parser, uint64_t unit_at,
		    struct mip_map_model_function *function, uint32_t index)
{
  const struct mip_map_function *entry = &function->entry;
  uint32_t i;

  for (i = 0; i < entry->infer_count; i++)
    {
      uint32_t *infer = &parser->map->infer_entries[function->infer_begin
						    + i];
      mip_read_u32 (&parser->reader,
		    unit_at + entry->infer_offset + 4 * (uint64_t) i, infer);
      if (*infer != MIP_INFER_FUNCTION && *infer >= entry->block_count)
	return MIP_CORRUPT (parser, "function %" PRIu32 ": inference entry %"
			    PRIu32 " is %" PRIu32 ", not one of its %" PRIu32
			    " blocks", index, i, *infer, entry->block_count);
    }
  return MIP_OK;
}

/* Check one block entry (BLOCK-th of FUNCTION, INDEX-th of its unit).  */
static enum mip_error
check_block (struct map_parser *parser, const struct mip_map_function *entry,
	     const struct mip_map_block *block, uint32_t index,
	     uint32_t block_index)
{
  if (block->probe != MIP_NO_PROBE && block->probe >= entry->probe_count)
    return MIP_CORRUPT (parser, "function %" PRIu32 ": block %" PRIu32
			" has probe %" PRIu32 " past the probe count %" PRIu32,
			index, block_index, block->probe, entry->probe_count);
  if (block->probe != MIP_NO_PROBE && block->infer_count != 0)
    return MIP_CORRUPT (parser, "function %" PRIu32 ": block %" PRIu32
			" has both a probe and an inference list", index,
			block_index);
  if (!table_fits (block->infer_begin, block->infer_count, 1, 0,
		   entry->infer_count))
    return MIP_CORRUPT (parser, "function %" PRIu32 ": block %" PRIu32
			" has inference entries past the list of %" PRIu32,
			index, block_index, entry->infer_count);
  if (!table_fits (block->edge_begin, block->edge_count, 1, 0,
		   entry->edge_count))
    return MIP_CORRUPT (parser, "function %" PRIu32 ": block %" PRIu32
			" has edges past the list of %" PRIu32,
			index, block_index, entry->edge_count);
  return MIP_OK;
}

/* The inference list of block BLOCK of a map function.  */
static void
map_block_list (const void *blocks, uint32_t block, uint32_t *begin,
		uint32_t *count)
{
  const struct mip_map_block *entry =
    &((const struct mip_map_block *) blocks)[block];
  *begin = entry->infer_begin;
  *count = entry->infer_count;
}

/* The inference lists of FUNCTION must form no cycle.  */
static enum mip_error
check_inference_cycles (struct map_parser *parser,
			const struct mip_map_model_function *function)
{
  struct mip_infer_graph graph;
  uint32_t cycle_block;

  graph.block_count = function->entry.block_count;
  graph.entries = parser->map->infer_entries + function->infer_begin;
  graph.blocks = parser->map->blocks + function->block_begin;
  graph.list_of = map_block_list;
  switch (mip_infer_check (&graph, &parser->scratch, &cycle_block))
    {
    case MIP_INFER_OK:
      return MIP_OK;
    case MIP_INFER_CYCLE:
      return MIP_CORRUPT (parser, "inference cycle in function '%s'",
			  function->name);
    default:
      return mip_error_set (parser->error, MIP_ERROR_NO_MEMORY, parser->name,
			    NULL);
    }
}

/* Copy and check the blocks and inference list of FUNCTION (INDEX-th of
   its unit), whose unit starts at UNIT_AT.  */
static enum mip_error
read_blocks (struct map_parser *parser, uint64_t unit_at,
	     struct mip_map_model_function *function, uint32_t index)
{
  struct mip_map *map = parser->map;
  const struct mip_map_function *entry = &function->entry;
  enum mip_error status;
  uint32_t i;

  status = read_infer_entries (parser, unit_at, function, index);
  if (status == MIP_OK)
    status = read_edges (parser, unit_at, function, index);
  if (status != MIP_OK)
    return status;
  for (i = 0; i < entry->block_count; i++)
    {
      struct mip_map_block *block = &map->blocks[function->block_begin + i];
      mip_read_struct (&parser->reader,
		       unit_at + entry->blocks_offset
		       + (uint64_t) i * sizeof *block,
		       &mip_layout_mip_map_block, block);
      status = check_block (parser, entry, block, index, i);
      if (status != MIP_OK)
	return status;
    }
  return check_inference_cycles (parser, function);
}

/* Second pass, one unit: copy and check its function entries, blocks,
   inference lists and strings.  */
static enum mip_error
read_unit (struct map_parser *parser, uint64_t unit_at, uint32_t unit_index,
	   size_t *strings_used)
{
  struct mip_map *map = parser->map;
  struct mip_map_model_unit *unit = &map->units[unit_index];
  const struct mip_map_unit *header = &unit->header;
  const char *strings = map->strings + *strings_used;
  uint32_t k;

  memcpy (map->strings + *strings_used,
	  parser->reader.data + unit_at + header->strings_offset,
	  header->strings_size);
  *strings_used += header->strings_size;
  unit->options = (header->options_offset == MIP_NO_OFFSET ? NULL
		   : strings + header->options_offset);
  for (k = 0; k < header->function_count; k++)
    {
      struct mip_map_model_function *function =
	&map->functions[unit->function_begin + k];
      enum mip_error status;

      mip_read_struct (&parser->reader,
		       unit_at + header->header_size
		       + (uint64_t) k * sizeof function->entry,
		       &mip_layout_mip_map_function, &function->entry);
      status = check_function_entry (parser, header, &function->entry, k);
      if (status != MIP_OK)
	return status;
      if ((uint64_t) map->block_count + function->entry.block_count
	  > UINT32_MAX
	  || (uint64_t) map->infer_count + function->entry.infer_count
	  > UINT32_MAX
	  || (uint64_t) map->edge_count + function->entry.edge_count
	  > UINT32_MAX)
	return mip_error_set (parser->error, MIP_ERROR_TOO_LARGE,
			      parser->name, "too many blocks");
      function->name = strings + function->entry.name_offset;
      function->unit_index = unit_index;
      function->block_begin = map->block_count;
      function->infer_begin = map->infer_count;
      function->edge_begin = map->edge_count;
      map->block_count += function->entry.block_count;
      map->infer_count += function->entry.infer_count;
      map->edge_count += function->entry.edge_count;
    }
  return MIP_OK;
}

/* Allocate the block and inference arrays of the map for their counts;
   never NULL, even when empty, since a function's slice of them is
   taken by pointer arithmetic (NULL + 0 is undefined).  */
static bool
allocate_blocks (struct mip_map *map)
{
  map->blocks = calloc (map->block_count ? map->block_count : 1,
			sizeof *map->blocks);
  map->infer_entries = calloc (map->infer_count ? map->infer_count : 1,
			       sizeof *map->infer_entries);
  map->edges = calloc (map->edge_count ? map->edge_count : 1,
		       sizeof *map->edges);
  return map->blocks && map->infer_entries && map->edges;
}

/* Second pass: units, then blocks (whose total is known only now).  */
static enum mip_error
read_units (struct map_parser *parser)
{
  struct mip_map *map = parser->map;
  uint64_t at = 0, raw_offset = 0;
  size_t strings_used = 0;
  uint32_t i, function_begin = 0;

  for (i = 0; i < map->unit_count; i++)
    {
      struct mip_map_model_unit *unit = &map->units[i];
      enum mip_error status;

      mip_read_struct (&parser->reader, at, &mip_layout_mip_map_unit,
		       &unit->header);
      unit->map_offset = at;
      unit->raw_offset = raw_offset;
      unit->function_begin = function_begin;
      status = read_unit (parser, at, i, &strings_used);
      if (status != MIP_OK)
	{
	  char where[64];
	  snprintf (where, sizeof where, "unit %" PRIu32, i);
	  mip_error_prefix_detail (parser->error, where);
	  return status;
	}
      function_begin += unit->header.function_count;
      raw_offset += unit->header.raw_size;
      at += unit->header.unit_size;
    }
  if (!allocate_blocks (map))
    return mip_error_set (parser->error, MIP_ERROR_NO_MEMORY, parser->name,
			  NULL);
  for (i = 0; i < map->function_count; i++)
    {
      struct mip_map_model_function *function = &map->functions[i];
      const struct mip_map_model_unit *unit =
	&map->units[function->unit_index];
      enum mip_error status =
	read_blocks (parser, unit->map_offset, function,
		     i - unit->function_begin);
      if (status != MIP_OK)
	{
	  char where[64];
	  snprintf (where, sizeof where, "unit %" PRIu32,
		    function->unit_index);
	  mip_error_prefix_detail (parser->error, where);
	  return status;
	}
    }
  return MIP_OK;
}

enum mip_error
mip_map_parse (const void *data, size_t size, const char *name,
	       struct mip_map **result, struct mip_error_context *error)
{
  struct map_parser parser;
  uint64_t function_total, strings_total;
  enum mip_error status;

  parser.reader = mip_reader_make (data, size, false);
  parser.name = name;
  parser.error = error;
  memset (&parser.scratch, 0, sizeof parser.scratch);
  parser.map = calloc (1, sizeof *parser.map);
  if (!parser.map)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  status = check_magic (&parser);
  if (status == MIP_OK)
    status = walk_units (&parser, &function_total, &strings_total);
  if (status == MIP_OK)
    {
      struct mip_map *map = parser.map;
      map->units = calloc (map->unit_count, sizeof *map->units);
      map->functions = calloc (function_total ? function_total : 1,
			       sizeof *map->functions);
      map->strings = malloc (strings_total ? strings_total : 1);
      map->strings_size = strings_total;
      if (!map->units || !map->functions || !map->strings)
	status = mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
    }
  if (status == MIP_OK)
    status = read_units (&parser);
  mip_infer_scratch_free (&parser.scratch);
  if (status != MIP_OK)
    {
      mip_map_free (parser.map);
      return status;
    }
  *result = parser.map;
  return MIP_OK;
}
