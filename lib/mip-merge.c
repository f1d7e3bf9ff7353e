/* mip-merge.c - check raw profiles against a profile and fold them in.

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

   A profile can also be added to another of the same build (a .mip
   merged into a .mip), and any input can carry a weight W: it counts
   as W runs.  Every count is a saturating sum and each function's
   callers stay sorted by address, so adding runs and profiles is
   associative and commutative: the result does not depend on the order
   of the inputs, nor on how they were grouped (mipdata merge adds them
   in parallel into partial profiles and adds those up).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-profile.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "mip-infer.h"
#include "mip-profile-internal.h"
#include "mip-reader.h"

/* ---- Checking a raw profile against the profile ---------------------- */

static enum mip_error
check_target (const struct mip_profile *profile, const struct mip_raw *raw,
	      const char *name, struct mip_error_context *error)
{
  const struct mip_profile_header *h = &profile->header;

  if (mip_profile_is_imported (profile))
    return mip_error_set (error, MIP_ERROR_BUILD_ID, name,
			  "the profile was imported (mipdata import): it"
			  " describes no binary, so no raw profile can be"
			  " merged into it");
  if (raw->pointer_size != h->pointer_size)
    return mip_error_set (error, MIP_ERROR_TARGET, name,
			  "%u-bit pointers, the profile is for %" PRIu32
			  "-bit pointers", raw->pointer_size * 8,
			  h->pointer_size * 8);
  if (raw->big_endian != (h->target_big_endian != 0))
    return mip_error_set (error, MIP_ERROR_TARGET, name,
			  "%s-endian, the profile is for a %s-endian target",
			  raw->big_endian ? "big" : "little",
			  h->target_big_endian ? "big" : "little");
  if (raw->header.build_id != h->build_id)
    return mip_error_set (error, MIP_ERROR_BUILD_ID, name,
			  "build id %016" PRIx64 ", profile expects %016"
			  PRIx64, raw->header.build_id, h->build_id);
  if (mip_gnu_build_ids_differ (raw->header.gnu_build_id,
				raw->header.gnu_build_id_size,
				h->gnu_build_id, h->gnu_build_id_size))
    {
      char raw_text[MIP_GNU_BUILD_ID_TEXT], profile_text[MIP_GNU_BUILD_ID_TEXT];
      return mip_error_set (error, MIP_ERROR_BUILD_ID, name,
			    "GNU build id %s, profile expects %s",
			    mip_gnu_build_id_hex (raw->header.gnu_build_id,
						  raw->header.gnu_build_id_size,
						  raw_text),
			    mip_gnu_build_id_hex (h->gnu_build_id,
						  h->gnu_build_id_size,
						  profile_text));
    }
  if (raw->header.data_size != h->raw_data_size)
    return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			  "%" PRIu64 " data bytes, the profile expects %"
			  PRIu64, raw->header.data_size, h->raw_data_size);
  if (raw->header.unit_count != h->unit_count)
    return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			  "%" PRIu32 " units, the profile expects %" PRIu32,
			  raw->header.unit_count, h->unit_count);
  return MIP_OK;
}

enum mip_error
mip_profile_check_raw (const struct mip_profile *profile,
		       const struct mip_raw *raw, const char *name,
		       struct mip_error_context *error)
{
  enum mip_error status = check_target (profile, raw, name, error);
  uint32_t i;

  if (status != MIP_OK)
    return status;
  for (i = 0; i < profile->header.unit_count; i++)
    {
      const struct mip_profile_unit *expected = &profile->units[i];
      struct mip_raw_unit unit;

      if (!mip_read_struct (&raw->data, expected->raw_offset,
			    &mip_layout_mip_raw_unit, &unit)
	  || unit.unit_hash != expected->unit_hash
	  || unit.unit_size != expected->raw_size
	  || unit.function_count != expected->function_count)
	return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			      "raw unit %" PRIu32 " at data offset %" PRIu32
			      " is not the one the profile expects (hash %016"
			      PRIx64 ", %" PRIu32 " bytes, %" PRIu32
			      " functions)", i, expected->raw_offset,
			      expected->unit_hash, expected->raw_size,
			      expected->function_count);
    }
  return MIP_OK;
}

/* ---- Reading one run --------------------------------------------------- */

/* What one run says about one primary function.  */
struct run_function
{
  uint64_t calls;
  uint32_t order;               /* smallest nonzero stamp, or 0 */
  bool ran;
};

/* A caller to add to the profile: function index, link-time address
   and the runs that saw it (the weight of the input).  */
struct run_caller
{
  uint32_t function;
  uint32_t runs;
  uint64_t address;
  uint32_t samples;             /* caller samples of this edge */
};

struct run
{
  const struct mip_profile *profile;
  const struct mip_raw *raw;
  struct run_function *functions;  /* per function (primaries used) */
  unsigned char *blocks;           /* per block of every copy: covered in
				      this run */
  struct mip_infer_scratch scratch;
  struct run_caller *callers;
  size_t caller_count, caller_capacity;
  uint64_t load_bias;              /* run-time minus link-time */
};

