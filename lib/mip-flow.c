/* mip-flow.c - block counts by flow conservation (see mip-flow.h).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-flow.h"

#include <stdlib.h>
#include <string.h>

#define NO_NODE UINT32_MAX

enum side { SIDE_IN = 0, SIDE_OUT = 1 };

/* Nodes 0 .. block_count - 1 are the blocks, node block_count the
   virtual EXIT.  Edges 0 .. edge_count - 1 are the map's, edge
   edge_count the virtual ENTRY edge, then one virtual edge from each
   block that may leave to EXIT.  */
struct mip_flow
{
  uint32_t block_count, edge_count;
  uint32_t node_count, all_edges;
  uint32_t *source, *target;    /* [all_edges]; the ENTRY edge has no
				   source (NO_NODE) */
  uint32_t *side_begin;         /* [2 * node_count + 1]: the edges of
				   side S of node V are side_edges
				   [side_begin[2V+S], side_begin[2V+S+1]) */
  uint32_t *side_edges;
  /* Solving.  */
  uint64_t *node_value;         /* [node_count] */
  uint64_t *edge_value;         /* [all_edges] */
  uint32_t *unknown;            /* [2 * node_count]: edges of unknown count */
  uint64_t *sum;                /* [2 * node_count]: of the known ones */
  uint32_t *stack;              /* [node_count] */
  unsigned char *queued;        /* [node_count] */
  uint32_t stack_size;
  bool consistent;
};

void
mip_flow_free (struct mip_flow *flow)
{
  if (!flow)
    return;
  free (flow->source);
  free (flow->target);
  free (flow->side_begin);
  free (flow->side_edges);
  free (flow->node_value);
  free (flow->edge_value);
  free (flow->unknown);
  free (flow->sum);
  free (flow->stack);
  free (flow->queued);
  free (flow);
}

/* The source and target of every edge, the virtual ones included;
   false when the graph is not well formed.  */
static bool
list_edges (struct mip_flow *flow, const struct mip_flow_block *blocks,
	    const struct mip_map_edge *edges)
{
  uint32_t b, i, next_virtual = flow->edge_count + 1;

  flow->source[flow->edge_count] = NO_NODE;
  flow->target[flow->edge_count] = NO_NODE;
  for (b = 0; b < flow->block_count; b++)
    {
      const struct mip_flow_block *block = &blocks[b];
      if (block->edge_begin > flow->edge_count
	  || block->edge_count > flow->edge_count - block->edge_begin)
	return false;
      for (i = 0; i < block->edge_count; i++)
	{
	  uint32_t e = block->edge_begin + i;
	  if (edges[e].target >= flow->block_count)
	    return false;
	  flow->source[e] = b;
	  flow->target[e] = edges[e].target;
	}
      if ((block->flags & MIP_BLOCK_ENTRY)
	  && flow->target[flow->edge_count] == NO_NODE)
	flow->target[flow->edge_count] = b;
      if (block->flags & MIP_BLOCK_EXIT)
	{
	  flow->source[next_virtual] = b;
	  flow->target[next_virtual] = flow->block_count;
	  next_virtual++;
	}
    }
  return true;
}

/* Group the edges by node and side.  An edge no block lists (a map
   edge outside every block's range) has no source and is left out.  */
static void
index_sides (struct mip_flow *flow)
{
  uint32_t e, s, slots = 2 * flow->node_count;

  for (e = 0; e < flow->all_edges; e++)
    {
      if (flow->source[e] != NO_NODE)
	flow->side_begin[2 * flow->source[e] + SIDE_OUT + 1]++;
      if (flow->target[e] != NO_NODE)
	flow->side_begin[2 * flow->target[e] + SIDE_IN + 1]++;
    }
  for (s = 0; s < slots; s++)
    flow->side_begin[s + 1] += flow->side_begin[s];
  for (e = 0; e < flow->all_edges; e++)
    {
      if (flow->source[e] != NO_NODE)
	flow->side_edges[flow->side_begin[2 * flow->source[e] + SIDE_OUT]++]
	  = e;
      if (flow->target[e] != NO_NODE)
	flow->side_edges[flow->side_begin[2 * flow->target[e] + SIDE_IN]++]
	  = e;
    }
  /* side_begin[s] now holds the end of slot s: shift back.  */
  for (s = slots; s > 0; s--)
    flow->side_begin[s] = flow->side_begin[s - 1];
  flow->side_begin[0] = 0;
}

