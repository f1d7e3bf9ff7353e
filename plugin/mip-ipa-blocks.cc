/* mip-ipa-blocks.cc - block counts keyed by the blocks GCC has when its
   IPA passes start profiling, where -fprofile-generate counts and
   -fprofile-use reads.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   EXPERIMENT (MIP_IPA_BLOCKS_DUMP / MIP_IPA_BLOCKS_PROFILE): the data
   goes through side files, not yet the map and the profile.

   The block-count mode counts machine blocks, after every decision of
   GCC's.  GCC's own profile use wants the counts of the blocks it has
   before its IPA passes (inlining, cloning) and its loop passes, so
   that those decisions follow the profile.  In the generate build, a
   pass right before GCC's "profile" pass puts at the start of every
   block of every function a debug bind of an artificial variable to the
   block's number (the function's number in the unit times 2^20, plus
   the block's place in the function):

       # DEBUG __mip_ipa_block => 1048579

   A debug bind changes no code (-fcompare-debug), is copied with its
   block when GCC inlines, unrolls or duplicates it, and moves with the
   code when blocks merge.  Right before var-tracking, the binds each
   machine block holds are read and removed: the machine block ran as
   often as each block it holds a bind of entered, so a block's count is
   the sum of the counts of the machine blocks that hold its binds, once
   per bind.  The use build computes the same function's signature at
   the same point and, where it matches, gives its blocks those counts,
   exactly as -fprofile-use would, and binds the same numbers at the
   starts of its blocks: before hot/cold partitioning, a machine block
   that holds a block that ran is kept out of the cold part even when
   GCC's updates of the counts since (jump threading, the splitting of
   blocks at expansion) have taken its count to zero (mip-use.cc).  */

#include "mip-plugin.h"
#include "mip-ipa.h"
#include "mip-profile-index.h"
#include "tree-ssa-alias.h"
#include "gimple-expr.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "stringpool.h"
#include "hash-map.h"
#include "profile.h"
#include "tree-cfg.h"
#include "graphds.h"

/* A function's number in the bind's value; the block's takes the bits
   below.  */
#define BLOCK_BITS 20

tree
mip_bind_variable (const char *name)
{
  tree var = build_decl (UNKNOWN_LOCATION, VAR_DECL, get_identifier (name),
			 long_long_unsigned_type_node);
  TREE_STATIC (var) = 1;
  DECL_ARTIFICIAL (var) = 1;
  return var;
}

namespace {

/* The artificial variable the binds set.  */
tree early_block_var;

vec<mip_early_function> early_functions;
vec<struct mip_ipa_map_hold> early_holds;

tree
early_block_variable (void)
{
  if (early_block_var == NULL_TREE)
    early_block_var = mip_bind_variable ("__mip_early_block");
  return early_block_var;
}

/* Put a bind of the variable to (FUNCTION << BLOCK_BITS) + K at the
   start of the K-th block of FUN (after its labels).  Returns the number
   of blocks.  */
unsigned
mark_blocks (function *fun, unsigned function)
{
  unsigned k = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      gimple_stmt_iterator gsi = gsi_after_labels (bb);
      tree value = build_int_cst (long_long_unsigned_type_node,
				  ((HOST_WIDE_INT) function << BLOCK_BITS) + k);
      gimple *bind = gimple_build_debug_bind (early_block_variable (), value,
					      NULL);
      gsi_insert_before (&gsi, bind, GSI_SAME_STMT);
      k++;
    }
  return k;
}

/* Whether binds can number FUN's blocks: they are debug binds (see
   enable_debug_binds), and cannot go through the LTO streamer to another
   process, which does not know the variable.  */
bool
can_mark_blocks (function *fun)
{
  return MAY_HAVE_DEBUG_BIND_STMTS && !flag_generate_lto && !in_lto_p
	 && n_basic_blocks_for_fn (fun) <= (1 << BLOCK_BITS);
}

/* Generate: number every function's blocks that binds can number.  */
void
mark_unit (void)
{
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      if (!node->has_gimple_body_p ())
	continue;
      function *fun = DECL_STRUCT_FUNCTION (node->decl);
      unsigned number = early_functions.length ();
      if (number >= (1u << (32 - BLOCK_BITS)) || !can_mark_blocks (fun))
	continue;
      push_cfun (fun);
      mip_early_function f;
      f.symbol = xstrdup (mip_decl_symbol (node->decl));
      f.signature = mip_gimple_signature (fun);
      f.block_count = mark_blocks (fun, number);
      mip_values_mark (fun, number);
      early_functions.safe_push (f);
      pop_cfun ();
    }
}

