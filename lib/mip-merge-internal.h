/* mip-merge-internal.h - what the files of the merge code share: the
   run being added, its callers, and saturating counts.

   A profile can also be added to another of the same build (a .mip
   merged into a .mip), and any input can carry a weight W: it counts
   as W runs.  Every count is a saturating sum and each function's
   callers stay sorted by address, so adding runs and profiles is
   associative and commutative: the result does not depend on the order
   of the inputs, nor on how they were grouped (mipdata merge adds them
   in parallel into partial profiles and adds those up).

   The files, one job each:
     mip-merge-check.c        a raw profile or a profile checked against
			      the profile it is to be added to;
     mip-merge-run.c          one run read and added (the raw profile's
			      records, their blocks, its callers);
     mip-merge-accumulator.c  many runs added, with the work every run
			      shares done once;
     mip-merge-callers.c      the callers of a run folded, and merged
			      into a profile's caller table;
     mip-merge-profile.c      a profile added to a profile, the GNU build
			      id a profile adopts, an empty copy.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_MERGE_INTERNAL_H
#define MIP_MERGE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mip-infer.h"
#include "mip-profile.h"

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

/* mip-merge-profile.c */

/* A profile that knows no GNU build id takes ID (SIZE bytes), if any.  */
void mip_merge_adopt_gnu_build_id (struct mip_profile *profile,
				   const uint8_t *id, uint32_t size);

#endif /* MIP_MERGE_INTERNAL_H */
