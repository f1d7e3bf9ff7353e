/* mip-merge-run.c - read one raw profile (one run) and add it to a
   profile.

   One raw profile is one run.  For each kept function the run gives: did
   it run (coverage byte stored, or a call counted, or a first-call order
   stamped, or a block probe stored), how many calls, which first-call
   order, which blocks ran and which callers called it.  A block with a
   probe ran when its probe byte was stored; a block without one when any
   entry of its inference list ran (another block, or the function
   itself).  Aliases (other copies of a comdat function, of which only
   one is live) are folded into their primary before the run is added,
   so a run counts once per function; their blocks only when their CFG
   signature is the primary's.  Discarded copies are never read.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-profile.h"

#include <stdlib.h>
#include <string.h>

#include "mip-flow.h"
#include "mip-infer.h"
#include "mip-merge-internal.h"
#include "mip-profile-internal.h"
#include "mip-reader.h"

/* ---- Reading one run --------------------------------------------------- */

/* True if ADDRESS lies outside the binary's code, when the profile knows
   its extent (it was created from the binary, not from a .mipmap).  */
bool
mip_merge_outside_binary (const struct mip_profile *profile,
			  uint64_t address)
{
  const struct mip_profile_header *h = &profile->header;
  return h->code_end > h->code_begin
	 && (address < h->code_begin || address >= h->code_end);
}

static bool
add_run_caller (struct run *run, uint32_t function, uint64_t address,
		uint32_t samples)
{
  if (run->caller_count == run->caller_capacity)
    {
      size_t capacity = run->caller_capacity ? 2 * run->caller_capacity : 64;
      struct run_caller *grown = realloc (run->callers,
					  capacity * sizeof *grown);
      if (!grown)
	return false;
      run->callers = grown;
      run->caller_capacity = capacity;
    }
  run->callers[run->caller_count].function = function;
  run->callers[run->caller_count].runs = 1;
  run->callers[run->caller_count].address = address;
  run->callers[run->caller_count].samples = samples;
  run->caller_count++;
  return true;
}

/* Can the blocks of alias ALIAS be counted as blocks of PRIMARY?  Only
   when both describe the same machine CFG.  */
bool
mip_merge_same_blocks (const struct mip_profile_function *alias,
		       const struct mip_profile_function *primary)
{
  return (alias->block_count == primary->block_count
	  && alias->probe_count == primary->probe_count
	  && alias->cfg_signature == primary->cfg_signature);
}

/* Read the probe bytes of function INDEX (a primary or an alias) into
   the run: any stored byte means its primary ran, and each probed block
   of INDEX itself is covered when its byte is stored.  */
static void
read_block_coverage (struct run *run, uint32_t index, uint64_t blocks_at)
{
  const struct mip_profile *profile = run->profile;
  const struct mip_profile_function *function = &profile->functions[index];
  uint32_t b;

  for (b = 0; b < function->probe_count; b++)
    {
      uint8_t probe = MIP_COVERAGE_UNSET;
      mip_read_u8 (&run->raw->data, blocks_at + b, &probe);
      if (mip_coverage_byte_set (probe))
	run->functions[profile->primary[index]].ran = true;
    }
  for (b = 0; b < function->block_count; b++)
    {
      const struct mip_profile_block *block =
	&profile->blocks[function->block_begin + b];
      uint8_t probe = MIP_COVERAGE_UNSET;
      if (block->probe == MIP_NO_PROBE)
	continue;
      mip_read_u8 (&run->raw->data, blocks_at + block->probe, &probe);
      if (mip_coverage_byte_set (probe))
	run->blocks[function->block_begin + b] = 1;
    }
}

/* The link-time address in PROFILE of the run-time return address
   ADDRESS of a run loaded LOAD_BIAS away, or MIP_EXTERNAL_CALLER outside
   the binary.  */
static uint64_t
link_time_address (const struct mip_profile *profile, uint64_t load_bias,
		   uint64_t address)
{
  address = (address - load_bias)
	    & mip_pointer_mask (profile->header.pointer_size);
  return (mip_merge_outside_binary (profile, address)
	  ? MIP_EXTERNAL_CALLER : address);
}

static uint64_t
link_time_caller (const struct run *run, uint64_t address)
{
  return link_time_address (run->profile, run->load_bias, address);
}

