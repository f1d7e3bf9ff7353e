/* mip-use-counts.cc - with a profile of the block-count mode: how often
   each block ran, for GCC's passes after hot/cold partitioning.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   mip-use.cc tells bbpart which blocks of a function never ran.  A
   profile of the block-count mode also says how often the others ran,
   and the passes that follow bbpart weigh blocks by their counts:
   register allocation places spills and splits live ranges where
   blocks run least, block reordering chains the likeliest successors
   into fall-throughs (and copies small blocks onto hot paths), and
   alignment pads only the branch targets that run often.  Without the
   profile those counts are GCC's static estimates.

   The counts given to GCC are estimates as far as it is concerned
   (GUESSED_LOCAL quality): the function's other counts are, GCC
   compares only counts of compatible quality, and an exact count would
   make GCC take a block that ran rarely for one never executed.  A
   block the profile says never ran keeps the exact zero that mip-use.cc
   gave it, so that it goes to the cold part; a block of the way to a
   block that ran keeps a count of at least one (mip-use.cc keeps that
   way open, see keep_ways_to_blocks_that_ran).  */

#include "mip-plugin.h"
#include "mip-target.h"

namespace {

/* X, a count computed in floating point (counts times probabilities
   overflow 64 bits), as a count.  */
gcov_type
to_count (double x)
{
  return x >= (double) INTTYPE_MAXIMUM (gcov_type)
	 ? INTTYPE_MAXIMUM (gcov_type) : (gcov_type) x;
}

/* The count of BB, whose count KNOWN (per block index, -1 unknown)
   lacks, from a neighbour it always runs with: its single predecessor,
   when BB is that block's single successor, or its single successor,
   when BB is that block's single predecessor; -1 when neither is
   known.  */
gcov_type
count_of_neighbour (function *fun, basic_block bb, const gcov_type *known)
{
  if (single_pred_p (bb) && single_pred (bb) != ENTRY_BLOCK_PTR_FOR_FN (fun)
      && single_succ_p (single_pred (bb)))
    return known[single_pred (bb)->index];
  if (single_succ_p (bb) && single_succ (bb) != EXIT_BLOCK_PTR_FOR_FN (fun)
      && single_pred_p (single_succ (bb)))
    return known[single_succ (bb)->index];
  return -1;
}

/* An estimate of BB's count: what its predecessors of known count send
   it, by GCC's probabilities of their edges (a loop's header misses what
   its back edges bring while the latch is unknown); -1 when no
   predecessor's count is known.  */
gcov_type
count_from_predecessors (basic_block bb, const gcov_type *known)
{
  double sum = -1;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->preds)
    if (e->src->index >= NUM_FIXED_BLOCKS && known[e->src->index] >= 0
	&& e->probability.initialized_p ())
      sum = MAX (sum, 0.0) + (double) known[e->src->index]
			     * e->probability.to_reg_br_prob_base ()
			     / REG_BR_PROB_BASE;
  return sum < 0 ? -1 : to_count (sum);
}

} // namespace

/* Fill in the counts KNOWN (per block index, -1 unknown) lacks: the
   profile has none for a block that its program's later passes removed
   or merged.  Counts that follow from a neighbour come first; when none
   does, one block gets the estimate of its predecessors, and so on.
   Returns false when some block stays unknown (no way from a block of
   known count reaches it).  */
bool
mip_infer_counts (function *fun, gcov_type *known)
{
  basic_block bb;
  for (;;)
    {
      bool changed = false, complete = true;
      FOR_EACH_BB_FN (bb, fun)
	if (known[bb->index] < 0)
	  {
	    known[bb->index] = count_of_neighbour (fun, bb, known);
	    if (known[bb->index] >= 0)
	      changed = true;
	    else
	      complete = false;
	  }
      if (complete)
	return true;
      if (changed)
	continue;
      FOR_EACH_BB_FN (bb, fun)
	if (known[bb->index] < 0
	    && (known[bb->index] = count_from_predecessors (bb, known)) >= 0)
	  break;
      if (bb == EXIT_BLOCK_PTR_FOR_FN (fun))
	return false;
    }
}

