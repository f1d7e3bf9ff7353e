/* mip-ipa.cc - the profile's part before GCC's inter-procedural passes:
   each function's IPA signature, and the decisions a profile makes there.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   When the IPA passes start (PLUGIN_ALL_IPA_PASSES_START), every function
   of the unit is in GIMPLE with its CFG built and nothing optimised yet:
   the last point where a compile that uses a profile sees exactly what
   the compile that generated it saw, before the profile changes anything
   (inlining first of all).  There the plugin computes each function's
   IPA signature: FNV-1a over its blocks in order, each block's statements
   (codes, the shapes of their operands, constants, the names of named
   variables and of called functions; not locations, not the numbers of
   compiler temporaries, not debug statements) and its successors, folded
   to 32 bits and never 0 (0 means "unknown" in the formats).

   generate records it in the map beside the CFG signature.  use compares
   it with the profile's; a function that matches and that the profile
   shows never run in any run is made cold in one of two ways
   (decide_from_profile):

     - cold from the start, as if its author had written
       __attribute__ ((cold)), when only functions cold from the start
       call it (or none does): GCC optimises it for size, inlines
       nothing into it that would make it grow, predicts every path
       that calls it never taken, and does not inline it;
     - cold only while GCC compiles its own body (optimised for size
       all the same), when a function that may have run calls it.  Cold
       from the start, it would change the code of that caller: not
       inlined where it was, the blocks that call it guessed never run
       before the caller's own block profile says so.  The caller's CFG
       signature would then differ from the profile's and its block
       profile would be lost (on SQLite's speedtest1 that was 143 of the
       600 functions that ran, 8 now).

   Either way it goes to .text.unlikely (mip-use.cc).  A function
   declared here and defined elsewhere is cold from the start when the
   profile names it once, shows it never run, and only cold functions
   call it.  Neither way changes what a program does.

   The CFG signature, computed much later (mip-signature.cc), can still
   differ from the profile's for a function those decisions touched;
   mip-use.cc then uses its function-level profile by the IPA signature,
   and skips only the block-level part, which needs the CFG signature
   (use-verbose names such functions).  The
   functions GCC makes from others during the IPA passes (f.part.0) bear
   the IPA signature of the function they come from.  */

#include "mip-plugin.h"
#include "mip-profile.h"
#include "mip-profile-index.h"
#include "hash-map.h"
#include "hash-set.h"
#include "real.h"
#include "tree-ssa-alias.h"
#include "gimple-expr.h"
#include "gimple.h"
#include "gimple-iterator.h"

/* Deep enough for any real operand; bounded against pathological
   trees.  */
#define MAX_TREE_DEPTH 32

typedef hash_map<nofree_string_hash, uint32_t> signature_map;

/* Symbol -> IPA signature of the unit's functions.  The keys are copies,
   kept for the whole compile.  */
static signature_map *ipa_signatures;

/* Functions the profile made cold, for use-verbose and the unit line.  */
static unsigned made_cold;

static uint64_t hash_tree_shape (uint64_t hash, tree t, int depth);

const char *
mip_decl_symbol (tree decl)
{
  return targetm.strip_name_encoding
    (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl)));
}

static uint64_t
hash_string (uint64_t hash, const char *string)
{
  return mip_hash_bytes (hash, string, strlen (string));
}

/* A declaration by what stays the same across compiles: named user
   variables and functions by name, compiler temporaries (D.1234) and
   labels by their kind only.  */
static uint64_t
hash_decl (uint64_t hash, tree decl)
{
  if (TREE_CODE (decl) == LABEL_DECL)
    return hash;
  bool local = (DECL_CONTEXT (decl)
		&& TREE_CODE (DECL_CONTEXT (decl)) == FUNCTION_DECL);
  /* A function-scope static's symbol has a number given in order of
     appearance ("count.1"): its source name stands for it.  */
  if (TREE_CODE (decl) == FUNCTION_DECL
      || (VAR_P (decl) && (TREE_STATIC (decl) || DECL_EXTERNAL (decl))
	  && !DECL_ARTIFICIAL (decl) && !local))
    return hash_string (hash, mip_decl_symbol (decl));
  if (DECL_NAME (decl) && !DECL_ARTIFICIAL (decl))
    hash = hash_string (hash, IDENTIFIER_POINTER (DECL_NAME (decl)));
  if (TREE_CODE (decl) == CONST_DECL && DECL_INITIAL (decl))
    hash = hash_tree_shape (hash, DECL_INITIAL (decl), 1);
  return hash;
}

