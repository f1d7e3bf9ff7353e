/* mip-use.cc - -fplugin-arg-mip-use=PROFILE: lay functions and blocks
   out by a profile made with mipdata (a .mip file).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Each function of the unit is looked up in the profile by its symbol
   (a static one only among the entries of its own unit, mip-profile-index.cc)
   and checked against its CFG signature, computed at the same point as
   when the profile's program was instrumented (before hot/cold
   partitioning, mip-signature.cc).  A function that matches is put in a
   section the linker groups (GNU ld's default script, 2.36 and later):

	never run in any merged run	.text.unlikely.SYMBOL
	run, layout rank K		.text.sorted.KKKKKKKKKK.SYMBOL
	its own body never run, but called
	now (early counts), its first
	caller of rank K		.text.sorted.KKKKKKKKKK.~near.SYMBOL

   The ranks (lib/mip-layout.h, which mipdata order shares) follow the
   first-call order (start-up first), or with
   -fplugin-arg-mip-use-layout=call-chains group the functions called
   repeatedly by call chains.  ld places every
   .text.unlikely.* input section together, ahead of the rest of .text,
   and sorts the .text.sorted.* ones by name: the functions a run
   executes end up in one run of pages, in that order, across every
   translation unit, without a linker script.  A function whose CFG signature
   differs from the profile's but whose IPA signature (mip-ipa.cc) is the
   profile's is the same source code that GCC compiled differently, most
   often because of what the profile decided before the IPA passes (a
   callee made cold and not inlined): it is placed by its profile all the
   same, only its blocks are not.  A function whose signatures both
   differ (its code changed since) or that is not in the profile is left
   where GCC puts it; the changed ones are reported, in one line per unit
   or one per function with use-verbose, or as errors with use-strict,
   naming how this compile's options that change code differ from those
   the profile's unit recorded, when they do (mip-options.cc).
   Placement never changes what a program does.

   A function that ran and that GCC split into hot and cold parts has
   its cold part in .text.sorted.9999999999.~cold.K.SYMBOL, after every
   function that ran (mip_function_section); one that never ran keeps
   it in .text.unlikely.SYMBOL.  Left alone: functions with a section of their
   own (attribute section) and comdat functions (their section belongs to
   their group).  */

#include "mip-plugin.h"
#include "mip-profile.h"
#include "mip-profile-index.h"
#include "mip-layout.h"
#include "mip-options.h"
#include "diagnostic-core.h"

static struct mip_profile *profile;
/* -fplugin-arg-mip-use-early's profile, or NULL.  */
static struct mip_profile *early_profile;


/* What this unit's functions found in the profile.  */
static unsigned placed_unlikely, placed_sorted, changed, missing;
static unsigned cold_blocks;

/* Per function: the smallest layout rank of its callers that ran, in
   the call graph the IPA passes left (mip_use_note_caller_ranks; a
   function may be compiled after its callers, whose edges are gone by
   then).  */
static hash_map<tree, unsigned> *caller_ranks;
static const char *first_changed;
/* How the options of this compile that change code differ from those
   the profile's unit of the first changed function was compiled with
   (mip-options.h), or NULL.  */
static char *options_difference;


/* ---- Cold parts of functions that ran ------------------------------- */

/* GCC's own choice of a function's section, which the hook below
   falls back to.  */
static section *(*gcc_function_section) (tree, enum node_frequency, bool,
					 bool);

#define SORTED_PREFIX ".text.sorted."
/* After every .text.sorted.RANK.SYMBOL of the functions that ran ('~'
   sorts after every character of a symbol), in their order.  */
#define COLD_PART_INFIX "9999999999.~cold."

/* The section of the cold part of DECL when the hot part is in
   .text.sorted.RANK.SYMBOL (mip_use_function placed it as a function
   that ran): .text.sorted.9999999999.~cold.RANK.SYMBOL, so that the
   cold parts of the functions that ran lie together, in their order,
   right after the functions themselves, instead of among the functions
   that never ran in .text.unlikely.*.  A run that executes code the
   training did not mostly does so in these cold parts (a different
   workload takes other paths through the same functions): together
   they touch fewer pages.  */
