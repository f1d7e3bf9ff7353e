/* mip-profile.c - create, read and write the indexed profile (.mip).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-profile.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mip-file.h"
#include "mip-heap.h"
#include "mip-profile-internal.h"
#include "mip-reader.h"

void
mip_profile_free (struct mip_profile *profile)
{
  if (!profile)
    return;
  free (profile->units);
  free (profile->functions);
  free (profile->blocks);
  free (profile->infer_entries);
  free (profile->edges);
  free (profile->callers);
  free (profile->heap_sites);
  free (profile->heap_pairs);
  free (profile->ipa_functions);
  free (profile->ipa_holds);
  free (profile->value_sites);
  free (profile->values);
  free (profile->strings);
  free (profile->primary);
  free (profile->effective_kinds);
  free (profile);
}

/* calloc that never returns NULL for a zero count.  */
static void *
allocate_array (uint64_t count, size_t size)
{
  if (count > SIZE_MAX / size)
    return NULL;
  return calloc (count ? count : 1, size);
}

/* Allocate the tables of PROFILE for the counts in its header.  */
bool
mip_profile_allocate_tables (struct mip_profile *profile)
{
  const struct mip_profile_header *header = &profile->header;

  profile->units = allocate_array (header->unit_count,
				   sizeof *profile->units);
  profile->functions = allocate_array (header->function_count,
				       sizeof *profile->functions);
  profile->blocks = allocate_array (header->block_count,
				    sizeof *profile->blocks);
  profile->infer_entries = allocate_array (header->infer_count,
					   sizeof *profile->infer_entries);
  profile->edges = allocate_array (header->edge_count,
				   sizeof *profile->edges);
  profile->callers = allocate_array (header->caller_count,
				     sizeof *profile->callers);
  profile->heap_sites = allocate_array (header->heap_site_count,
					sizeof *profile->heap_sites);
  profile->heap_pairs = allocate_array (header->heap_pair_count,
					sizeof *profile->heap_pairs);
  profile->ipa_functions = allocate_array (header->ipa_function_count,
					   sizeof *profile->ipa_functions);
  profile->ipa_holds = allocate_array (header->ipa_hold_count,
				       sizeof *profile->ipa_holds);
  profile->value_sites = allocate_array (header->value_site_count,
					 sizeof *profile->value_sites);
  profile->values = allocate_array (header->value_count,
				    sizeof *profile->values);
  profile->strings = allocate_array (header->strings_size, 1);
  profile->primary = allocate_array (header->function_count,
				     sizeof *profile->primary);
  profile->effective_kinds = allocate_array (header->function_count,
					     sizeof *profile->effective_kinds);
  return (profile->units && profile->functions && profile->blocks
	  && profile->infer_entries && profile->edges && profile->callers
	  && profile->heap_sites && profile->heap_pairs
	  && profile->ipa_functions && profile->ipa_holds
	  && profile->value_sites && profile->values && profile->strings
	  && profile->primary && profile->effective_kinds);
}

/* ---- Queries ------------------------------------------------------- */

const char *
mip_profile_function_name (const struct mip_profile *profile,
			   uint32_t index)
{
  return profile->strings + profile->functions[index].name_offset;
}

bool
mip_profile_function_is_discarded (const struct mip_profile *profile,
				   uint32_t index)
{
  return (profile->functions[index].flags & MIP_FUNCTION_DISCARDED) != 0;
}

bool
mip_profile_function_is_alias (const struct mip_profile *profile,
			       uint32_t index)
{
  return profile->primary[index] != index;
}

uint32_t
mip_profile_function_kinds (const struct mip_profile *profile,
			    uint32_t index)
{
  return profile->effective_kinds[profile->primary[index]];
}

const char *
mip_profile_unit_options (const struct mip_profile *profile,
			  uint32_t unit_index)
{
  uint32_t offset = profile->units[unit_index].options_offset;
  return offset == MIP_NO_OFFSET ? "" : profile->strings + offset;
}

