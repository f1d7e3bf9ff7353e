/* mip-use.cc - -fplugin-arg-mip-use=PROFILE: lay functions and blocks
   out by a profile made with mipdata (a .mip file).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Each function of the unit is looked up in the profile by its symbol
   (a static one only among the entries of its own unit, find_this_unit)
   and checked against its CFG signature, computed at the same point as
   when the profile's program was instrumented (before hot/cold
   partitioning, mip-signature.cc).  A function that matches is put in a
   section the linker groups (GNU ld's default script, 2.36 and later):

	never run in any merged run	.text.unlikely.SYMBOL
	run, layout rank K		.text.sorted.KKKKKKKKKK.SYMBOL

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
   or one per function with use-verbose, or as errors with use-strict.
   Placement never changes what a program does.

   A function that ran and that GCC split into hot and cold parts has
   its cold part in .text.sorted.9999999999.~cold.K.SYMBOL, after every
   function that ran (mip_function_section); one that never ran keeps
   it in .text.unlikely.SYMBOL.  Left alone: functions with a section of their
   own (attribute section) and comdat functions (their section belongs to
   their group).  */

#include "mip-plugin.h"
#include "mip-profile.h"
#include "mip-layout.h"
#include "diagnostic-core.h"

static struct mip_profile *profile;

/* Per function of the profile: its place among those that ran, from 1,
   in the layout -fplugin-arg-mip-use-layout names (mip-layout.h), or
   0.  */
static uint32_t *layout_rank;

/* The profile's primary functions sorted by symbol, for lookups.  */
static uint32_t *by_name;
static uint32_t by_name_count;

/* Per unit of the profile: whether it is this translation unit
   (find_this_unit); NULL when the profile has no units (written by
   hand) and names alone tell functions apart.  */
static bool *unit_is_this;
static bool this_unit_found;

/* What this unit's functions found in the profile.  */
static unsigned placed_unlikely, placed_sorted, changed, missing;
static unsigned cold_blocks;
static const char *first_changed;

static int
compare_by_name (const void *a, const void *b)
{
  const uint32_t *x = (const uint32_t *) a, *y = (const uint32_t *) b;
  int c = strcmp (mip_profile_function_name (profile, *x),
		  mip_profile_function_name (profile, *y));
  if (c != 0)
    return c;
  return *x < *y ? -1 : *x > *y;
}

static void
index_profile (void)
{
  uint32_t n = profile->header.function_count;
  by_name = XNEWVEC (uint32_t, n ? n : 1);
  by_name_count = 0;
  for (uint32_t i = 0; i < n; i++)
    if (!mip_profile_function_is_alias (profile, i))
      by_name[by_name_count++] = i;
  qsort (by_name, by_name_count, sizeof *by_name, compare_by_name);
}

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
  if (freq == NODE_FREQUENCY_UNLIKELY_EXECUTED && node
      && node->implicit_section && name
      && strncmp (name, SORTED_PREFIX, strlen (SORTED_PREFIX)) == 0
      && strncmp (name + strlen (SORTED_PREFIX), COLD_PART_INFIX,
		  strlen (COLD_PART_INFIX)) != 0)
    {
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

bool
mip_use_load (const char *path)
{
  struct mip_error_context problem;
  char message[2048];
  mip_error_clear (&problem);
  if (mip_profile_read_file (path, &profile, &problem) != MIP_OK)
    {
      error ("mip: cannot use profile %qs: %s", path,
	     mip_error_format (&problem, message, sizeof message));
      return false;
    }
  if (profile->header.pointer_size != mip_pointer_size ()
      || (profile->header.target_big_endian != 0) != BYTES_BIG_ENDIAN)
    {
      error ("mip: profile %qs was made for a %u-bit %s-endian target,"
	     " not for this one (%u-bit %s-endian)", path,
	     (unsigned) profile->header.pointer_size * 8,
	     profile->header.target_big_endian ? "big" : "little",
	     (unsigned) mip_pointer_size () * 8,
	     BYTES_BIG_ENDIAN ? "big" : "little");
      return false;
    }
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
  index_profile ();
  place_cold_parts_after_hot_code ();
  return true;
}

/* The first entry of by_name whose symbol is SYMBOL, or by_name_count.  */
static uint32_t
first_named (const char *symbol)
{
  uint32_t lo = 0, hi = by_name_count;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (strcmp (mip_profile_function_name (profile, by_name[mid]), symbol)
	  < 0)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo;
}

/* The entries named SYMBOL, from by_name[*K] on: the next one's index
   into *INDEX, with *K advanced past it; false after the last.  */
static bool
next_named (const char *symbol, uint32_t *k, uint32_t *index)
{
  if (*k >= by_name_count
      || strcmp (mip_profile_function_name (profile, by_name[*k]), symbol))
    return false;
  *index = by_name[(*k)++];
  return true;
}

/* ---- The unit of a static function -------------------------------- */

/* Which units of the profile are this translation unit.  A static
   function is known only by the entries of its own unit: a function of
   the same name in another unit of the profile's program, or in the unit
   of another program (luac.c's writer against lua's lstrlib.c), is
   another function, and this one is not in the profile.  The profile
   records no source name for a unit (its unit hash covers the functions
   as well), but names of global functions are unique in a program: a
   unit of the profile is this one when a global function defined here
   is in it with the same IPA signature (mip-ipa.cc), or by name alone
   when either signature is unknown.  So a unit the profile never saw has
   no static function in it, nor has one whose global functions all
   changed.  Run when the IPA passes start, every function of the unit
   there with its IPA signature, or else on the first lookup of a static
   function.  */
static void
find_this_unit (void)
{
  if (this_unit_found)
    return;
  this_unit_found = true;
  uint32_t units = profile->header.unit_count;
  if (units == 0 || mip_profile_is_imported (profile))
    return;
  unit_is_this = XCNEWVEC (bool, units);
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      tree decl = node->decl;
      if (!TREE_PUBLIC (decl) || DECL_EXTERNAL (decl) || DECL_COMDAT (decl)
	  || DECL_ONE_ONLY (decl) || DECL_WEAK (decl) || node->alias)
	continue;
      const char *symbol = targetm.strip_name_encoding
	(IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl)));
      uint32_t signature = mip_ipa_signature (symbol);
      uint32_t k = first_named (symbol), i;
      while (next_named (symbol, &k, &i))
	{
	  const struct mip_profile_function *f = &profile->functions[i];
	  if (f->unit_index < units
	      && (signature == 0 || f->ipa_signature == 0
		  || f->ipa_signature == signature))
	    unit_is_this[f->unit_index] = true;
	}
    }
}