static bool
read_callers (struct run *run, uint32_t index, uint64_t callers_at)
{
  const struct mip_profile *profile = run->profile;
  const struct mip_profile_function *function = &profile->functions[index];
  unsigned pointer_size = profile->header.pointer_size;
  uint32_t s;

  for (s = 0; s < function->caller_slots; s++)
    {
      uint64_t address = 0;
      mip_read_pointer (&run->raw->data, callers_at + (uint64_t) s
			* pointer_size, pointer_size, &address);
      if (address == 0)
	continue;
      if (!add_run_caller (run, profile->primary[index],
			   link_time_caller (run, address), 0))
	return false;
    }
  return true;
}

static int
compare_record_functions (const void *a, const void *b)
{
  const struct record_function *x = a, *y = b;
  if (x->raw_offset != y->raw_offset)
    return x->raw_offset < y->raw_offset ? -1 : 1;
  return 0;
}

/* The functions of PROFILE that count calls (the only ones sampled),
   sorted by record; *COUNT receives how many.  NULL when out of
   memory.  */
struct record_function *
mip_merge_sampled_functions (const struct mip_profile *profile,
			     size_t *count)
{
  struct record_function *table =
    calloc (profile->header.function_count + 1, sizeof *table);
  uint32_t i;

  *count = 0;
  if (!table)
    return NULL;
  for (i = 0; i < profile->header.function_count; i++)
    if ((profile->functions[i].kinds & MIP_KIND_CALL_COUNT)
	&& !mip_profile_function_is_discarded (profile, i))
      {
	table[*count].raw_offset = profile->functions[i].raw_offset;
	table[*count].index = i;
	(*count)++;
      }
  qsort (table, *count, sizeof *table, compare_record_functions);
  return table;
}

/* The caller that sample INDEX of RAW adds to PROFILE (loaded
   LOAD_BIAS away) into *CALLER: the primary of the function whose
   record it names (among FUNCTIONS, COUNT entries), the link-time
   return address and the samples, seen by one run.  False for a sample
   of no known record (the profile and the raw data were checked to be
   of one build, so only a damaged file has one), which is left out.  */
bool
mip_merge_sample_caller (const struct mip_profile *profile,
			 const struct mip_raw *raw, uint32_t index,
			 const struct record_function *functions,
			 size_t count, uint64_t load_bias,
			 struct run_caller *caller)
{
  struct mip_raw_sample sample;
  struct record_function key;
  const struct record_function *found;

  if (!mip_raw_read_sample (raw, index, &sample) || sample.samples == 0)
    return false;
  key.raw_offset = sample.record_offset;
  found = bsearch (&key, functions, count, sizeof *functions,
		   compare_record_functions);
  if (!found)
    return false;
  caller->function = profile->primary[found->index];
  caller->runs = 1;
  caller->address = link_time_address (profile, load_bias,
				       sample.return_address);
  caller->samples = sample.samples;
  return true;
}

/* Add the caller samples of the run (the table after the raw data) to
   its callers, each to the primary of the function whose record it
   names.  */
static bool
read_caller_samples (struct run *run)
{
  const struct mip_raw *raw = run->raw;
  uint32_t count = raw->samples_header.sample_count, s;
  struct record_function *functions;
  size_t function_count;
  bool ok = true;

  if (count == 0)
    return true;
  functions = mip_merge_sampled_functions (run->profile, &function_count);
  if (!functions)
    return false;
  for (s = 0; s < count && ok; s++)
    {
      struct run_caller caller;

      if (mip_merge_sample_caller (run->profile, raw, s, functions,
				   function_count, run->load_bias, &caller))
	ok = add_run_caller (run, caller.function, caller.address,
			     caller.samples);
    }
  free (functions);
  return ok;
}

/* Read the raw record of function INDEX into the run of its primary.  The
   record lies inside the raw data: the profile was validated on load and
   the raw data checked against it.  */
