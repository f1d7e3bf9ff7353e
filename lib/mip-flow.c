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

/* ---- What the local rules leave: elimination ------------------------ */

/* The local rules stall where the unknown edges form cycles of the
   undirected graph (two blocks that both branch to the same two blocks,
   say), and yet the counts of blocks on them may follow from the sum of
   several equations.  The equations of the nodes that touch an unknown
   edge,

     count known:    sum of its unknown incoming edges  = count - known in
		     -(sum of its unknown outgoing edges) = known out - count
     count unknown:  sum of its unknown incoming edges
		     - sum of its unknown outgoing edges  = known out - known in

   have in each edge's column a +1 in its target's row and a -1 in its
   source's: a network matrix, totally unimodular, so Gauss-Jordan
   elimination with pivots of +1 or -1 keeps every coefficient in
   {-1, 0, 1} and every value an integer.  A block's count then follows
   when the sum of the unknown edges of one of its sides lies in the span
   of the rows: reducing that sum by the pivot rows leaves nothing.  The
   residual is small in practice; above RESIDUAL_MAX unknown edges the
   solver leaves the counts unknown (the plugin then keeps a counter
   there).  */
#define RESIDUAL_MAX 4096u

struct residual
{
  uint32_t columns, rows, rank;
  uint32_t *column_of;          /* [all_edges]: column, or NO_NODE */
  uint32_t *edge_of;            /* [columns] */
  signed char *matrix;          /* [rows][columns] */
  int64_t *value;               /* [rows] */
  uint32_t *pivot;              /* [rank]: pivot column of row r */
  int64_t *query;               /* [columns] */
};

static void
residual_free (struct residual *r)
{
  free (r->column_of);
  free (r->edge_of);
  free (r->matrix);
  free (r->value);
  free (r->pivot);
  free (r->query);
}

/* A count as an equation's value; false when it does not fit.  */
static bool
signed_count (uint64_t count, int64_t *value)
{
  if (count > (uint64_t) INT64_MAX)
    return false;
  *value = (int64_t) count;
  return true;
}

/* Add the row of side SIDE of NODE, each unknown edge with SIGN, equal
   to TOTAL; false when a value overflows.  */
static bool
add_row (struct mip_flow *flow, struct residual *r, uint32_t node,
	 enum side side, int sign, int64_t total)
{
  uint32_t slot = 2 * node + side, i;
  signed char *row = r->matrix + (size_t) r->rows * r->columns;

  memset (row, 0, r->columns);
  for (i = flow->side_begin[slot]; i < flow->side_begin[slot + 1]; i++)
    {
      uint32_t e = flow->side_edges[i];
      if (r->column_of[e] != NO_NODE)
	row[r->column_of[e]] += (signed char) sign;
    }
  r->value[r->rows++] = total;
  return true;
}

/* The equations of every node that touches an unknown edge.  */
static bool
build_residual (struct mip_flow *flow, struct residual *r)
{
  uint32_t e, v;

  for (v = 0; v < flow->node_count; v++)
    {
      uint32_t in = 2 * v + SIDE_IN, out = 2 * v + SIDE_OUT;
      int64_t count, known_in, known_out;
      if (flow->unknown[in] == 0 && flow->unknown[out] == 0)
	continue;
      if (!signed_count (flow->sum[in], &known_in)
	  || !signed_count (flow->sum[out], &known_out))
	return false;
      if (flow->node_value[v] != MIP_FLOW_UNKNOWN)
	{
	  if (!signed_count (flow->node_value[v], &count))
	    return false;
	  if (flow->unknown[in] > 0)
	    add_row (flow, r, v, SIDE_IN, 1, count - known_in);
	  if (flow->unknown[out] > 0)
	    add_row (flow, r, v, SIDE_OUT, -1, known_out - count);
	}
      else if (flow->side_begin[in + 1] > flow->side_begin[in]
	       && flow->side_begin[out + 1] > flow->side_begin[out])
	{
	  /* In minus out: the out side's edges with -1.  */
	  signed char *row;
	  add_row (flow, r, v, SIDE_IN, 1, known_out - known_in);
	  row = r->matrix + (size_t) (r->rows - 1) * r->columns;
	  for (e = flow->side_begin[out]; e < flow->side_begin[out + 1]; e++)
	    {
	      uint32_t edge = flow->side_edges[e];
	      if (r->column_of[edge] != NO_NODE)
		row[r->column_of[edge]] -= 1;
	    }
	}
    }
  return true;
}

/* Gauss-Jordan elimination with unit pivots; false when a coefficient
   leaves {-1, 0, 1} (not a network matrix: never, by construction) or
   a value overflows.  Rows that end all zero with a value other than 0
   make the counts inconsistent.  */
