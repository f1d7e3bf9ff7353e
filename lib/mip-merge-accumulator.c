/* mip-merge-accumulator.c - add many raw profiles (runs) to a profile.

   mip_profile_add_weighted_run works out, for every run, where each
   record lies, the order in which blocks are inferred and a new caller
   table, and it reads and infers the blocks of every function.  The
   accumulator works out the first two once, then of each run reads the
   records with those offsets, infers only the blocks of the functions
   that ran (the others covered none: no probe stored, the function not
   entered) and counts the runs of those functions and blocks in arrays
   of its own, small enough to stay in the processor's caches; the
   counts go into the profile, and the callers, kept meanwhile, into its
   caller table, at the end (the callers also when many are waiting).
   The allocation sites' records (mip-merge-heap.c) are few and go into
   the profile with each run, as on the run by run path.  The value
   sites' candidates (mip-merge-values.c) wait in a batch that goes into
   the profile's value table when it has grown to twice the table (or
   PENDING_VALUES_MIN), and at the end: one merge of the table with the
   sorted batch rather than one per run, so that thousands of runs whose
   candidates differ cost no more than sorting them.  Every count is the
   same saturating sum as the run by run path's, in any order, so the
   profile is byte for byte the same.

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
  uint32_t function;
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
  uint64_t *block_sums;         /* per block of a primary that counts
				   blocks: mip_merge_add_counts's sums */
  struct mip_count_cache count_cache;
  uint64_t *copy_counts;        /* one copy's counts in one run */
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
  /* Candidates of the runs' value site records, waiting to go into the
     profile.  */
  struct value_batch values;
  size_t values_min;            /* PENDING_VALUES_MIN but in tests */
};

/* Callers waiting at most (unless one run has more): 256 KB.  */
#define PENDING_CALLERS_MAX ((size_t) 1 << 14)

/* Candidates that may wait whatever the size of the value table:
   96 KB.  */
#define PENDING_VALUES_MIN ((size_t) 1 << 12)

void
mip_run_accumulator_limit_callers (struct mip_run_accumulator *acc,
				   size_t limit)
{
  acc->pending_limit = limit;
}

