/* mip-merge-profile.c - add a profile (a .mip) to another of the same
   build, each of its counts WEIGHT times (its allocation sites' through
   mip-merge-heap.c, its value sites' through mip-merge-values.c); the
   GNU build id that a profile adopts from what
   is added to it; an empty copy of a profile, to add inputs to.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-profile.h"

#include <stdlib.h>
#include <string.h>

#include "mip-merge-internal.h"
#include "mip-profile-internal.h"

/* A profile that knows no GNU build id (made from a .mipmap) takes the
   first one an input brings.  */
void
mip_merge_adopt_gnu_build_id (struct mip_profile *profile,
			      const uint8_t *id, uint32_t size)
{
  struct mip_profile_header *h = &profile->header;

  if (h->gnu_build_id_size != 0 || size == 0)
    return;
  memcpy (h->gnu_build_id, id, size);
  h->gnu_build_id_size = size;
}

/* ---- Adding a profile to a profile -------------------------------------- */

/* The callers of OTHER, each seen by WEIGHT times its runs, sorted by
   function; NULL when out of memory (or there are none: *COUNT 0).  */
static struct run_caller *
weighted_callers (const struct mip_profile *other, uint32_t weight,
		  size_t *count)
{
  struct run_caller *callers;
  uint32_t f, c;
  size_t out = 0;

  *count = other->header.caller_count;
  callers = calloc (*count + 1, sizeof *callers);
  if (!callers)
    return NULL;
  for (f = 0; f < other->header.function_count; f++)
    {
      const struct mip_profile_function *function = &other->functions[f];
      for (c = 0; c < function->caller_count; c++)
	{
	  const struct mip_profile_caller *caller =
	    &other->callers[function->caller_begin + c];
	  callers[out].function = f;
	  callers[out].address = caller->return_address;
	  callers[out].runs =
	    saturating_add32 (0, saturating_multiply (caller->runs, weight));
	  callers[out].samples =
	    saturating_add32 (0, saturating_multiply (caller->samples,
						      weight));
	  out++;
	}
    }
  *count = out;
  return callers;
}

/* Add the counters of OTHER, times WEIGHT, to PROFILE.  */
static void
add_counters (struct mip_profile *profile, const struct mip_profile *other,
	      uint32_t weight)
{
  uint32_t i;

  for (i = 0; i < profile->header.function_count; i++)
    {
      struct mip_profile_function *function = &profile->functions[i];
      const struct mip_profile_function *seen = &other->functions[i];
      function->covered_runs =
	saturating_add32 (function->covered_runs,
			  saturating_multiply (seen->covered_runs, weight));
      function->call_count =
	mip_saturating_add (function->call_count,
			saturating_multiply (seen->call_count, weight));
      function->order_sum =
	mip_saturating_add (function->order_sum,
			saturating_multiply (seen->order_sum, weight));
      function->order_runs =
	saturating_add32 (function->order_runs,
			  saturating_multiply (seen->order_runs, weight));
    }
  for (i = 0; i < profile->header.block_count; i++)
    {
      struct mip_profile_block *block = &profile->blocks[i];
      const struct mip_profile_block *seen = &other->blocks[i];
      block->covered_runs =
	saturating_add32 (block->covered_runs,
			  saturating_multiply (seen->covered_runs, weight));
      if (!(seen->flags & MIP_BLOCK_COUNTED))
	{
	  block->flags &= ~MIP_BLOCK_COUNTED;
	  block->count = 0;
	}
      else if (block->flags & MIP_BLOCK_COUNTED)
	block->count = mip_merge_saturated_count
	  (mip_saturating_add (block->count,
			       saturating_multiply (seen->count, weight)));
    }
  profile->header.runs =
    saturating_add32 (profile->header.runs,
		      saturating_multiply (other->header.runs, weight));
}