static section *
mip_function_section (tree decl, enum node_frequency freq, bool startup,
		      bool exit)
{
  symtab_node *node = decl ? symtab_node::get (decl) : NULL;
  const char *name = decl ? DECL_SECTION_NAME (decl) : NULL;
  if (node && node->implicit_section && name
      && strncmp (name, SORTED_PREFIX, strlen (SORTED_PREFIX)) == 0
      && strncmp (name + strlen (SORTED_PREFIX), COLD_PART_INFIX,
		  strlen (COLD_PART_INFIX)) != 0)
    {
      if (freq != NODE_FREQUENCY_UNLIKELY_EXECUTED)
	/* GCC's own choice would move a function that a profile of its
	   own (-fauto-profile, -fprofile-use) made hot, or one run only
	   at start-up or exit, to .text.hot.SYMBOL, .text.startup.SYMBOL
	   or .text.exit.SYMBOL, out of the order of the MIP profile.  */
	return get_named_section (decl, name, 0);
      const char *rest = name + strlen (SORTED_PREFIX);
      char *cold = ACONCAT ((SORTED_PREFIX, COLD_PART_INFIX, rest, NULL));
      return get_named_section (decl, cold, 0);
    }
  return gcc_function_section
	 ? gcc_function_section (decl, freq, startup, exit) : NULL;
}

/* Make GCC ask mip_function_section for the section of every function
   part (varasm's function_section_1 asks the target hook first).  */
static void
place_cold_parts_after_hot_code (void)
{
  if (targetm.asm_out.function_section == mip_function_section)
    return;
  gcc_function_section = targetm.asm_out.function_section;
  targetm.asm_out.function_section = mip_function_section;
}

/* Whether a function of PROFILE has call or block counts.  A profile
   without them (function or block coverage) says which functions ran
   but not how often, and is mostly made on cheap builds left running
   on other workloads: making its never-run functions cold (optimised
   for size) slows down whatever workload runs them, by up to 1.3% on
   the benchmarks, so such a profile only places code unless
   -fplugin-arg-mip-use-cold-never-run asks for more (guide 2.7).  */
static bool
profile_has_counts (const struct mip_profile *p)
{
  for (uint32_t i = 0; i < p->header.function_count; i++)
    if (!mip_profile_function_is_discarded (p, i)
	&& !mip_profile_function_is_alias (p, i)
	&& (mip_profile_function_kinds (p, i)
	    & (MIP_KIND_CALL_COUNT | MIP_KIND_BLOCK_COUNT)))
      return true;
  return false;
}

const struct mip_profile *
mip_use_profile (void)
{
  return profile;
}

const struct mip_profile *
mip_use_early_profile (void)
{
  return early_profile ? early_profile : profile;
}

/* Read the profile PATH into *INTO for this target; false, having said
   why, when it cannot be read or was made for another target.  */
static bool
read_profile_for_target (const char *path, struct mip_profile **into)
{
  struct mip_error_context problem;
  char message[2048];
  mip_error_clear (&problem);
  if (mip_profile_read_file (path, into, &problem) != MIP_OK)
    {
      error ("mip: cannot use profile %qs: %s", path,
	     mip_error_format (&problem, message, sizeof message));
      return false;
    }
  const struct mip_profile *p = *into;
  if (p->header.pointer_size != mip_pointer_size ()
      || (p->header.target_big_endian != 0) != BYTES_BIG_ENDIAN)
    {
      error ("mip: profile %qs was made for a %u-bit %s-endian target,"
	     " not for this one (%u-bit %s-endian)", path,
	     (unsigned) p->header.pointer_size * 8,
	     p->header.target_big_endian ? "big" : "little",
	     (unsigned) mip_pointer_size () * 8,
	     BYTES_BIG_ENDIAN ? "big" : "little");
      return false;
    }
  return true;
}

bool
mip_use_load_early (const char *path)
{
  if (!read_profile_for_target (path, &early_profile))
    return false;
  if (early_profile->header.ipa_function_count == 0)
    {
      error ("mip: profile %qs has no early block counts: "
	     "%<-fplugin-arg-mip-use-early%> takes the profile of a"
	     " block-count build (the first round)", path);
      return false;
    }
  return true;
}

bool
mip_use_load (const char *path)
{
  struct mip_error_context problem;
  char message[2048];
  uint32_t *layout_rank;
  mip_error_clear (&problem);
  if (!read_profile_for_target (path, &profile))
    return false;
  if (profile->header.runs == 0)
    warning (0, "mip: profile %qs holds no runs (merge raw profiles into it"
	     " with %<mipdata merge%>): every function would look never run,"
	     " so none is placed", path);
  if (mip_layout_ranks (profile, (enum mip_layout_kind) mip_options.use_layout,
			&layout_rank, &problem) != MIP_OK)
    {
      error ("mip: cannot use profile %qs: %s", path,
	     mip_error_format (&problem, message, sizeof message));
      return false;
    }
  mip_index_profile (profile, layout_rank);
  place_cold_parts_after_hot_code ();
  if (!profile_has_counts (profile) && !mip_options.use_layout_only
      && !mip_options.use_cold_never_run)
    {
      mip_options.use_layout_only = true;
      if (mip_options.use_verbose)
	inform (UNKNOWN_LOCATION, "mip: profile %qs has no counts (function"
		" or block coverage): its never-run functions are placed but"
		" not made cold; %<-fplugin-arg-mip-use-cold-never-run%>"
		" makes them cold", path);
    }
  return true;
}