void
mip_use_find_unit (void)
{
  if (profile)
    find_this_unit ();
}

/* Whether entry INDEX may describe a function of this unit: any entry
   for a global function, only those of this unit for a static one.  */
static bool
entry_in_scope (uint32_t index, bool local)
{
  if (!local)
    return true;
  find_this_unit ();
  if (!unit_is_this)
    return true;
  uint32_t unit = profile->functions[index].unit_index;
  return unit < profile->header.unit_count && unit_is_this[unit];
}

/* How a function of this compile is recognised among the entries that
   bear its symbol: by its CFG signature (the same code before hot/cold
   partitioning: function and block facts apply), by its IPA signature
   (the same code before the IPA passes, mip-ipa.cc: function facts
   apply) or, for what has no signature of its own, by the name alone.
   An entry whose CFG signature is 0 (a profile written by hand without
   signatures) matches whatever the function's code is.  */
enum match_by { MATCH_CFG, MATCH_IPA, MATCH_NAME };

struct identity
{
  enum match_by by;
  uint64_t signature;		/* CFG or IPA signature */
  bool local;			/* a static function (not TREE_PUBLIC):
				   only entries of this unit */
};

/* Whether entry INDEX describes the function ID identifies (and was kept
   by the linker).  */
static bool
entry_matches (uint32_t index, const struct identity *id)
{
  if (mip_profile_function_is_discarded (profile, index)
      || !entry_in_scope (index, id->local))
    return false;
  const struct mip_profile_function *f = &profile->functions[index];
  if (f->cfg_signature == 0)
    return true;
  switch (id->by)
    {
    case MATCH_CFG:
      return f->cfg_signature == id->signature;
    case MATCH_IPA:
      return f->ipa_signature != 0 && f->ipa_signature == id->signature;
    default:
      return true;
    }
}

/* What the profile says of a function: several entries may share a
   symbol (static functions of several units), and those that match are
   combined.  */
struct use_facts
{
  bool named;			/* some entry has the symbol */
  bool matched;			/* some entry also matches */
  unsigned entries;		/* how many match */
  bool ran;
  uint32_t rank;		/* smallest layout rank, 0 if none */
};

static struct use_facts
look_up (const char *symbol, struct identity id)
{
  struct use_facts facts = { false, false, 0, false, 0 };
  uint32_t k = first_named (symbol), i;
  while (next_named (symbol, &k, &i))
    {
      if (!entry_in_scope (i, id.local))
	continue;
      facts.named = true;
      if (!entry_matches (i, &id))
	continue;
      facts.matched = true;
      facts.entries++;
      const struct mip_profile_function *f = &profile->functions[i];
      /* Merging counts a run in covered_runs whatever showed the
	 function ran: coverage byte, count, order or block probe.  */
      if (f->covered_runs > 0)
	facts.ran = true;
      uint32_t rank = layout_rank[i];
      if (rank != 0 && (facts.rank == 0 || rank < facts.rank))
	facts.rank = rank;
    }
  return facts;
}

static struct use_facts
look_up_by_cfg (const char *symbol, uint64_t cfg_signature, bool local)
{
  struct identity id = { MATCH_CFG, cfg_signature, local };
  return look_up (symbol, id);
}

/* By the IPA signature mip-ipa.cc computed for SYMBOL (for a function
   GCC made during the IPA passes, that of the function it was made
   from), if any.  */
