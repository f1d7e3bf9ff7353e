/* mip-edges.c - the fate of each edge of a function, from its blocks'
   coverage and counts (see mip-edges.h).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-edges.h"

#include <stdlib.h>

/* One function's graph, as the rules read it.  */
struct edge_graph
{
  const struct mip_profile_block *blocks;  /* the function's */
  const struct mip_map_edge *edges;        /* the function's */
  uint32_t block_count, edge_count;
  uint32_t *in_begin;           /* [block_count + 1] into in_edges */
  uint32_t *in_edges;           /* edge indices, grouped by target */
  uint64_t *block_count_of;     /* [block_count] or MIP_EDGE_NO_COUNT */
  struct mip_edge_fate *fates;
};

/* Record what is known of edge E; true when it is news.  */
static bool
learn_state (struct edge_graph *g, uint32_t e, enum mip_edge_state state)
{
  if (g->fates[e].state != MIP_EDGE_UNKNOWN)
    return false;
  g->fates[e].state = state;
  if (state == MIP_EDGE_NOT_TAKEN)
    g->fates[e].count = 0;
  return true;
}

static bool
learn_count (struct edge_graph *g, uint32_t e, uint64_t count)
{
  bool news = g->fates[e].count == MIP_EDGE_NO_COUNT;
  g->fates[e].count = count;
  if (g->fates[e].state == MIP_EDGE_UNKNOWN)
    g->fates[e].state = count ? MIP_EDGE_TAKEN : MIP_EDGE_NOT_TAKEN;
  return news;
}

/* Apply the rules to the edges E[0..N) of one side of block B: all of
   B's ways in (or out) when B cannot be entered (left) otherwise.  */
static bool
settle_side (struct edge_graph *g, uint32_t b, const uint32_t *e, uint32_t n)
{
  uint32_t i, unknown_state = 0, unknown_count = 0, last_state = 0;
  uint32_t last_count = 0;
  uint64_t sum = 0;
  bool news = false;
  bool covered = g->blocks[b].covered_runs > 0;

  if (n == 0)
    return false;
  for (i = 0; i < n; i++)
    {
      const struct mip_edge_fate *f = &g->fates[e[i]];
      if (f->state != MIP_EDGE_NOT_TAKEN)
	{
	  unknown_state += f->state == MIP_EDGE_UNKNOWN;
	  last_state = e[i];
	}
      if (f->count == MIP_EDGE_NO_COUNT)
	{
	  unknown_count++;
	  last_count = e[i];
	}
      else
	sum = mip_saturating_add (sum, f->count);
    }
  /* Taken: the block ran, and every other edge of this side never was.  */
  if (covered && unknown_state == 1
      && g->fates[last_state].state == MIP_EDGE_UNKNOWN)
    {
      uint32_t others_taken = 0;
      for (i = 0; i < n; i++)
	others_taken += g->fates[e[i]].state == MIP_EDGE_TAKEN;
      if (others_taken == 0)
	news |= learn_state (g, last_state, MIP_EDGE_TAKEN);
    }
  /* Counts: the block's less the others'; or the block's as their sum.  */
  if (g->block_count_of[b] != MIP_EDGE_NO_COUNT)
    {
      if (unknown_count == 1 && sum <= g->block_count_of[b])
	news |= learn_count (g, last_count, g->block_count_of[b] - sum);
    }
  else if (unknown_count == 0)
    {
      g->block_count_of[b] = sum;
      news = true;
    }
  return news;
}

/* One sweep of the rules over every block; true when anything was
   learnt.  */