static bool
read_record (struct run *run, uint32_t index)
{
  const struct mip_profile_function *function =
    &run->profile->functions[index];
  struct run_function *target = &run->functions[run->profile->primary[index]];
  struct mip_record_layout layout =
    mip_record_layout (function->kinds, function->probe_count,
		       function->caller_slots,
		       run->profile->header.pointer_size);
  uint64_t at = function->raw_offset;
  uint8_t coverage = MIP_COVERAGE_UNSET;
  uint32_t value = 0;

  if (layout.coverage_offset != MIP_NO_OFFSET
      && mip_read_u8 (&run->raw->data, at + layout.coverage_offset, &coverage)
      && mip_coverage_byte_set (coverage))
    target->ran = true;
  uint32_t order = 0;
  if (layout.order_offset != MIP_NO_OFFSET
      && mip_read_u32 (&run->raw->data, at + layout.order_offset, &order)
      && order != 0)
    {
      if (target->order == 0 || order < target->order)
	target->order = order;
      target->ran = true;
    }
  if (layout.count_offset != MIP_NO_OFFSET
      && mip_read_u32 (&run->raw->data, at + layout.count_offset, &value))
    {
      uint32_t calls = mip_decode_call_count (value, order);
      if (calls > 0)
	{
	  target->calls = mip_saturating_add (target->calls, calls);
	  target->ran = true;
	}
    }
  if (layout.blocks_offset != MIP_NO_OFFSET)
    read_block_coverage (run, index, at + layout.blocks_offset);
  if (layout.callers_offset != MIP_NO_OFFSET)
    return read_callers (run, index, at + layout.callers_offset);
  return true;
}

/* Complete the block coverage of function INDEX from its inference
   lists ("the function ran" is its primary's), then, for an alias with
   the primary's CFG, add it to the primary's blocks index by index.  */
static bool
infer_function_blocks (struct run *run, uint32_t index)
{
  const struct mip_profile *profile = run->profile;
  const struct mip_profile_function *function = &profile->functions[index];
  uint32_t primary_index = profile->primary[index];
  const struct mip_profile_function *primary =
    &profile->functions[primary_index];
  unsigned char *covered = run->blocks + function->block_begin;
  struct mip_infer_graph graph;
  uint32_t b;

  if (index != primary_index && !mip_merge_same_blocks (function, primary))
    return true;
  mip_profile_infer_graph (profile, index, &graph);
  if (mip_infer_coverage (&graph, run->functions[primary_index].ran,
			  covered, &run->scratch) != MIP_INFER_OK)
    return false;
  if (index != primary_index)
    for (b = 0; b < function->block_count; b++)
      run->blocks[primary->block_begin + b] |= covered[b];
  return true;
}

/* Infer the blocks of every kept copy; aliases come after their
   primary, so the primary's own blocks are complete before an alias's
   are added.  */
static bool
infer_blocks (struct run *run)
{
  uint32_t i;

  for (i = 0; i < run->profile->header.function_count; i++)
    if (!mip_profile_function_is_discarded (run->profile, i)
	&& run->profile->functions[i].block_count > 0
	&& !infer_function_blocks (run, i))
      return false;
  return true;
}

/* The block counts of every kept copy that counts blocks, each block
   counted covered when its count is not 0; an alias's counts are added
   to its primary's when both have the same CFG, as its coverage is.  */
static bool
count_blocks (struct run *run)
{
  const struct mip_profile *profile = run->profile;
  uint32_t i, b;

  for (i = 0; i < profile->header.function_count; i++)
    {
      const struct mip_profile_function *function = &profile->functions[i];
      uint32_t primary_index = profile->primary[i];
      const struct mip_profile_function *primary =
	&profile->functions[primary_index];
      uint64_t *counts = run->counts + function->block_begin;
      if (mip_profile_function_is_discarded (profile, i)
	  || !mip_merge_counts_blocks (profile, i)
	  || (i != primary_index && !mip_merge_same_blocks (function, primary)))
	continue;
      if (!mip_merge_block_counts (&run->count_cache, profile, run->raw, i,
				   counts))
	return false;
      for (b = 0; b < function->block_count; b++)
	if (counts[b] != 0 && counts[b] != MIP_FLOW_UNKNOWN)
	  {
	    run->blocks[primary->block_begin + b] = 1;
	    run->functions[primary_index].ran = true;
	  }
      if (i != primary_index)
	mip_merge_add_counts (run->counts + primary->block_begin, counts,
			      function->block_count, 1);
    }
  return true;
}

/* ---- Adding the run to the profile ------------------------------------ */