enum mip_error
mip_profile_add_profile (struct mip_profile *profile,
			 const struct mip_profile *other, uint32_t weight,
			 const char *name, struct mip_error_context *error)
{
  struct run_caller *added;
  struct mip_profile_caller *callers;
  uint32_t *caller_begins = NULL;
  uint64_t caller_count = 0;
  size_t added_count;
  struct heap_addition heap;
  struct value_addition values;
  enum mip_error status;

  added = weighted_callers (other, weight, &added_count);
  if (!added)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  callers = mip_merge_callers (profile, added, added_count, &caller_begins,
			       &caller_count);
  free (added);
  if (!callers)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  status = mip_merge_values_prepare_profile (profile, other, weight,
					     &values, name, error);
  if (status == MIP_OK)
    {
      status = mip_merge_heap_prepare_profile (profile, other, weight, &heap,
					       name, error);
      if (status != MIP_OK)
	mip_merge_values_discard (&values);
    }
  if (status != MIP_OK)
    {
      free (callers);
      free (caller_begins);
      return status;
    }
  /* Nothing can fail from here on.  */
  add_counters (profile, other, weight);
  mip_merge_heap_install (profile, &heap, weight);
  mip_merge_values_install (profile, &values);
  mip_merge_adopt_gnu_build_id (profile, other->header.gnu_build_id,
				other->header.gnu_build_id_size);
  mip_merge_install_callers (profile, callers, caller_begins,
			     caller_count);
  return MIP_OK;
}

/* ---- An empty copy ------------------------------------------------------ */

/* Clear every counter of PROFILE: no run, no caller, no allocation
   counted (the sites stay) and no pair, no value (the value sites
   stay, with an empty range of the empty value table).  */
static void
clear_counters (struct mip_profile *profile)
{
  uint32_t i;

  for (i = 0; i < profile->header.function_count; i++)
    {
      struct mip_profile_function *function = &profile->functions[i];
      function->call_count = 0;
      function->order_sum = 0;
      function->order_runs = 0;
      function->covered_runs = 0;
      function->caller_begin = 0;
      function->caller_count = 0;
    }
  for (i = 0; i < profile->header.block_count; i++)
    profile->blocks[i].covered_runs = 0;
  mip_profile_reset_block_counts (profile);
  for (i = 0; i < profile->header.heap_site_count; i++)
    {
      static const struct mip_heap_totals zero;
      mip_heap_site_set_totals (&profile->heap_sites[i], &zero);
    }
  for (i = 0; i < profile->header.value_site_count; i++)
    {
      profile->value_sites[i].value_begin = 0;
      profile->value_sites[i].value_count = 0;
      profile->value_sites[i].size_sum = 0;
      profile->value_sites[i].calls = 0;
    }
  profile->header.value_count = 0;
  profile->header.runs = 0;
  profile->header.caller_count = 0;
}

enum mip_error
mip_profile_copy_empty (const struct mip_profile *profile,
			struct mip_profile **copy,
			struct mip_error_context *error)
{
  const struct mip_profile_header *h = &profile->header;
  struct mip_profile *empty = calloc (1, sizeof *empty);

  *copy = NULL;
  if (!empty)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
  empty->header = *h;
  empty->header.caller_count = 0;
  empty->header.heap_pair_count = 0;
  empty->header.value_count = 0;
  if (!mip_profile_allocate_tables (empty))
    {
      mip_profile_free (empty);
      return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
    }
  memcpy (empty->units, profile->units, h->unit_count * sizeof *empty->units);
  memcpy (empty->functions, profile->functions,
	  h->function_count * sizeof *empty->functions);
  memcpy (empty->blocks, profile->blocks,
	  h->block_count * sizeof *empty->blocks);
  memcpy (empty->infer_entries, profile->infer_entries,
	  h->infer_count * sizeof *empty->infer_entries);
  memcpy (empty->edges, profile->edges, h->edge_count * sizeof *empty->edges);
  memcpy (empty->heap_sites, profile->heap_sites,
	  h->heap_site_count * sizeof *empty->heap_sites);
  memcpy (empty->ipa_functions, profile->ipa_functions,
	  h->ipa_function_count * sizeof *empty->ipa_functions);
  memcpy (empty->ipa_holds, profile->ipa_holds,
	  h->ipa_hold_count * sizeof *empty->ipa_holds);
  memcpy (empty->value_sites, profile->value_sites,
	  h->value_site_count * sizeof *empty->value_sites);
  memcpy (empty->strings, profile->strings, h->strings_size);
  memcpy (empty->primary, profile->primary,
	  h->function_count * sizeof *empty->primary);
  memcpy (empty->effective_kinds, profile->effective_kinds,
	  h->function_count * sizeof *empty->effective_kinds);
  clear_counters (empty);
  *copy = empty;
  return MIP_OK;
}