struct mip_flow *
mip_flow_new (uint32_t block_count, const struct mip_flow_block *blocks,
	      uint32_t edge_count, const struct mip_map_edge *edges)
{
  struct mip_flow *flow = calloc (1, sizeof *flow);
  uint32_t b, exits = 0;
  size_t ends;

  if (!flow)
    return NULL;
  for (b = 0; b < block_count; b++)
    exits += (blocks[b].flags & MIP_BLOCK_EXIT) != 0;
  flow->block_count = block_count;
  flow->edge_count = edge_count;
  flow->node_count = block_count + 1;
  flow->all_edges = edge_count + 1 + exits;
  ends = 2 * (size_t) flow->all_edges;
  flow->source = malloc (flow->all_edges * sizeof *flow->source);
  flow->target = malloc (flow->all_edges * sizeof *flow->target);
  flow->side_begin = calloc (2 * (size_t) flow->node_count + 1,
			     sizeof *flow->side_begin);
  flow->side_edges = malloc (ends * sizeof *flow->side_edges);
  flow->node_value = malloc (flow->node_count * sizeof *flow->node_value);
  flow->edge_value = malloc (flow->all_edges * sizeof *flow->edge_value);
  flow->unknown = malloc (2 * (size_t) flow->node_count
			  * sizeof *flow->unknown);
  flow->sum = malloc (2 * (size_t) flow->node_count * sizeof *flow->sum);
  flow->stack = malloc (flow->node_count * sizeof *flow->stack);
  flow->queued = malloc (flow->node_count);
  if (!flow->source || !flow->target || !flow->side_begin
      || !flow->side_edges || !flow->node_value || !flow->edge_value
      || !flow->unknown || !flow->sum || !flow->stack || !flow->queued)
    {
      mip_flow_free (flow);
      return NULL;
    }
  for (b = 0; b < edge_count; b++)
    flow->source[b] = flow->target[b] = NO_NODE;
  if (!list_edges (flow, blocks, edges))
    {
      mip_flow_free (flow);
      return NULL;
    }
  index_sides (flow);
  return flow;
}

static void
wake (struct mip_flow *flow, uint32_t node)
{
  if (node != NO_NODE && !flow->queued[node])
    {
      flow->queued[node] = 1;
      flow->stack[flow->stack_size++] = node;
    }
}

static void
learn_edge (struct mip_flow *flow, uint32_t e, uint64_t value)
{
  uint32_t s = flow->source[e], t = flow->target[e];

  flow->edge_value[e] = value;
  if (s != NO_NODE)
    {
      flow->unknown[2 * s + SIDE_OUT]--;
      flow->sum[2 * s + SIDE_OUT] =
	mip_saturating_add (flow->sum[2 * s + SIDE_OUT], value);
      wake (flow, s);
    }
  if (t != NO_NODE)
    {
      flow->unknown[2 * t + SIDE_IN]--;
      flow->sum[2 * t + SIDE_IN] =
	mip_saturating_add (flow->sum[2 * t + SIDE_IN], value);
      wake (flow, t);
    }
}

/* Apply the rules to side SIDE of NODE.  */
static void
settle_side (struct mip_flow *flow, uint32_t node, enum side side)
{
  uint32_t slot = 2 * node + side;
  uint32_t begin = flow->side_begin[slot], end = flow->side_begin[slot + 1];
  uint64_t count = flow->node_value[node];
  uint32_t i;

  if (begin == end)
    {
      /* No way in: a block the entry does not reach never runs.  */
      if (side == SIDE_IN && node < flow->block_count
	  && count == MIP_FLOW_UNKNOWN)
	{
	  flow->node_value[node] = 0;
	  wake (flow, node);
	}
      return;
    }
  if (count == MIP_FLOW_UNKNOWN)
    {
      if (flow->unknown[slot] == 0)
	{
	  flow->node_value[node] = flow->sum[slot];
	  wake (flow, node);
	}
      return;
    }
  if (flow->unknown[slot] == 0)
    {
      if (flow->sum[slot] != count)
	flow->consistent = false;
      return;
    }
  if (flow->unknown[slot] != 1)
    return;
  if (flow->sum[slot] > count)
    {
      flow->consistent = false;
      return;
    }
  for (i = begin; i < end; i++)
    {
      uint32_t e = flow->side_edges[i];
      if (flow->edge_value[e] == MIP_FLOW_UNKNOWN)
	{
	  learn_edge (flow, e, count - flow->sum[slot]);
	  return;
	}
    }
}

uint32_t
mip_flow_solve (struct mip_flow *flow, uint64_t calls, uint64_t *counts,
		uint64_t *edge_counts, bool *consistent)
{
  uint32_t v, e, unknown = 0;

  flow->consistent = true;
  flow->stack_size = 0;
  memcpy (flow->node_value, counts,
	  flow->block_count * sizeof *flow->node_value);
  flow->node_value[flow->block_count] = calls;
  for (e = 0; e < flow->all_edges; e++)
    flow->edge_value[e] = MIP_FLOW_UNKNOWN;
  for (v = 0; v < flow->node_count; v++)
    {
      flow->unknown[2 * v + SIDE_IN] = flow->side_begin[2 * v + 1]
				       - flow->side_begin[2 * v];
      flow->unknown[2 * v + SIDE_OUT] = flow->side_begin[2 * v + 2]
					- flow->side_begin[2 * v + 1];
      flow->sum[2 * v + SIDE_IN] = flow->sum[2 * v + SIDE_OUT] = 0;
      flow->queued[v] = 0;
    }
  for (v = flow->node_count; v > 0; v--)
    wake (flow, v - 1);
  if (flow->target[flow->edge_count] != NO_NODE)
    learn_edge (flow, flow->edge_count, calls);
  while (flow->stack_size > 0)
    {
      uint32_t node = flow->stack[--flow->stack_size];
      flow->queued[node] = 0;
      settle_side (flow, node, SIDE_IN);
      settle_side (flow, node, SIDE_OUT);
    }
  for (v = 0; v < flow->block_count; v++)
    {
      counts[v] = flow->node_value[v];
      unknown += counts[v] == MIP_FLOW_UNKNOWN;
    }
  if (edge_counts)
    memcpy (edge_counts, flow->edge_value,
	    flow->edge_count * sizeof *edge_counts);
  if (consistent)
    *consistent = flow->consistent;
  return unknown;
}