static uint64_t
hash_constant (uint64_t hash, tree t)
{
  switch (TREE_CODE (t))
    {
    case INTEGER_CST:
      hash = mip_hash_u64 (hash, TYPE_PRECISION (TREE_TYPE (t)));
      return mip_hash_u64 (hash, (uint64_t) TREE_INT_CST_LOW (t));
    case REAL_CST:
      return mip_hash_u64 (hash, (uint64_t) real_hash (TREE_REAL_CST_PTR (t)));
    case STRING_CST:
      return mip_hash_bytes (hash, TREE_STRING_POINTER (t),
			     (size_t) TREE_STRING_LENGTH (t));
    default:
      return hash;
    }
}

/* The shape of operand T: its code, its type's mode and, by kind, its
   name, value or operands.  */
static uint64_t
hash_tree_shape (uint64_t hash, tree t, int depth)
{
  if (t == NULL_TREE)
    return mip_hash_u64 (hash, (uint64_t) -3);
  enum tree_code code = TREE_CODE (t);
  hash = mip_hash_u64 (hash, (uint64_t) code);
  if (depth > MAX_TREE_DEPTH || TYPE_P (t))
    return hash;
  if (TREE_TYPE (t) && TYPE_P (TREE_TYPE (t)))
    hash = mip_hash_u64 (hash, (uint64_t) TYPE_MODE (TREE_TYPE (t)));
  if (DECL_P (t))
    return hash_decl (hash, t);
  if (CONSTANT_CLASS_P (t))
    {
      if (code == VECTOR_CST || code == COMPLEX_CST)
	return hash;
      return hash_constant (hash, t);
    }
  if (code == CONSTRUCTOR)
    return mip_hash_u64 (hash, CONSTRUCTOR_NELTS (t));
  if (code == TREE_LIST)
    {
      for (; t; t = TREE_CHAIN (t))
	hash = hash_tree_shape (hash, TREE_VALUE (t), depth + 1);
      return hash;
    }
  if (EXPR_P (t) || REFERENCE_CLASS_P (t))
    for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
      hash = hash_tree_shape (hash, TREE_OPERAND (t, i), depth + 1);
  return hash;
}

/* The statement's kind: its code and the operation it performs.  */
static uint64_t
hash_statement_code (uint64_t hash, gimple *stmt)
{
  hash = mip_hash_u64 (hash, (uint64_t) gimple_code (stmt));
  switch (gimple_code (stmt))
    {
    case GIMPLE_ASSIGN:
      return mip_hash_u64 (hash, (uint64_t) gimple_assign_rhs_code (stmt));
    case GIMPLE_COND:
      return mip_hash_u64 (hash, (uint64_t) gimple_cond_code (stmt));
    case GIMPLE_CALL:
      if (gimple_call_internal_p (stmt))
	return mip_hash_u64 (hash, (uint64_t) gimple_call_internal_fn (stmt));
      return hash;
    case GIMPLE_ASM:
      return hash_string (hash, gimple_asm_string (as_a <gasm *> (stmt)));
    default:
      return hash;
    }
}

static uint64_t
hash_statement (uint64_t hash, gimple *stmt)
{
  hash = hash_statement_code (hash, stmt);
  unsigned n = gimple_num_ops (stmt);
  hash = mip_hash_u64 (hash, n);
  for (unsigned i = 0; i < n; i++)
    hash = hash_tree_shape (hash, gimple_op (stmt, i), 0);
  return hash;
}

/* FN's IPA signature (see the top of this file).  */
uint32_t
mip_gimple_signature (function *fn)
{
  uint64_t hash = MIP_HASH_INIT;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    {
      hash = mip_hash_u64 (hash, (uint64_t) bb->index);
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (!is_gimple_debug (stmt) && gimple_code (stmt) != GIMPLE_LABEL
	      && gimple_code (stmt) != GIMPLE_PREDICT)
	    hash = hash_statement (hash, stmt);
	}
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	{
	  hash = mip_hash_u64 (hash, (uint64_t) e->dest->index);
	  hash = mip_hash_u64 (hash, e->flags & (EDGE_TRUE_VALUE
						 | EDGE_FALSE_VALUE
						 | EDGE_EH | EDGE_ABNORMAL));
	}
    }
  uint32_t folded = (uint32_t) (hash ^ (hash >> 32));
  return folded != 0 ? folded : 1;
}