/* ---- Use: the counts ------------------------------------------------ */

/* The counts of every early block of the profile (mip_profile_ipa_counts)
   and, per early function, where its blocks start among them.  */
uint64_t *profile_counts;
uint64_t *profile_begin;

typedef hash_map<edge, gcov_type> edge_counts;

/* The count of E, -1 when unknown.  */
gcov_type
edge_count_of (edge_counts *edges, edge e)
{
  gcov_type *c = edges->get (e);
  return c ? *c : -1;
}

/* Of the edges LIST (a block's predecessors or successors), how many
   have no count in EDGES (setting LAST to one of them) and the sum of
   the counts of the others.  */
unsigned
unknown_edges (edge_counts *edges, vec<edge, va_gc> *list, edge *last,
	       gcov_type *sum)
{
  unsigned unknown = 0;
  *sum = 0;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, list)
    {
      gcov_type c = edge_count_of (edges, e);
      if (c < 0)
	{
	  unknown++;
	  *last = e;
	}
      else
	*sum += c;
    }
  return unknown;
}

/* Flow conservation over FUN's blocks, ENTRY and EXIT included: a
   block's count is what its edges bring in and what they take out.
   Fills in KNOWN (per block index, -1 unknown) and EDGES from the
   counts the profile gives, until nothing more follows.  A block with
   no successors (it ends in a call that does not return) takes nothing
   out.  */
void
infer_by_flow (function *fun, gcov_type *known, edge_counts *edges)
{
  bool changed = true;
  while (changed)
    {
      changed = false;
      basic_block bb;
      FOR_ALL_BB_FN (bb, fun)
	{
	  edge last = NULL;
	  gcov_type in_sum, out_sum;
	  unsigned in_unknown = unknown_edges (edges, bb->preds, &last,
					       &in_sum);
	  edge in_last = last;
	  unsigned out_unknown = unknown_edges (edges, bb->succs, &last,
						&out_sum);
	  edge out_last = last;
	  bool has_in = EDGE_COUNT (bb->preds) > 0;
	  bool has_out = EDGE_COUNT (bb->succs) > 0;
	  if (known[bb->index] < 0)
	    {
	      if (has_in && in_unknown == 0)
		known[bb->index] = in_sum;
	      else if (has_out && out_unknown == 0)
		known[bb->index] = out_sum;
	      else
		continue;
	      changed = true;
	    }
	  /* Counts that do not add up (GCC merged two blocks, and one
	     holds both their counts) give no edge count: zero, it would
	     send code that ran to the cold part.  */
	  gcov_type count = known[bb->index];
	  if (in_unknown == 1 && count >= in_sum)
	    {
	      edges->put (in_last, count - in_sum);
	      changed = true;
	    }
	  if (out_unknown == 1 && count >= out_sum)
	    {
	      edges->put (out_last, count - out_sum);
	      changed = true;
	    }
	}
    }
}

/* The weight of edge E, of unknown count, in sharing what its source
   sends out: its destination's count (KNOWN) when BY_DESTINATION, else
   GCC's guess of its probability.  */
double
edge_weight (edge e, const gcov_type *known, bool by_destination)
{
  if (by_destination)
    return (double) known[e->dest->index];
  return e->probability.initialized_p ()
	 ? e->probability.to_reg_br_prob_base () : 0;
}

/* The probabilities of BB's edges from EDGES: an edge of known count
   gets it over BB's count (KNOWN); the rest is shared by the others
   (edge_weight).  */
