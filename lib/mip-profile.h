/* mip-profile.h - the indexed profile (.mip): create, read, merge, write.

   A profile is created empty from a map, then raw profiles are folded
   into it, one run each.  In memory it is the file's tables in host byte
   order, plus what mipdata derives when it loads one: for each function
   its primary (aliases are later entries with the same address and name
   as an earlier kept entry: copies of one C++ comdat function emitted by
   several units, of which the linker kept one) and the union of the
   kinds recorded by a primary and its aliases.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_PROFILE_H
#define MIP_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mip-error.h"
#include "mip-format.h"
#include "mip-map.h"
#include "mip-raw.h"

#ifdef __cplusplus
extern "C" {
#endif

struct mip_heap_map;

struct mip_profile
{
  struct mip_profile_header header;     /* host byte order */
  struct mip_profile_unit *units;       /* header.unit_count */
  struct mip_profile_function *functions; /* header.function_count */
  struct mip_profile_block *blocks;     /* header.block_count */
  uint32_t *infer_entries;              /* header.infer_count */
  struct mip_map_edge *edges;           /* header.edge_count: each
					   function's edge list */
  struct mip_profile_caller *callers;   /* header.caller_count */
  struct mip_profile_heap_site *heap_sites; /* header.heap_site_count,
					   by raw_offset */
  struct mip_profile_heap_pair *heap_pairs; /* header.heap_pair_count,
					   by (alloc, free) */
  struct mip_profile_ipa_function *ipa_functions; /* header.
					   ipa_function_count: the early
					   functions (mip-ipa.h) */
  struct mip_profile_ipa_hold *ipa_holds; /* header.ipa_hold_count, by
					   (ipa_function, ipa_block) */
  struct mip_profile_value_site *value_sites; /* header.value_site_count,
					   by (ipa_function, site,
					   raw_offset): one per record */
  struct mip_profile_value *values;     /* header.value_count: the value
					   sites' pairs, each site's
					   [value_begin, + value_count) by
					   value */
  char *strings;                        /* header.strings_size */
  /* Derived on load, not stored.  */
  uint32_t *primary;            /* per function: itself, or the earlier
				   entry it is an alias of */
  uint32_t *effective_kinds;    /* per primary: the union of the kinds of
				   it and its aliases */
};

/* A new, empty profile (runs = 0) describing the functions of MAP.
   Entries whose address is 0 or all ones get MIP_FUNCTION_DISCARDED.  */
enum mip_error mip_profile_create (const struct mip_map *map,
				   struct mip_profile **profile,
				   struct mip_error_context *error);

/* Give PROFILE, new from the map HEAP was parsed against and without
   runs, the allocation sites of HEAP (the binary's .debug_mip_heap),
   every count zero.  A profile without them (created from a .mipmap, or
   from a binary built without the heap option) keeps no allocation
   site: the records of the raw profiles merged into it are left out.  */
enum mip_error mip_profile_set_heap_sites (struct mip_profile *profile,
					   const struct mip_heap_map *heap,
					   struct mip_error_context *error);

/* The allocation site of PROFILE whose record is at RAW_OFFSET (from
   the start of the raw data), or -1.  */
long mip_profile_heap_site_at (const struct mip_profile *profile,
			       uint64_t raw_offset);

/* A function of a profile written by hand (mipdata import): what
   profile use reads, and nothing of a binary.  */
struct mip_imported_block
{
  uint32_t id;                  /* early block number, 1 and up */
  uint32_t covered_runs;
  bool has_count;               /* COUNT is known (the block-count mode) */
  uint64_t count;               /* times it ran, over the runs */
};

struct mip_imported_function
{
  const char *name;             /* the symbol */
  uint64_t cfg_signature;       /* 0: matches any CFG */
  uint32_t ipa_signature;       /* 0: none (see mip-format.inc) */
  uint32_t covered_runs;
  bool has_call_count;
  uint64_t call_count;
  uint64_t order;               /* first-call order, 0: none */
  uint32_t block_count;
  const struct mip_imported_block *blocks;
};

/* A new profile of RUNS runs for a target of POINTER_SIZE bytes and the
   given byte order, holding the COUNT functions of FUNCTIONS in that
   order.  It describes no binary: no units, no raw data, no addresses,
   build id 0 (mip_profile_is_imported), so no raw profile can be merged
   into it.  Counts larger than RUNS are refused.  */