namespace {

/* The count of edge E out of a block of count FROM, when KNOWN gives it:
   the whole of FROM for a block's only edge, the count of the
   destination for an edge that is its destination's only one.  -1
   when unknown.  */
gcov_type
edge_count (edge e, gcov_type from, const gcov_type *known)
{
  if (single_succ_p (e->src))
    return from;
  if (e->dest->index >= NUM_FIXED_BLOCKS && single_pred_p (e->dest)
      && !(e->flags & EDGE_COMPLEX))
    return MIN (known[e->dest->index], from);
  return -1;
}

/* The probabilities of BB's edges from the counts: an edge of known
   count gets it over BB's count; the rest of BB's count is shared by
   the other edges in the proportions GCC's estimate gave them.  */
void
set_edge_probabilities (basic_block bb, const gcov_type *known)
{
  gcov_type from = known[bb->index], rest = from;
  int unknown_weight = 0, unknown_edges = 0;
  edge e;
  edge_iterator ei;
  if (from <= 0)
    return;
  FOR_EACH_EDGE (e, ei, bb->succs)
    {
      gcov_type count = edge_count (e, from, known);
      if (count >= 0)
	rest -= MIN (count, rest);
      else
	{
	  unknown_edges++;
	  if (e->probability.initialized_p ())
	    unknown_weight += e->probability.to_reg_br_prob_base ();
	}
    }
  FOR_EACH_EDGE (e, ei, bb->succs)
    {
      gcov_type count = edge_count (e, from, known);
      if (count < 0)
	{
	  int weight = e->probability.initialized_p ()
		       ? e->probability.to_reg_br_prob_base () : 0;
	  count = unknown_weight > 0
		  ? to_count ((double) rest * weight / unknown_weight)
		  : rest / unknown_edges;
	}
      e->probability
	= profile_probability::probability_in_gcov_type (count, from)
	    .guessed ();
    }
}

} // namespace

/* Give FUN's blocks the counts of the profile: KNOWN per block index
   (-1 where the profile has none; changed: filled in where the
   neighbours give it), SEEN per block index as mip-use.cc marks it (1
   never ran), CALLS the function's calls.  Nothing changes when some
   block's count stays unknown.  */
void
mip_use_block_counts (function *fun, gcov_type *known,
		      const unsigned char *seen, gcov_type calls)
{
  if (!mip_infer_counts (fun, known))
    return;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    if (seen[bb->index] != 1)
      bb->count = profile_count::from_gcov_type
		    (MAX (known[bb->index], (gcov_type) 1)).guessed_local ();
  FOR_EACH_BB_FN (bb, fun)
    if (seen[bb->index] != 1)
      set_edge_probabilities (bb, known);
  profile_count entry
    = profile_count::from_gcov_type (MAX (calls, (gcov_type) 1))
	.guessed_local ();
  ENTRY_BLOCK_PTR_FOR_FN (fun)->count = entry;
  EXIT_BLOCK_PTR_FOR_FN (fun)->count = entry;
  update_max_bb_count ();
}

/* ---- Around register allocation ------------------------------------

   In a function that the early block counts reached (PROFILE_READ),
   the late counts of a profile whose build compiled the function as
   this one does (the second round, guide 2.7) are given before
   partitioning, as above: partitioning and the passes up to register
   allocation place the blocks by them.  Register allocation gets back
   the counts GCC carried from the early ones instead: with the late
   counts it spilled in SQLite's interpreter loop (sqlite3VdbeExec ran
   2.9% more instructions, the program 0.4% more).  After reload the
   late counts come back for block reordering, alignment and the rest.
   Blocks are recognised across those passes by the uid of an insn
   they hold, as block indices change (cfg cleanup compacts them).  */