/* A function GCC creates during the IPA passes from another one
   ("f.part.0", "f.constprop.0", "f.isra.0") did not exist when the
   signatures were taken: it stands for the code of the function it was
   made from, whose symbol is its own up to the first dot (no C or C++
   symbol has one).  */
uint32_t
mip_ipa_signature (const char *symbol)
{
  if (!ipa_signatures)
    return 0;
  uint32_t *found = ipa_signatures->get (symbol);
  if (found)
    return *found;
  const char *dot = strchr (symbol, '.');
  if (dot == NULL || dot == symbol)
    return 0;
  char *origin = xstrndup (symbol, (size_t) (dot - symbol));
  found = ipa_signatures->get (origin);
  free (origin);
  return found ? *found : 0;
}

/* Whether the profile may decide about DECL: not main (start-up code
   runs it), not what its author marked hot or cold already, nor a
   function whose section is fixed.  */
static bool
may_decide (tree decl)
{
  return (!MAIN_NAME_P (DECL_NAME (decl))
	  && !lookup_attribute ("hot", DECL_ATTRIBUTES (decl))
	  && !lookup_attribute ("cold", DECL_ATTRIBUTES (decl))
	  && !DECL_STATIC_CONSTRUCTOR (decl)
	  && !DECL_STATIC_DESTRUCTOR (decl));
}

/* A function of at most this many statements (GIMPLE, before any
   optimisation: an accessor like "return aType[p->flags & 63]" is four)
   is one GCC's inliner may have copied into every caller when the
   profile's program was built, its out-of-line body then never running
   whatever its copies did.  On SQLite's speedtest1 (make bench) the
   limit trades one workload against another: measured on the training
   workload, limits 4, 12, 25 and 100 touch 134, 126, 118 and 111 text
   pages (GCC's own cold guesses then take the calls to such a function
   for never executed and move blocks that run to the cold parts);
   measured on another, 145, 143, 147 and 152.  Without the exclusion
   (0) the other workload touches 134 pages but executes 0.4% more
   instructions than plain -O2 (3% more on the training workload): calls
   where copies had been.  12 executes fewer than plain on both.  */
#define INLINE_CANDIDATE_STATEMENTS 12

/* The statements of FN's body, debug statements and labels left out,
   counting up to LIMIT + 1 at most.  */
static unsigned
statement_count (function *fn, unsigned limit)
{
  unsigned count = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (!is_gimple_debug (stmt) && gimple_code (stmt) != GIMPLE_LABEL
	    && ++count > limit)
	  return count;
      }
  return count;
}

/* Whether the profile's "never ran" may only mean that NODE's
   out-of-line body never ran while copies of it, inlined into their
   callers, did: a small function that the unit calls directly, or one
   declared inline.  MIP profiles machine code, so the runs of inlined
   copies count in their callers.  Making such a function cold would
   stop GCC inlining it where it runs, and add calls on hot paths.  */
static bool
may_have_run_inlined (cgraph_node *node)
{
  tree attributes = DECL_ATTRIBUTES (node->decl);
  if (!node->callers || DECL_UNINLINABLE (node->decl)
      || lookup_attribute ("noinline", attributes)
      || lookup_attribute ("noipa", attributes))
    return false;
  if (DECL_DECLARED_INLINE_P (node->decl))
    return true;
  function *fn = DECL_STRUCT_FUNCTION (node->decl);
  return (fn && fn->cfg
	  && statement_count (fn, INLINE_CANDIDATE_STATEMENTS)
	     <= INLINE_CANDIDATE_STATEMENTS);
}

/* Give DECL (NODE's) the cold attribute, as the profile asks.  */
static void
make_cold (cgraph_node *node, tree decl, const char *symbol)
{
  DECL_ATTRIBUTES (decl) = tree_cons (get_identifier ("cold"), NULL_TREE,
				      DECL_ATTRIBUTES (decl));
  node->frequency = NODE_FREQUENCY_UNLIKELY_EXECUTED;
  made_cold++;
  if (mip_options.use_verbose)
    inform (DECL_SOURCE_LOCATION (decl), "mip: %qs never ran in profile %qs:"
	    " optimised as cold", symbol, mip_options.use_file);
}

