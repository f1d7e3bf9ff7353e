/* mip-layout.c - the order in which profile use lays out the functions
   a profile saw run (see mip-layout.h).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-layout.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "mip-lookup.h"

#define NONE UINT32_MAX

/* The working state: the profile's functions, which are placed and how,
   and the clusters of the repeatedly called ones.  A cluster is named by
   its first function (head); its functions are chained by next.  */
struct layout
{
  const struct mip_profile *profile;
  uint32_t count;		/* functions of the profile */
  uint32_t *placed;		/* the placed functions, sorted */
  uint32_t placed_count;
  uint32_t once_count;		/* placed[0..once_count): called once */
  bool *repeated;		/* per function: called repeatedly */
  uint32_t *cluster;		/* per function: head of its cluster */
  uint32_t *next;		/* per function: next in its cluster */
  uint32_t *tail;		/* per head: last function of the cluster */
  uint64_t *bytes;		/* per head: size of the cluster */
  uint64_t *calls;		/* per head: calls of the cluster */
};

/* Whether function I ran in some run and is the one entry that stands
   for its code (no alias, no copy the linker dropped).  */
static bool
ran (const struct mip_profile *profile, uint32_t i)
{
  return (!mip_profile_function_is_discarded (profile, i)
	  && !mip_profile_function_is_alias (profile, i)
	  && profile->functions[i].covered_runs > 0);
}

/* Whether the runs called function I more than once each, on average.
   Without a call count (coverage modes, a hand-written profile that
   gives none) it is taken as called once.  */
static bool
called_repeatedly (const struct mip_profile *profile, uint32_t i)
{
  const struct mip_profile_function *f = &profile->functions[i];
  return ((mip_profile_function_kinds (profile, i) & MIP_KIND_CALL_COUNT)
	  && f->call_count > f->covered_runs);
}

static uint64_t
code_bytes (const struct mip_profile *profile, uint32_t i)
{
  uint32_t size = profile->functions[i].size;
  return size ? size : 1;
}

/* qsort has no context argument in C11.  */
static const struct mip_profile *sorted_profile;

/* By first-call order, those without one last; then by
   symbol, then by index, so that the result never depends on qsort.  */
static int
compare_first_calls (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  uint64_t ox = mip_profile_function_order (sorted_profile, x);
  uint64_t oy = mip_profile_function_order (sorted_profile, y);
  if ((ox == 0) != (oy == 0))
    return ox == 0 ? 1 : -1;
  if (ox != oy)
    return ox < oy ? -1 : 1;
  int c = strcmp (mip_profile_function_name (sorted_profile, x),
		  mip_profile_function_name (sorted_profile, y));
  if (c != 0)
    return c;
  return x < y ? -1 : x > y;
}

/* The order C3 visits functions in: most called first, ties by
   first-call order and index.  */
static int
compare_hotness (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  uint64_t cx = sorted_profile->functions[x].call_count;
  uint64_t cy = sorted_profile->functions[y].call_count;
  if (cx != cy)
    return cx > cy ? -1 : 1;
  return compare_first_calls (a, b);
}

/* The caller of repeatedly called function F that its caller samples
   show calling it most (a caller seen without a sample, the first
   caller, weighs one sample), among the repeatedly called functions; NONE
   when it has no such caller.  */
static uint32_t
most_frequent_caller (const struct layout *layout,
		      const struct mip_address_index *index, uint32_t f)
{
  const struct mip_profile *profile = layout->profile;
  const struct mip_profile_function *fn = &profile->functions[f];
  uint32_t best = NONE;
  uint64_t best_weight = 0;
  for (uint32_t k = 0; k < fn->caller_count; k++)
    {
      const struct mip_profile_caller *c =
	&profile->callers[fn->caller_begin + k];
      uint32_t p = mip_address_index_find_caller (index, c->return_address);
      if (p == MIP_NO_FUNCTION || p == f || !layout->repeated[p])
	continue;
      /* The same caller may appear at several call sites.  */
      uint64_t weight = 0;
      for (uint32_t j = 0; j < fn->caller_count; j++)
	{
	  const struct mip_profile_caller *d =
	    &profile->callers[fn->caller_begin + j];
	  if (mip_address_index_find_caller (index, d->return_address) == p)
	    weight += d->samples ? d->samples : 1;
	}
      if (weight > best_weight || (weight == best_weight && p < best))
	{
	  best = p;
	  best_weight = weight;
	}
    }
  return best;
}