uint64_t
mip_profile_function_order (const struct mip_profile *profile,
			    uint32_t index)
{
  const struct mip_profile_function *function = &profile->functions[index];
  if (function->order_runs == 0)
    return 0;
  return ((function->order_sum + function->order_runs / 2)
	  / function->order_runs);
}

/* The inference list of block BLOCK of a profile function.  */
static void
profile_block_list (const void *blocks, uint32_t block, uint32_t *begin,
		    uint32_t *count)
{
  const struct mip_profile_block *entry =
    &((const struct mip_profile_block *) blocks)[block];
  *begin = entry->infer_begin;
  *count = entry->infer_count;
}

void
mip_profile_infer_graph (const struct mip_profile *profile, uint32_t index,
			 struct mip_infer_graph *graph)
{
  const struct mip_profile_function *function = &profile->functions[index];

  graph->block_count = function->block_count;
  graph->entries = profile->infer_entries + function->infer_begin;
  graph->blocks = profile->blocks + function->block_begin;
  graph->list_of = profile_block_list;
}

bool
mip_profile_block_address (const struct mip_profile *profile,
			   uint32_t index, uint32_t block, uint64_t *address)
{
  const struct mip_profile_function *function = &profile->functions[index];
  const struct mip_profile_block *entry =
    &profile->blocks[function->block_begin + block];
  uint64_t base = (entry->flags & MIP_BLOCK_COLD) ? function->cold_address
    : function->address;

  if ((entry->flags & MIP_BLOCK_NO_OFFSET)
      || mip_address_is_discarded (base, profile->header.pointer_size))
    return false;
  *address = base + entry->offset;
  return true;
}

bool
mip_profile_block_count (const struct mip_profile *profile, uint32_t index,
			 uint32_t block, uint64_t *count)
{
  const struct mip_profile_function *function = &profile->functions[index];
  const struct mip_profile_block *entry =
    &profile->blocks[function->block_begin + block];

  if (entry->flags & MIP_BLOCK_COUNTED)
    {
      *count = entry->count;
      return true;
    }
  if (!(mip_profile_function_kinds (profile, index) & MIP_KIND_CALL_COUNT))
    return false;
  if (entry->covered_runs == 0)
    {
      *count = 0;
      return true;
    }
  if (!(entry->flags & MIP_BLOCK_ONCE))
    return false;
  *count = function->call_count < entry->covered_runs ? entry->covered_runs
	   : function->call_count;
  return true;
}

bool
mip_profile_block_extent (const struct mip_profile *profile, uint32_t index,
			  uint32_t block, uint64_t *address, uint64_t *size)
{
  const struct mip_profile_function *function = &profile->functions[index];
  uint32_t part = profile->blocks[function->block_begin + block].flags
		  & MIP_BLOCK_COLD;
  uint64_t end = part ? function->cold_address + function->cold_size
		 : function->address + function->size;
  uint32_t next;

  if (!mip_profile_block_address (profile, index, block, address))
    return false;
  for (next = block + 1; next < function->block_count; next++)
    {
      uint64_t next_address;
      if ((profile->blocks[function->block_begin + next].flags
	   & MIP_BLOCK_COLD) == part
	  && mip_profile_block_address (profile, index, next, &next_address)
	  && next_address > *address)
	{
	  end = next_address;
	  break;
	}
    }
  *size = end > *address ? end - *address : 0;
  return true;
}

bool
mip_profile_block_at (const struct mip_profile *profile, uint32_t index,
		      uint64_t address, uint32_t *block)
{
  const struct mip_profile_function *function = &profile->functions[index];
  uint32_t part, b;
  uint64_t best = 0;
  bool found = false;

  if (address >= function->address
      && address - function->address < function->size)
    part = 0;
  else if (function->cold_size != 0 && address >= function->cold_address
	   && address - function->cold_address < function->cold_size)
    part = MIP_BLOCK_COLD;
  else
    return false;
  for (b = 0; b < function->block_count; b++)
    {
      uint64_t start;
      uint64_t count, best_count;
      if ((profile->blocks[function->block_begin + b].flags & MIP_BLOCK_COLD)
	  != part
	  || !mip_profile_block_address (profile, index, b, &start)
	  || start > address || (found && start < best))
	continue;
      if (found && start == best
	  && !(mip_profile_block_count (profile, index, b, &count)
	       && (!mip_profile_block_count (profile, index, *block,
					     &best_count)
		   || count > best_count)))
	continue;
      best = start;
      *block = b;
      found = true;
    }
  return found;
}