void
set_probabilities_from_flow (basic_block bb, const gcov_type *known,
			     edge_counts *edges)
{
  gcov_type from = known[bb->index];
  if (from <= 0 || EDGE_COUNT (bb->succs) == 0)
    return;
  edge last = NULL;
  gcov_type sum;
  unsigned unknown = unknown_edges (edges, bb->succs, &last, &sum);
  gcov_type rest = MAX (from - sum, (gcov_type) 0);
  /* The rest goes to the edges of unknown count in the proportions of
     their destinations' counts, when all are known: an edge into a
     block that ran often is likely to carry much of it, and one into a
     block that never ran none (GCC's guess, the fallback, may give a
     path that ran next to nothing, and GCC's later updates of the
     counts, copying blocks, then take it for never run).  */
  bool by_destination = true;
  double weight_sum = 0;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    if (edge_count_of (edges, e) < 0
	&& (e->dest->index < NUM_FIXED_BLOCKS || known[e->dest->index] < 0))
      by_destination = false;
  FOR_EACH_EDGE (e, ei, bb->succs)
    if (edge_count_of (edges, e) < 0)
      weight_sum += edge_weight (e, known, by_destination);
  FOR_EACH_EDGE (e, ei, bb->succs)
    {
      gcov_type c = edge_count_of (edges, e);
      if (c < 0)
	c = weight_sum > 0
	    ? (gcov_type) ((double) rest * edge_weight (e, known,
							  by_destination)
			   / weight_sum)
	    : rest / unknown;
      e->probability = profile_probability::probability_in_gcov_type
			 (MIN (c, from), from);
    }
}

/* Mark in ON_CYCLE (per block index) the blocks of FUN that lie on a
   cycle of its CFG, a loop whether reducible or not: the others run at
   most once per entry.  */
void
mark_blocks_on_cycles (function *fun, bool *on_cycle)
{
  int size = last_basic_block_for_fn (fun);
  struct graph *g = new_graph (size);
  basic_block bb;
  edge e;
  edge_iterator ei;
  FOR_EACH_BB_FN (bb, fun)
    FOR_EACH_EDGE (e, ei, bb->succs)
      if (e->dest->index >= NUM_FIXED_BLOCKS)
	{
	  add_edge (g, bb->index, e->dest->index);
	  if (e->dest == bb)
	    on_cycle[bb->index] = true;
	}
  graphds_scc (g, NULL);
  int *members = XCNEWVEC (int, size);
  for (int i = 0; i < size; i++)
    members[g->vertices[i].component]++;
  FOR_EACH_BB_FN (bb, fun)
    if (members[g->vertices[bb->index].component] > 1)
      on_cycle[bb->index] = true;
  free (members);
  free_graph (g);
}

/* How often, at least, FUN was entered by the counts KNOWN gives its
   blocks: as often as it returned, and as any of its blocks on no cycle
   ran.  The count of its first block can be below that, or missing:
   the training build's copy of the block that held its bind never ran,
   and the one that ran had lost it (GCC merged it into a block of its
   caller after inlining, a block with other predecessors, and reset
   the bind).  Seen in functions whose own body was never called: taken
   as never run, such a function was optimised for size and placed with
   the functions that never ran, and its code ran all the same once GCC
   stopped inlining it.  */
gcov_type
least_entries (function *fun, const gcov_type *known)
{
  gcov_type entered = 0, returns = 0;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, EXIT_BLOCK_PTR_FOR_FN (fun)->preds)
    if (e->src->index < NUM_FIXED_BLOCKS || !single_succ_p (e->src)
	|| known[e->src->index] < 0)
      returns = -1;
    else if (returns >= 0)
      returns += known[e->src->index];
  entered = MAX (returns, (gcov_type) 0);
  bool *on_cycle = XCNEWVEC (bool, last_basic_block_for_fn (fun));
  mark_blocks_on_cycles (fun, on_cycle);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    if (!on_cycle[bb->index])
      entered = MAX (entered, known[bb->index]);
  free (on_cycle);
  return entered;
}

/* Give FUN (NODE's) the counts COUNTS of its blocks (-1 unknown) and
   CALLS, its calls, as -fprofile-use would; false when they cannot be
   completed.  */