enum mip_error mip_profile_build (unsigned pointer_size, bool big_endian,
				  uint32_t runs,
				  const struct mip_imported_function *functions,
				  uint32_t count,
				  struct mip_profile **profile,
				  struct mip_error_context *error);

/* Whether PROFILE was built by mip_profile_build (it has no units and
   build id 0, which no binary's profile has).  */
bool mip_profile_is_imported (const struct mip_profile *profile);

/* Parse SIZE bytes at DATA as a profile; NAME names it in errors.  Every
   table, index and offset is checked.  */
enum mip_error mip_profile_parse (const void *data, size_t size,
				  const char *name,
				  struct mip_profile **profile,
				  struct mip_error_context *error);

/* Read and parse the profile file PATH.  */
enum mip_error mip_profile_read_file (const char *path,
				      struct mip_profile **profile,
				      struct mip_error_context *error);

/* Lay PROFILE out as a file: header, units, functions, blocks,
   inference lists, edges, callers, allocation sites and pairs, early
   functions, holds, value sites and their values, strings.  *DATA is
   new; free it with free ().  */
enum mip_error mip_profile_serialize (const struct mip_profile *profile,
				      unsigned char **data, size_t *size,
				      struct mip_error_context *error);

/* Serialize PROFILE and replace PATH with it atomically: on failure PATH
   is left exactly as it was.  */
enum mip_error mip_profile_write_file (const struct mip_profile *profile,
				       const char *path,
				       struct mip_error_context *error);

void mip_profile_free (struct mip_profile *profile);

/* Check that RAW (named NAME) was written by the binary PROFILE
   describes: same pointer size and byte order, same build id, same data
   size, every raw unit where the profile expects it; and, when PROFILE
   has allocation sites, that every site's record names freeing sites
   that are sites; every value site's record lies in the data.  */
enum mip_error mip_profile_check_raw (const struct mip_profile *profile,
				      const struct mip_raw *raw,
				      const char *name,
				      struct mip_error_context *error);

/* Fold one run, RAW (already checked with mip_profile_check_raw), into
   PROFILE: coverage, call counts, first-call order, block coverage,
   callers, the records of the allocation sites and those of the value
   sites (the candidate of each record with a non-zero count added to
   its pair); aliases into their primary.  Counts saturate.  Fails only
   when out of memory (or when a
   record of an allocation site names a freeing site that is none,
   which mip_profile_check_raw refuses first); PROFILE is then
   unchanged.  */
enum mip_error mip_profile_add_run (struct mip_profile *profile,
				    const struct mip_raw *raw,
				    const char *name,
				    struct mip_error_context *error);

/* The same for an input of weight WEIGHT (at least 1): RAW counts as
   WEIGHT runs, so its runs, covered runs, call counts, order sums,
   order runs, caller runs, the counts of its allocation sites
   (max_bytes aside) and the counts, sizes and calls of its value sites
   are multiplied by WEIGHT (saturating).  */
enum mip_error mip_profile_add_weighted_run (struct mip_profile *profile,
					     const struct mip_raw *raw,
					     uint32_t weight,
					     const char *name,
					     struct mip_error_context *error);

/* Adding many runs to one profile: an accumulator works out once what
   mip_profile_add_weighted_run works out for every run (where each
   record lies, the order in which blocks are inferred), reads of each
   run only what its counts need and infers the blocks of the functions
   that ran alone.  The runs it counts go into PROFILE, whose tables must
   not change meanwhile, with mip_run_accumulator_finish (callers also
   earlier, when many wait, and the values of the value sites when many
   wait; the counts of the allocation sites and their pairs at once);
   after it PROFILE is byte for byte the profile that
   mip_profile_add_weighted_run would have made of the same runs.  Each
   call fails only when out of memory (or on a bad allocation site
   record, as mip_profile_add_weighted_run), PROFILE then being as if
   that run had not been added.  Memory: a few bytes per function
   and block, a bounded number of callers, and value site candidates
   waiting up to about twice as many as the profile's pairs.  */
struct mip_run_accumulator;

enum mip_error mip_run_accumulator_new (struct mip_profile *profile,
					struct mip_run_accumulator **result,
					struct mip_error_context *error);

/* Add RAW (checked with mip_profile_check_raw) as WEIGHT runs.  */
enum mip_error mip_run_accumulator_add (struct mip_run_accumulator *acc,
					const struct mip_raw *raw,
					uint32_t weight, const char *name,
					struct mip_error_context *error);

/* Add the pending callers and values to the profile.  */
enum mip_error mip_run_accumulator_finish (struct mip_run_accumulator *acc,
					   struct mip_error_context *error);