/* ---- Aliases ------------------------------------------------------- */

static uint64_t
alias_key_hash (const struct mip_profile *profile, uint32_t index)
{
  const char *name = mip_profile_function_name (profile, index);
  uint64_t hash = mip_hash_u64 (MIP_HASH_INIT,
				profile->functions[index].address);
  return mip_hash_bytes (hash, name, strlen (name));
}

static bool
same_alias_key (const struct mip_profile *profile, uint32_t a, uint32_t b)
{
  return (profile->functions[a].address == profile->functions[b].address
	  && strcmp (mip_profile_function_name (profile, a),
		     mip_profile_function_name (profile, b)) == 0);
}

/* Find each function's primary: the first kept entry with its address and
   name (in an imported profile, every entry is its own).  An open-addressing table of function indexes keeps this linear
   in the number of functions.  */
bool
mip_profile_derive_aliases (struct mip_profile *profile)
{
  uint32_t count = profile->header.function_count;
  uint64_t slots = 16;
  uint32_t *table;
  uint32_t i;

  while (slots < 2 * (uint64_t) count)
    slots *= 2;
  table = allocate_array (slots, sizeof *table);
  if (!table)
    return false;
  memset (table, 0xff, slots * sizeof *table);
  for (i = 0; i < count; i++)
    {
      uint64_t slot;

      profile->primary[i] = i;
      profile->effective_kinds[i] = profile->functions[i].kinds;
      /* An imported profile has no addresses: entries sharing a name
	 are static functions of several units, never copies.  */
      if (mip_profile_function_is_discarded (profile, i)
	  || mip_profile_is_imported (profile))
	continue;
      slot = alias_key_hash (profile, i) & (slots - 1);
      while (table[slot] != UINT32_MAX
	     && !same_alias_key (profile, table[slot], i))
	slot = (slot + 1) & (slots - 1);
      if (table[slot] == UINT32_MAX)
	table[slot] = i;
      else
	{
	  uint32_t primary = table[slot];
	  profile->primary[i] = primary;
	  profile->effective_kinds[primary] |= profile->functions[i].kinds;
	}
    }
  free (table);
  return true;
}

/* ---- Creating from a map ------------------------------------------- */

static void
fill_header (struct mip_profile *profile, const struct mip_map *map,
	     uint64_t strings_size)
{
  struct mip_profile_header *header = &profile->header;

  memset (header, 0, sizeof *header);
  header->magic = MIP_MAGIC_PROFILE;
  header->version = MIP_FORMAT_VERSION;
  header->header_size = sizeof *header;
  header->build_id = map->build_id;
  header->raw_data_size = map->raw_data_size;
  header->pointer_size = map->pointer_size;
  header->target_big_endian = map->big_endian;
  header->runs = 0;
  header->unit_count = map->unit_count;
  header->function_count = map->function_count;
  header->block_count = map->block_count;
  header->infer_count = map->infer_count;
  header->edge_count = map->edge_count;
  header->caller_count = 0;
  header->strings_size = (uint32_t) strings_size;
  header->anchor_address = map->anchor_address;
}