static void
record_signatures (void)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fn = DECL_STRUCT_FUNCTION (node->decl);
      if (!fn || !fn->cfg)
	continue;
      const char *symbol = xstrdup (mip_decl_symbol (node->decl));
      ipa_signatures->put (symbol, mip_gimple_signature (fn));
    }
}

/* Functions that never ran but that code that may have run calls
   (their symbols, copied).  They stay as they were for the IPA passes,
   inlined where they were in the profile's program, and are cold only
   while GCC compiles their own body (mip_ipa_function_start): optimised
   for size, in .text.unlikely.  Cold for longer, they would make GCC
   count the blocks that call them as never run before those blocks'
   own profile says so, and the callers' code would change shape (and
   lose its block profile, which needs the same code as when it was
   recorded).  */
static hash_set<nofree_string_hash> *cold_for_own_body;

/* The node made cold by mip_ipa_function_start, and its frequency.  */
static cgraph_node *cold_now;
static enum node_frequency frequency_before;

/* Whether NODE never ran by the profile, and the profile may decide
   about it.  */
static bool
never_ran (cgraph_node *node)
{
  tree decl = node->decl;
  if (node->alias || node->thunk || !may_decide (decl))
    return false;
  const char *symbol = mip_decl_symbol (decl);
  uint32_t signature = 0;
  if (node->has_gimple_body_p ())
    {
      signature = mip_ipa_signature (symbol);
      if (signature == 0)
	return false;
    }
  else if (!DECL_EXTERNAL (decl))
    return false;
  return mip_index_never_ran (symbol, signature, !TREE_PUBLIC (decl));
}

/* Whether some caller of NODE is not in COLD.  */
static bool
called_from_outside (cgraph_node *node, hash_set<cgraph_node *> *cold)
{
  for (cgraph_edge *edge = node->callers; edge; edge = edge->next_caller)
    if (!cold->contains (edge->caller))
      return true;
  return false;
}

/* The functions that never ran are cold from the start when only
   functions cold from the start call them (or none does): inlined into
   nothing that may have run, they change no code that has a block
   profile.  The others are cold only for their own body.  A function
   that may have run inlined (its out-of-line body never did) is never
   cold from the start, nor is what it calls.  Found as the largest such
   set: start from every function that never ran, drop those some
   function outside calls until none is left to drop.  */
static void
decide_from_profile (void)
{
  auto_vec<cgraph_node *> candidates;
  hash_set<cgraph_node *> cold;
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    if (never_ran (node))
      {
	candidates.safe_push (node);
	if (!(node->has_gimple_body_p () && may_have_run_inlined (node)))
	  cold.add (node);
      }
  bool dropped = true;
  while (dropped)
    {
      dropped = false;
      for (cgraph_node *candidate : candidates)
	if (cold.contains (candidate)
	    && called_from_outside (candidate, &cold))
	  {
	    cold.remove (candidate);
	    dropped = true;
	  }
    }
  for (cgraph_node *candidate : candidates)
    if (cold.contains (candidate))
      make_cold (candidate, candidate->decl,
		 mip_decl_symbol (candidate->decl));
    else if (candidate->has_gimple_body_p ())
      cold_for_own_body->add (xstrdup (mip_decl_symbol (candidate->decl)));
}

/* PLUGIN_ALL_PASSES_START: GCC starts compiling the body of
   current_function_decl.  */
void
mip_ipa_function_start (void *, void *)
{
  if (!cold_for_own_body || !current_function_decl)
    return;
  cgraph_node *node = cgraph_node::get (current_function_decl);
  if (!node || !may_decide (node->decl)
      || !cold_for_own_body->contains (mip_decl_symbol (node->decl)))
    return;
  cold_now = node;
  frequency_before = node->frequency;
  node->frequency = NODE_FREQUENCY_UNLIKELY_EXECUTED;
  made_cold++;
  if (mip_options.use_verbose)
    inform (DECL_SOURCE_LOCATION (node->decl), "mip: %qs never ran in"
	    " profile %qs: optimised as cold", mip_decl_symbol (node->decl),
	    mip_options.use_file);
}

/* PLUGIN_ALL_PASSES_END: its body is compiled; the functions compiled
   after it must not see it cold.  */
