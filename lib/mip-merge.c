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
add_run_caller (struct run *run, uint32_t function, uint64_t address)
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

static bool
read_callers (struct run *run, uint32_t index, uint64_t callers_at)
{
  const struct mip_profile *profile = run->profile;
  const struct mip_profile_function *function = &profile->functions[index];
  unsigned pointer_size = profile->header.pointer_size;
  uint64_t mask = mip_pointer_mask (pointer_size);
  uint32_t s;

  for (s = 0; s < function->caller_slots; s++)
    {
      uint64_t address = 0;
      mip_read_pointer (&run->raw->data, callers_at + (uint64_t) s
			* pointer_size, pointer_size, &address);
      if (address == 0)
	continue;
      address = (address - run->load_bias) & mask;
      if (outside_binary (profile, address))
	address = MIP_EXTERNAL_CALLER;
      if (!add_run_caller (run, profile->primary[index], address))
	return false;
    }
  return true;
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

/* Sort the run's callers by function and address, drop duplicates (a
   run sees a caller once, however many slots hold it).  */
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
  callers[0].reserved = 0;
  for (i = 1; i < count; i++)
    if (callers[i].return_address == callers[kept].return_address)
      callers[kept].runs = saturating_add32 (callers[kept].runs,
					     callers[i].runs);
    else
      {
	callers[++kept] = callers[i];
	callers[kept].reserved = 0;
      }
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
	  merged[out].reserved = 0;
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
  if (!infer_blocks (&run))
    goto out_of_memory;
  unique_run_callers (&run);
  for (c = 0; c < run.caller_count; c++)
    run.callers[c].runs = weight;
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
