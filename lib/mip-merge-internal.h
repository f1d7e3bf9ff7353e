/* mip-merge-internal.h - what the files of the merge code share: the
   run being added, its callers, and saturating counts.

   A profile can also be added to another of the same build (a .mip
   merged into a .mip), and any input can carry a weight W: it counts
   as W runs.  Every count is a saturating sum, each function's callers
   stay sorted by address and each value site's values by value, so
   adding runs and profiles is associative and commutative, for every
   table: the result does not depend on the order of the inputs, nor on
   how they were grouped (mipdata merge adds them in parallel into
   partial profiles and adds those up).

   The files, one job each:
     mip-merge-check.c        a raw profile or a profile checked against
			      the profile it is to be added to;
     mip-merge-run.c          one run read and added (the raw profile's
			      records, their blocks, its callers);
     mip-merge-accumulator.c  many runs added, with the work every run
			      shares done once;
     mip-merge-callers.c      the callers of a run folded, and merged
			      into a profile's caller table;
     mip-merge-counts.c       the block counts of one run of a function
			      of the counting mode, from its counters;
     mip-merge-heap.c         the records of a run's allocation sites,
			      or another profile's sites, added to the
			      profile's sites and pairs;
     mip-merge-values.c       the records of a run's value sites, or
			      another profile's values, added to the
			      profile's values and its sites' sums;
     mip-merge-profile.c      a profile added to a profile, the GNU build
			      id a profile adopts, an empty copy.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_MERGE_INTERNAL_H
#define MIP_MERGE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mip-heap.h"
#include "mip-infer.h"
#include "mip-profile.h"

/* The solvers of the functions of one profile that count blocks, made
   as they are first needed.  */
struct mip_count_cache
{
  struct mip_flow **flows;      /* per function */
  uint32_t function_count;
};

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
  uint64_t *counts;                /* per block of every copy that counts
				      blocks: its count in this run, or
				      MIP_FLOW_UNKNOWN; a primary's with
				      its aliases' added */
  struct mip_count_cache count_cache;
  struct mip_infer_scratch scratch;
  struct run_caller *callers;
  size_t caller_count, caller_capacity;
  uint64_t load_bias;              /* run-time minus link-time */
};

/* A function's record and its index, to find sampled functions by
   record.  */
struct record_function
{
  uint32_t raw_offset;
  uint32_t index;
};

/* The run counts of the format are 32-bit: they saturate there.  */
static inline uint32_t
saturating_add32 (uint32_t a, uint64_t b)
{
  return b > (uint64_t) (UINT32_MAX - a) ? UINT32_MAX : a + (uint32_t) b;
}