/* ---- Blocks --------------------------------------------------------- */

/* A block the profile saw run that GCC's own guesses give no count
   (a block that calls a function the profile made cold, or one before
   such a block: GCC's determine_unlikely_bbs): a small guessed count
   instead, so that bbpart keeps it out of the cold part.  Left as
   zero, a function whose first block calls such a function went to the
   cold parts whole, however often it ran.  */
static void
keep_out_of_cold_part (basic_block bb)
{
  if (bb->count.ipa () == profile_count::zero ())
    bb->count = profile_count::from_gcov_type (1).guessed_local ();
}

/* bbpart first takes for never executed every block that the entry
   reaches only through edges of count zero (GCC's
   propagate_unlikely_bbs_forward), whatever the block's own count.  An
   edge gets that count from a probability of "never" (GCC's
   determine_unlikely_bbs says so of the way into a block that calls a
   cold function, AutoFDO's counts made exact of every branch the file
   has no sample of) or from an exact count rounded down.  Such an edge
   into BB, a block kept out of the cold part, from a block that is not
   itself cold gets a very unlikely (estimated) probability instead,
   taken from the likeliest other edge of its source: left as it was,
   it took the block and every block after it to the cold part.  */
static void
keep_ways_into (basic_block bb)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->preds)
    {
      if (!(e->count () == profile_count::zero ())
	  || e->src->count == profile_count::zero ())
	continue;
      profile_probability share = profile_probability::very_unlikely ();
      edge other, likeliest = NULL;
      edge_iterator oi;
      FOR_EACH_EDGE (other, oi, e->src->succs)
	if (other != e
	    && (!likeliest || other->probability > likeliest->probability))
	  likeliest = other;
      e->probability = share;
      if (likeliest)
	likeliest->probability -= share;
    }
}

/* FUN ran in the profile: its first block must not be taken for one
   never executed (the function would then start in its cold part,
   which the function-section hook places with the cold parts).  That
   GCC must not take FUN itself for a function never executed is
   settled before its passes start (mip_use_function_start).  */
static void
keep_function_out_of_cold_code (function *fun)
{
  keep_out_of_cold_part (ENTRY_BLOCK_PTR_FOR_FN (fun));
  if (single_succ_p (ENTRY_BLOCK_PTR_FOR_FN (fun)))
    keep_out_of_cold_part (single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun)));
}

/* PLUGIN_ALL_PASSES_START: GCC starts compiling the body of
   current_function_decl.  If the profile shows it ran, GCC must not
   take it for a function never executed (NODE_FREQUENCY_UNLIKELY_EXECUTED,
   which optimises it for size and puts every block in the cold part),
   unless its author marked it cold.  This is decided here, before any
   of its passes, and never later: instructions made while a function
   is optimised for size may be valid only then (x86's bit-test jump of
   a bit below 32, *jcc_bt, which combine makes and split1 must split),
   and a function that changed in between failed to compile ("could not
   split insn").  */
void
mip_use_function_start (void *, void *)
{
  if (!profile || profile->header.runs == 0 || !current_function_decl)
    return;
  cgraph_node *node = cgraph_node::get (current_function_decl);
  if (!node || node->frequency != NODE_FREQUENCY_UNLIKELY_EXECUTED
      || lookup_attribute ("cold", DECL_ATTRIBUTES (current_function_decl)))
    return;
  struct use_facts facts
    = mip_index_look_up_by_ipa (mip_decl_symbol (current_function_decl),
				!TREE_PUBLIC (current_function_decl));
  if (facts.matched && facts.ran)
    node->frequency = NODE_FREQUENCY_NORMAL;
}

/* Mark in REACHED (per block index) the blocks that the entry reaches
   through blocks SEEN does not say never ran (1).  */
static void
reach_from_entry (function *fun, const unsigned char *seen,
		  unsigned char *reached)
{
  auto_vec<basic_block, 64> work;
  memset (reached, 0, last_basic_block_for_fn (fun));
  reached[ENTRY_BLOCK] = 1;
  work.safe_push (ENTRY_BLOCK_PTR_FOR_FN (fun));
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (!reached[e->dest->index] && seen[e->dest->index] != 1)
	  {
	    reached[e->dest->index] = 1;
	    work.safe_push (e->dest);
	  }
    }
}

/* Clear the "never ran" of SEEN (per block index: 1 never ran, 2 ran,
   0 unknown) on the way to TARGET from a block that REACHED marks (the
   entry reaches it through blocks not marked never run) that crosses
   the fewest never-run blocks: a breadth-first search backwards over the
   predecessors, level by level of never-run blocks crossed (0-1 BFS).
   Returns false when no reached block leads to TARGET.  */