static bool
sweep (struct edge_graph *g)
{
  bool news = false;
  uint32_t b;

  for (b = 0; b < g->block_count; b++)
    {
      const struct mip_profile_block *block = &g->blocks[b];
      if (!(block->flags & MIP_BLOCK_EXIT) && block->edge_count > 0)
	{
	  /* The block's own edges are consecutive: edge_begin + i.  */
	  uint32_t first = block->edge_begin, i;
	  uint32_t *list = &g->in_edges[g->edge_count];
	  for (i = 0; i < block->edge_count; i++)
	    list[i] = first + i;
	  news |= settle_side (g, b, list, block->edge_count);
	}
      if (!(block->flags & MIP_BLOCK_ENTRY)
	  && g->in_begin[b + 1] > g->in_begin[b])
	news |= settle_side (g, b, &g->in_edges[g->in_begin[b]],
			     g->in_begin[b + 1] - g->in_begin[b]);
    }
  return news;
}

/* Group the edges by target: in_begin and in_edges.  */
static void
index_incoming (struct edge_graph *g)
{
  uint32_t e, b;

  for (e = 0; e < g->edge_count; e++)
    g->in_begin[g->edges[e].target + 1]++;
  for (b = 0; b < g->block_count; b++)
    g->in_begin[b + 1] += g->in_begin[b];
  for (b = 0; b < g->block_count; b++)
    for (e = 0; e < g->blocks[b].edge_count; e++)
      {
	uint32_t edge = g->blocks[b].edge_begin + e;
	uint32_t target = g->edges[edge].target;
	/* in_begin[target] counts up while filling, then is put back.  */
	g->in_edges[g->in_begin[target]++] = edge;
      }
  for (b = g->block_count; b > 0; b--)
    g->in_begin[b] = g->in_begin[b - 1];
  g->in_begin[0] = 0;
}

bool
mip_profile_edge_fates (const struct mip_profile *profile, uint32_t index,
			struct mip_edge_fate *fates)
{
  const struct mip_profile_function *function = &profile->functions[index];
  struct edge_graph g;
  uint32_t b, e;
  bool ok;

  g.blocks = profile->blocks + function->block_begin;
  g.edges = profile->edges + function->edge_begin;
  g.block_count = function->block_count;
  g.edge_count = function->edge_count;
  g.fates = fates;
  g.in_begin = calloc ((size_t) g.block_count + 1, sizeof *g.in_begin);
  /* The incoming edges, then room for one block's outgoing ones.  */
  g.in_edges = malloc (((size_t) 2 * g.edge_count + 1) * sizeof *g.in_edges);
  g.block_count_of = malloc (((size_t) g.block_count + 1)
			     * sizeof *g.block_count_of);
  ok = g.in_begin && g.in_edges && g.block_count_of;
  if (ok)
    {
      index_incoming (&g);
      for (b = 0; b < g.block_count; b++)
	if (!mip_profile_block_count (profile, index, b,
				      &g.block_count_of[b]))
	  g.block_count_of[b] = MIP_EDGE_NO_COUNT;
      for (e = 0; e < g.edge_count; e++)
	{
	  fates[e].state = MIP_EDGE_UNKNOWN;
	  fates[e].count = MIP_EDGE_NO_COUNT;
	}
      for (b = 0; b < g.block_count; b++)
	if (g.blocks[b].covered_runs == 0)
	  for (e = 0; e < g.blocks[b].edge_count; e++)
	    learn_state (&g, g.blocks[b].edge_begin + e, MIP_EDGE_NOT_TAKEN);
      for (e = 0; e < g.edge_count; e++)
	if (g.blocks[g.edges[e].target].covered_runs == 0)
	  learn_state (&g, e, MIP_EDGE_NOT_TAKEN);
      while (sweep (&g))
	;
    }
  free (g.in_begin);
  free (g.in_edges);
  free (g.block_count_of);
  return ok;
}

bool
mip_profile_block_is_branch (const struct mip_profile *profile,
			     uint32_t index, uint32_t block)
{
  const struct mip_profile_function *function = &profile->functions[index];
  const struct mip_profile_block *entry =
    &profile->blocks[function->block_begin + block];
  uint32_t e, branches = 0;

  for (e = 0; e < entry->edge_count; e++)
    if (!(profile->edges[function->edge_begin + entry->edge_begin + e].flags
	  & MIP_EDGE_ABNORMAL))
      branches++;
  return branches >= 2;
}