static bool
eliminate (struct mip_flow *flow, struct residual *r)
{
  uint32_t c, i, j, k;

  r->rank = 0;
  for (c = 0; c < r->columns && r->rank < r->rows; c++)
    {
      signed char *pivot_row;
      for (i = r->rank; i < r->rows; i++)
	if (r->matrix[(size_t) i * r->columns + c] != 0)
	  break;
      if (i == r->rows)
	continue;
      if (i != r->rank)
	{
	  signed char *a = r->matrix + (size_t) i * r->columns;
	  signed char *b = r->matrix + (size_t) r->rank * r->columns;
	  int64_t t = r->value[i];
	  for (k = 0; k < r->columns; k++)
	    {
	      signed char x = a[k];
	      a[k] = b[k];
	      b[k] = x;
	    }
	  r->value[i] = r->value[r->rank];
	  r->value[r->rank] = t;
	}
      pivot_row = r->matrix + (size_t) r->rank * r->columns;
      if (pivot_row[c] == -1)
	{
	  for (k = 0; k < r->columns; k++)
	    pivot_row[k] = (signed char) -pivot_row[k];
	  r->value[r->rank] = -r->value[r->rank];
	}
      if (pivot_row[c] != 1)
	return false;
      for (j = 0; j < r->rows; j++)
	{
	  signed char *row = r->matrix + (size_t) j * r->columns;
	  int f = row[c];
	  if (j == r->rank || f == 0)
	    continue;
	  for (k = 0; k < r->columns; k++)
	    {
	      int x = row[k] - f * pivot_row[k];
	      if (x < -1 || x > 1)
		return false;
	      row[k] = (signed char) x;
	    }
	  if (__builtin_sub_overflow (r->value[j], f * r->value[r->rank],
				      &r->value[j]))
	    return false;
	}
      r->pivot[r->rank++] = c;
    }
  for (i = r->rank; i < r->rows; i++)
    if (r->value[i] != 0)
      flow->consistent = false;
  return true;
}

/* The count of side SIDE of NODE when the sum of its unknown edges lies
   in the span of the pivot rows: *COUNT; false otherwise.  */
static bool
side_from_rows (struct mip_flow *flow, struct residual *r, uint32_t node,
		enum side side, int64_t *count)
{
  uint32_t slot = 2 * node + side, i, k;
  int64_t value;

  if (flow->side_begin[slot + 1] == flow->side_begin[slot]
      || !signed_count (flow->sum[slot], &value))
    return false;
  memset (r->query, 0, r->columns * sizeof *r->query);
  for (i = flow->side_begin[slot]; i < flow->side_begin[slot + 1]; i++)
    {
      uint32_t e = flow->side_edges[i];
      if (r->column_of[e] != NO_NODE)
	r->query[r->column_of[e]]++;
    }
  for (i = 0; i < r->rank; i++)
    {
      const signed char *row = r->matrix + (size_t) i * r->columns;
      int64_t f = r->query[r->pivot[i]], product;
      if (f == 0)
	continue;
      if (__builtin_mul_overflow (f, r->value[i], &product)
	  || __builtin_add_overflow (value, product, &value))
	return false;
      for (k = 0; k < r->columns; k++)
	r->query[k] -= f * row[k];
    }
  for (k = 0; k < r->columns; k++)
    if (r->query[k] != 0)
      return false;
  *count = value;
  return true;
}

/* Apply elimination to what the local rules left.  */
static void
solve_residual (struct mip_flow *flow)
{
  struct residual r;
  uint32_t e, v;
  size_t rows_max;

  memset (&r, 0, sizeof r);
  for (e = 0; e < flow->all_edges; e++)
    r.columns += flow->edge_value[e] == MIP_FLOW_UNKNOWN;
  if (r.columns == 0 || r.columns > RESIDUAL_MAX)
    return;
  rows_max = 2 * (size_t) flow->node_count;
  r.column_of = malloc (flow->all_edges * sizeof *r.column_of);
  r.edge_of = malloc (r.columns * sizeof *r.edge_of);
  r.matrix = malloc (rows_max * r.columns);
  r.value = malloc (rows_max * sizeof *r.value);
  r.pivot = malloc ((r.columns + 1) * sizeof *r.pivot);
  r.query = malloc (r.columns * sizeof *r.query);
  if (r.column_of && r.edge_of && r.matrix && r.value && r.pivot && r.query)
    {
      r.columns = 0;
      for (e = 0; e < flow->all_edges; e++)
	if (flow->edge_value[e] == MIP_FLOW_UNKNOWN)
	  {
	    r.edge_of[r.columns] = e;
	    r.column_of[e] = r.columns++;
	  }
	else
	  r.column_of[e] = NO_NODE;
      if (build_residual (flow, &r) && eliminate (flow, &r))
	for (v = 0; v < flow->block_count; v++)
	  {
	    int64_t count;
	    if (flow->node_value[v] != MIP_FLOW_UNKNOWN)
	      continue;
	    if (side_from_rows (flow, &r, v, SIDE_IN, &count)
		|| side_from_rows (flow, &r, v, SIDE_OUT, &count))
	      {
		if (count < 0)
		  flow->consistent = false;
		else
		  flow->node_value[v] = (uint64_t) count;
	      }
	  }
    }
  residual_free (&r);
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
    if (flow->node_value[v] == MIP_FLOW_UNKNOWN)
      {
	solve_residual (flow);
	break;
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