static bool
clear_cheapest_way_to (function *fun, unsigned char *seen,
		       const unsigned char *reached, basic_block target)
{
  unsigned size = last_basic_block_for_fn (fun);
  unsigned *cost = XNEWVEC (unsigned, size);
  int *next = XNEWVEC (int, size);	/* Back towards TARGET.  */
  auto_vec<basic_block, 64> level_blocks, next_level;
  basic_block found = NULL;
  unsigned level = 0;

  for (unsigned i = 0; i < size; i++)
    cost[i] = UINT_MAX, next[i] = -1;
  cost[target->index] = 0;
  level_blocks.safe_push (target);
  while (!found && !level_blocks.is_empty ())
    {
      while (!found && !level_blocks.is_empty ())
	{
	  basic_block b = level_blocks.pop ();
	  if (cost[b->index] != level)
	    continue;		/* Reached more cheaply since.  */
	  if (reached[b->index])
	    {
	      found = b;
	      break;
	    }
	  edge e;
	  edge_iterator ei;
	  FOR_EACH_EDGE (e, ei, b->preds)
	    {
	      unsigned step = seen[e->src->index] == 1;
	      if (level + step < cost[e->src->index])
		{
		  cost[e->src->index] = level + step;
		  next[e->src->index] = b->index;
		  (step ? next_level : level_blocks).safe_push (e->src);
		}
	    }
	}
      level++;
      level_blocks.truncate (0);
      level_blocks.safe_splice (next_level);
      next_level.truncate (0);
    }
  if (found)
    for (int i = next[found->index]; i >= 0 && i != target->index;
	 i = next[i])
      if (seen[i] == 1)
	seen[i] = 0;
  XDELETEVEC (cost);
  XDELETEVEC (next);
  return found != NULL;
}

/* Clear the "never ran" of SEEN on one way from the entry to each
   block that ran.  The profile knows blocks by the number generate
   gave them before GCC's later passes; code that those passes copied
   (block reordering duplicates small blocks into their predecessors)
   ran under no number, so the block it was copied from can be "never
   ran" although control went through its code.  Left zero, such a
   block would take every block after it to the cold part with it,
   blocks that ran included: GCC's propagate_unlikely_bbs_forward makes
   a block that no edge of nonzero count reaches never executed.  So
   for each block that ran and that the entry reaches only through
   never-run blocks, the way that crosses the fewest of them is cleared,
   and only that way: the other never-run blocks keep their zero and go
   to the cold part (clearing every way kept much never-run code among
   the code that ran: guide, section 2.7).  */
static void
keep_ways_to_blocks_that_ran (function *fun, unsigned char *seen)
{
  unsigned size = last_basic_block_for_fn (fun);
  unsigned char *reached = XNEWVEC (unsigned char, size);
  unsigned char *given_up = XCNEWVEC (unsigned char, size);
  basic_block target;

  do
    {
      reach_from_entry (fun, seen, reached);
      target = NULL;
      basic_block bb;
      FOR_EACH_BB_FN (bb, fun)
	if (seen[bb->index] == 2 && !reached[bb->index]
	    && !given_up[bb->index])
	  {
	    target = bb;
	    break;
	  }
      if (target && !clear_cheapest_way_to (fun, seen, reached, target))
	given_up[target->index] = 1;
    }
  while (target);
  XDELETEVEC (reached);
  XDELETEVEC (given_up);
}

/* Mark ran (2) in SEEN every block of unknown state (0) that lies on a
   way from the entry to a block that ran through no block that never
   ran (1): the way into code that ran ran too.  */
static void
fill_ways_to_blocks_that_ran (function *fun, unsigned char *seen)
{
  unsigned char *reached = XNEWVEC (unsigned char, last_basic_block_for_fn (fun));
  unsigned char *leads = XCNEWVEC (unsigned char, last_basic_block_for_fn (fun));
  reach_from_entry (fun, seen, reached);
  auto_vec<basic_block, 64> work;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    if (seen[bb->index] == 2)
      {
	leads[bb->index] = 1;
	work.safe_push (bb);
      }
  while (!work.is_empty ())
    {
      bb = work.pop ();
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->preds)
	if (!leads[e->src->index] && seen[e->src->index] != 1)
	  {
	    leads[e->src->index] = 1;
	    work.safe_push (e->src);
	  }
    }
  FOR_EACH_BB_FN (bb, fun)
    if (seen[bb->index] == 0 && reached[bb->index] && leads[bb->index])
      seen[bb->index] = 2;
  XDELETEVEC (reached);
  XDELETEVEC (leads);
}

/* Whether FUN has abnormal edges (computed gotos, nonlocal labels).
   In an interpreter dispatching by computed goto (Lua 5.4's
   luaV_execute) the blocks of unknown state on the ways to blocks that
   ran are mostly those of the operations the training never ran, and
   keeping them out of the cold part made Lua's measured workload
   slower (guide, 2.7): they are left to GCC there.  */