void mip_run_accumulator_free (struct mip_run_accumulator *acc);

/* Check that OTHER (named NAME) is a profile of the build PROFILE (named
   PROFILE_NAME) describes, with the same tables, so that it can be added
   to it; the error names both files.  When PROFILE has allocation
   sites, OTHER must have the same; when it has none, OTHER's are left
   out of the sum.  The same for value sites.  */
enum mip_error mip_profile_check_profile (const struct mip_profile *profile,
					  const char *profile_name,
					  const struct mip_profile *other,
					  const char *name,
					  struct mip_error_context *error);

/* Add the runs of OTHER (checked with mip_profile_check_profile), each
   counted WEIGHT times, to PROFILE: every counter is a saturating sum
   (a heap site's max_bytes the larger), the callers of each function
   are kept sorted by address, the allocation pairs by their sites and
   each value site's pairs by value, so the result does not depend on
   the order in which runs and profiles are added, nor on how they were
   grouped.  Fails only when out of memory; PROFILE is then
   unchanged.  */
enum mip_error mip_profile_add_profile (struct mip_profile *profile,
					const struct mip_profile *other,
					uint32_t weight, const char *name,
					struct mip_error_context *error);

/* A new profile with the tables of PROFILE and no run: every counter
   zero, no caller, the same allocation sites with no count and no
   pair, the same value sites with no value and no calls.  */
enum mip_error mip_profile_copy_empty (const struct mip_profile *profile,
				       struct mip_profile **copy,
				       struct mip_error_context *error);

/* Queries on function INDEX of PROFILE.  */
const char *mip_profile_function_name (const struct mip_profile *profile,
				       uint32_t index);
bool mip_profile_function_is_discarded (const struct mip_profile *profile,
					uint32_t index);
bool mip_profile_function_is_alias (const struct mip_profile *profile,
				    uint32_t index);
/* The union of the kinds of INDEX and its aliases (INDEX a primary).  */
uint32_t mip_profile_function_kinds (const struct mip_profile *profile,
				     uint32_t index);
/* The options that change code generation that unit UNIT_INDEX was
   compiled with, as the plugin recorded them (options separated by
   spaces); "" when none were recorded.  */
const char *mip_profile_unit_options (const struct mip_profile *profile,
				      uint32_t unit_index);
/* Average first-call order over the runs that recorded one, rounded to
   the nearest integer; 0 when none did.  */
uint64_t mip_profile_function_order (const struct mip_profile *profile,
				     uint32_t index);
/* The link-time address of block BLOCK (an index among the function's
   blocks) of function INDEX: its offset from the function's address, or
   from its cold part's for a MIP_BLOCK_COLD block.  False when it is not
   known (MIP_BLOCK_NO_OFFSET, or that part was discarded or is
   missing).  */
bool mip_profile_block_address (const struct mip_profile *profile,
				uint32_t index, uint32_t block,
				uint64_t *address);
/* The same, and the block's size: up to the next block of the same part
   whose address is known, or to the end of the part.  */
bool mip_profile_block_extent (const struct mip_profile *profile,
			       uint32_t index, uint32_t block,
			       uint64_t *address, uint64_t *size);
/* The block of function INDEX whose code holds link-time ADDRESS, into
   *BLOCK: the block of the part (hot or cold) holding ADDRESS whose known
   address is the greatest at or below it; of several starting there
   (an empty block falls through into the next), the one that ran most
   often (mip_profile_block_count), which is the one whose code it is.
   False when ADDRESS is
   outside the function's parts or no block of that part has a known
   address at or below it.  */
bool mip_profile_block_at (const struct mip_profile *profile,
			   uint32_t index, uint64_t address,
			   uint32_t *block);
/* How many times block BLOCK of function INDEX (a primary) ran, summed
   over the runs, into *COUNT when the profile knows it: the block's
   count in the block-count mode (MIP_BLOCK_COUNTED); otherwise, in a
   function that counts its calls, 0 for a block that no run covered,
   the function's call count for a block that runs once per call
   (MIP_BLOCK_ONCE; never below the runs that covered it: a count lost
   by concurrent calls does not say it ran less).  False when only its
   coverage is known.  */
bool mip_profile_block_count (const struct mip_profile *profile,
			      uint32_t index, uint32_t block,
			      uint64_t *count);

#ifdef __cplusplus
}
#endif

#endif /* MIP_PROFILE_H */