bool
apply_counts (cgraph_node *node, function *fun, const uint64_t *counts,
	      gcov_type calls)
{
  gcov_type *known = XNEWVEC (gcov_type, last_basic_block_for_fn (fun));
  for (int i = 0; i < last_basic_block_for_fn (fun); i++)
    known[i] = -1;
  unsigned k = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      uint64_t c = counts[k++];
      known[bb->index] = c == MIP_IPA_UNKNOWN ? -1
			 : (gcov_type) MIN (c, (uint64_t) INTTYPE_MAXIMUM
						   (gcov_type) / 2);
    }
  gcov_type entered = least_entries (fun, known);
  basic_block first = single_succ_p (ENTRY_BLOCK_PTR_FOR_FN (fun))
		      ? single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun)) : NULL;
  if (first && first != EXIT_BLOCK_PTR_FOR_FN (fun)
      && known[first->index] >= 0 && known[first->index] < entered)
    known[first->index] = entered;
  edge_counts edges (64);
  infer_by_flow (fun, known, &edges);
  /* When its blocks do not say how often the function was entered
     (GCC merged its first block with an identical one, or folded the
     test it starts with into its callers' code after inlining it): as
     often as it returned or ran its blocks outside loops
     (least_entries), at least the calls of its own body.  Its inlined
     copies ran too: a function whose own body was never called can
     have run often.  */
  if (known[ENTRY_BLOCK] < 0)
    {
      known[ENTRY_BLOCK] = MAX (MAX (calls, known[EXIT_BLOCK]), entered);
      infer_by_flow (fun, known, &edges);
    }
  if (!mip_infer_counts (fun, known))
    {
      free (known);
      return false;
    }
  FOR_EACH_BB_FN (bb, fun)
    bb->count = profile_count::from_gcov_type (known[bb->index]);
  FOR_EACH_BB_FN (bb, fun)
    set_probabilities_from_flow (bb, known, &edges);
  ENTRY_BLOCK_PTR_FOR_FN (fun)->count
    = profile_count::from_gcov_type (MAX (known[ENTRY_BLOCK], (gcov_type) 0));
  gcov_type exits = known[EXIT_BLOCK];
  if (exits < 0)
    {
      edge e;
      edge_iterator ei;
      exits = 0;
      FOR_EACH_EDGE (e, ei, EXIT_BLOCK_PTR_FOR_FN (fun)->preds)
	if (single_succ_p (e->src) && known[e->src->index] > 0)
	  exits += known[e->src->index];
    }
  EXIT_BLOCK_PTR_FOR_FN (fun)->count = profile_count::from_gcov_type (exits);
  free (known);
  profile_status_for_fn (fun) = PROFILE_READ;
  node->count = ENTRY_BLOCK_PTR_FOR_FN (fun)->count;
  update_max_bb_count ();
  /* As -fprofile-use does once it read the counts: never executed,
     normal or hot, from them.  */
  compute_function_frequency ();
  return true;
}

/* Give FUN (NODE's), whose blocks the training never ran, what
   -fprofile-use gives a function whose counts are all zero: GCC's
   static estimate kept, as counts that are zero for the program
   (global0), so that it is optimised for size, yet its blocks still
   differ by how often they would run if it were called.  False when
   FUN has no estimate (-fno-guess-branch-prob).  Precise zeros instead
   made all its blocks alike to GCC's loop passes, which then moved
   code out of its loops that a workload unlike the training's paid
   for (guide, 2.7).  */
bool
apply_untrained (cgraph_node *node, function *fun)
{
  if (!ENTRY_BLOCK_PTR_FOR_FN (fun)->count.initialized_p ())
    return false;
  basic_block bb;
  FOR_ALL_BB_FN (bb, fun)
    if (!(bb->count == profile_count::zero ()))
      bb->count = bb->count.global0 ();
  profile_status_for_fn (fun) = PROFILE_READ;
  node->count = ENTRY_BLOCK_PTR_FOR_FN (fun)->count;
  update_max_bb_count ();
  compute_function_frequency ();
  return true;
}

/* The calls of SYMBOL's own body in the use profile, 0 if it has none.
   That is the profile the lookups index (in two rounds, the second's,
   whose build compiled the functions as this one does), not always
   the one whose early counts are given.  */
gcov_type
profile_calls (const char *symbol)
{
  uint32_t k = mip_index_first_named (symbol), index;
  if (mip_index_next_named (symbol, &k, &index))
    return (gcov_type) MIN (mip_use_profile ()->functions[index].call_count,
			    (uint64_t) INTTYPE_MAXIMUM (gcov_type) / 2);
  return 0;
}

/* The early function of PROFILE named SYMBOL whose signature and block
   count are FUN's, or -1.  */
