/* mip-heap.h - allocation sites: the .debug_mip_heap section of a
   binary built with the heap option, and the counts of its sites read
   from raw profiles and added up over runs.

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

/* Sampled blocks of allocation site ALLOC that site FREE freed.  */
struct mip_heap_pair
{
  uint32_t alloc, free;
  uint64_t blocks;
};

/* The counts of a binary's sites over the dumps added to it.  */
struct mip_heap_counts
{
  uint32_t site_count;
  struct mip_heap_totals *sites; /* one per site of the map */
  struct mip_heap_pair *pairs;   /* in the order first seen */
  size_t pair_count, pair_capacity;
  uint32_t runs;                 /* dumps added */
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