/* Append the cluster headed by FROM to the one headed by TO.  */
static void
merge_clusters (struct layout *layout, uint32_t to, uint32_t from)
{
  layout->next[layout->tail[to]] = from;
  layout->tail[to] = layout->tail[from];
  layout->bytes[to] += layout->bytes[from];
  layout->calls[to] += layout->calls[from];
  for (uint32_t f = from; f != NONE; f = layout->next[f])
    layout->cluster[f] = to;
}

/* Whether merging the clusters headed by TO and FROM keeps within a page
   and does not dilute TO's calls per byte below the bound.  Densities
   compared as cross products: calls / bytes.  */
static bool
worth_merging (const struct layout *layout, uint32_t to, uint32_t from)
{
  uint64_t bytes = layout->bytes[to] + layout->bytes[from];
  uint64_t calls = layout->calls[to] + layout->calls[from];
  if (bytes > MIP_LAYOUT_CLUSTER_BYTES)
    return false;
  /* calls / bytes * DEGRADATION >= calls[to] / bytes[to], without
     overflow for any real count: doubles.  */
  return ((double) calls * MIP_LAYOUT_DENSITY_DEGRADATION
	  * (double) layout->bytes[to]
	  >= (double) layout->calls[to] * (double) bytes);
}

/* Every function its own cluster; then, given INDEX (call-chains), C3
   over the functions called repeatedly, placed[once_count..placed_count),
   which is sorted hottest first.  */
static void
cluster_call_chains (struct layout *layout,
		     const struct mip_address_index *index)
{
  for (uint32_t k = 0; k < layout->placed_count; k++)
    {
      uint32_t f = layout->placed[k];
      layout->cluster[f] = f;
      layout->next[f] = NONE;
      layout->tail[f] = f;
      layout->bytes[f] = code_bytes (layout->profile, f);
      layout->calls[f] = layout->profile->functions[f].call_count;
    }
  for (uint32_t k = layout->once_count; index && k < layout->placed_count;
       k++)
    {
      uint32_t f = layout->placed[k];
      uint32_t p = most_frequent_caller (layout, index, f);
      if (p == NONE)
	continue;
      uint32_t to = layout->cluster[p], from = layout->cluster[f];
      if (to != from && worth_merging (layout, to, from))
	merge_clusters (layout, to, from);
    }
}

/* The earliest first-call order among the functions of the cluster
   headed by HEAD (0: none recorded).  */
static uint64_t
earliest_order (const struct layout *layout, uint32_t head)
{
  uint64_t earliest = 0;
  for (uint32_t f = head; f != NONE; f = layout->next[f])
    {
      uint64_t order = mip_profile_function_order (layout->profile, f);
      if (order != 0 && (earliest == 0 || order < earliest))
	earliest = order;
    }
  return earliest;
}

/* A cluster to place: its head and its earliest first call.  */
struct placed_cluster
{
  uint32_t head;
  uint64_t earliest;
};

/* By earliest first call, clusters without one last; ties as their
   heads by compare_first_calls.  */
static int
compare_clusters (const void *a, const void *b)
{
  const struct placed_cluster *x = a, *y = b;
  if ((x->earliest == 0) != (y->earliest == 0))
    return x->earliest == 0 ? 1 : -1;
  if (x->earliest != y->earliest)
    return x->earliest < y->earliest ? -1 : 1;
  return compare_first_calls (&x->head, &y->head);
}

/* Give the ranks: every cluster (a function called once is one of its
   own) by its earliest first call, its functions in cluster order.  */
