/* mip-infer.c - check inference lists for cycles and derive the coverage
   of blocks without a probe.

   Both are one depth-first walk over the graph whose edges go from a
   block to the blocks of its inference list.  The walk keeps its own
   stack (a function may have tens of thousands of blocks), marks blocks
   open while they are on it and done when all their entries are: an
   entry that is still open closes a cycle.  When a block is done, so are
   all the blocks it lists, so its coverage can be computed then.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-infer.h"

#include <stdlib.h>
#include <string.h>

enum block_state { BLOCK_NEW, BLOCK_OPEN, BLOCK_DONE };

void
mip_infer_scratch_free (struct mip_infer_scratch *scratch)
{
  free (scratch->stack);
  free (scratch->next_entry);
  free (scratch->state);
  memset (scratch, 0, sizeof *scratch);
}

static bool
reserve (struct mip_infer_scratch *scratch, uint32_t block_count)
{
  if (block_count <= scratch->capacity)
    return true;
  mip_infer_scratch_free (scratch);
  scratch->stack = malloc ((size_t) block_count * sizeof *scratch->stack);
  scratch->next_entry = malloc ((size_t) block_count
				* sizeof *scratch->next_entry);
  scratch->state = malloc (block_count);
  if (!scratch->stack || !scratch->next_entry || !scratch->state)
    {
      mip_infer_scratch_free (scratch);
      return false;
    }
  scratch->capacity = block_count;
  return true;
}

/* Is entry ENTRY of a list covered, given COVERED for the blocks that
   are done?  */
static bool
entry_covered (const struct mip_infer_graph *graph, uint32_t entry,
	       bool function_entered, const unsigned char *covered)
{
  if (entry == MIP_INFER_FUNCTION)
    return function_entered;
  return entry < graph->block_count && covered[entry];
}

/* BLOCK is done: it is covered by its probe or by any of its entries.  */
static void
finish_block (const struct mip_infer_graph *graph, uint32_t block,
	      bool function_entered, unsigned char *covered)
{
  uint32_t begin, count, i;

  if (covered[block])
    return;
  graph->list_of (graph->blocks, block, &begin, &count);
  for (i = 0; i < count; i++)
    if (entry_covered (graph, graph->entries[begin + i], function_entered,
		       covered))
      {
	covered[block] = 1;
	return;
      }
}

/* Walk GRAPH from every block.  With COVERED, complete the coverage;
   with ORDER, list the blocks there as they are done; on a cycle,
   return MIP_INFER_CYCLE with *CYCLE_BLOCK on it.  */
static enum mip_infer_status
walk (const struct mip_infer_graph *graph, struct mip_infer_scratch *scratch,
      bool function_entered, unsigned char *covered, uint32_t *order,
      uint32_t *cycle_block)
{
  uint32_t root, done = 0;

  if (graph->block_count == 0)
    return MIP_INFER_OK;
  if (!reserve (scratch, graph->block_count))
    return MIP_INFER_NO_MEMORY;
  memset (scratch->state, BLOCK_NEW, graph->block_count);
  for (root = 0; root < graph->block_count; root++)
    {
      uint32_t depth = 0;

      if (scratch->state[root] != BLOCK_NEW)
	continue;
      scratch->state[root] = BLOCK_OPEN;
      scratch->next_entry[root] = 0;
      scratch->stack[depth++] = root;
      while (depth > 0)
	{
	  uint32_t block = scratch->stack[depth - 1];
	  uint32_t begin, count, entry;

	  graph->list_of (graph->blocks, block, &begin, &count);
	  if (scratch->next_entry[block] == count)
	    {
	      scratch->state[block] = BLOCK_DONE;
	      if (order)
		order[done++] = block;
	      if (covered)
		finish_block (graph, block, function_entered, covered);
	      depth--;
	      continue;
	    }
	  entry = graph->entries[begin + scratch->next_entry[block]++];
	  if (entry == MIP_INFER_FUNCTION || entry >= graph->block_count)
	    continue;
	  if (scratch->state[entry] == BLOCK_OPEN)
	    {
	      *cycle_block = entry;
	      return MIP_INFER_CYCLE;
	    }
	  if (scratch->state[entry] == BLOCK_NEW)
	    {
	      scratch->state[entry] = BLOCK_OPEN;
	      scratch->next_entry[entry] = 0;
	      scratch->stack[depth++] = entry;
	    }
	}
    }
  return MIP_INFER_OK;
}

enum mip_infer_status
mip_infer_check (const struct mip_infer_graph *graph,
		 struct mip_infer_scratch *scratch, uint32_t *cycle_block)
{
  return walk (graph, scratch, false, NULL, NULL, cycle_block);
}

enum mip_infer_status
mip_infer_coverage (const struct mip_infer_graph *graph,
		    bool function_entered, unsigned char *covered,
		    struct mip_infer_scratch *scratch)
{
  uint32_t cycle_block;
  return walk (graph, scratch, function_entered, covered, NULL,
	       &cycle_block);
}

enum mip_infer_status
mip_infer_order (const struct mip_infer_graph *graph,
		 struct mip_infer_scratch *scratch, uint32_t *order)
{
  uint32_t cycle_block;
  return walk (graph, scratch, false, NULL, order, &cycle_block);
}
