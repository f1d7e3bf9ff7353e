/* mip-profile-build.c - a profile built from a description instead of a
   binary's map: the profiles mipdata import makes from YAML.

   Such a profile holds only what profile use reads: per function its
   symbol, CFG signature (0: any), the runs in which it ran, its call
   count, its first-call order and its blocks' ids and coverage.  It has
   no units and no raw data, its addresses are 0 and its build id is 0:
   a profile made from a map always has at least the hash of an empty
   unit list there (MIP_HASH_INIT), so 0 with no units marks it.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-profile.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "mip-profile-internal.h"

bool
mip_profile_is_imported (const struct mip_profile *profile)
{
  return profile->header.build_id == 0 && profile->header.unit_count == 0;
}

/* Check the counts of FUNCTION against RUNS; add its blocks to *BLOCKS
   and its name's bytes to *STRINGS.  */
static enum mip_error
check_imported_function (const struct mip_imported_function *function,
			 uint32_t runs, uint64_t *blocks, uint64_t *strings,
			 struct mip_error_context *error)
{
  uint32_t b;

  if (!function->name || !function->name[0])
    return mip_error_set (error, MIP_ERROR_CORRUPT, NULL,
			  "a function without a name");
  if (function->covered_runs > runs)
    return mip_error_set (error, MIP_ERROR_CORRUPT, NULL,
			  "'%s' ran in %" PRIu32 " runs of %" PRIu32,
			  function->name, function->covered_runs, runs);
  if (function->order != 0 && function->covered_runs == 0)
    return mip_error_set (error, MIP_ERROR_CORRUPT, NULL,
			  "'%s' has a first-call order but never ran",
			  function->name);
  for (b = 0; b < function->block_count; b++)
    if (function->blocks[b].covered_runs > runs)
      return mip_error_set (error, MIP_ERROR_CORRUPT, NULL,
			    "block %" PRIu32 " of '%s' ran in %" PRIu32
			    " runs of %" PRIu32, function->blocks[b].id,
			    function->name, function->blocks[b].covered_runs,
			    runs);
  *blocks += function->block_count;
  *strings += strlen (function->name) + 1;
  return MIP_OK;
}

static void
fill_imported_header (struct mip_profile_header *header,
		      unsigned pointer_size, bool big_endian, uint32_t runs,
		      uint32_t count, uint64_t blocks, uint64_t strings)
{
  memset (header, 0, sizeof *header);
  header->magic = MIP_MAGIC_PROFILE;
  header->version = MIP_FORMAT_VERSION;
  header->header_size = sizeof *header;
  header->build_id = 0;
  header->pointer_size = pointer_size;
  header->target_big_endian = big_endian;
  header->runs = runs;
  header->function_count = count;
  header->block_count = (uint32_t) blocks;
  header->strings_size = (uint32_t) strings;
}

/* The kinds a function records: what its description gives.  */
static uint32_t
imported_kinds (const struct mip_imported_function *source)
{
  uint32_t kinds = MIP_KIND_FUNCTION_COVERAGE;
  if (source->has_call_count)
    kinds |= MIP_KIND_CALL_COUNT;
  if (source->order != 0)
    kinds |= MIP_KIND_ORDER;
  if (source->block_count != 0)
    kinds |= MIP_KIND_BLOCK_COVERAGE;
  /* Block counts, which need the calls, instead of block coverage.  */
  if (source->has_call_count)
    for (uint32_t b = 0; b < source->block_count; b++)
      if (source->blocks[b].has_count)
	kinds = (kinds & ~MIP_KIND_BLOCK_COVERAGE) | MIP_KIND_BLOCK_COUNT;
  return kinds;
}

/* Function INDEX from SOURCE, its blocks from *BLOCK_AT on and its name
   at *STRING_AT; both advanced.  The first-call order is stored as one
   run's, so that mip_profile_function_order gives it back.  */
static void
fill_imported_function (struct mip_profile *profile, uint32_t index,
			const struct mip_imported_function *source,
			uint32_t *block_at, uint32_t *string_at)
{
  struct mip_profile_function *function = &profile->functions[index];
  size_t length = strlen (source->name) + 1;
  uint32_t b;

  memset (function, 0, sizeof *function);
  function->cfg_signature = source->cfg_signature;
  function->ipa_signature = source->ipa_signature;
  function->call_count = source->has_call_count ? source->call_count : 0;
  function->order_sum = source->order;
  function->order_runs = source->order != 0;
  function->covered_runs = source->covered_runs;
  function->name_offset = *string_at;
  function->kinds = imported_kinds (source);
  function->block_begin = *block_at;
  function->block_count = source->block_count;
  for (b = 0; b < source->block_count; b++)
    {
      struct mip_profile_block *block = &profile->blocks[*block_at + b];
      memset (block, 0, sizeof *block);
      block->id = source->blocks[b].id;
      block->probe = MIP_NO_PROBE;
      block->flags = MIP_BLOCK_NO_OFFSET;
      block->covered_runs = source->blocks[b].covered_runs;
      if ((function->kinds & MIP_KIND_BLOCK_COUNT)
	  && source->blocks[b].has_count)
	{
	  block->flags |= MIP_BLOCK_COUNTED;
	  block->count = source->blocks[b].count;
	}
    }
  memcpy (profile->strings + *string_at, source->name, length);
  *block_at += source->block_count;
  *string_at += (uint32_t) length;
}

enum mip_error
mip_profile_build (unsigned pointer_size, bool big_endian, uint32_t runs,
		   const struct mip_imported_function *functions,
		   uint32_t count, struct mip_profile **result,
		   struct mip_error_context *error)
{
  struct mip_profile *profile;
  uint64_t blocks = 0, strings = 0;
  uint32_t i, block_at = 0, string_at = 0;
  enum mip_error status;

  if (pointer_size != 4 && pointer_size != 8)
    return mip_error_set (error, MIP_ERROR_TARGET, NULL,
			  "pointer size %u (4 or 8)", pointer_size);
  for (i = 0; i < count; i++)
    if ((status = check_imported_function (&functions[i], runs, &blocks,
					   &strings, error)) != MIP_OK)
      return status;
  if (blocks > UINT32_MAX || strings > UINT32_MAX)
    return mip_error_set (error, MIP_ERROR_TOO_LARGE, NULL,
			  "%" PRIu64 " blocks, %" PRIu64 " bytes of names",
			  blocks, strings);
  profile = calloc (1, sizeof *profile);
  if (!profile)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
  fill_imported_header (&profile->header, pointer_size, big_endian, runs,
			count, blocks, strings);
  if (!mip_profile_allocate_tables (profile))
    {
      mip_profile_free (profile);
      return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
    }
  for (i = 0; i < count; i++)
    fill_imported_function (profile, i, &functions[i], &block_at,
			    &string_at);
  if (!mip_profile_derive_aliases (profile))
    {
      mip_profile_free (profile);
      return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
    }
  *result = profile;
  return MIP_OK;
}