long
matching_early_function (const struct mip_profile *profile,
			 const char *symbol, uint32_t signature,
			 unsigned blocks)
{
  for (uint32_t i = 0; i < profile->header.ipa_function_count; i++)
    {
      const struct mip_profile_ipa_function *f = &profile->ipa_functions[i];
      if (f->signature == signature && f->block_count == blocks
	  && strcmp (profile->strings + f->name_offset, symbol) == 0)
	return (long) i;
    }
  return -1;
}

/* Whether a block of early function INDEX of PROFILE ran.  */
bool
ran (const struct mip_profile *profile, long index)
{
  const uint64_t *counts = profile_counts + profile_begin[index];
  for (uint32_t k = 0; k < profile->ipa_functions[index].block_count; k++)
    if (counts[k] != MIP_IPA_UNKNOWN && counts[k] > 0)
      return true;
  return false;
}

/* Whether the profile names SYMBOL among its early functions.  */
bool
names_early_function (const struct mip_profile *profile, const char *symbol)
{
  for (uint32_t i = 0; i < profile->header.ipa_function_count; i++)
    if (strcmp (profile->strings + profile->ipa_functions[i].name_offset,
		symbol) == 0)
      return true;
  return false;
}

/* What -fprofile-use's profile gives GCC's profile summary: its runs and
   the largest count.  */
void
set_profile_summary (const struct mip_profile *profile)
{
  if (profile_info != NULL)
    return;
  uint64_t total = mip_profile_ipa_block_total (profile), largest = 0;
  for (uint64_t i = 0; i < total; i++)
    if (profile_counts[i] != MIP_IPA_UNKNOWN)
      largest = MAX (largest, profile_counts[i]);
  profile_info = XCNEW (gcov_summary);
  profile_info->runs = MAX (profile->header.runs, 1u);
  profile_info->sum_max = (gcov_type) MIN (largest, (uint64_t) INTTYPE_MAXIMUM
							(gcov_type) / 2);
}

/* What -fprofile-use sets: GCC's inliner, for one, takes the counts for
   a profile's only with it.  Set here, after "profile", which it would
   make read .gcda files; in the options of every function as well as in
   the global ones, which GCC sets from a function's own (those of its
   optimize attribute) whenever it turns to it.  */
void
set_branch_probabilities (void)
{
  flag_branch_probabilities = 1;
  TREE_OPTIMIZATION (optimization_default_node)
    ->x_flag_branch_probabilities = 1;
  TREE_OPTIMIZATION (optimization_current_node)
    ->x_flag_branch_probabilities = 1;
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    {
      tree options = DECL_FUNCTION_SPECIFIC_OPTIMIZATION (node->decl);
      if (options)
	TREE_OPTIMIZATION (options)->x_flag_branch_probabilities = 1;
    }
}

/* Use: give every function of the unit that matches its early function
   in the profile its counts.  */