static uint64_t
saturating_add (uint64_t a, uint64_t b)
{
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* The run counts of the format are 32-bit: they saturate there.  */
static uint32_t
saturating_add32 (uint32_t a, uint64_t b)
{
  return b > (uint64_t) (UINT32_MAX - a) ? UINT32_MAX : a + (uint32_t) b;
}

static uint64_t
saturating_multiply (uint64_t a, uint64_t b)
{
  return a != 0 && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

/* True if ADDRESS lies outside the binary's code, when the profile knows
   its extent (it was created from the binary, not from a .mipmap).  */
static bool
outside_binary (const struct mip_profile *profile, uint64_t address)
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
static bool
same_blocks (const struct mip_profile_function *alias,
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
  return outside_binary (profile, address) ? MIP_EXTERNAL_CALLER : address;
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

/* A function's record and its index, to find sampled functions by
   record.  */
struct record_function
{
  uint32_t raw_offset;
  uint32_t index;
};

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
static struct record_function *
sampled_functions (const struct mip_profile *profile, size_t *count)
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
static bool
sample_caller (const struct mip_profile *profile, const struct mip_raw *raw,
	       uint32_t index, const struct record_function *functions,
	       size_t count, uint64_t load_bias, struct run_caller *caller)
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
  functions = sampled_functions (run->profile, &function_count);
  if (!functions)
    return false;
  for (s = 0; s < count && ok; s++)
    {
      struct run_caller caller;

      if (sample_caller (run->profile, raw, s, functions, function_count,
			 run->load_bias, &caller))
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
	  target->calls = saturating_add (target->calls, calls);
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

  if (index != primary_index && !same_blocks (function, primary))
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

/* ---- Adding the run to the profile ------------------------------------ */

static int
compare_run_callers (const void *a, const void *b)
{
  const struct run_caller *x = a, *y = b;
  if (x->function != y->function)
    return x->function < y->function ? -1 : 1;
  if (x->address != y->address)
    return x->address < y->address ? -1 : 1;
  return 0;
}

/* Sort the run's callers by function and address, fold duplicates (a
   run sees a caller once, however many slots and samples hold it; its
   samples add up).  */
static void
unique_run_callers (struct run *run)
{
  size_t i, kept = 0;

  if (run->caller_count == 0)
    return;
  qsort (run->callers, run->caller_count, sizeof *run->callers,
	 compare_run_callers);
  for (i = 1; i < run->caller_count; i++)
    if (compare_run_callers (&run->callers[i], &run->callers[kept]) != 0)
      run->callers[++kept] = run->callers[i];
    else
      run->callers[kept].samples =
	saturating_add32 (run->callers[kept].samples,
			  run->callers[i].samples);
  run->caller_count = kept + 1;
}

static int
compare_profile_callers (const void *a, const void *b)
{
  const struct mip_profile_caller *x = a, *y = b;
  if (x->return_address != y->return_address)
    return x->return_address < y->return_address ? -1 : 1;
  return 0;
}

/* Sort the COUNT callers of one function by address and fold entries
   of one address into one, adding their runs.  Returns the new count.  */
static size_t
combine_callers (struct mip_profile_caller *callers, size_t count)
{
  size_t i, kept = 0;

  if (count == 0)
    return 0;
  qsort (callers, count, sizeof *callers, compare_profile_callers);
  for (i = 1; i < count; i++)
    if (callers[i].return_address == callers[kept].return_address)
      {
	callers[kept].runs = saturating_add32 (callers[kept].runs,
					       callers[i].runs);
	callers[kept].samples = saturating_add32 (callers[kept].samples,
						  callers[i].samples);
      }
    else
      callers[++kept] = callers[i];
  return kept + 1;
}

/* Build the new caller table of PROFILE: each function's callers, old
   and new (ADDED, COUNT entries sorted by function), sorted by address,
   one entry per address.  The table is the same whatever order the
   callers came in.  Returns NULL when out of memory or too large; *BEGINS
   is each function's first entry, *TOTAL the new size.  */
static struct mip_profile_caller *
merge_callers (const struct mip_profile *profile,
	       const struct run_caller *added, size_t count,
	       uint32_t **begins, uint64_t *total)
{
  uint64_t bound = (uint64_t) profile->header.caller_count + count;
  struct mip_profile_caller *merged;
  uint32_t f;
  size_t next = 0, out = 0;

  *begins = NULL;
  if (bound > UINT32_MAX)
    return NULL;
  merged = calloc (bound ? bound : 1, sizeof *merged);
  *begins = calloc (profile->header.function_count + 1, sizeof **begins);
  if (!merged || !*begins)
    {
      free (merged);
      free (*begins);
      *begins = NULL;
      return NULL;
    }
  for (f = 0; f < profile->header.function_count; f++)
    {
      const struct mip_profile_function *function = &profile->functions[f];
      size_t begin = out;
      uint32_t c;

      (*begins)[f] = (uint32_t) out;
      for (c = 0; c < function->caller_count; c++)
	merged[out++] = profile->callers[function->caller_begin + c];
      for (; next < count && added[next].function == f; next++)
	{
	  merged[out].return_address = added[next].address;
	  merged[out].runs = added[next].runs;
	  merged[out].samples = added[next].samples;
	  out++;
	}
      out = begin + combine_callers (merged + begin, out - begin);
    }
  *total = out;
  return merged;
}

/* Replace the caller table of PROFILE by CALLERS (TOTAL entries, each
   function's first at BEGINS[f]); takes CALLERS, frees BEGINS.  */
static void
install_callers (struct mip_profile *profile,
		 struct mip_profile_caller *callers, uint32_t *begins,
		 uint64_t total)
{
  uint32_t i;

  for (i = 0; i < profile->header.function_count; i++)
    {
      struct mip_profile_function *function = &profile->functions[i];
      function->caller_begin = begins[i];
      function->caller_count = (i + 1 < profile->header.function_count
				? begins[i + 1] : total) - begins[i];
    }
  free (profile->callers);
  profile->callers = callers;
  profile->header.caller_count = (uint32_t) total;
  free (begins);
}

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
	saturating_add (function->call_count,
			saturating_multiply (seen->calls, weight));
      if (seen->order != 0)
	{
	  function->order_sum =
	    saturating_add (function->order_sum,
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
    }
  profile->header.runs = saturating_add32 (profile->header.runs, weight);
}

/* A profile that knows no GNU build id (made from a .mipmap) takes the
   first one an input brings.  */
static void
adopt_gnu_build_id (struct mip_profile *profile, const uint8_t *id,
		    uint32_t size)
{
  struct mip_profile_header *h = &profile->header;

  if (h->gnu_build_id_size != 0 || size == 0)
    return;
  memcpy (h->gnu_build_id, id, size);
  h->gnu_build_id_size = size;
}

static void
free_run (struct run *run)
{
  free (run->functions);
  free (run->blocks);
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
  if (!run.functions || !run.blocks)
    goto out_of_memory;
  for (i = 0; i < profile->header.function_count; i++)
    if (!mip_profile_function_is_discarded (profile, i)
	&& !read_record (&run, i))
      goto out_of_memory;
  if (!infer_blocks (&run) || !read_caller_samples (&run))
    goto out_of_memory;
  unique_run_callers (&run);
  for (c = 0; c < run.caller_count; c++)
    {
      run.callers[c].runs = weight;
      run.callers[c].samples =
	saturating_add32 (0, saturating_multiply (run.callers[c].samples,
						  weight));
    }
  callers = merge_callers (profile, run.callers, run.caller_count,
			   &caller_begins, &caller_count);
  if (!callers)
    goto out_of_memory;
  /* Nothing can fail from here on.  */
  apply_run (profile, &run, weight);
  adopt_gnu_build_id (profile, raw->header.gnu_build_id,
		      raw->header.gnu_build_id_size);
  install_callers (profile, callers, caller_begins, caller_count);
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

/* ---- Adding many runs: the accumulator ---------------------------------- */

/* mip_profile_add_weighted_run works out, for every run, where each
   record lies, the order in which blocks are inferred and a new caller
   table, and it reads and infers the blocks of every function.  The
   accumulator works out the first two once, then of each run reads the
   records with those offsets, infers only the blocks of the functions
   that ran (the others covered none: no probe stored, the function not
   entered) and counts the runs of those functions and blocks in arrays
   of its own, small enough to stay in the processor's caches; the
   counts go into the profile, and the callers, kept meanwhile, into its
   caller table, at the end (the callers also when many are waiting).
   Every count is the same saturating sum as the run by run path's, so
   the profile is byte for byte the same.  */

/* The record of a kept function that holds coverage bytes alone (the
   coverage modes): it ran when any of its SIZE bytes at AT is stored.  */
struct coverage_plan
{
  uint32_t at;
  uint32_t size;
  uint32_t primary;
};

/* The record of any other kept function (counts, orders, callers).  */
struct record_plan
{
  uint32_t function;
  uint32_t primary;
  uint32_t at;                  /* raw data offset of the record */
  uint32_t probe_count;
  uint32_t caller_slots;
  struct mip_record_layout layout;
};

/* One block of a copy whose blocks are inferred, in inference order
   (each after the blocks of its list): its index in the function, the
   raw data offset of its probe byte (NO_PROBE_AT without one) and its
   inference list, the profile's entries [list_begin, + list_count).  */
struct block_step
{
  uint32_t block;
  uint32_t probe_at;
  uint32_t list_begin;
  uint32_t list_count;
};

#define NO_PROBE_AT UINT32_MAX

/* A copy (a primary, or an alias of the same CFG) whose blocks are
   inferred: its blocks, and its steps at the same indexes.  */
struct copy_plan
{
  uint32_t block_begin;
  uint32_t block_count;
};

/* ran_flags: the function ran in this run; it has calls or an order in
   seen[].  */
#define RAN 0x1
#define RAN_COUNTED 0x2

struct mip_run_accumulator
{
  struct mip_profile *profile;
  struct coverage_plan *coverage_plans; /* kept coverage-only functions */
  uint32_t coverage_plan_count;
  struct record_plan *plans;    /* the other kept functions */
  uint32_t plan_count;
  /* Per primary: its copies with inferred blocks (itself first, then
     its aliases in index order), copies[copy_begin[p] ..
     copy_begin[p + 1]).  */
  uint32_t *copy_begin;
  struct copy_plan *copies;
  struct block_step *steps;     /* per block of those copies */
  uint64_t first_bytes[9];      /* [n]: a word whose n first bytes are
				   all ones, the others 0 */
  /* Runs counted, not yet in the profile.  */
  uint32_t *function_runs;      /* per function */
  uint32_t *block_runs;         /* per block */
  /* One run.  */
  unsigned char *ran_flags;     /* per function: RAN, RAN_COUNTED */
  struct run_function *seen;    /* per function: calls and order */
  unsigned char *covered;       /* per block */
  uint32_t *ran;                /* the primaries that ran */
  uint32_t ran_count;
  struct run_caller *run_callers;
  size_t run_caller_count;
  size_t max_run_callers;       /* caller slots of every kept function */
  size_t run_caller_capacity;   /* of run_callers: those and the largest
				   caller sample table yet */
  /* The functions that may be sampled, by record (built with the first
     run that has caller samples).  */
  struct record_function *sampled;
  size_t sampled_count;
  /* Callers of the runs added, waiting to go into the profile.  */
  struct run_caller *pending;
  size_t pending_count, pending_capacity;
  size_t pending_limit;         /* PENDING_CALLERS_MAX but in tests */
};

/* Callers waiting at most (unless one run has more): 256 KB.  */
#define PENDING_CALLERS_MAX ((size_t) 1 << 14)

void
mip_run_accumulator_limit_callers (struct mip_run_accumulator *acc,
				   size_t limit)
{
  acc->pending_limit = limit;
}

static void
plan_record (struct mip_run_accumulator *acc, uint32_t index)
{
  const struct mip_profile *profile = acc->profile;
  const struct mip_profile_function *function = &profile->functions[index];
  struct mip_record_layout layout =
    mip_record_layout (function->kinds, function->probe_count,
		       function->caller_slots, profile->header.pointer_size);

  if (layout.count_offset == MIP_NO_OFFSET
      && layout.order_offset == MIP_NO_OFFSET
      && layout.callers_offset == MIP_NO_OFFSET)
    {
      struct coverage_plan *plan =
	&acc->coverage_plans[acc->coverage_plan_count++];
      plan->at = function->raw_offset;
      plan->size = layout.size;
      plan->primary = profile->primary[index];
    }
  else
    {
      struct record_plan *plan = &acc->plans[acc->plan_count++];
      plan->function = index;
      plan->primary = profile->primary[index];
      plan->at = function->raw_offset;
      plan->probe_count = function->probe_count;
      plan->caller_slots = layout.callers_offset == MIP_NO_OFFSET
			   ? 0 : function->caller_slots;
      plan->layout = layout;
      acc->max_run_callers += plan->caller_slots;
    }
}

static bool
plan_records (struct mip_run_accumulator *acc)
{
  const struct mip_profile *profile = acc->profile;
  uint32_t i;

  acc->coverage_plans = calloc (profile->header.function_count + 1,
				sizeof *acc->coverage_plans);
  acc->plans = calloc (profile->header.function_count + 1,
		       sizeof *acc->plans);
  if (!acc->coverage_plans || !acc->plans)
    return false;
  for (i = 0; i < profile->header.function_count; i++)
    if (!mip_profile_function_is_discarded (profile, i))
      plan_record (acc, i);
  return true;
}

/* Are the blocks of function INDEX inferred in a run (a primary's, or
   an alias's of the same CFG)?  */
static bool
has_inferred_blocks (const struct mip_profile *profile, uint32_t index)
{
  uint32_t primary = profile->primary[index];
  return (!mip_profile_function_is_discarded (profile, index)
	  && profile->functions[index].block_count > 0
	  && (index == primary
	      || same_blocks (&profile->functions[index],
			      &profile->functions[primary])));
}

/* The steps of copy INDEX, from ORDER (mip_infer_order's).  */
static void
plan_steps (struct mip_run_accumulator *acc, uint32_t index,
	    const uint32_t *order)
{
  const struct mip_profile *profile = acc->profile;
  const struct mip_profile_function *function = &profile->functions[index];
  struct mip_record_layout layout =
    mip_record_layout (function->kinds, function->probe_count,
		       function->caller_slots, profile->header.pointer_size);
  uint32_t i;

  for (i = 0; i < function->block_count; i++)
    {
      const struct mip_profile_block *block =
	&profile->blocks[function->block_begin + order[i]];
      struct block_step *step = &acc->steps[function->block_begin + i];
      step->block = order[i];
      step->probe_at = NO_PROBE_AT;
      if (layout.blocks_offset != MIP_NO_OFFSET
	  && block->probe < function->probe_count)
	step->probe_at = function->raw_offset + layout.blocks_offset
			 + block->probe;
      step->list_begin = function->infer_begin + block->infer_begin;
      step->list_count = block->infer_count;
    }
}

/* Count the copies of each primary whose blocks are inferred into
   copy_begin, as offsets.  */
static void
count_copies (struct mip_run_accumulator *acc)
{
  const struct mip_profile *profile = acc->profile;
  uint32_t count = profile->header.function_count, i;

  for (i = 0; i < count; i++)
    if (has_inferred_blocks (profile, i))
      acc->copy_begin[profile->primary[i] + 1]++;
  for (i = 0; i < count; i++)
    acc->copy_begin[i + 1] += acc->copy_begin[i];
}

/* The copies and their steps.  */
static enum mip_infer_status
plan_blocks (struct mip_run_accumulator *acc)
{
  const struct mip_profile *profile = acc->profile;
  uint32_t count = profile->header.function_count, i;
  uint32_t *next, *order;
  struct mip_infer_scratch scratch;
  enum mip_infer_status status = MIP_INFER_OK;

  acc->copy_begin = calloc (count + 2, sizeof *acc->copy_begin);
  acc->copies = calloc (count + 1, sizeof *acc->copies);
  acc->steps = calloc (profile->header.block_count + 1, sizeof *acc->steps);
  order = calloc (profile->header.block_count + 1, sizeof *order);
  next = calloc (count + 1, sizeof *next);
  if (!acc->copy_begin || !acc->copies || !acc->steps || !order || !next)
    {
      free (order);
      free (next);
      return MIP_INFER_NO_MEMORY;
    }
  count_copies (acc);
  memcpy (next, acc->copy_begin, count * sizeof *next);
  memset (&scratch, 0, sizeof scratch);
  for (i = 0; i < count && status == MIP_INFER_OK; i++)
    if (has_inferred_blocks (profile, i))
      {
	const struct mip_profile_function *function = &profile->functions[i];
	struct copy_plan *copy = &acc->copies[next[profile->primary[i]]++];
	struct mip_infer_graph graph;
	copy->block_begin = function->block_begin;
	copy->block_count = function->block_count;
	mip_profile_infer_graph (profile, i, &graph);
	status = mip_infer_order (&graph, &scratch, order);
	if (status == MIP_INFER_OK)
	  plan_steps (acc, i, order);
      }
  mip_infer_scratch_free (&scratch);
  free (order);
  free (next);
  return status;
}

void
mip_run_accumulator_free (struct mip_run_accumulator *acc)
{
  if (!acc)
    return;
  free (acc->coverage_plans);
  free (acc->plans);
  free (acc->copy_begin);
  free (acc->copies);
  free (acc->steps);
  free (acc->function_runs);
  free (acc->block_runs);
  free (acc->ran_flags);
  free (acc->seen);
  free (acc->covered);
  free (acc->ran);
  free (acc->run_callers);
  free (acc->sampled);
  free (acc->pending);
  free (acc);
}

/* The per-function and per-block arrays.  */
static bool
allocate_counts (struct mip_run_accumulator *acc)
{
  uint32_t functions = acc->profile->header.function_count;
  uint32_t blocks = acc->profile->header.block_count;

  acc->function_runs = calloc (functions + 1, sizeof *acc->function_runs);
  acc->block_runs = calloc (blocks + 1, sizeof *acc->block_runs);
  acc->ran_flags = calloc (functions + 1, 1);
  acc->seen = calloc (functions + 1, sizeof *acc->seen);
  acc->covered = calloc (blocks + 1, 1);
  acc->ran = calloc (functions + 1, sizeof *acc->ran);
  return (acc->function_runs && acc->block_runs && acc->ran_flags
	  && acc->seen && acc->covered && acc->ran);
}

static void
make_byte_masks (uint64_t masks[9])
{
  unsigned char bytes[8];
  unsigned n;

  for (n = 0; n <= 8; n++)
    {
      memset (bytes, 0, sizeof bytes);
      memset (bytes, 0xff, n);
      memcpy (&masks[n], bytes, sizeof masks[n]);
    }
}

enum mip_error
mip_run_accumulator_new (struct mip_profile *profile,
			 struct mip_run_accumulator **result,
			 struct mip_error_context *error)
{
  struct mip_run_accumulator *acc = calloc (1, sizeof *acc);
  enum mip_infer_status status = MIP_INFER_NO_MEMORY;

  *result = NULL;
  if (acc)
    {
      acc->profile = profile;
      acc->pending_limit = PENDING_CALLERS_MAX;
      make_byte_masks (acc->first_bytes);
      if (allocate_counts (acc) && plan_records (acc))
	status = plan_blocks (acc);
    }
  if (status == MIP_INFER_OK)
    {
      acc->run_caller_capacity = acc->max_run_callers;
      acc->run_callers = calloc (acc->max_run_callers + 1,
				 sizeof *acc->run_callers);
      if (!acc->run_callers)
	status = MIP_INFER_NO_MEMORY;
    }
  if (status != MIP_INFER_OK)
    {
      mip_run_accumulator_free (acc);
      /* A profile's lists were checked for cycles when it was read.  */
      return mip_error_set (error, status == MIP_INFER_CYCLE
			    ? MIP_ERROR_CORRUPT : MIP_ERROR_NO_MEMORY, NULL,
			    status == MIP_INFER_CYCLE
			    ? "the inference lists of a function form a cycle"
			    : NULL);
    }
  *result = acc;
  return MIP_OK;
}

/* Function PRIMARY ran in this run: note it once.  */
static void
mark_ran (struct mip_run_accumulator *acc, uint32_t primary)
{
  if (!acc->ran_flags[primary])
    {
      acc->ran_flags[primary] = RAN;
      acc->ran[acc->ran_count++] = primary;
    }
}

/* The calls and order of PRIMARY in this run, which ran.  */
static struct run_function *
counted_run (struct mip_run_accumulator *acc, uint32_t primary)
{
  mark_ran (acc, primary);
  acc->ran_flags[primary] |= RAN_COUNTED;
  return &acc->seen[primary];
}

/* Does any of the COUNT coverage bytes at BYTES hold a stored value?  */
static bool
any_byte_stored (const unsigned char *bytes, uint32_t count)
{
  uint32_t b;
  for (b = 0; b < count; b++)
    if (mip_coverage_byte_set (bytes[b]))
      return true;
  return false;
}

static void
read_planned_callers (struct mip_run_accumulator *acc,
		      const struct mip_raw *raw,
		      const struct record_plan *plan, uint64_t load_bias)
{
  const struct mip_profile *profile = acc->profile;
  unsigned pointer_size = profile->header.pointer_size;
  uint64_t mask = mip_pointer_mask (pointer_size);
  uint64_t at = (uint64_t) plan->at + plan->layout.callers_offset;
  uint32_t s;

  for (s = 0; s < plan->caller_slots; s++)
    {
      uint64_t address = 0;
      struct run_caller *caller;
      mip_read_pointer (&raw->data, at + (uint64_t) s * pointer_size,
			pointer_size, &address);
      if (address == 0)
	continue;
      address = (address - load_bias) & mask;
      if (outside_binary (profile, address))
	address = MIP_EXTERNAL_CALLER;
      caller = &acc->run_callers[acc->run_caller_count++];
      caller->function = plan->primary;
      caller->runs = 1;
      caller->address = address;
      caller->samples = 0;
    }
}

/* read_record with the plan: did the function run, its calls, order
   and callers.  Its blocks are read by infer_ran_blocks, if it ran.  */
static void
read_planned_record (struct mip_run_accumulator *acc,
		     const struct mip_raw *raw,
		     const struct record_plan *plan, uint64_t load_bias)
{
  const struct mip_record_layout *layout = &plan->layout;
  const unsigned char *record = raw->data.data + plan->at;
  uint32_t order = 0, value = 0;

  if (layout->coverage_offset != MIP_NO_OFFSET
      && mip_coverage_byte_set (record[layout->coverage_offset]))
    mark_ran (acc, plan->primary);
  if (layout->order_offset != MIP_NO_OFFSET
      && mip_read_u32 (&raw->data, (uint64_t) plan->at
		       + layout->order_offset, &order)
      && order != 0)
    {
      struct run_function *seen = counted_run (acc, plan->primary);
      if (seen->order == 0 || order < seen->order)
	seen->order = order;
    }
  if (layout->count_offset != MIP_NO_OFFSET
      && mip_read_u32 (&raw->data, (uint64_t) plan->at
		       + layout->count_offset, &value))
    {
      uint32_t calls = mip_decode_call_count (value, order);
      if (calls > 0)
	{
	  struct run_function *seen = counted_run (acc, plan->primary);
	  seen->calls = saturating_add (seen->calls, calls);
	}
    }
  if (layout->blocks_offset != MIP_NO_OFFSET
      && any_byte_stored (record + layout->blocks_offset, plan->probe_count))
    mark_ran (acc, plan->primary);
  if (plan->caller_slots > 0)
    read_planned_callers (acc, raw, plan, load_bias);
}

/* Is any of the SIZE coverage bytes at BYTES (offset AT) stored?  When
   8 bytes from AT lie inside the data (AT below WORD_LIMIT), one load,
   masked to the SIZE first bytes (MASKS[SIZE]), answers.  */
static bool
coverage_stored (const unsigned char *bytes, uint32_t size, uint64_t at,
		 uint64_t word_limit, const uint64_t *masks)
{
  uint64_t word;

  if (size > 8 || at >= word_limit)
    return any_byte_stored (bytes, size);
  memcpy (&word, bytes, sizeof word);
  return (~word & masks[size]) != 0;
}

/* The records of the coverage-only functions: one load and no branch on
   the outcome for most, since which functions ran is not predictable.  */
static void
read_coverage_records (struct mip_run_accumulator *acc,
		       const struct mip_raw *raw)
{
  const unsigned char *data = raw->data.data;
  uint64_t word_limit = raw->data.size >= 8 ? raw->data.size - 7 : 0;
  uint32_t p;

  for (p = 0; p < acc->coverage_plan_count; p++)
    {
      const struct coverage_plan *plan = &acc->coverage_plans[p];
      uint32_t primary = plan->primary;
      unsigned char stored =
	coverage_stored (data + plan->at, plan->size, plan->at, word_limit,
			 acc->first_bytes);
      unsigned char first = stored & !acc->ran_flags[primary];

      acc->ran[acc->ran_count] = primary;
      acc->ran_count += first;
      acc->ran_flags[primary] |= stored;
    }
}

static void
read_records (struct mip_run_accumulator *acc, const struct mip_raw *raw,
	      uint64_t load_bias)
{
  uint32_t p;

  read_coverage_records (acc, raw);
  for (p = 0; p < acc->plan_count; p++)
    read_planned_record (acc, raw, &acc->plans[p], load_bias);
}

/* The blocks of COPY covered in this run, its function entered: each
   by its probe or, in inference order, by an entry of its list (what
   mip_infer_coverage gives).  */
static void
infer_copy_blocks (struct mip_run_accumulator *acc, const struct mip_raw *raw,
		   const struct copy_plan *copy)
{
  const struct block_step *steps = acc->steps + copy->block_begin;
  const uint32_t *entries = acc->profile->infer_entries;
  unsigned char *covered = acc->covered + copy->block_begin;
  uint32_t i, e;

  for (i = 0; i < copy->block_count; i++)
    {
      const struct block_step *step = &steps[i];
      if (step->probe_at != NO_PROBE_AT
	  && mip_coverage_byte_set (raw->data.data[step->probe_at]))
	{
	  covered[step->block] = 1;
	  continue;
	}
      for (e = 0; e < step->list_count; e++)
	{
	  uint32_t entry = entries[step->list_begin + e];
	  if (entry == MIP_INFER_FUNCTION
	      || (entry < copy->block_count && covered[entry]))
	    {
	      covered[step->block] = 1;
	      break;
	    }
	}
    }
}

/* Infer the blocks of every copy of each primary that ran, and add the
   aliases' to their primary's (its first copy).  */
static void
infer_ran_blocks (struct mip_run_accumulator *acc, const struct mip_raw *raw)
{
  uint32_t r, c, b;

  for (r = 0; r < acc->ran_count; r++)
    {
      uint32_t primary = acc->ran[r];
      const struct copy_plan *target = &acc->copies[acc->copy_begin[primary]];
      for (c = acc->copy_begin[primary]; c < acc->copy_begin[primary + 1];
	   c++)
	{
	  const struct copy_plan *copy = &acc->copies[c];
	  infer_copy_blocks (acc, raw, copy);
	  if (copy != target)
	    for (b = 0; b < copy->block_count; b++)
	      acc->covered[target->block_begin + b] |=
		acc->covered[copy->block_begin + b];
	}
    }
}

/* Add the calls and order of SEEN, WEIGHT times, to FUNCTION.  */
static void
add_calls_and_order (struct mip_profile_function *function,
		     const struct run_function *seen, uint32_t weight)
{
  function->call_count =
    saturating_add (function->call_count,
		    saturating_multiply (seen->calls, weight));
  if (seen->order != 0)
    {
      function->order_sum =
	saturating_add (function->order_sum,
			saturating_multiply (seen->order, weight));
      function->order_runs = saturating_add32 (function->order_runs,
					       weight);
    }
}

/* apply_run for the functions that ran, which it leaves cleared for the
   next run.  */
static void
count_ran (struct mip_run_accumulator *acc, uint32_t weight)
{
  uint32_t r, c, b;

  for (r = 0; r < acc->ran_count; r++)
    {
      uint32_t primary = acc->ran[r];
      uint32_t first = acc->copy_begin[primary];
      uint32_t end = acc->copy_begin[primary + 1];

      acc->function_runs[primary] =
	saturating_add32 (acc->function_runs[primary], weight);
      if (acc->ran_flags[primary] & RAN_COUNTED)
	{
	  add_calls_and_order (&acc->profile->functions[primary],
			       &acc->seen[primary], weight);
	  memset (&acc->seen[primary], 0, sizeof acc->seen[primary]);
	}
      acc->ran_flags[primary] = 0;
      if (first == end)
	continue;
      for (b = 0; b < acc->copies[first].block_count; b++)
	{
	  uint32_t block = acc->copies[first].block_begin + b;
	  if (acc->covered[block])
	    acc->block_runs[block] = saturating_add32 (acc->block_runs[block],
						       weight);
	}
      for (c = first; c < end; c++)
	memset (acc->covered + acc->copies[c].block_begin, 0,
		acc->copies[c].block_count);
    }
  acc->ran_count = 0;
}

/* Add the pending callers to the profile's caller table.  */
static bool
flush_pending_callers (struct mip_run_accumulator *acc)
{
  struct mip_profile_caller *callers;
  uint32_t *caller_begins = NULL;
  uint64_t caller_count = 0;

  if (acc->pending_count == 0)
    return true;
  qsort (acc->pending, acc->pending_count, sizeof *acc->pending,
	 compare_run_callers);
  callers = merge_callers (acc->profile, acc->pending, acc->pending_count,
			   &caller_begins, &caller_count);
  if (!callers)
    return false;
  install_callers (acc->profile, callers, caller_begins, caller_count);
  acc->pending_count = 0;
  return true;
}

/* Room for the callers of one more run (its caller slots and SAMPLES
   caller samples): in run_callers, and among the pending ones, which go
   into the profile first when there are many.  */
static bool
reserve_pending_callers (struct mip_run_accumulator *acc, size_t samples)
{
  size_t run_callers = acc->max_run_callers + samples;
  size_t wanted = acc->pending_count + run_callers, capacity;
  struct run_caller *grown;

  if (wanted <= acc->pending_capacity)
    return true;
  if (acc->pending_count > 0 && wanted > acc->pending_limit)
    {
      if (!flush_pending_callers (acc))
	return false;
      wanted = run_callers;
      if (wanted <= acc->pending_capacity)
	return true;
    }
  capacity = acc->pending_capacity ? 2 * acc->pending_capacity : 1024;
  while (capacity < wanted)
    capacity *= 2;
  grown = realloc (acc->pending, capacity * sizeof *grown);
  if (!grown)
    return false;
  acc->pending = grown;
  acc->pending_capacity = capacity;
  return true;
}

/* Room in run_callers for the caller slots and SAMPLES samples.  */
static bool
reserve_run_callers (struct mip_run_accumulator *acc, size_t samples)
{
  size_t wanted = acc->max_run_callers + samples;
  struct run_caller *grown;

  if (wanted <= acc->run_caller_capacity)
    return true;
  grown = realloc (acc->run_callers, (wanted + 1) * sizeof *grown);
  if (!grown)
    return false;
  acc->run_callers = grown;
  acc->run_caller_capacity = wanted;
  return true;
}

/* The caller samples of RAW, loaded LOAD_BIAS away, join the run's
   callers (reserve_run_callers made room).  */
static void
read_accumulated_samples (struct mip_run_accumulator *acc,
			  const struct mip_raw *raw, uint64_t load_bias)
{
  uint32_t s;

  for (s = 0; s < raw->samples_header.sample_count; s++)
    if (sample_caller (acc->profile, raw, s, acc->sampled,
		       acc->sampled_count, load_bias,
		       &acc->run_callers[acc->run_caller_count]))
      acc->run_caller_count++;
}

/* The run's callers, one entry per function and address, seen by
   WEIGHT runs, join the pending ones.  */
static void
keep_run_callers (struct mip_run_accumulator *acc, uint32_t weight)
{
  struct run run;
  size_t c;

  memset (&run, 0, sizeof run);
  run.callers = acc->run_callers;
  run.caller_count = acc->run_caller_count;
  unique_run_callers (&run);
  for (c = 0; c < run.caller_count; c++)
    {
      struct run_caller *kept = &acc->pending[acc->pending_count++];
      *kept = run.callers[c];
      kept->runs = weight;
      kept->samples =
	saturating_add32 (0, saturating_multiply (kept->samples, weight));
    }
  acc->run_caller_count = 0;
}

enum mip_error
mip_run_accumulator_add (struct mip_run_accumulator *acc,
			 const struct mip_raw *raw, uint32_t weight,
			 const char *name, struct mip_error_context *error)
{
  struct mip_profile *profile = acc->profile;
  size_t samples = raw->samples_header.sample_count;
  uint64_t load_bias = raw->header.anchor_address
		       - profile->header.anchor_address;

  if (samples != 0 && !acc->sampled)
    {
      acc->sampled = sampled_functions (profile, &acc->sampled_count);
      if (!acc->sampled)
	return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
    }
  if (!reserve_run_callers (acc, samples)
      || !reserve_pending_callers (acc, samples))
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  /* Nothing can fail from here on.  */
  read_records (acc, raw, load_bias);
  read_accumulated_samples (acc, raw, load_bias);
  infer_ran_blocks (acc, raw);
  count_ran (acc, weight);
  keep_run_callers (acc, weight);
  profile->header.runs = saturating_add32 (profile->header.runs, weight);
  adopt_gnu_build_id (profile, raw->header.gnu_build_id,
		      raw->header.gnu_build_id_size);
  return MIP_OK;
}

/* Move the runs counted into the profile.  */
static void
add_counted_runs (struct mip_run_accumulator *acc)
{
  struct mip_profile *profile = acc->profile;
  uint32_t i;

  for (i = 0; i < profile->header.function_count; i++)
    if (acc->function_runs[i] != 0)
      {
	profile->functions[i].covered_runs =
	  saturating_add32 (profile->functions[i].covered_runs,
			    acc->function_runs[i]);
	acc->function_runs[i] = 0;
      }
  for (i = 0; i < profile->header.block_count; i++)
    if (acc->block_runs[i] != 0)
      {
	profile->blocks[i].covered_runs =
	  saturating_add32 (profile->blocks[i].covered_runs,
			    acc->block_runs[i]);
	acc->block_runs[i] = 0;
      }
}

enum mip_error
mip_run_accumulator_finish (struct mip_run_accumulator *acc,
			    struct mip_error_context *error)
{
  if (!flush_pending_callers (acc))
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
  add_counted_runs (acc);
  return MIP_OK;
}

/* ---- Adding a profile to a profile -------------------------------------- */

/* Do the tables of A and B describe the same functions, blocks and
   records?  Counters and callers are not compared.  */
static bool
same_tables (const struct mip_profile *a, const struct mip_profile *b)
{
  const struct mip_profile_header *x = &a->header, *y = &b->header;
  uint32_t i;

  if (x->raw_data_size != y->raw_data_size
      || x->unit_count != y->unit_count
      || x->function_count != y->function_count
      || x->block_count != y->block_count
      || x->infer_count != y->infer_count
      || x->anchor_address != y->anchor_address)
    return false;
  for (i = 0; i < x->function_count; i++)
    {
      const struct mip_profile_function *f = &a->functions[i];
      const struct mip_profile_function *g = &b->functions[i];
      if (f->address != g->address || f->raw_offset != g->raw_offset
	  || f->kinds != g->kinds || f->flags != g->flags
	  || f->block_begin != g->block_begin
	  || f->block_count != g->block_count
	  || f->caller_slots != g->caller_slots
	  || a->primary[i] != b->primary[i])
	return false;
    }
  return true;
}

enum mip_error
mip_profile_check_profile (const struct mip_profile *profile,
			   const char *profile_name,
			   const struct mip_profile *other, const char *name,
			   struct mip_error_context *error)
{
  const struct mip_profile_header *h = &profile->header, *o = &other->header;
  char text[MIP_GNU_BUILD_ID_TEXT], expected[MIP_GNU_BUILD_ID_TEXT];

  if (o->pointer_size != h->pointer_size
      || o->target_big_endian != h->target_big_endian)
    return mip_error_set (error, MIP_ERROR_TARGET, name,
			  "a profile for %" PRIu32 "-bit %s-endian code, '%s'"
			  " is for %" PRIu32 "-bit %s-endian code",
			  o->pointer_size * 8,
			  o->target_big_endian ? "big" : "little",
			  profile_name, h->pointer_size * 8,
			  h->target_big_endian ? "big" : "little");
  if (o->build_id != h->build_id)
    return mip_error_set (error, MIP_ERROR_BUILD_ID, name,
			  "a profile of build id %016" PRIx64 ", '%s' is of"
			  " build id %016" PRIx64, o->build_id, profile_name,
			  h->build_id);
  if (mip_gnu_build_ids_differ (o->gnu_build_id, o->gnu_build_id_size,
				h->gnu_build_id, h->gnu_build_id_size))
    return mip_error_set (error, MIP_ERROR_BUILD_ID, name,
			  "a profile of GNU build id %s, '%s' is of GNU"
			  " build id %s",
			  mip_gnu_build_id_hex (o->gnu_build_id,
						o->gnu_build_id_size, text),
			  profile_name,
			  mip_gnu_build_id_hex (h->gnu_build_id,
						h->gnu_build_id_size,
						expected));
  if (!same_tables (profile, other))
    return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			  "its functions differ from those of '%s', made"
			  " for the same build id %016" PRIx64,
			  profile_name, h->build_id);
  return MIP_OK;
}

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
	saturating_add (function->call_count,
			saturating_multiply (seen->call_count, weight));
      function->order_sum =
	saturating_add (function->order_sum,
			saturating_multiply (seen->order_sum, weight));
      function->order_runs =
	saturating_add32 (function->order_runs,
			  saturating_multiply (seen->order_runs, weight));
    }
  for (i = 0; i < profile->header.block_count; i++)
    profile->blocks[i].covered_runs =
      saturating_add32 (profile->blocks[i].covered_runs,
			saturating_multiply (other->blocks[i].covered_runs,
					     weight));
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

  added = weighted_callers (other, weight, &added_count);
  if (!added)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  callers = merge_callers (profile, added, added_count, &caller_begins,
			   &caller_count);
  free (added);
  if (!callers)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  /* Nothing can fail from here on.  */
  add_counters (profile, other, weight);
  adopt_gnu_build_id (profile, other->header.gnu_build_id,
		      other->header.gnu_build_id_size);
  install_callers (profile, callers, caller_begins, caller_count);
  return MIP_OK;
}

/* ---- An empty copy ------------------------------------------------------ */

/* Clear every counter of PROFILE: no run, no caller.  */
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
  memcpy (empty->strings, profile->strings, h->strings_size);
  memcpy (empty->primary, profile->primary,
	  h->function_count * sizeof *empty->primary);
  memcpy (empty->effective_kinds, profile->effective_kinds,
	  h->function_count * sizeof *empty->effective_kinds);
  clear_counters (empty);
  *copy = empty;
  return MIP_OK;
}
