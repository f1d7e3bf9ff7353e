/* mip-heap.h - allocation sites: the .debug_mip_heap section of a
   binary built with the heap option, the records of its sites in raw
   profiles, and their counts added up over runs (for mipdata heap's
   report, and, through the same functions, in the indexed profile).

   The section holds one unit per translation unit that has allocation
   sites, each naming its map unit by hash (doc/format.md, section 15).
   mip_heap_map_parse checks every unit against the binary's map: the
   map unit it names, the site records inside that unit's raw unit, the
   calling functions and the callee ids.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_HEAP_H
#define MIP_HEAP_H

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

struct mip_profile;

/* One allocation site of the binary.  */
struct mip_heap_site
{
  uint64_t address;             /* link-time address of the call; a
				   discarded one is 0 */
  uint64_t raw_offset;          /* of its record, from the start of the
				   section data */
  uint32_t function;            /* the calling function: index into the
				   map's functions */
  uint32_t callee;              /* MIP_HEAP_CALLEE id */
};

/* Every allocation site of a binary, in raw_offset order.  */
struct mip_heap_map
{
  uint32_t site_count;
  struct mip_heap_site *sites;
};

/* Parse SIZE bytes at DATA (NAME in errors) as the .debug_mip_heap
   section of the binary whose map is MAP.  On success *HEAP is a new
   model (free it with mip_heap_map_free).  */
enum mip_error mip_heap_map_parse (const void *data, size_t size,
				   const char *name,
				   const struct mip_map *map,
				   struct mip_heap_map **heap,
				   struct mip_error_context *error);

void mip_heap_map_free (struct mip_heap_map *heap);

/* The site whose record is at RAW_OFFSET, or -1.  */
long mip_heap_site_at (const struct mip_heap_map *heap, uint64_t raw_offset);

/* What the runs say of one site (struct mip_raw_heap_site summed over
   runs, saturating; max_bytes the largest of any run).  */
struct mip_heap_totals
{
  uint64_t count, bytes, max_bytes, null_count;
  uint64_t sampled, sampled_bytes, freed, freed_bytes, lifetime;
};

/* Add FROM, counted WEIGHT times, to TO: every field a saturating sum
   but max_bytes, the larger of the two.  */
void mip_heap_totals_add (struct mip_heap_totals *to,
			  const struct mip_heap_totals *from,
			  uint32_t weight);

/* The totals of a profile's site, and the site's totals set.  */
void mip_heap_totals_of_site (const struct mip_profile_heap_site *site,
			      struct mip_heap_totals *totals);
void mip_heap_site_set_totals (struct mip_profile_heap_site *site,
			       const struct mip_heap_totals *totals);

/* ---- One dump's record of a site ------------------------------------ */

/* The index of the site whose record lies at RAW_OFFSET (from the start
   of the section data) among the sites SITES, or -1: how the callers of
   mip_heap_read_record find the freeing sites a record names, in a
   mip_heap_map or in a profile's sites.  */
typedef long mip_heap_site_lookup (const void *sites, uint64_t raw_offset);

/* A record read, its freeing sites found.  */
struct mip_heap_record
{
  struct mip_heap_totals totals;
  uint32_t freed_by[2];         /* site indexes, when the count is not 0 */
  uint32_t freed_by_count[2];   /* sampled blocks each freed */
};

/* Read the record of site INDEX, at RAW_OFFSET in the dump RAW (named
   NAME in errors), into *RECORD, finding the sites its freed_by fields
   name with SITE_AT over SITES.  Refused when the record lies past the
   data, names a freeing site that is none, or counts blocks freed by
   no site (a freed_by of 0 with a count).  */
enum mip_error mip_heap_read_record (const struct mip_raw *raw,
				     uint32_t index, uint64_t raw_offset,
				     mip_heap_site_lookup *site_at,
				     const void *sites, const char *name,
				     struct mip_heap_record *record,
				     struct mip_error_context *error);

/* The pairs RECORD of allocation site INDEX adds (at most 2), its
   blocks counted WEIGHT times, into PAIRS; returns how many.  */
size_t mip_heap_record_pairs (const struct mip_heap_record *record,
			      uint32_t index, uint32_t weight,
			      struct mip_profile_heap_pair *pairs);

/* ---- Pairs ---------------------------------------------------------- */

/* Sort the COUNT pairs at PAIRS by (alloc, free) and fold those of one
   (alloc, free) into one, adding their blocks; returns the new count.  */
size_t mip_heap_pairs_sort (struct mip_profile_heap_pair *pairs,
			    size_t count);

/* A new table (free it with free ()) of the pairs PAIRS (COUNT, sorted
   and each once, as mip_heap_pairs_sort leaves them) with ADDED
   (ADDED_COUNT, the same), each of whose blocks counts WEIGHT times,
   merged in: sorted, each pair once, blocks saturating.  *MERGED_COUNT
   receives its size.  NULL when out of memory.  Adding pairs this way
   is associative and commutative.  */
struct mip_profile_heap_pair *
mip_heap_pairs_merge (const struct mip_profile_heap_pair *pairs,
		      size_t count,
		      const struct mip_profile_heap_pair *added,
		      size_t added_count, uint32_t weight,
		      size_t *merged_count);

/* ---- Counts over runs, for a report --------------------------------- */

/* The counts of a binary's sites over the dumps (and profiles) added to
   it.  */
struct mip_heap_counts
{
  uint32_t site_count;
  struct mip_heap_totals *sites; /* one per site of the map */
  struct mip_profile_heap_pair *pairs; /* sorted by (alloc, free) */
  size_t pair_count;
  uint32_t runs;                 /* dumps added, saturating */
};

/* Counts of HEAP's sites, all zero.  False when memory runs out.  */
bool mip_heap_counts_init (struct mip_heap_counts *counts,
			   const struct mip_heap_map *heap);
void mip_heap_counts_free (struct mip_heap_counts *counts);

/* Add the dump RAW (of the binary of HEAP: the caller has checked its
   build id) to COUNTS.  NAME names the file in errors: a record that
   names a freeing site that is none is refused, and COUNTS is then as
   it was.  */
enum mip_error mip_heap_counts_add (struct mip_heap_counts *counts,
				    const struct mip_heap_map *heap,
				    const struct mip_raw *raw,
				    const char *name,
				    struct mip_error_context *error);

/* Add the runs of PROFILE (named NAME; of HEAP's build: the caller has
   checked its build id) to COUNTS, exactly as its runs' dumps would
   have been: its sites' totals and pairs, and its runs.  Refused, COUNTS
   unchanged, when PROFILE holds no allocation sites (it was created
   from a .mipmap) or not HEAP's.  */
enum mip_error mip_heap_counts_add_profile (struct mip_heap_counts *counts,
					    const struct mip_heap_map *heap,
					    const struct mip_profile *profile,
					    const char *name,
					    struct mip_error_context *error);

/* The table of allocation functions (mip-heap-callees.inc): for id
   CALLEE (below MIP_HEAP_CALLEE_COUNT) its name in reports ("operator
   new[]"), its symbol for a target of POINTER_SIZE bytes, and its role
   (MIP_HEAP_ALLOC, _FREE, _REALLOC).  */
const char *mip_heap_callee_name (uint32_t callee);
const char *mip_heap_callee_symbol (uint32_t callee, unsigned pointer_size);
uint32_t mip_heap_callee_role (uint32_t callee);

#ifdef __cplusplus
}
#endif

#endif /* MIP_HEAP_H */
