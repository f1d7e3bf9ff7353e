/* mip-merge-counts.c - the block counts of one run of a function of the
   counting mode.

   A function of the counting mode (MIP_KIND_BLOCK_COUNT) has a 64-bit
   counter on some of its blocks: the plugin put one only where the
   other counters and the function's calls do not give the block's count
   by flow conservation (mip-flow.h).  A run's counts are its counters
   and what the solver derives from them and the calls of that copy of
   the function; an alias adds its counts to its primary's, as it adds
   its coverage.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-profile.h"

#include <stdlib.h>
#include <string.h>

#include "mip-flow.h"
#include "mip-merge-internal.h"
#include "mip-reader.h"

bool
mip_count_cache_init (struct mip_count_cache *cache,
		      const struct mip_profile *profile)
{
  cache->function_count = profile->header.function_count;
  cache->flows = calloc (cache->function_count + 1, sizeof *cache->flows);
  return cache->flows != NULL;
}

void
mip_count_cache_free (struct mip_count_cache *cache)
{
  uint32_t i;

  if (!cache->flows)
    return;
  for (i = 0; i < cache->function_count; i++)
    mip_flow_free (cache->flows[i]);
  free (cache->flows);
  cache->flows = NULL;
}

bool
mip_merge_counts_blocks (const struct mip_profile *profile, uint32_t index)
{
  const struct mip_profile_function *function = &profile->functions[index];
  return (function->kinds & MIP_KIND_BLOCK_COUNT)
	 && (function->kinds & MIP_KIND_CALL_COUNT)
	 && function->block_count > 0;
}

/* The solver of function INDEX's graph.  */
static struct mip_flow *
function_flow (struct mip_count_cache *cache,
	       const struct mip_profile *profile, uint32_t index)
{
  const struct mip_profile_function *function = &profile->functions[index];
  struct mip_flow_block *blocks;
  uint32_t b;

  if (cache->flows[index])
    return cache->flows[index];
  blocks = malloc ((function->block_count + 1) * sizeof *blocks);
  if (!blocks)
    return NULL;
  for (b = 0; b < function->block_count; b++)
    {
      const struct mip_profile_block *block =
	&profile->blocks[function->block_begin + b];
      blocks[b].flags = block->flags;
      blocks[b].edge_begin = block->edge_begin;
      blocks[b].edge_count = block->edge_count;
    }
  cache->flows[index] = mip_flow_new (function->block_count, blocks,
				      function->edge_count,
				      profile->edges + function->edge_begin);
  free (blocks);
  return cache->flows[index];
}

bool
mip_count_cache_prepare (struct mip_count_cache *cache,
			 const struct mip_profile *profile, uint32_t index)
{
  return function_flow (cache, profile, index) != NULL;
}

/* The calls of FUNCTION's own record in RAW, laid out as LAYOUT says;
   false when they saturated (the solver would be given a wrong
   total).  */
static bool
record_calls (const struct mip_profile_function *function,
	      const struct mip_record_layout *layout,
	      const struct mip_raw *raw, uint64_t *calls)
{
  uint32_t stored = 0, order = 0, count;

  if (layout->order_offset != MIP_NO_OFFSET)
    mip_read_u32 (&raw->data, (uint64_t) function->raw_offset
		  + layout->order_offset, &order);
  mip_read_u32 (&raw->data, (uint64_t) function->raw_offset
		+ layout->count_offset, &stored);
  count = mip_decode_call_count (stored, order);
  *calls = count;
  return count != UINT32_MAX;
}

bool
mip_merge_block_counts (struct mip_count_cache *cache,
			const struct mip_profile *profile,
			const struct mip_raw *raw, uint32_t index,
			uint64_t *counts)
{
  const struct mip_profile_function *function = &profile->functions[index];
  struct mip_record_layout layout =
    mip_record_layout (function->kinds, function->probe_count,
		       function->caller_slots, profile->header.pointer_size);
  uint64_t counters_at = (uint64_t) function->raw_offset
			 + layout.counters_offset;
  struct mip_flow *flow;
  uint64_t calls = 0;
  bool consistent = true;
  uint32_t b;

  for (b = 0; b < function->block_count; b++)
    {
      const struct mip_profile_block *block =
	&profile->blocks[function->block_begin + b];
      counts[b] = MIP_FLOW_UNKNOWN;
      if (block->probe < function->probe_count
	  && layout.counters_offset != MIP_NO_OFFSET)
	mip_read_u64 (&raw->data, counters_at + 8 * (uint64_t) block->probe,
		      &counts[b]);
    }
  if (!record_calls (function, &layout, raw, &calls))
    return true;
  flow = function_flow (cache, profile, index);
  if (!flow)
    return false;
  mip_flow_solve (flow, calls, counts, NULL, &consistent);
  if (!consistent)
    for (b = 0; b < function->block_count; b++)
      counts[b] = MIP_FLOW_UNKNOWN;
  return true;
}

void
mip_merge_add_counts (uint64_t *sums, const uint64_t *counts, uint32_t n,
		      uint32_t weight)
{
  uint32_t b;

  for (b = 0; b < n; b++)
    if (counts[b] == MIP_FLOW_UNKNOWN)
      sums[b] = MIP_FLOW_UNKNOWN;
    else if (sums[b] != MIP_FLOW_UNKNOWN)
      {
	sums[b] = mip_merge_saturated_count
	  (mip_saturating_add (sums[b], saturating_multiply (counts[b],
							     weight)));
      }
}

void
mip_merge_install_counts (struct mip_profile *profile, uint32_t index,
			  const uint64_t *sums, uint32_t weight)
{
  const struct mip_profile_function *function = &profile->functions[index];
  uint32_t b;

  for (b = 0; b < function->block_count; b++)
    {
      struct mip_profile_block *block =
	&profile->blocks[function->block_begin + b];
      if (!(block->flags & MIP_BLOCK_COUNTED))
	continue;
      if (sums[b] == MIP_FLOW_UNKNOWN)
	{
	  block->flags &= ~MIP_BLOCK_COUNTED;
	  block->count = 0;
	}
      else
	block->count = mip_merge_saturated_count
	  (mip_saturating_add (block->count,
			       saturating_multiply (sums[b], weight)));
    }
}

void
mip_profile_reset_block_counts (struct mip_profile *profile)
{
  uint32_t i, b;

  for (i = 0; i < profile->header.function_count; i++)
    {
      const struct mip_profile_function *function = &profile->functions[i];
      bool counted = mip_merge_counts_blocks (profile, i);
      for (b = 0; b < function->block_count; b++)
	{
	  struct mip_profile_block *block =
	    &profile->blocks[function->block_begin + b];
	  block->count = 0;
	  if (counted)
	    block->flags |= MIP_BLOCK_COUNTED;
	  else
	    block->flags &= ~MIP_BLOCK_COUNTED;
	}
    }
}
