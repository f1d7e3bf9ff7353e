/* mip-flow.h - block counts by flow conservation: from the counts of
   some blocks of a function and how often it was entered, the counts of
   the others.

   The graph is the map's: a function's blocks, MIP_BLOCK_ENTRY on the
   one block entered from outside, MIP_BLOCK_EXIT on the blocks that may
   leave it, and each block's edges to blocks of the function.  To it
   the solver adds a virtual ENTRY edge into the entry block, counted as
   the function's calls, and a virtual EXIT node that every block with
   MIP_BLOCK_EXIT may flow into, whose count is the calls as well: every
   call leaves once (as for coverage, calls are taken to return, and a
   run that ends inside a callee (exit, abort, longjmp) breaks this).
   On each node

     count = sum of the counts of its incoming edges
	   = sum of the counts of its outgoing edges

   so a node whose count is known and which has one side with a single
   edge of unknown count gives that edge's count, and a side whose
   edges are all known gives the node's count.  The solver applies these
   two rules until nothing more follows, in time linear in the graph
   (each edge becomes known once, and then wakes its two ends); where
   blocks are still unknown, Gauss-Jordan elimination on the equations
   of what is left (a network matrix: integer, exact) finds every count
   that follows from the known ones at all.

   The plugin places the block counters of the block-count mode on as
   few blocks as any placement can (mip-blocks.cc) and checks with this
   solver that every count follows; mipdata derives every block's count
   from those counters with it: the same rules on the same graph, so
   every count the plugin relied on is found.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_FLOW_H
#define MIP_FLOW_H

#include <stdbool.h>
#include <stdint.h>

#include "mip-format.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A count not known.  */
#define MIP_FLOW_UNKNOWN UINT64_MAX

/* One block as the solver reads it: its MIP_BLOCK_* flags and its edges
   EDGES[edge_begin, edge_begin + edge_count) of the graph's edge list.  */
struct mip_flow_block
{
  uint32_t flags;
  uint32_t edge_begin;
  uint32_t edge_count;
};

struct mip_flow;

/* A solver for the graph of BLOCK_COUNT blocks and EDGE_COUNT edges
   (their `target' fields index BLOCKS), which it copies: NULL when out
   of memory or when an edge range or target lies outside the graph.  */
struct mip_flow *mip_flow_new (uint32_t block_count,
			       const struct mip_flow_block *blocks,
			       uint32_t edge_count,
			       const struct mip_map_edge *edges);

void mip_flow_free (struct mip_flow *flow);

/* Solve: COUNTS[b] holds block b's count where it is known (a counter)
   and MIP_FLOW_UNKNOWN elsewhere; CALLS is how often the function was
   entered.  On return COUNTS holds every count that follows, and
   EDGE_COUNTS (when not NULL, EDGE_COUNT entries) the edges' counts or
   MIP_FLOW_UNKNOWN.  Returns the number of blocks whose count stays
   unknown; *CONSISTENT (when not NULL) is false when the counts
   contradict each other (a side whose known edges add up to more than
   its node's count, or a count given twice differently): saturated
   counters, or a program that ended inside a call.  */
uint32_t mip_flow_solve (struct mip_flow *flow, uint64_t calls,
			 uint64_t *counts, uint64_t *edge_counts,
			 bool *consistent);

#ifdef __cplusplus
}
#endif

#endif /* MIP_FLOW_H */