void
mip_run_accumulator_limit_values (struct mip_run_accumulator *acc,
				  size_t limit)
{
  acc->values_min = limit;
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
	      || mip_merge_same_blocks (&profile->functions[index],
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
	copy->function = i;
	copy->block_begin = function->block_begin;
	copy->block_count = function->block_count;
	mip_profile_infer_graph (profile, i, &graph);
	status = mip_infer_order (&graph, &scratch, order);
	if (status == MIP_INFER_OK)
	  plan_steps (acc, i, order);
	if (status == MIP_INFER_OK && mip_merge_counts_blocks (profile, i)
	    && !mip_count_cache_prepare (&acc->count_cache, profile, i))
	  status = MIP_INFER_NO_MEMORY;
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
  free (acc->block_sums);
  free (acc->copy_counts);
  mip_count_cache_free (&acc->count_cache);
  free (acc->ran_flags);
  free (acc->seen);
  free (acc->covered);
  free (acc->ran);
  free (acc->run_callers);
  free (acc->sampled);
  free (acc->pending);
  mip_value_batch_free (&acc->values);
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
  acc->block_sums = calloc (blocks + 1, sizeof *acc->block_sums);
  acc->copy_counts = calloc (blocks + 1, sizeof *acc->copy_counts);
  acc->ran_flags = calloc (functions + 1, 1);
  acc->seen = calloc (functions + 1, sizeof *acc->seen);
  acc->covered = calloc (blocks + 1, 1);
  acc->ran = calloc (functions + 1, sizeof *acc->ran);
  return (acc->function_runs && acc->block_runs && acc->block_sums
	  && acc->copy_counts
	  && mip_count_cache_init (&acc->count_cache, acc->profile)
	  && acc->ran_flags
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
      acc->values_min = PENDING_VALUES_MIN;
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
      if (mip_merge_outside_binary (profile, address))
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
	  seen->calls = mip_saturating_add (seen->calls, calls);
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

/* The counts of COPY, which counts blocks, in this run, added WEIGHT
   times to the sums of TARGET (its primary's first copy); each block
   whose count is not 0 is covered.  Its solver was made by plan_blocks,
   so this cannot fail.  */
static void
count_copy_blocks (struct mip_run_accumulator *acc, const struct mip_raw *raw,
		   const struct copy_plan *copy, const struct copy_plan *target,
		   uint32_t weight)
{
  uint32_t b;

  mip_merge_block_counts (&acc->count_cache, acc->profile, raw,
			  copy->function, acc->copy_counts);
  for (b = 0; b < copy->block_count; b++)
    if (acc->copy_counts[b] != 0 && acc->copy_counts[b] != MIP_FLOW_UNKNOWN)
      acc->covered[copy->block_begin + b] = 1;
  mip_merge_add_counts (acc->block_sums + target->block_begin,
			acc->copy_counts, copy->block_count, weight);
}

/* Infer the blocks of every copy of each primary that ran, and add the
   aliases' to their primary's (its first copy); count the blocks of
   those that count them.  */
static void
infer_ran_blocks (struct mip_run_accumulator *acc, const struct mip_raw *raw,
		  uint32_t weight)
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
	  if (mip_merge_counts_blocks (acc->profile, copy->function))
	    count_copy_blocks (acc, raw, copy, target, weight);
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
	 mip_merge_compare_run_callers);
  callers = mip_merge_callers (acc->profile, acc->pending,
			       acc->pending_count, &caller_begins,
			       &caller_count);
  if (!callers)
    return false;
  mip_merge_install_callers (acc->profile, callers, caller_begins,
			     caller_count);
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
    if (mip_merge_sample_caller (acc->profile, raw, s, acc->sampled,
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
  mip_merge_unique_run_callers (&run);
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

/* Add the waiting candidates to the profile's value table.  */
static enum mip_error
flush_values (struct mip_run_accumulator *acc, const char *name,
	      struct mip_error_context *error)
{
  struct value_addition addition;
  enum mip_error status = mip_merge_values_prepare (acc->profile,
						    &acc->values, &addition,
						    name, error);
  if (status != MIP_OK)
    return status;
  mip_merge_values_install (acc->profile, &addition);
  acc->values.count = 0;
  return MIP_OK;
}

/* Room for the candidates of one more run, the waiting ones added to
   the profile first when they would be too many.  */
static enum mip_error
make_room_for_values (struct mip_run_accumulator *acc, const char *name,
		      struct mip_error_context *error)
{
  size_t sites = acc->profile->header.value_site_count;
  size_t limit = 2 * (size_t) acc->profile->header.value_count;

  if (sites == 0)
    return MIP_OK;
  if (limit < acc->values_min)
    limit = acc->values_min;
  if (acc->values.count + sites > limit)
    {
      enum mip_error status = flush_values (acc, name, error);
      if (status != MIP_OK)
	return status;
    }
  if (!mip_value_batch_reserve (&acc->values, sites))
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  return MIP_OK;
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
  struct heap_addition heap;
  enum mip_error status;

  if (samples != 0 && !acc->sampled)
    {
      acc->sampled = mip_merge_sampled_functions (profile,
						  &acc->sampled_count);
      if (!acc->sampled)
	return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
    }
  if (!reserve_run_callers (acc, samples)
      || !reserve_pending_callers (acc, samples))
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  status = mip_merge_check_values (profile, raw, name, error);
  if (status == MIP_OK)
    status = make_room_for_values (acc, name, error);
  if (status == MIP_OK)
    status = mip_merge_heap_prepare_run (profile, raw, weight, &heap, name,
					 error);
  if (status != MIP_OK)
    return status;
  /* Nothing can fail from here on.  */
  mip_merge_heap_install (profile, &heap, weight);
  mip_value_batch_add_run (&acc->values, profile, raw, weight);
  read_records (acc, raw, load_bias);
  read_accumulated_samples (acc, raw, load_bias);
  infer_ran_blocks (acc, raw, weight);
  count_ran (acc, weight);
  keep_run_callers (acc, weight);
  profile->header.runs = saturating_add32 (profile->header.runs, weight);
  mip_merge_adopt_gnu_build_id (profile, raw->header.gnu_build_id,
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
  for (i = 0; i < profile->header.function_count; i++)
    if (mip_merge_counts_blocks (profile, i) && profile->primary[i] == i
	&& !mip_profile_function_is_discarded (profile, i))
      {
	uint64_t *sums = acc->block_sums + profile->functions[i].block_begin;
	mip_merge_install_counts (profile, i, sums, 1);
	memset (sums, 0, profile->functions[i].block_count * sizeof *sums);
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
  enum mip_error status = flush_values (acc, NULL, error);
  if (status != MIP_OK)
    return status;
  if (!flush_pending_callers (acc))
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
  add_counted_runs (acc);
  return MIP_OK;
}
