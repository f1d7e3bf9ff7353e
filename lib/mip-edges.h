/* mip-edges.h - what a profile tells of the edges between a function's
   blocks: whether each was taken, and how often when that follows from
   the blocks' counts.

   The map records every edge between two blocks of a function (edges
   that leave it are not listed; MIP_BLOCK_EXIT marks the blocks that
   may leave).  A profile of block coverage knows, over all its runs,
   which blocks ran; an edge's fate follows from them in three ways:

     - an edge from or to a block that never ran was never taken;
     - a block that ran, other than the entry, was entered through one
       of its incoming edges: when every other one was never taken, that
       one was;
     - a block that ran and cannot leave the function left through one
       of its outgoing edges: the same.

   Counts follow the same way from the blocks whose count the profile
   knows (mip_profile_block_count): an edge's count is its block's count
   less the other edges' counts on that side (flow conservation).  Every
   other edge is unknown: reports say so, and never guess.  As for
   coverage, calls are taken to return unless they may throw.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_EDGES_H
#define MIP_EDGES_H

#include <stdbool.h>
#include <stdint.h>

#include "mip-profile.h"

#ifdef __cplusplus
extern "C" {
#endif

enum mip_edge_state
{
  MIP_EDGE_UNKNOWN = 0,         /* the blocks do not tell */
  MIP_EDGE_NOT_TAKEN,           /* no run took it */
  MIP_EDGE_TAKEN                /* some run took it */
};

#define MIP_EDGE_NO_COUNT UINT64_MAX

struct mip_edge_fate
{
  enum mip_edge_state state;
  uint64_t count;               /* times taken over all runs, or
				   MIP_EDGE_NO_COUNT */
};

/* The fate of every edge of function INDEX of PROFILE (a primary that
   records block coverage), in the order of the function's edge list:
   FATES has the function's edge_count entries.  False when out of
   memory.  */
bool mip_profile_edge_fates (const struct mip_profile *profile,
			     uint32_t index, struct mip_edge_fate *fates);

/* Is block BLOCK of function INDEX a branch: does it have two or more
   edges that are not MIP_EDGE_ABNORMAL?  */
bool mip_profile_block_is_branch (const struct mip_profile *profile,
				  uint32_t index, uint32_t block);

#ifdef __cplusplus
}
#endif

#endif /* MIP_EDGES_H */