/* Add WEIGHT runs like RUN to PROFILE.  */
static void
apply_run (struct mip_profile *profile, const struct run *run,
	   uint32_t weight)
{
  uint32_t i;

  for (i = 0; i < profile->header.function_count; i++)
    {
      struct mip_profile_function *function = &profile->functions[i];
      const struct run_function *seen = &run->functions[i];
      if (profile->primary[i] != i
	  || mip_profile_function_is_discarded (profile, i))
	continue;
      if (seen->ran)
	function->covered_runs = saturating_add32 (function->covered_runs,
						   weight);
      function->call_count =
	mip_saturating_add (function->call_count,
			saturating_multiply (seen->calls, weight));
      if (seen->order != 0)
	{
	  function->order_sum =
	    mip_saturating_add (function->order_sum,
			    saturating_multiply (seen->order, weight));
	  function->order_runs = saturating_add32 (function->order_runs,
						   weight);
	}
    }
  for (i = 0; i < profile->header.function_count; i++)
    {
      const struct mip_profile_function *function = &profile->functions[i];
      uint32_t b;
      if (profile->primary[i] != i
	  || mip_profile_function_is_discarded (profile, i))
	continue;
      for (b = 0; b < function->block_count; b++)
	if (run->blocks[function->block_begin + b])
	  {
	    struct mip_profile_block *block =
	      &profile->blocks[function->block_begin + b];
	    block->covered_runs = saturating_add32 (block->covered_runs,
						    weight);
	  }
      if (mip_merge_counts_blocks (profile, i))
	mip_merge_install_counts (profile, i,
				  run->counts + function->block_begin, weight);
    }
  profile->header.runs = saturating_add32 (profile->header.runs, weight);
}

static void
free_run (struct run *run)
{
  free (run->functions);
  free (run->blocks);
  free (run->counts);
  mip_count_cache_free (&run->count_cache);
  free (run->callers);
  mip_infer_scratch_free (&run->scratch);
}

enum mip_error
mip_profile_add_weighted_run (struct mip_profile *profile,
			      const struct mip_raw *raw, uint32_t weight,
			      const char *name,
			      struct mip_error_context *error)
{
  struct run run;
  struct mip_profile_caller *callers = NULL;
  uint32_t *caller_begins = NULL;
  uint64_t caller_count = 0;
  struct heap_addition heap;
  struct value_addition values;
  enum mip_error status;
  uint32_t i;
  size_t c;

  memset (&run, 0, sizeof run);
  run.profile = profile;
  run.raw = raw;
  run.load_bias = raw->header.anchor_address
    - profile->header.anchor_address;
  run.functions = calloc (profile->header.function_count + 1,
			  sizeof *run.functions);
  run.blocks = calloc (profile->header.block_count + 1, 1);
  run.counts = calloc (profile->header.block_count + 1, sizeof *run.counts);
  if (!run.functions || !run.blocks || !run.counts
      || !mip_count_cache_init (&run.count_cache, profile))
    goto out_of_memory;
  for (i = 0; i < profile->header.function_count; i++)
    if (!mip_profile_function_is_discarded (profile, i)
	&& !read_record (&run, i))
      goto out_of_memory;
  if (!infer_blocks (&run) || !count_blocks (&run)
      || !read_caller_samples (&run))
    goto out_of_memory;
  mip_merge_unique_run_callers (&run);
  for (c = 0; c < run.caller_count; c++)
    {
      run.callers[c].runs = weight;
      run.callers[c].samples =
	saturating_add32 (0, saturating_multiply (run.callers[c].samples,
						  weight));
    }
  callers = mip_merge_callers (profile, run.callers, run.caller_count,
			       &caller_begins, &caller_count);
  if (!callers)
    goto out_of_memory;
  status = mip_merge_check_values (profile, raw, name, error);
  if (status == MIP_OK)
    status = mip_merge_values_prepare_run (profile, raw, weight, &values,
					   name, error);
  if (status == MIP_OK)
    {
      status = mip_merge_heap_prepare_run (profile, raw, weight, &heap, name,
					   error);
      if (status != MIP_OK)
	mip_merge_values_discard (&values);
    }
  if (status != MIP_OK)
    {
      free (callers);
      free (caller_begins);
      free_run (&run);
      return status;
    }
  /* Nothing can fail from here on.  */
  apply_run (profile, &run, weight);
  mip_merge_heap_install (profile, &heap, weight);
  mip_merge_values_install (profile, &values);
  mip_merge_adopt_gnu_build_id (profile, raw->header.gnu_build_id,
				raw->header.gnu_build_id_size);
  mip_merge_install_callers (profile, callers, caller_begins,
			     caller_count);
  free_run (&run);
  return MIP_OK;

out_of_memory:
  free_run (&run);
  return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
}

enum mip_error
mip_profile_add_run (struct mip_profile *profile, const struct mip_raw *raw,
		     const char *name, struct mip_error_context *error)
{
  return mip_profile_add_weighted_run (profile, raw, 1, name, error);
}