void
use_unit (void)
{
  const struct mip_profile *profile = mip_use_early_profile ();
  if (profile_counts == NULL)
    {
      uint64_t total = mip_profile_ipa_block_total (profile);
      profile_counts = XNEWVEC (uint64_t, total + 1);
      mip_profile_ipa_counts (profile, profile_counts);
      profile_begin = XNEWVEC (uint64_t, profile->header.ipa_function_count);
      for (uint32_t i = 0; i < profile->header.ipa_function_count; i++)
	profile_begin[i] = mip_profile_ipa_block_begin (profile, i);
    }
  set_branch_probabilities ();
  set_profile_summary (profile);
  unsigned matched = 0, changed = 0, kept = 0;
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      if (!node->has_gimple_body_p ())
	continue;
      function *fun = DECL_STRUCT_FUNCTION (node->decl);
      const char *symbol = mip_decl_symbol (node->decl);
      push_cfun (fun);
      long found = matching_early_function (profile, symbol,
					    mip_gimple_signature (fun),
					    n_basic_blocks_for_fn (fun)
					    - NUM_FIXED_BLOCKS);
      bool never_ran = found >= 0 && !ran (profile, found);
      gcov_type calls = found >= 0 ? profile_calls (symbol) : 0;
      if (never_ran && mip_options.use_layout_only)
	/* -fprofile-partial-training's way: a function that never ran
	   is compiled as without a profile.  */
	kept++;
      else if (found >= 0
	       && ((never_ran && calls == 0 && apply_untrained (node, fun))
		   || apply_counts (node, fun,
				    profile_counts + profile_begin[found],
				    calls)))
	{
	  matched++;
	  /* Number its blocks as in the profile, so that the blocks of
	     its machine code say which ran (mip_early_blocks_seen);
	     generate's numbers are there already in the second round's
	     build, which is trained.  */
	  if (can_mark_blocks (fun)
	      && !(mip_options.mode & MIP_KIND_BLOCK_COUNT))
	    mark_blocks (fun, (unsigned) found);
	  /* After the numbering: specializing a call splits its block.  */
	  if (!never_ran)
	    mip_values_use (fun, profile, (uint32_t) found);
	}
      else if (found >= 0 || names_early_function (profile, symbol))
	{
	  changed++;
	  if (mip_options.use_verbose)
	    inform (DECL_SOURCE_LOCATION (node->decl), "mip: %qs changed"
		    " before the IPA passes since the profile was made: its"
		    " counts are guesses", symbol);
	}
      pop_cfun ();
    }
  FOR_EACH_DEFINED_FUNCTION (node)
    if (node->has_gimple_body_p ())
      {
	push_cfun (DECL_STRUCT_FUNCTION (node->decl));
	cgraph_edge::rebuild_edges ();
	/* -fdump-ipa-all-blocks-details shows the counts each function
	   was given, in its mip-early-blocks dump (GCC takes no dump
	   option naming a plugin's pass).  */
	if (dump_file)
	  dump_function_to_file (node->decl, dump_file, dump_flags);
	pop_cfun ();
      }
  if (mip_options.use_verbose)
    inform (UNKNOWN_LOCATION, "mip: early block counts of profile %qs for"
	    " %u functions; %u changed; %u never ran, left to GCC (layout"
	    " only)", mip_options.use_early_file ? mip_options.use_early_file
		      : mip_options.use_file, matched, changed, kept);
}

const pass_data early_blocks_pass_data = {
  SIMPLE_IPA_PASS, "mip-early-blocks", OPTGROUP_NONE, TV_NONE, 0, 0, 0, 0, 0
};

/* Before "profile", generate numbers the blocks (MARK); after it, use
   gives their counts.  The second round's build does both.  */
class early_blocks_pass : public simple_ipa_opt_pass
{
public:
  early_blocks_pass (gcc::context *ctxt, bool mark)
    : simple_ipa_opt_pass (early_blocks_pass_data, ctxt), mark (mark)
  {}
  unsigned int execute (function *) final override
  {
    if (mark)
      mark_unit ();
    else
      use_unit ();
    return 0;
  }
private:
  bool mark;
};

/* ---- Generate: what each machine block holds ------------------------ */

/* Per block index of the function being compiled: the bind values its
   insns held.  */
typedef hash_map<int_hash<int, -1, -2>, vec<uint64_t> *> holds_map;
holds_map *block_holds;

void
clear_block_holds (void)
{
  if (block_holds == NULL)
    block_holds = new holds_map (64);
  for (holds_map::iterator it = block_holds->begin ();
       it != block_holds->end (); ++it)
    {
      (*it).second->release ();
      delete (*it).second;
    }
  block_holds->empty ();
}

bool
is_early_block_bind (const rtx_insn *insn)
{
  return DEBUG_BIND_INSN_P (insn)
	 && INSN_VAR_LOCATION_DECL (insn) == early_block_var;
}

/* Remember the value of INSN, a bind of the variable in BB.  */
void
note_hold (basic_block bb, rtx_insn *insn)
{
  rtx value = INSN_VAR_LOCATION_LOC (insn);
  if (!CONST_INT_P (value))
    return;
  vec<uint64_t> *&list = block_holds->get_or_insert (bb->index);
  if (list == NULL)
    {
      list = new vec<uint64_t> ();
      list->create (4);
    }
  list->safe_push ((uint64_t) UINTVAL (value));
}

const pass_data collect_pass_data = {
  RTL_PASS, "mip-early-collect", OPTGROUP_NONE, TV_NONE, PROP_rtl, 0, 0, 0,
  0
};

/* Before var-tracking: read the binds of every block (generate) and
   remove them, so that no debug information names the variable.  */