static bool
has_abnormal_edges (function *fun)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (e->flags & EDGE_ABNORMAL)
	  return true;
    }
  return false;
}

/* FUN ran.  SEEN says per block index: 1 never ran, 2 ran, 0 unknown.
   Blocks that never ran get a count of zero, so that bbpart moves them
   to the cold part, but for one way from the entry to each block that
   ran (keep_ways_to_blocks_that_ran); blocks that ran are kept out of
   it, and with FILL, the blocks of unknown state on the ways to them
   (fill_ways_to_blocks_that_ran).  */
static void
split_by_seen (function *fun, unsigned char *seen, bool fill)
{
  if (single_succ_p (ENTRY_BLOCK_PTR_FOR_FN (fun)))
    seen[single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun))->index] = 0;
  keep_ways_to_blocks_that_ran (fun, seen);
  if (fill)
    fill_ways_to_blocks_that_ran (fun, seen);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    if (seen[bb->index] == 1)
      {
	bb->count = profile_count::zero ();
	cold_blocks++;
      }
    else if (seen[bb->index] == 2)
      keep_out_of_cold_part (bb);
  keep_function_out_of_cold_code (fun);
}

/* How many times per call of its function an early block must have
   run for the copies of its code to stay out of the cold part: the
   body of a loop that iterated (keep_code_that_ran).  */
#define KEEP_LOOPS_PER_CALL 100

/* FUN matched its machine blocks in the second round's profile (SEEN
   and KNOWN per block index, as mip_use_blocks makes them).  A block
   that did not run there but holds the start of an early block that
   ran at least KEEP_LOOPS_PER_CALL times per call of its function (a
   loop's body: GCC duplicated the code, and another copy of it ran) is
   taken as run, its count unknown: a workload unlike the training's is
   likely to run it.  Moved to the cold part, such blocks of SQLite's
   interpreter loop cost the shell's measured run 0.5% more
   instructions.  Keeping every copy of code that ran at all costs
   speedtest1's training-like run 11 more pages, at 1 time per call 7;
   at 100 none, and the shell keeps the gain (guide, 2.7, "Two
   rounds").  */
static void
keep_code_that_ran (function *fun, unsigned char *seen, gcov_type *known)
{
  unsigned char *looped = XCNEWVEC (unsigned char,
				    last_basic_block_for_fn (fun));
  if (mip_early_blocks_seen (fun, looped, KEEP_LOOPS_PER_CALL))
    {
      basic_block bb;
      FOR_EACH_BB_FN (bb, fun)
	if (looped[bb->index] == 2 && seen[bb->index] != 2)
	  {
	    seen[bb->index] = 2;
	    if (known[bb->index] == 0)
	      known[bb->index] = -1;
	  }
    }
  XDELETEVEC (looped);
}

/* A + B, the profile's saturating sum, held where gcov_type ends.  */
static gcov_type
add_counts (gcov_type a, uint64_t b)
{
  uint64_t sum = mip_saturating_add ((uint64_t) a, b);
  return (gcov_type) MIN (sum, (uint64_t) INTTYPE_MAXIMUM (gcov_type));
}

/* Called before hot/cold partitioning (bbpart), with the blocks
   numbered as generate numbered them (mip_number_early_blocks): in a
   function the profile saw run, every block whose code never ran in any
   merged run gets a count of zero, so that bbpart moves it to the cold
   part (FUNCTION.cold, see mip_function_section) and block reordering
   lays the rest out together.  A block is known never run when the profile has
   blocks with its number and none of them ran.  Counts steer layout
   only: the code is the same.  */