void
mip_ipa_function_end (void *, void *)
{
  if (cold_now)
    cold_now->frequency = frequency_before;
  cold_now = NULL;
}

/* In a compile for link-time optimisation (-flto), the RTL passes, and
   with them the instrumentation, run at the link, and only if the link
   loads the plugin too.  So that a link without it fails instead of
   making a program that silently records nothing, the unit's code for
   the link refers to a symbol that only the instrumenting plugin defines
   (mip_emit_unit), from a section that is never loaded:

	.pushsection .debug_mip_lto,"",%progbits
	.long	__mip_link_with_fplugin_mip_generate
	.popsection  */
static void
require_instrumenting_link (void)
{
  if (!flag_generate_lto || in_lto_p || mip_options.mode == 0)
    return;
  char text[256];
  snprintf (text, sizeof text,
	    "\t.pushsection\t%s,\"\",%%progbits\n\t.long\t%s\n"
	    "\t.popsection", MIP_LTO_CHECK_SECTION, MIP_LTO_LINK_CHECK);
  symtab->finalize_toplevel_asm (build_string (strlen (text), text));
}

/* The link's mode decides what a -flto program records: the RTL passes
   run in lto1 with the link's arguments.  So that a link in another mode
   than the compile's (compiled in full mode, linked with
   =function-coverage) is refused instead of silently recording less or
   other than the compile asked, each function of a compile for the link
   gets an attribute naming the compile's mode, which the LTO stream
   carries with the function's other attributes (DECL_ATTRIBUTES):

	__attribute__ (("mip mode" ("full")))

   mip_check_lto_mode compares it at the link.  */
static void
record_mode_for_link (void)
{
  if (!flag_generate_lto || in_lto_p || mip_options.mode == 0)
    return;
  tree name = get_identifier (MIP_MODE_ATTRIBUTE);
  const char *mode = mip_options.mode_name;
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      tree decl = node->decl;
      if (lookup_attribute (MIP_MODE_ATTRIBUTE, DECL_ATTRIBUTES (decl)))
	continue;
      tree value = build_tree_list (NULL_TREE,
				    build_string (strlen (mode) + 1, mode));
      DECL_ATTRIBUTES (decl) = tree_cons (name, value,
					  DECL_ATTRIBUTES (decl));
    }
}

/* In lto1, before FUN is instrumented: an error when FUN was compiled
   in another mode than the link asks for, once per link (the first
   such function, with its source location).  An error, not a warning:
   the compile and the link ask for two different profiles, and objects
   built with -ffat-lto-objects would make one of either kind, depending
   on how they are linked.  */
void
mip_check_lto_mode (function *fun)
{
  static bool reported;
  if (!in_lto_p || mip_options.mode == 0 || reported)
    return;
  tree attribute = lookup_attribute (MIP_MODE_ATTRIBUTE,
				     DECL_ATTRIBUTES (fun->decl));
  if (!attribute || !TREE_VALUE (attribute)
      || TREE_CODE (TREE_VALUE (TREE_VALUE (attribute))) != STRING_CST)
    return;
  const char *compiled = TREE_STRING_POINTER (TREE_VALUE (TREE_VALUE
							   (attribute)));
  if (strcmp (compiled, mip_options.mode_name) == 0)
    return;
  reported = true;
  error_at (DECL_SOURCE_LOCATION (fun->decl),
	    "mip: %qs was compiled with %<-fplugin-arg-mip-generate=%s%> but"
	    " is linked with %<-fplugin-arg-mip-generate=%s%>; with"
	    " %<-flto%> the link instruments, so give the compile and the"
	    " link the same mode", mip_decl_symbol (fun->decl), compiled,
	    mip_options.mode_name);
}

/* PLUGIN_ALL_IPA_PASSES_START.  */
void
mip_ipa_start (void *, void *)
{
  require_instrumenting_link ();
  record_mode_for_link ();
  if (!ipa_signatures)
    ipa_signatures = new signature_map (64);
  record_signatures ();
  if (mip_options.use_file)
    mip_index_find_unit ();
  if (mip_options.use_file && !mip_options.use_layout_only
      && !mip_options.use_early_counts)
    {
      if (!cold_for_own_body)
	cold_for_own_body = new hash_set<nofree_string_hash>;
      decide_from_profile ();
    }
}

unsigned
mip_ipa_made_cold (void)
{
  return made_cold;
}