static void
fill_function (struct mip_profile *profile, const struct mip_map *map,
	       uint32_t index, uint32_t name_offset)
{
  const struct mip_map_model_function *source = &map->functions[index];
  const struct mip_map_function *entry = &source->entry;
  struct mip_profile_function *function = &profile->functions[index];

  memset (function, 0, sizeof *function);
  function->address = entry->address;
  function->cold_address = entry->cold_address;
  function->cfg_signature = entry->cfg_signature;
  function->ipa_signature = entry->ipa_signature;
  function->size = entry->size;
  function->cold_size = entry->cold_size;
  function->name_offset = name_offset;
  function->kinds = entry->kinds;
  function->unit_index = source->unit_index;
  function->raw_offset = (uint32_t) (map->units[source->unit_index].raw_offset
				     + entry->raw_offset);
  function->block_begin = source->block_begin;
  function->block_count = entry->block_count;
  function->probe_count = entry->probe_count;
  function->infer_begin = source->infer_begin;
  function->infer_count = entry->infer_count;
  function->edge_begin = source->edge_begin;
  function->edge_count = entry->edge_count;
  function->caller_slots = entry->caller_slots;
  if (mip_address_is_discarded (entry->address, map->pointer_size))
    function->flags |= MIP_FUNCTION_DISCARDED;
}

static void
fill_tables (struct mip_profile *profile, const struct mip_map *map)
{
  uint32_t i;
  uint32_t strings_used = 0;

  for (i = 0; i < map->unit_count; i++)
    {
      struct mip_profile_unit *unit = &profile->units[i];
      const char *options = map->units[i].options;
      unit->unit_hash = map->units[i].header.unit_hash;
      unit->raw_offset = (uint32_t) map->units[i].raw_offset;
      unit->raw_size = map->units[i].header.raw_size;
      unit->function_begin = map->units[i].function_begin;
      unit->function_count = map->units[i].header.function_count;
      unit->options_offset = MIP_NO_OFFSET;
      if (options)
	{
	  size_t length = strlen (options) + 1;
	  memcpy (profile->strings + strings_used, options, length);
	  unit->options_offset = strings_used;
	  strings_used += (uint32_t) length;
	}
    }
  for (i = 0; i < map->function_count; i++)
    {
      size_t length = strlen (map->functions[i].name) + 1;
      memcpy (profile->strings + strings_used, map->functions[i].name,
	      length);
      fill_function (profile, map, i, strings_used);
      strings_used += (uint32_t) length;
    }
  for (i = 0; i < map->block_count; i++)
    {
      const struct mip_map_block *source = &map->blocks[i];
      struct mip_profile_block *block = &profile->blocks[i];
      block->offset = source->offset;
      block->id = source->id;
      block->probe = source->probe;
      block->infer_begin = source->infer_begin;
      block->infer_count = source->infer_count;
      block->flags = source->flags;
      block->edge_begin = source->edge_begin;
      block->edge_count = source->edge_count;
    }
  if (map->infer_count)
    memcpy (profile->infer_entries, map->infer_entries,
	    map->infer_count * sizeof *map->infer_entries);
  if (map->edge_count)
    memcpy (profile->edges, map->edges,
	    map->edge_count * sizeof *map->edges);
}

enum mip_error
mip_profile_create (const struct mip_map *map, struct mip_profile **result,
		    struct mip_error_context *error)
{
  struct mip_profile *profile;
  uint64_t strings_size = 0;
  uint32_t i;

  for (i = 0; i < map->function_count; i++)
    strings_size += strlen (map->functions[i].name) + 1;
  for (i = 0; i < map->unit_count; i++)
    if (map->units[i].options)
      strings_size += strlen (map->units[i].options) + 1;
  if (strings_size > UINT32_MAX || map->raw_data_size > UINT32_MAX)
    return mip_error_set (error, MIP_ERROR_TOO_LARGE, NULL,
			  "%" PRIu64 " bytes of names, %" PRIu64
			  " bytes of raw data", strings_size,
			  map->raw_data_size);
  profile = calloc (1, sizeof *profile);
  if (!profile)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
  fill_header (profile, map, strings_size);
  if (!mip_profile_allocate_tables (profile))
    {
      mip_profile_free (profile);
      return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
    }
  fill_tables (profile, map);
  if (!mip_profile_derive_aliases (profile))
    {
      mip_profile_free (profile);
      return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
    }
  mip_profile_reset_block_counts (profile);
  *result = profile;
  return MIP_OK;
}