namespace {

/* The function held, its blocks' insns' uids to their index then,
   and per such index GCC's count, the late count (-1 unknown) and
   mip-use.cc's state (1 never ran).  */
function *held_fun;
mip_uid_map *held_block_of_uid;
vec<profile_count> held_gcc_count;
vec<gcov_type> held_late_count;
vec<unsigned char> held_seen;
gcov_type held_calls;

/* The index FUN's block BB had when the counts were held, or -1: that
   of the first of its insns that a block held then.  */
int
held_index (basic_block bb)
{
  unsigned *index = mip_first_mapped_insn (bb, held_block_of_uid);
  return index ? (int) *index : -1;
}

/* Before IRA: GCC's counts back, but for the blocks partitioning was
   told never ran.  */
void
counts_for_allocation (function *fun)
{
  if (held_fun != fun)
    return;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      int index = held_index (bb);
      if (index >= 0 && !(bb->count == profile_count::zero ()))
	bb->count = held_gcc_count[index];
    }
}

/* After reload: the late counts again, a block made since (a spill's,
   a crossing jump's) taking one from its neighbours.  */
void
counts_after_allocation (function *fun)
{
  if (held_fun != fun)
    return;
  held_fun = NULL;
  int n = last_basic_block_for_fn (fun);
  gcov_type *known = XNEWVEC (gcov_type, n);
  unsigned char *seen = XCNEWVEC (unsigned char, n);
  for (int i = 0; i < n; i++)
    known[i] = -1;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      int index = held_index (bb);
      if (index < 0)
	continue;
      known[bb->index] = held_late_count[index];
      seen[bb->index] = held_seen[index];
      /* Code that was never run before moved into a block that ran.  */
      if (seen[bb->index] == 1 && bb->count.nonzero_p ())
	{
	  seen[bb->index] = 0;
	  known[bb->index] = -1;
	}
    }
  mip_use_block_counts (fun, known, seen, held_calls);
  XDELETEVEC (known);
  XDELETEVEC (seen);
}

const pass_data counts_for_allocation_data = {
  RTL_PASS, "mip-counts-ira", OPTGROUP_NONE, TV_NONE, PROP_rtl, 0, 0, 0, 0
};

class counts_for_allocation_pass : public rtl_opt_pass
{
public:
  counts_for_allocation_pass (gcc::context *ctxt)
    : rtl_opt_pass (counts_for_allocation_data, ctxt) {}
  unsigned int execute (function *fun) final override
  {
    counts_for_allocation (fun);
    return 0;
  }
};

const pass_data counts_after_allocation_data = {
  RTL_PASS, "mip-counts-reload", OPTGROUP_NONE, TV_NONE, PROP_rtl, 0, 0, 0,
  0
};

class counts_after_allocation_pass : public rtl_opt_pass
{
public:
  counts_after_allocation_pass (gcc::context *ctxt)
    : rtl_opt_pass (counts_after_allocation_data, ctxt) {}
  unsigned int execute (function *fun) final override
  {
    counts_after_allocation (fun);
    return 0;
  }
};

} // namespace

void
mip_hold_counts_for_allocation (function *fun)
{
  if (held_block_of_uid == NULL)
    held_block_of_uid = new mip_uid_map (1024);
  held_block_of_uid->empty ();
  held_fun = fun;
  int n = last_basic_block_for_fn (fun);
  held_gcc_count.truncate (0);
  held_gcc_count.safe_grow_cleared (n);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      held_gcc_count[bb->index] = bb->count;
      rtx_insn *insn;
      FOR_BB_INSNS (bb, insn)
	if (NONDEBUG_INSN_P (insn))
	  held_block_of_uid->put (INSN_UID (insn), bb->index);
    }
}

void
mip_use_block_counts_around_allocation (function *fun, gcov_type *known,
					const unsigned char *seen,
					gcov_type calls)
{
  mip_use_block_counts (fun, known, seen, calls);
  int n = last_basic_block_for_fn (fun);
  held_late_count.truncate (0);
  held_late_count.safe_grow_cleared (n);
  held_seen.truncate (0);
  held_seen.safe_grow_cleared (n);
  for (int i = 0; i < n; i++)
    {
      held_late_count[i] = known[i];
      held_seen[i] = seen[i];
    }
  held_calls = calls;
}

void
mip_use_counts_register_passes (const char *plugin_name)
{
  mip_register_pass (plugin_name, new counts_for_allocation_pass (g), "ira",
		     PASS_POS_INSERT_BEFORE);
  mip_register_pass (plugin_name, new counts_after_allocation_pass (g),
		     "reload", PASS_POS_INSERT_AFTER);
}