static struct use_facts
look_up_by_ipa (const char *symbol, bool local)
{
  struct identity id = { MATCH_IPA, mip_ipa_signature (symbol), local };
  if (id.signature == 0)
    {
      struct use_facts none = { false, false, 0, false, 0 };
      return none;
    }
  return look_up (symbol, id);
}

bool
mip_use_never_ran (const char *symbol, uint32_t ipa_signature, bool local)
{
  if (!profile || profile->header.runs == 0)
    return false;
  if (ipa_signature != 0)
    {
      struct identity id = { MATCH_IPA, ipa_signature, local };
      struct use_facts facts = look_up (symbol, id);
      return facts.matched && !facts.ran;
    }
  /* Defined in another unit: only a symbol the profile names once (one
     definition in the program), so that a static function of another
     unit cannot stand for it.  */
  struct identity id = { MATCH_NAME, 0, local };
  struct use_facts facts = look_up (symbol, id);
  return facts.entries == 1 && !facts.ran;
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

/* FUN ran in the profile: GCC must not take it for a function never
   executed (NODE_FREQUENCY_UNLIKELY_EXECUTED, which puts every block in
   the cold part, unless its author marked it cold), nor its first
   block for one never executed (the function would then start in its
   cold part, which the function-section hook places with the cold
   parts).  */
static void
keep_function_out_of_cold_code (function *fun)
{
  cgraph_node *node = cgraph_node::get (fun->decl);
  if (node && node->frequency == NODE_FREQUENCY_UNLIKELY_EXECUTED
      && !lookup_attribute ("cold", DECL_ATTRIBUTES (fun->decl)))
    node->frequency = NODE_FREQUENCY_NORMAL;
  keep_out_of_cold_part (ENTRY_BLOCK_PTR_FOR_FN (fun));
  if (single_succ_p (ENTRY_BLOCK_PTR_FOR_FN (fun)))
    keep_out_of_cold_part (single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun)));
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
  bool local = !TREE_PUBLIC (fun->decl);
  struct use_facts facts = look_up_by_cfg (symbol, signature, local);
  if (!facts.matched)
    {
      /* Changed by the profile's own decisions (a call no longer
	 inlined, say): known by its IPA signature, its blocks unknown.
	 If it ran, none of its blocks is taken for never executed.  */
      facts = look_up_by_ipa (symbol, local);
      if (facts.matched && facts.ran)
	{
	  basic_block bb;
	  FOR_EACH_BB_FN (bb, fun)
	    keep_out_of_cold_part (bb);
	  keep_function_out_of_cold_code (fun);
	}
      return;
    }
  if (!facts.ran)
    return;
  struct identity id = { MATCH_CFG, signature, local };
  unsigned n = n_basic_blocks_for_fn (fun) + 1;
  /* Per early block number: 1 seen in the profile, 2 seen and run.  */
  unsigned char *state = XCNEWVEC (unsigned char, n);
  uint32_t k = first_named (symbol), i;
  while (next_named (symbol, &k, &i))
    {
      if (!entry_matches (i, &id))
	continue;
      const struct mip_profile_function *f = &profile->functions[i];
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
	}
    }
  basic_block bb;
  unsigned number = 0;
  FOR_EACH_BB_FN (bb, fun)
    {
      number++;
      if (number >= n)
	continue;
      if (state[number] == 1
	  && bb != single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun)))
	{
	  bb->count = profile_count::zero ();
	  cold_blocks++;
	}
      else if (state[number] == 2)
	keep_out_of_cold_part (bb);
    }
  XDELETEVEC (state);
  keep_function_out_of_cold_code (fun);
}

/* ---- Never-run functions in source order ---------------------------- */

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
      if (!mip_use_never_ran (symbol, mip_ipa_signature (symbol),
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

static void
report_changed (function *fun, const char *symbol)
{
  changed++;
  if (!first_changed)
    first_changed = xstrdup (symbol);
  if (mip_options.use_strict)
    error_at (DECL_SOURCE_LOCATION (fun->decl),
	      "mip: %qs has changed since profile %qs was made (its CFG"
	      " signature differs)", symbol, mip_options.use_file);
  else if (mip_options.use_verbose)
    warning_at (DECL_SOURCE_LOCATION (fun->decl), 0,
		"mip: %qs has changed since profile %qs was made (its CFG"
		" signature differs); its profile is not used", symbol,
		mip_options.use_file);
}

void
mip_use_function (function *fun, const char *symbol, uint64_t signature)
{
  if (!profile)
    return;
  bool local = !TREE_PUBLIC (fun->decl);
  struct use_facts facts = look_up_by_cfg (symbol, signature, local);
  if (!facts.named)
    {
      missing++;
      return;
    }
  if (!facts.matched)
    {
      facts = look_up_by_ipa (symbol, local);
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
  if (!facts.ran)
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
	     " (%<-fplugin-arg-mip-use-verbose%> names each)", changed, unit,
	     mip_options.use_file, first_changed);
  if (missing && placed_unlikely + placed_sorted + changed == 0)
    warning (0, "mip: profile %qs knows none of the %u function(s) of %qs:"
	     " is it a profile of another program?", mip_options.use_file,
	     missing, unit);
}