static enum mip_error
assign_ranks (struct layout *layout, uint32_t *ranks,
	      struct mip_error_context *error)
{
  uint32_t rank = 0, heads = 0;
  struct placed_cluster *list = malloc ((layout->placed_count + 1)
					* sizeof *list);
  if (!list)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
  for (uint32_t k = 0; k < layout->placed_count; k++)
    {
      uint32_t f = layout->placed[k];
      if (layout->cluster[f] == f)
	{
	  list[heads].head = f;
	  list[heads++].earliest = earliest_order (layout, f);
	}
    }
  sorted_profile = layout->profile;
  qsort (list, heads, sizeof *list, compare_clusters);
  for (uint32_t h = 0; h < heads; h++)
    for (uint32_t f = list[h].head; f != NONE; f = layout->next[f])
      ranks[f] = ++rank;
  free (list);
  return MIP_OK;
}

static void
free_layout (struct layout *layout)
{
  free (layout->placed);
  free (layout->repeated);
  free (layout->cluster);
  free (layout->next);
  free (layout->tail);
  free (layout->bytes);
  free (layout->calls);
}

static bool
allocate_layout (struct layout *layout, const struct mip_profile *profile)
{
  uint32_t n = profile->header.function_count;
  size_t slots = n ? n : 1;
  memset (layout, 0, sizeof *layout);
  layout->profile = profile;
  layout->count = n;
  layout->placed = malloc (slots * sizeof *layout->placed);
  layout->repeated = calloc (slots, sizeof *layout->repeated);
  layout->cluster = malloc (slots * sizeof *layout->cluster);
  layout->next = malloc (slots * sizeof *layout->next);
  layout->tail = malloc (slots * sizeof *layout->tail);
  layout->bytes = malloc (slots * sizeof *layout->bytes);
  layout->calls = malloc (slots * sizeof *layout->calls);
  return (layout->placed && layout->repeated && layout->cluster
	  && layout->next && layout->tail && layout->bytes && layout->calls);
}

/* Fill placed: the functions called once (or not counted), by first
   call, then those called repeatedly, hottest first.  */
static void
sort_into_groups (struct layout *layout)
{
  const struct mip_profile *profile = layout->profile;
  uint32_t n = 0;
  for (uint32_t i = 0; i < layout->count; i++)
    if (ran (profile, i) && !called_repeatedly (profile, i))
      layout->placed[n++] = i;
  layout->once_count = n;
  for (uint32_t i = 0; i < layout->count; i++)
    if (ran (profile, i) && called_repeatedly (profile, i))
      {
	layout->placed[n++] = i;
	layout->repeated[i] = true;
      }
  layout->placed_count = n;
  sorted_profile = profile;
  qsort (layout->placed, layout->once_count, sizeof *layout->placed,
	 compare_first_calls);
  qsort (layout->placed + layout->once_count, n - layout->once_count,
	 sizeof *layout->placed, compare_hotness);
}

bool
mip_layout_parse (const char *name, enum mip_layout_kind *kind)
{
  if (strcmp (name, "first-call") == 0)
    *kind = MIP_LAYOUT_FIRST_CALL;
  else if (strcmp (name, "call-chains") == 0)
    *kind = MIP_LAYOUT_CALL_CHAINS;
  else
    return false;
  return true;
}

enum mip_error
mip_layout_ranks (const struct mip_profile *profile,
		  enum mip_layout_kind kind, uint32_t **ranks,
		  struct mip_error_context *error)
{
  struct layout layout;
  struct mip_address_index *index = NULL;
  enum mip_error status = MIP_OK;
  uint32_t n = profile->header.function_count;

  *ranks = calloc (n ? n : 1, sizeof **ranks);
  if (!*ranks || !allocate_layout (&layout, profile))
    {
      if (*ranks)
	free_layout (&layout);
      free (*ranks);
      *ranks = NULL;
      return mip_error_set (error, MIP_ERROR_NO_MEMORY, NULL, NULL);
    }
  sort_into_groups (&layout);
  if (kind == MIP_LAYOUT_CALL_CHAINS)
    status = mip_address_index_build (profile, &index, error);
  if (status == MIP_OK)
    {
      cluster_call_chains (&layout, index);
      status = assign_ranks (&layout, *ranks, error);
    }
  mip_address_index_free (index);
  free_layout (&layout);
  if (status != MIP_OK)
    {
      free (*ranks);
      *ranks = NULL;
    }
  return status;
}
