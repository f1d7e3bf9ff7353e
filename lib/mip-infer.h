/* mip-infer.h - the inference lists of a function's blocks: checking
   that they form no cycle, and deriving the coverage of the blocks that
   have no probe.

   A block without a probe is covered when any entry of its inference
   list is covered: the index of another block of the same function
   (covered by its probe or, recursively, by its own list), or
   MIP_INFER_FUNCTION, "the function was entered".  The plugin emits
   lists without cycles; a reader must refuse one, since a cycle would
   make a block's coverage depend on itself.  The lists are reached
   through a callback, so the map's blocks and the profile's blocks
   share one walk.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_INFER_H
#define MIP_INFER_H

#include <stdbool.h>
#include <stdint.h>

#include "mip-format.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One function's blocks and inference list.  Every block's range and
   every entry must already have been checked: the range inside
   ENTRIES, each entry below BLOCK_COUNT or MIP_INFER_FUNCTION.  */
struct mip_infer_graph
{
  uint32_t block_count;
  const uint32_t *entries;      /* the function's inference list */
  const void *blocks;           /* handed to list_of */
  /* The list of block BLOCK: ENTRIES[*BEGIN .. *BEGIN + *COUNT).  */
  void (*list_of) (const void *blocks, uint32_t block, uint32_t *begin,
		   uint32_t *count);
};

/* Working memory of the walk, reused from one function to the next.
   Start it zeroed; release it with mip_infer_scratch_free.  */
struct mip_infer_scratch
{
  uint32_t *stack;
  uint32_t *next_entry;
  unsigned char *state;
  uint32_t capacity;
};

enum mip_infer_status
{
  MIP_INFER_OK,
  MIP_INFER_CYCLE,              /* the lists form a cycle */
  MIP_INFER_NO_MEMORY
};

void mip_infer_scratch_free (struct mip_infer_scratch *scratch);

/* Look for a cycle in GRAPH; on MIP_INFER_CYCLE *CYCLE_BLOCK is a block
   on it.  */
enum mip_infer_status mip_infer_check (const struct mip_infer_graph *graph,
				       struct mip_infer_scratch *scratch,
				       uint32_t *cycle_block);

/* Complete the coverage of one run: on entry COVERED[b] is 1 for the
   blocks whose probe byte was stored, on return it is 1 for every block
   covered by its probe or by inference, FUNCTION_ENTERED standing for
   MIP_INFER_FUNCTION.  GRAPH must have passed mip_infer_check.  */
enum mip_infer_status mip_infer_coverage (const struct mip_infer_graph *graph,
					  bool function_entered,
					  unsigned char *covered,
					  struct mip_infer_scratch *scratch);

/* The blocks of GRAPH in an order where each comes after every block
   of its inference list: ORDER (GRAPH->block_count entries) is filled.
   MIP_INFER_CYCLE when there is none.  Completing the coverage of a run
   block by block in this order gives what mip_infer_coverage gives, each
   entry's coverage being final when it is read: many runs of one
   function need only one walk.  */
enum mip_infer_status mip_infer_order (const struct mip_infer_graph *graph,
				       struct mip_infer_scratch *scratch,
				       uint32_t *order);

#ifdef __cplusplus
}
#endif

#endif /* MIP_INFER_H */