void
mip_use_blocks (function *fun, const char *symbol, uint64_t signature)
{
  if (!profile || profile->header.runs == 0)
    return;
  /* The first round's profile in the build of the second: that build
     is trained, and must compile each function as the use build will,
     which changes nothing before partitioning (what it does to
     partitioning and layout does not matter).  */
  if (mip_options.mode & MIP_KIND_BLOCK_COUNT)
    return;
  bool local = !TREE_PUBLIC (fun->decl);
  struct use_facts facts = mip_index_look_up_by_cfg (symbol, signature,
						     local);
  /* The early block counts gave FUN exact counts before GCC's IPA
     passes (mip-ipa-blocks.cc).  GCC's passes carried them since, but
     not always well: where GCC's updates of the counts lost a block's
     count, the block's code would go to the cold part although it ran.
     The binds the block holds say which ran.  A profile of a build
     compiled with the same early counts (the second round) says more:
     which blocks of this very code ran, and how often (below).  */
  if (mip_options.use_early_counts
      && profile_status_for_fn (fun) == PROFILE_READ && !facts.matched)
    {
      unsigned char *seen = XCNEWVEC (unsigned char,
				      last_basic_block_for_fn (fun));
      if (mip_early_blocks_seen (fun, seen))
	{
	  split_by_seen (fun, seen, !has_abnormal_edges (fun));
	  basic_block bb;
	  FOR_EACH_BB_FN (bb, fun)
	    if (seen[bb->index] == 2)
	      keep_ways_into (bb);
	}
      XDELETEVEC (seen);
      return;
    }
  if (!facts.matched)
    {
      /* Changed by the profile's own decisions (a call no longer
	 inlined, say): known by its IPA signature, its blocks unknown.
	 If it ran, none of its blocks is taken for never executed.  */
      facts = mip_index_look_up_by_ipa (symbol, local);
      if (facts.matched && facts.ran)
	{
	  basic_block bb;
	  FOR_EACH_BB_FN (bb, fun)
	    keep_out_of_cold_part (bb);
	  keep_function_out_of_cold_code (fun);
	  FOR_EACH_BB_FN (bb, fun)
	    keep_ways_into (bb);
	}
      return;
    }
  if (!facts.ran)
    return;
  struct identity id = { MATCH_CFG, signature, local };
  unsigned n = n_basic_blocks_for_fn (fun) + 1;
  /* Per early block number: 1 seen in the profile, 2 seen and run;
     how often its blocks ran (-1: unknown, some have no count).  */
  unsigned char *state = XCNEWVEC (unsigned char, n);
  gcov_type *count = XCNEWVEC (gcov_type, n);
  gcov_type calls = 0;
  uint32_t k = mip_index_first_named (symbol), i;
  while (mip_index_next_named (symbol, &k, &i))
    {
      if (!mip_index_entry_matches (i, &id))
	continue;
      const struct mip_profile_function *f = &profile->functions[i];
      calls = add_counts (calls, f->call_count);
      for (uint32_t b = 0; b < f->block_count; b++)
	{
	  const struct mip_profile_block *block
	    = &profile->blocks[f->block_begin + b];
	  if (block->id == 0 || block->id >= n)
	    continue;
	  if (block->covered_runs > 0)
	    state[block->id] = 2;
	  else if (state[block->id] == 0)
	    state[block->id] = 1;
	  if (!(block->flags & MIP_BLOCK_COUNTED))
	    count[block->id] = -1;
	  else if (count[block->id] >= 0)
	    count[block->id] = add_counts (count[block->id], block->count);
	}
    }
  /* Per block index: 1 never run, 2 run, 0 unknown; its count or -1.  */
  unsigned char *seen = XCNEWVEC (unsigned char, last_basic_block_for_fn (fun));
  gcov_type *known = XNEWVEC (gcov_type, last_basic_block_for_fn (fun));
  basic_block bb;
  unsigned number = 0;
  FOR_EACH_BB_FN (bb, fun)
    {
      number++;
      seen[bb->index] = number < n ? state[number] : 0;
      known[bb->index] = number < n && state[number] ? count[number] : -1;
    }
  XDELETEVEC (state);
  XDELETEVEC (count);
  if (profile_status_for_fn (fun) == PROFILE_READ)
    {
      /* Its counts came from the early block counts; what register
	 allocation weighs is theirs (mip-use-counts.cc).  */
      mip_hold_counts_for_allocation (fun);
      keep_code_that_ran (fun, seen, known);
      split_by_seen (fun, seen, false);
      if (calls > 0)
	mip_use_block_counts_around_allocation (fun, known, seen, calls);
    }
  else
    {
      split_by_seen (fun, seen, false);
      if (calls > 0)
	mip_use_block_counts (fun, known, seen, calls);
    }
  FOR_EACH_BB_FN (bb, fun)
    if (seen[bb->index] == 2)
      keep_ways_into (bb);
  XDELETEVEC (seen);
  XDELETEVEC (known);
}

/* ---- Never-run functions in source order ---------------------------- */

/* PLUGIN_ALL_IPA_PASSES_END, with early block counts: the smallest
   layout rank of the callers that ran of each function (caller_ranks),
   for the functions whose own body never ran in the training but that
   are called now (called_by_early_counts).  */
void
mip_use_note_caller_ranks (void *, void *)
{
  if (!profile || !mip_options.use_early_counts)
    return;
  if (caller_ranks == NULL)
    caller_ranks = new hash_map<tree, unsigned> (64);
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      if (node->inlined_to)
	continue;
      unsigned rank = 0;
      for (cgraph_edge *e = node->callers; e; e = e->next_caller)
	{
	  cgraph_node *caller = e->caller->inlined_to ? e->caller->inlined_to
						      : e->caller;
	  struct use_facts facts
	    = mip_index_look_up_by_ipa (mip_decl_symbol (caller->decl),
					!TREE_PUBLIC (caller->decl));
	  if (facts.ran && facts.rank && (!rank || facts.rank < rank))
	    rank = facts.rank;
	}
      if (rank)
	caller_ranks->put (node->decl, rank);
    }
}