class collect_pass : public rtl_opt_pass
{
public:
  collect_pass (gcc::context *ctxt)
    : rtl_opt_pass (collect_pass_data, ctxt)
  {}
  unsigned int execute (function *fun) final override
  {
    clear_block_holds ();
    if (early_block_var == NULL_TREE)
      return 0;
    basic_block bb;
    FOR_EACH_BB_FN (bb, fun)
      {
	rtx_insn *insn, *next;
	FOR_BB_INSNS_SAFE (bb, insn, next)
	  if (is_early_block_bind (insn))
	    {
	      if (mip_options.mode & MIP_KIND_BLOCK_COUNT)
		note_hold (bb, insn);
	      delete_insn (insn);
	    }
      }
    return 0;
  }
};

} // namespace

void
mip_ipa_blocks_note_block (unsigned k, basic_block bb)
{
  if (block_holds == NULL)
    return;
  vec<uint64_t> **list = block_holds->get (bb->index);
  if (list == NULL)
    return;
  for (unsigned i = 0; i < (*list)->length (); i++)
    {
      uint64_t value = (**list)[i];
      struct mip_ipa_map_hold hold;
      hold.function = mip_function_count ();
      hold.block = k;
      hold.ipa_function = (uint32_t) (value >> BLOCK_BITS);
      hold.ipa_block = (uint32_t) (value & ((1u << BLOCK_BITS) - 1));
      if (hold.ipa_function < early_functions.length ()
	  && hold.ipa_block < early_functions[hold.ipa_function].block_count)
	early_holds.safe_push (hold);
    }
}

/* Use, before hot/cold partitioning: from the binds each block of FUN
   holds (use_unit numbered the blocks as the profile did), 2 in SEEN
   (per block index) for a block that holds the code of an early block
   that ran, at least PER_CALL times per entry of its early function
   when PER_CALL is not 0; else, without PER_CALL, 1 for one whose early
   blocks all never ran.  False when no block holds a bind.  */
bool
mip_early_blocks_seen (function *fun, unsigned char *seen, uint64_t per_call)
{
  const struct mip_profile *profile = mip_use_early_profile ();
  bool any = false;
  if (early_block_var == NULL_TREE || profile_counts == NULL)
    return false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      rtx_insn *insn;
      FOR_BB_INSNS (bb, insn)
	{
	  if (!is_early_block_bind (insn)
	      || !CONST_INT_P (INSN_VAR_LOCATION_LOC (insn)))
	    continue;
	  uint64_t value = UINTVAL (INSN_VAR_LOCATION_LOC (insn));
	  uint64_t f = value >> BLOCK_BITS, k = value & ((1u << BLOCK_BITS) - 1);
	  if (f >= profile->header.ipa_function_count
	      || k >= profile->ipa_functions[f].block_count)
	    continue;
	  uint64_t count = profile_counts[profile_begin[f] + k];
	  any = true;
	  if (count == MIP_IPA_UNKNOWN)
	    continue;
	  if (per_call)
	    {
	      /* The entry's count: that of the function's first block.  */
	      uint64_t entry = profile_counts[profile_begin[f]];
	      if (entry != MIP_IPA_UNKNOWN && entry > 0
		  && count / per_call >= entry)
		seen[bb->index] = 2;
	    }
	  else if (count > 0)
	    seen[bb->index] = 2;
	  else if (seen[bb->index] == 0)
	    seen[bb->index] = 1;
	}
    }
  return any;
}

unsigned
mip_early_function_count (void)
{
  return early_functions.length ();
}

const mip_early_function *
mip_early_function_at (unsigned index)
{
  return &early_functions[index];
}

unsigned
mip_early_hold_count (void)
{
  return early_holds.length ();
}

const struct mip_ipa_map_hold *
mip_early_hold_at (unsigned index)
{
  return &early_holds[index];
}

namespace {

/* The binds are debug binds, made only with -fvar-tracking-assignments,
   which -g turns on.  Without -g, turn it on as that option alone does
   (GCC makes debug binds and deletes them at var-tracking; the code is
   the same, which -fcompare-debug checks), with -g's statement markers,
   unless the command line says otherwise or selective scheduling, which
   it does not go with, is on.  Decided by the debug level: GCC 11 sets
   the option from it only after plugins start (it is still "to be
   decided" here).  */
void
enable_debug_binds (void)
{
  if (global_options_set.x_flag_var_tracking_assignments
      || debug_info_level >= DINFO_LEVEL_NORMAL
      || flag_selective_scheduling || flag_selective_scheduling2)
    return;
  global_options.x_flag_var_tracking_assignments = -1;
  if (!global_options.x_flag_var_tracking)
    global_options.x_flag_var_tracking = -1;
  /* The statement markers -g adds keep more of the binds where they
     were (a block that holds only binds is merged into another, and the
     binds' values reset, more often without them; guide, 2.7).  */
  if (!global_options_set.x_debug_nonbind_markers_p)
    global_options.x_debug_nonbind_markers_p = 1;
}

} // namespace