/* ---- Allocation sites ---------------------------------------------- */

enum mip_error
mip_profile_set_heap_sites (struct mip_profile *profile,
			    const struct mip_heap_map *heap,
			    struct mip_error_context *error)
{
  struct mip_profile_heap_site *sites;

  if (heap->site_count == 0)
    return MIP_OK;
  sites = allocate_array (heap->site_count, sizeof *sites);
  if (!sites)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
  for (uint32_t i = 0; i < heap->site_count; i++)
    {
      const struct mip_heap_site *site = &heap->sites[i];
      if (site->raw_offset > UINT32_MAX
	  || site->function >= profile->header.function_count)
	{
	  free (sites);
	  return mip_error_set (error, MIP_ERROR_CORRUPT, NULL,
				"allocation site %" PRIu32 " is not one of"
				" the profile's binary", i);
	}
      sites[i].address = site->address;
      sites[i].function = site->function;
      sites[i].callee = site->callee;
      sites[i].raw_offset = (uint32_t) site->raw_offset;
    }
  free (profile->heap_sites);
  free (profile->heap_pairs);
  profile->heap_sites = sites;
  profile->heap_pairs = allocate_array (0, sizeof *profile->heap_pairs);
  profile->header.heap_site_count = heap->site_count;
  profile->header.heap_pair_count = 0;
  if (!profile->heap_pairs)
    {
      profile->header.heap_site_count = 0;
      return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
    }
  return MIP_OK;
}

long
mip_profile_heap_site_at (const struct mip_profile *profile,
			  uint64_t raw_offset)
{
  size_t low = 0, high = profile->header.heap_site_count;
  while (low < high)
    {
      size_t middle = low + (high - low) / 2;
      uint64_t here = profile->heap_sites[middle].raw_offset;
      if (here == raw_offset)
	return (long) middle;
      if (here < raw_offset)
	low = middle + 1;
      else
	high = middle;
    }
  return -1;
}

/* ---- Writing ------------------------------------------------------- */

/* Where each table goes in the file.  */
struct profile_layout
{
  uint64_t units, functions, blocks, infer_entries, edges, callers;
  uint64_t heap_sites, heap_pairs, ipa_functions, ipa_holds, value_sites;
  uint64_t values, strings;
  uint64_t end;
};

static uint64_t
align8 (uint64_t value)
{
  return (value + 7) & ~(uint64_t) 7;
}

static struct profile_layout
plan_layout (const struct mip_profile_header *header)
{
  struct profile_layout at;

  at.units = sizeof *header;
  at.functions = align8 (at.units + (uint64_t) header->unit_count
			 * sizeof (struct mip_profile_unit));
  at.blocks = align8 (at.functions + (uint64_t) header->function_count
		      * sizeof (struct mip_profile_function));
  at.infer_entries = align8 (at.blocks + (uint64_t) header->block_count
			     * sizeof (struct mip_profile_block));
  at.edges = align8 (at.infer_entries + (uint64_t) header->infer_count * 4);
  at.callers = align8 (at.edges + (uint64_t) header->edge_count
		       * sizeof (struct mip_map_edge));
  at.heap_sites = align8 (at.callers + (uint64_t) header->caller_count
			  * sizeof (struct mip_profile_caller));
  at.heap_pairs = align8 (at.heap_sites + (uint64_t) header->heap_site_count
			  * sizeof (struct mip_profile_heap_site));
  at.ipa_functions = align8 (at.heap_pairs
			     + (uint64_t) header->heap_pair_count
			       * sizeof (struct mip_profile_heap_pair));
  at.ipa_holds = align8 (at.ipa_functions
			 + (uint64_t) header->ipa_function_count
			   * sizeof (struct mip_profile_ipa_function));
  at.value_sites = align8 (at.ipa_holds + (uint64_t) header->ipa_hold_count
			   * sizeof (struct mip_profile_ipa_hold));
  at.values = align8 (at.value_sites
		      + (uint64_t) header->value_site_count
			* sizeof (struct mip_profile_value_site));
  at.strings = align8 (at.values + (uint64_t) header->value_count
			       * sizeof (struct mip_profile_value));
  at.end = at.strings + header->strings_size;
  return at;
}