/* ld lays an object's .text.unlikely.* input sections out in the order
   the object lists them, the order in which the assembler first met
   them: by default the order GCC compiles the functions in (callees
   before callers), which has nothing to do with what a run needs.  A
   run that reaches code the training never ran mostly runs a feature
   the training did not use, and a feature's functions are written
   together.  So before GCC outputs any function, open the section of
   each function the profile shows never run, in the order of the
   source (of the location GCC read it at, headers at their #include):

	.pushsection	.text.unlikely.SYMBOL,"ax",%progbits
	.popsection

   On SQLite's speedtest1 (make bench) trained on one workload, a
   different workload then touches 139 text pages instead of 148.  A
   function that does not go to its section after all (left alone as
   changed, or inlined everywhere later) leaves it empty: no bytes in
   the program.  */

struct unlikely_function
{
  location_t where;
  const char *symbol;
};

static int
compare_source_order (const void *a, const void *b)
{
  const struct unlikely_function *x = (const struct unlikely_function *) a;
  const struct unlikely_function *y = (const struct unlikely_function *) b;
  if (x->where != y->where)
    return x->where < y->where ? -1 : 1;
  return strcmp (x->symbol, y->symbol);
}

/* Whether DECL's section may be chosen here.  */
static bool
placeable_decl (tree decl)
{
  return (!DECL_COMDAT (decl) && !DECL_ONE_ONLY (decl)
	  && !lookup_attribute ("section", DECL_ATTRIBUTES (decl))
	  && DECL_SECTION_NAME (decl) == NULL
	  && symtab_node::get (decl) != NULL);
}

/* PLUGIN_ALL_IPA_PASSES_END: the unit's functions are those GCC will
   output (clones made, inlined bodies gone), none output yet; top-level
   asm added now is output before them (and, the LTO summaries being
   written already, is not streamed).  Nothing to do in a compile that
   outputs no code (-flto without -ffat-lto-objects, WPA).  */
void
mip_use_order_unlikely (void *, void *)
{
  if (!profile || profile->header.runs == 0 || flag_wpa
      || (flag_generate_lto && !flag_fat_lto_objects))
    return;
  auto_vec<unlikely_function> never;
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      tree decl = node->decl;
      if (node->inlined_to || !node->has_gimple_body_p ()
	  || !placeable_decl (decl))
	continue;
      const char *symbol = targetm.strip_name_encoding
	(IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl)));
      if (!mip_index_never_ran (symbol, mip_ipa_signature (symbol),
				!TREE_PUBLIC (decl)))
	continue;
      unlikely_function f = { LOCATION_LOCUS (DECL_SOURCE_LOCATION (decl)),
			      symbol };
      never.safe_push (f);
    }
  if (never.is_empty ())
    return;
  never.qsort (compare_source_order);
  static const char open[] = "\t.pushsection\t.text.unlikely.";
  static const char close[] = ",\"ax\",%progbits\n\t.popsection\n";
  struct obstack text;
  obstack_init (&text);
  for (const unlikely_function &f : never)
    {
      obstack_grow (&text, open, strlen (open));
      obstack_grow (&text, f.symbol, strlen (f.symbol));
      obstack_grow (&text, close, strlen (close));
    }
  size_t size = obstack_object_size (&text) - 1;	/* no last newline */
  const char *asm_text = (const char *) obstack_finish (&text);
  symtab->finalize_toplevel_asm (build_string (size, asm_text));
  obstack_free (&text, NULL);
}

/* ---- Functions ------------------------------------------------------ */

static bool
placeable (function *fun)
{
  return placeable_decl (fun->decl);
}

/* Put FUN in SECTION.  Marked as a section GCC chose itself (as with
   -ffunction-sections), so that the cold part of a function GCC split
   goes to a section of its own (mip_function_section for the functions
   that ran, else varasm's get_named_text_section: .text.unlikely.SYMBOL)
   while the rest goes to SECTION.  */
static void
place (function *fun, const char *section)
{
  set_decl_section_name (fun->decl, section);
  symtab_node::get (fun->decl)->implicit_section = true;
}

/* How this compile's options that change code differ from those
   SYMBOL's unit in the profile was compiled with, or NULL: the same
   options, or none recorded (a profile written by hand, or made before
   the map recorded them).  A -O0 build with the profile of an -O2 one
   changes nearly every function, and this says why.  */
static char *
difference_in_options (const char *symbol, bool local)
{
  uint32_t unit = mip_index_unit_of (symbol, local);
  if (unit >= profile->header.unit_count
      || profile->units[unit].options_offset == MIP_NO_OFFSET)
    return NULL;
  return mip_options_difference (mip_profile_unit_options (profile, unit),
				 mip_codegen_options ());
}