static inline uint64_t
saturating_multiply (uint64_t a, uint64_t b)
{
  return a != 0 && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

/* A block count summed, kept below UINT64_MAX (MIP_FLOW_UNKNOWN, "not
   known" while runs are added): a saturated count is UINT64_MAX - 1.  */
static inline uint64_t
mip_merge_saturated_count (uint64_t count)
{
  return count == UINT64_MAX ? UINT64_MAX - 1 : count;
}

/* mip-merge-run.c */

/* True if ADDRESS lies outside the binary's code, when the profile knows
   its extent (it was created from the binary, not from a .mipmap).  */
bool mip_merge_outside_binary (const struct mip_profile *profile,
			       uint64_t address);

/* Can the blocks of alias ALIAS be counted as blocks of PRIMARY?  Only
   when both describe the same machine CFG.  */
bool mip_merge_same_blocks (const struct mip_profile_function *alias,
			    const struct mip_profile_function *primary);

/* The functions of PROFILE that count calls (the only ones sampled),
   sorted by record; *COUNT receives how many.  NULL when out of
   memory.  */
struct record_function *
mip_merge_sampled_functions (const struct mip_profile *profile,
			     size_t *count);

/* The caller that sample INDEX of RAW adds to PROFILE (loaded
   LOAD_BIAS away) into *CALLER, found among FUNCTIONS (COUNT entries,
   mip_merge_sampled_functions); false for a sample of no known
   record.  */
bool mip_merge_sample_caller (const struct mip_profile *profile,
			      const struct mip_raw *raw, uint32_t index,
			      const struct record_function *functions,
			      size_t count, uint64_t load_bias,
			      struct run_caller *caller);

/* mip-merge-callers.c */

/* Order run_callers by function, then address (qsort).  */
int mip_merge_compare_run_callers (const void *a, const void *b);

/* Sort the run's callers by function and address, fold duplicates.  */
void mip_merge_unique_run_callers (struct run *run);

/* The new caller table of PROFILE with ADDED (COUNT entries sorted by
   function) merged in; NULL when out of memory or too large.  *BEGINS
   is each function's first entry, *TOTAL the new size.  */
struct mip_profile_caller *
mip_merge_callers (const struct mip_profile *profile,
		   const struct run_caller *added, size_t count,
		   uint32_t **begins, uint64_t *total);

/* Replace the caller table of PROFILE by CALLERS (TOTAL entries, each
   function's first at BEGINS[f]); takes CALLERS, frees BEGINS.  */
void mip_merge_install_callers (struct mip_profile *profile,
				struct mip_profile_caller *callers,
				uint32_t *begins, uint64_t total);

/* mip-merge-counts.c */

bool mip_count_cache_init (struct mip_count_cache *cache,
			   const struct mip_profile *profile);
void mip_count_cache_free (struct mip_count_cache *cache);

/* Make the solver of function INDEX now; false when out of memory.  */
bool mip_count_cache_prepare (struct mip_count_cache *cache,
			      const struct mip_profile *profile,
			      uint32_t index);

/* Does function INDEX of PROFILE count its blocks?  */
bool mip_merge_counts_blocks (const struct mip_profile *profile,
			      uint32_t index);

/* The block counts of function INDEX (a primary or an alias, which
   counts blocks) in RAW: COUNTS[b] for each of its blocks, the count
   its counter holds or that flow conservation gives from the counters
   and the function's own calls, or MIP_FLOW_UNKNOWN (never when the
   plugin placed the counters and the counts are consistent).  False
   when out of memory.  */
bool mip_merge_block_counts (struct mip_count_cache *cache,
			     const struct mip_profile *profile,
			     const struct mip_raw *raw, uint32_t index,
			     uint64_t *counts);

/* Add WEIGHT runs of COUNTS (N blocks, MIP_FLOW_UNKNOWN for a count not
   known) to SUMS, where a count not known in any run is
   MIP_FLOW_UNKNOWN for good.  */
void mip_merge_add_counts (uint64_t *sums, const uint64_t *counts,
			   uint32_t n, uint32_t weight);

/* Add WEIGHT times SUMS (one per block of function INDEX, as
   mip_merge_add_counts makes them) to the function's blocks in PROFILE:
   a count not known clears MIP_BLOCK_COUNTED.  */
void mip_merge_install_counts (struct mip_profile *profile, uint32_t index,
			       const uint64_t *sums, uint32_t weight);

/* mip-merge-heap.c */

/* What a run or a profile adds to a profile's allocation sites, worked
   out before the profile changes.  */
struct heap_addition
{
  bool active;                     /* the profile has sites */
  struct mip_heap_totals *totals;  /* per site, of one run (or of the
				      other profile), before the weight */
  struct mip_profile_heap_pair *pairs; /* the profile's new pair table */
  size_t pair_count;
};

/* Check that the record of every allocation site of PROFILE in RAW
   (named NAME) lies in the data and names freeing sites that are
   sites.  */
enum mip_error mip_merge_check_heap (const struct mip_profile *profile,
				     const struct mip_raw *raw,
				     const char *name,
				     struct mip_error_context *error);

/* What RAW (checked with mip_profile_check_raw), as WEIGHT runs, adds
   to the sites of PROFILE, into *ADDITION: fails when out of memory
   (or when RAW was not checked), *ADDITION then empty.  */
enum mip_error mip_merge_heap_prepare_run (const struct mip_profile *profile,
					   const struct mip_raw *raw,
					   uint32_t weight,
					   struct heap_addition *addition,
					   const char *name,
					   struct mip_error_context *error);

/* What OTHER (checked with mip_profile_check_profile), WEIGHT times,
   adds to the sites of PROFILE.  */
enum mip_error
mip_merge_heap_prepare_profile (const struct mip_profile *profile,
				const struct mip_profile *other,
				uint32_t weight,
				struct heap_addition *addition,
				const char *name,
				struct mip_error_context *error);

/* Add ADDITION, its totals WEIGHT times, to PROFILE (which cannot
   fail) and free it.  */
void mip_merge_heap_install (struct mip_profile *profile,
			     struct heap_addition *addition, uint32_t weight);

/* Free ADDITION without adding it.  */
void mip_merge_heap_discard (struct heap_addition *addition);

/* mip-merge-values.c */

/* Check that the record of every value site of PROFILE lies in the
   data of RAW (named NAME).  */
enum mip_error mip_merge_check_values (const struct mip_profile *profile,
				       const struct mip_raw *raw,
				       const char *name,
				       struct mip_error_context *error);

/* Values waiting to be added to a profile's value sites: the
   candidates of runs' records, or another profile's values, each with
   its count times its input's weight, in any order; and the sums of
   the operand and the calls, times the weight, that a run's record or
   another profile's site adds.  An entry with count 0 adds only those
   (its value does not matter); the sums of several entries of one site
   add up, wherever they are.  */
struct value_entry
{
  uint32_t site;                /* index among the profile's value sites */
  uint64_t value;
  uint64_t count;
  uint64_t size_sum;
  uint64_t calls;
};

struct value_batch
{
  struct value_entry *entries;
  size_t count, capacity;
};

/* Room in BATCH for MORE entries.  */
bool mip_value_batch_reserve (struct value_batch *batch, size_t more);

/* Append the records of RAW (checked with mip_merge_check_values) with
   a non-zero count or calls, as WEIGHT runs, to BATCH, which has room
   for one per value site of PROFILE.  */
void mip_value_batch_add_run (struct value_batch *batch,
			      const struct mip_profile *profile,
			      const struct mip_raw *raw, uint32_t weight);

void mip_value_batch_free (struct value_batch *batch);

/* The value table and the sites' sums of a profile with a batch
   added, worked out before the profile changes.  */
struct value_addition
{
  struct mip_profile_value *values; /* the new table; NULL: no change */
  uint32_t *site_counts;           /* per value site, its values */
  uint64_t *size_sums;             /* per value site, its new size_sum */
  uint64_t *calls;                 /* per value site, its new calls */
  uint32_t value_count;
};

/* What BATCH adds to the values and sums of PROFILE (BATCH is sorted
   and its entries of one value combined meanwhile).  */
enum mip_error mip_merge_values_prepare (const struct mip_profile *profile,
					 struct value_batch *batch,
					 struct value_addition *addition,
					 const char *name,
					 struct mip_error_context *error);

/* What RAW (checked with mip_merge_check_values), as WEIGHT runs, adds
   to the values of PROFILE.  */
enum mip_error
mip_merge_values_prepare_run (const struct mip_profile *profile,
			      const struct mip_raw *raw, uint32_t weight,
			      struct value_addition *addition,
			      const char *name,
			      struct mip_error_context *error);

/* What OTHER (checked with mip_profile_check_profile), WEIGHT times,
   adds to the values of PROFILE.  */
enum mip_error
mip_merge_values_prepare_profile (const struct mip_profile *profile,
				  const struct mip_profile *other,
				  uint32_t weight,
				  struct value_addition *addition,
				  const char *name,
				  struct mip_error_context *error);

/* Give PROFILE the table and sums of ADDITION (and free it).  */
void mip_merge_values_install (struct mip_profile *profile,
			       struct value_addition *addition);

/* Free ADDITION without adding it.  */
void mip_merge_values_discard (struct value_addition *addition);

/* mip-merge-profile.c */

/* A profile that knows no GNU build id takes ID (SIZE bytes), if any.  */
void mip_merge_adopt_gnu_build_id (struct mip_profile *profile,
				   const uint8_t *id, uint32_t size);

#endif /* MIP_MERGE_INTERNAL_H */