enum mip_error
mip_profile_serialize (const struct mip_profile *profile,
		       unsigned char **data, size_t *size,
		       struct mip_error_context *error)
{
  struct mip_profile_header header = profile->header;
  struct profile_layout at = plan_layout (&header);
  unsigned char *file;

  if (at.end > UINT32_MAX)
    return mip_error_set (error, MIP_ERROR_TOO_LARGE, NULL,
			  "a profile of %" PRIu64 " bytes", at.end);
  file = allocate_array (at.end, 1);
  if (!file)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
  header.magic = MIP_MAGIC_PROFILE;
  header.version = MIP_FORMAT_VERSION;
  header.header_size = sizeof header;
  header.units_offset = (uint32_t) at.units;
  header.functions_offset = (uint32_t) at.functions;
  header.blocks_offset = (uint32_t) at.blocks;
  header.infer_offset = (uint32_t) at.infer_entries;
  header.edges_offset = (uint32_t) at.edges;
  header.callers_offset = (uint32_t) at.callers;
  header.heap_sites_offset = (uint32_t) at.heap_sites;
  header.heap_pairs_offset = (uint32_t) at.heap_pairs;
  header.ipa_functions_offset = (uint32_t) at.ipa_functions;
  header.ipa_holds_offset = (uint32_t) at.ipa_holds;
  header.value_sites_offset = (uint32_t) at.value_sites;
  header.values_offset = (uint32_t) at.values;
  header.strings_offset = (uint32_t) at.strings;
  header.reserved = 0;
  memcpy (file, &header, sizeof header);
  memcpy (file + at.units, profile->units,
	  header.unit_count * sizeof *profile->units);
  memcpy (file + at.functions, profile->functions,
	  header.function_count * sizeof *profile->functions);
  memcpy (file + at.blocks, profile->blocks,
	  header.block_count * sizeof *profile->blocks);
  memcpy (file + at.infer_entries, profile->infer_entries,
	  header.infer_count * sizeof *profile->infer_entries);
  memcpy (file + at.edges, profile->edges,
	  header.edge_count * sizeof *profile->edges);
  memcpy (file + at.callers, profile->callers,
	  header.caller_count * sizeof *profile->callers);
  memcpy (file + at.heap_sites, profile->heap_sites,
	  header.heap_site_count * sizeof *profile->heap_sites);
  memcpy (file + at.heap_pairs, profile->heap_pairs,
	  header.heap_pair_count * sizeof *profile->heap_pairs);
  memcpy (file + at.ipa_functions, profile->ipa_functions,
	  header.ipa_function_count * sizeof *profile->ipa_functions);
  memcpy (file + at.ipa_holds, profile->ipa_holds,
	  header.ipa_hold_count * sizeof *profile->ipa_holds);
  memcpy (file + at.value_sites, profile->value_sites,
	  header.value_site_count * sizeof *profile->value_sites);
  memcpy (file + at.values, profile->values,
	  header.value_count * sizeof *profile->values);
  memcpy (file + at.strings, profile->strings, header.strings_size);
  *data = file;
  *size = (size_t) at.end;
  return MIP_OK;
}

enum mip_error
mip_profile_write_file (const struct mip_profile *profile, const char *path,
			struct mip_error_context *error)
{
  unsigned char *data;
  size_t size;
  enum mip_error status = mip_profile_serialize (profile, &data, &size,
						 error);
  if (status != MIP_OK)
    {
      if (error)
	snprintf (error->file, sizeof error->file, "%s", path);
      return status;
    }
  status = mip_write_file_atomic (path, data, size, error);
  free (data);
  return status;
}