static void
report_changed (function *fun, const char *symbol)
{
  changed++;
  bool first = !first_changed;
  if (first)
    {
      first_changed = xstrdup (symbol);
      options_difference = difference_in_options (symbol,
						  !TREE_PUBLIC (fun->decl));
    }
  bool reported = true;
  if (mip_options.use_strict)
    error_at (DECL_SOURCE_LOCATION (fun->decl),
	      "mip: %qs has changed since profile %qs was made (its CFG"
	      " signature differs)", symbol, mip_options.use_file);
  else if (mip_options.use_verbose)
    reported = warning_at (DECL_SOURCE_LOCATION (fun->decl), 0,
			   "mip: %qs has changed since profile %qs was made"
			   " (its CFG signature differs); its profile is not"
			   " used", symbol, mip_options.use_file);
  else
    reported = false;
  /* Once, after the first function named (the default names them all
     in one warning at the end of the unit).  */
  if (first && reported && options_difference)
    inform (DECL_SOURCE_LOCATION (fun->decl), "mip: %s", options_difference);
}

/* Whether FUN, whose own body never ran in the training, is called
   now by what the early block counts say: the training's build had
   inlined every call of it, and GCC, following the counts, did not
   (the count of its own body, what the calls GCC did not inline
   bring, is not zero).  */
static bool
called_by_early_counts (function *fun)
{
  cgraph_node *node = cgraph_node::get (fun->decl);
  return mip_options.use_early_counts
	 && profile_status_for_fn (fun) == PROFILE_READ && node
	 && node->count.ipa ().nonzero_p ();
}

/* The smallest layout rank of the callers of FUN that ran, 0 if none
   did.  */
static uint32_t
rank_of_first_caller (function *fun)
{
  unsigned *rank = caller_ranks ? caller_ranks->get (fun->decl) : NULL;
  return rank ? *rank : 0;
}

void
mip_use_function (function *fun, const char *symbol, uint64_t signature)
{
  if (!profile)
    return;
  bool local = !TREE_PUBLIC (fun->decl);
  struct use_facts facts = mip_index_look_up_by_cfg (symbol, signature,
						     local);
  if (!facts.named)
    {
      missing++;
      return;
    }
  if (!facts.matched)
    {
      facts = mip_index_look_up_by_ipa (symbol, local);
      if (facts.matched && facts.ran && mip_options.use_verbose)
	inform (DECL_SOURCE_LOCATION (fun->decl), "mip: %qs was compiled"
		" differently from the profile%'s program (its CFG signature"
		" differs): placed by its profile, its blocks left to GCC",
		symbol);
    }
  if (!facts.matched)
    {
      report_changed (fun, symbol);
      return;
    }
  if (!placeable (fun) || profile->header.runs == 0)
    return;
  char section[600];
  if (!facts.ran && called_by_early_counts (fun))
    {
      /* After its first caller that ran, rather than among the
	 functions that never ran, whose pages a run that calls it would
	 touch for it alone.  */
      uint32_t rank = rank_of_first_caller (fun);
      snprintf (section, sizeof section, ".text.sorted.%010lu.~near.%s",
		(unsigned long) (rank ? rank : UINT32_MAX), symbol);
      placed_sorted++;
    }
  else if (!facts.ran)
    {
      snprintf (section, sizeof section, ".text.unlikely.%s", symbol);
      placed_unlikely++;
    }
  else
    {
      /* Ranks are below 2^32: 10 digits, all before COLD_PART_INFIX.  */
      snprintf (section, sizeof section, ".text.sorted.%010lu.%s",
		(unsigned long) (facts.rank ? facts.rank : UINT32_MAX),
		symbol);
      placed_sorted++;
    }
  place (fun, section);
}

/* At the end of the unit: one line for the functions that changed (they
   were named one by one with use-verbose) and for a unit of which the
   profile knows no function at all.  */
void
mip_use_finish_unit (void *, void *)
{
  if (!profile)
    return;
  const char *unit = main_input_filename ? main_input_filename : "this unit";
  if (changed && !mip_options.use_verbose && !mip_options.use_strict)
    warning (0, "mip: %u function(s) of %qs changed since profile %qs was"
	     " made, first %qs; their profile is not used"
	     " (%<-fplugin-arg-mip-use-verbose%> names each)%s%s", changed,
	     unit, mip_options.use_file, first_changed,
	     options_difference ? "; " : "",
	     options_difference ? options_difference : "");
  if (missing && placed_unlikely + placed_sorted + changed == 0)
    warning (0, "mip: profile %qs knows none of the %u function(s) of %qs:"
	     " is it a profile of another program?", mip_options.use_file,
	     missing, unit);
}