/* Whether the early block counts of the use profile (or
   use-early's) are to be given.  */
static bool
wants_early_counts (void)
{
  return mip_options.use_file && mip_use_early_profile ()
	 && mip_use_early_profile ()->header.ipa_function_count > 0
	 && !mip_options.use_no_early_counts;
}

/* Generate in the block-count mode: mark, then collect; with the
   first round's profile as well (use=FILE, the second round), give its
   early counts too, so that the build compiles as the use build will.
   Use of a profile with early blocks: give their counts, and turn on
   what -fprofile-use turns on where the user did not say otherwise.  */
void
mip_ipa_blocks_register (const char *plugin_name)
{
  if (mip_options.mode & MIP_KIND_BLOCK_COUNT)
    {
      enable_debug_binds ();
      mip_register_pass (plugin_name, new early_blocks_pass (g, true),
			 "profile", PASS_POS_INSERT_BEFORE);
      mip_values_register (plugin_name);
      mip_register_pass (plugin_name, new collect_pass (g), "vartrack",
			 PASS_POS_INSERT_BEFORE);
      if (wants_early_counts () && !flag_branch_probabilities
	  && !flag_auto_profile)
	{
	  mip_options.use_early_counts = true;
	  mip_register_pass (plugin_name, new early_blocks_pass (g, false),
			     "profile", PASS_POS_INSERT_AFTER);
	  mip_enable_fdo_options ();
	}
    }
  else if (wants_early_counts ())
    {
      /* GCC's own profile (-fprofile-use, -fauto-profile) gives the
	 counts then: its passes set them before this one would.  */
      if (flag_branch_probabilities || flag_auto_profile)
	{
	  if (mip_options.use_verbose)
	    inform (UNKNOWN_LOCATION, "mip: the early block counts of"
		    " profile %qs are left out: GCC reads a profile of its"
		    " own", mip_options.use_file);
	  return;
	}
      mip_options.use_early_counts = true;
      mip_register_pass (plugin_name, new early_blocks_pass (g, false),
			 "profile", PASS_POS_INSERT_AFTER);
      mip_register_pass (plugin_name, new collect_pass (g), "vartrack",
			 PASS_POS_INSERT_BEFORE);
      enable_debug_binds ();
      mip_enable_fdo_options ();
    }
}

void
mip_enable_fdo_options (void)
{
#define ENABLE(flag) \
  if (!global_options_set.x_##flag) \
    global_options.x_##flag = 1
  ENABLE (flag_unroll_loops);
  ENABLE (flag_peel_loops);
  ENABLE (flag_tracer);
  ENABLE (flag_inline_functions);
  ENABLE (flag_ipa_cp);
  ENABLE (flag_ipa_cp_clone);
  ENABLE (flag_ipa_bit_cp);
  ENABLE (flag_predictive_commoning);
  ENABLE (flag_split_loops);
  ENABLE (flag_unswitch_loops);
  ENABLE (flag_gcse_after_reload);
  ENABLE (flag_tree_loop_vectorize);
  ENABLE (flag_tree_slp_vectorize);
  ENABLE (flag_version_loops_for_strides);
  ENABLE (flag_tree_loop_distribute_patterns);
  ENABLE (flag_loop_interchange);
  ENABLE (flag_unroll_jam);
  ENABLE (flag_tree_loop_distribution);
  /* What the options parser derives from -funroll-loops and
     -fpeel-loops, already run.  */
  ENABLE (flag_web);
  ENABLE (flag_rename_registers);
  ENABLE (flag_cunroll_grow_size);
  ENABLE (flag_value_profile_transformations);
#undef ENABLE
  if (!global_options_set.x_flag_vect_cost_model)
    global_options.x_flag_vect_cost_model = VECT_COST_MODEL_DYNAMIC;
}
