/* mip-values.cc - value sites: the sizes of the string operations of a
   block-count build, profiled so that profile use can specialize them
   for their most frequent value, as -fprofile-use does with its value
   profiles.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Generate (the first round: no profile used).  Where the early blocks
   are numbered (mip-ipa-blocks.cc, before GCC's "profile" pass, where
   -fprofile-generate adds its value counters), each call of memcpy,
   mempcpy, memmove, memset or bzero whose size is not a constant gets
   a debug bind of an artificial variable to its number, the early
   function's number times 2^20 plus its place among the function's
   value sites:

       # DEBUG __mip_value_site => 1048576
       __builtin_memcpy (dst_4, src_5, n_6);

   GCC copies the bind with the call when it inlines or unrolls it.
   After GCC's last GIMPLE pass, the first call after a bind in its
   block, when it is still such a call, becomes a call of libmip's
   wrapper of the operation (runtime/mip-libmip-values.c) with the address of
   a record of its own in the raw unit as an argument more:

       __builtin_memcpy (dst_4, src_5, n_6);
   ->  __mip_value_memcpy (dst_4, src_5, n_6, &.Lmip.v3);

   which on x86-64 costs one instruction where the call was a tail call
   (the fourth argument register is free at a call of three):

	leaq	.Lmip.v3(%rip), %rcx
	jmp	__mip_value_memcpy

   The wrapper adds the size to the record (struct mip_raw_value_site:
   a one-counter Misra-Gries summary, mip-format.h, then the sum of the
   sizes and the calls) and does the operation.  The binds are removed.
   The records follow the allocation sites in the raw unit;
   .debug_mip_ipa says whose they are (mip-emit.cc).  The second round's
   build, which uses the first round's profile, adds none: it is to
   compile as the use build will.

   Use: a function that matches its early function in the profile
   (use_unit) numbers its calls the same way and gives each the most
   frequent size its records name as -fprofile-use's value profile
   would (HIST_TYPE_TOPN_VALUES, with the count of the early block that
   holds the call as the total).  Then GCC's value transformations turn
   a call whose size was that value at least half the time into a test
   and a call of constant size that GCC expands inline.  The profile's
   count of a size is a lower bound of its frequency, so a site is
   specialized only when the profile proves it.  The average size
   (the records' sums and calls), which -fprofile-use also gives GCC's
   expansion of the call, is left out: GCC 12 then copies inline with
   a loop, and on SQLite that executed more instructions than the C
   library's memcpy saved (guide, 2.7, "Value sites").  */

#include "mip-plugin.h"
#include "mip-profile.h"
#include "tree-ssa-alias.h"
#include "gimple-expr.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "stringpool.h"
#include "tree-pass.h"
#include "ssa.h"
#include "tree-into-ssa.h"
#include "value-prof.h"
#include "fold-const.h"
#include "ggc.h"

/* A site's number in the bind's value: the function's takes the bits
   above these.  */
#define SITE_BITS 20

namespace {

/* The artificial variable the binds set; NULL_TREE until a bind is
   made in this unit.  A GC root (a plugin has no gengtype): it outlives
   the binds of any one function.  */
tree site_var;

const struct ggc_root_tab site_var_roots[] = {
  { &site_var, 1, sizeof (site_var), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

vec<struct mip_value_record> records;

/* The operation of STMT as a value site (MIP_VALUE_*), with its size
   operand in *SIZE, or 0 when it is none: a call of the builtin whose
   arguments are of its types (GCC's own test) and whose size is not a
   constant.  */
unsigned
site_operation (gimple *stmt, tree *size)
{
  if (!is_gimple_call (stmt) || !gimple_call_builtin_p (stmt, BUILT_IN_NORMAL))
    return 0;
  unsigned operation, arg = 2;
  switch (DECL_FUNCTION_CODE (gimple_call_fndecl (stmt)))
    {
    case BUILT_IN_MEMCPY:
      operation = MIP_VALUE_MEMCPY_SIZE;
      break;
    case BUILT_IN_MEMPCPY:
      operation = MIP_VALUE_MEMPCPY_SIZE;
      break;
    case BUILT_IN_MEMMOVE:
      operation = MIP_VALUE_MEMMOVE_SIZE;
      break;
    case BUILT_IN_MEMSET:
      operation = MIP_VALUE_MEMSET_SIZE;
      break;
    case BUILT_IN_BZERO:
      operation = MIP_VALUE_BZERO_SIZE;
      arg = 1;
      break;
    default:
      return 0;
    }
  if (gimple_call_num_args (stmt) <= arg)
    return 0;
  tree value = gimple_call_arg (stmt, arg);
  if (TREE_CODE (value) == INTEGER_CST
      || !INTEGRAL_TYPE_P (TREE_TYPE (value)))
    return 0;
  *size = value;
  return operation;
}

tree
site_variable (void)
{
  if (site_var == NULL_TREE)
    site_var = mip_bind_variable ("__mip_value_site");
  return site_var;
}

bool
is_site_bind (gimple *stmt)
{
  return site_var != NULL_TREE && gimple_debug_bind_p (stmt)
	 && gimple_debug_bind_get_var (stmt) == site_var;
}

/* Make DECL a hidden external declaration of libmip's or the unit's
   assembly: GCC addresses it PC-relative, never through the GOT or the
   PLT.  */
void
make_hidden_external (tree decl)
{
  TREE_PUBLIC (decl) = 1;
  DECL_EXTERNAL (decl) = 1;
  DECL_ARTIFICIAL (decl) = 1;
  DECL_VISIBILITY (decl) = VISIBILITY_HIDDEN;
  DECL_VISIBILITY_SPECIFIED (decl) = 1;
}

/* The record of number N, as a hidden external array of four u64 whose
   assembler name is its label (MIP_VALUE_RECORD_LABEL_FMT): GCC
   addresses it as it would a hidden variable, PC-relative where the
   code is position-independent.  */
tree
record_decl (unsigned n)
{
  char name[40];
  snprintf (name, sizeof name, "*" MIP_VALUE_RECORD_LABEL_FMT, n);
  tree type = build_array_type_nelts (long_long_unsigned_type_node, 4);
  tree decl = build_decl (UNKNOWN_LOCATION, VAR_DECL,
			  get_identifier (name + 1), type);
  make_hidden_external (decl);
  DECL_IGNORED_P (decl) = 1;
  SET_DECL_ASSEMBLER_NAME (decl, get_identifier (name));
  return decl;
}

/* The wrapper of OPERATION in libmip (runtime/mip-libmip-values.c): the
   operation's own parameters and the record's address.  Made once per
   operation in the unit (a GC root, as they live from one function to
   the next).  */
tree wrappers[MIP_VALUE_OPERATION_MAX + 1];

const struct ggc_root_tab wrapper_roots[] = {
  { &wrappers[0], MIP_VALUE_OPERATION_MAX + 1, sizeof (wrappers[0]),
    &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

tree
wrapper_decl (unsigned operation)
{
  static const char *const names[MIP_VALUE_OPERATION_MAX + 1] = {
    NULL, "memcpy", "mempcpy", "memmove", "memset", "bzero"
  };
  if (wrappers[operation])
    return wrappers[operation];
  tree type;
  if (operation == MIP_VALUE_MEMSET_SIZE)
    type = build_function_type_list (ptr_type_node, ptr_type_node,
				     integer_type_node, size_type_node,
				     ptr_type_node, NULL_TREE);
  else if (operation == MIP_VALUE_BZERO_SIZE)
    type = build_function_type_list (void_type_node, ptr_type_node,
				     size_type_node, ptr_type_node,
				     NULL_TREE);
  else
    type = build_function_type_list (ptr_type_node, ptr_type_node,
				     const_ptr_type_node, size_type_node,
				     ptr_type_node, NULL_TREE);
  char name[40];
  snprintf (name, sizeof name, MIP_VALUE_WRAPPER_PREFIX "%s",
	    names[operation]);
  tree decl = build_fn_decl (name, type);
  make_hidden_external (decl);
  TREE_NOTHROW (decl) = 1;
  wrappers[operation] = decl;
  return decl;
}

/* Make the call at *GSI, of OPERATION, a call of its wrapper with the
   record of a new site (see the top of the file).  */
void
instrument_site (gimple_stmt_iterator *gsi, uint64_t number,
		 unsigned operation)
{
  struct mip_value_record r;
  r.ipa_function = (uint32_t) (number >> SITE_BITS);
  r.site = (uint32_t) (number & ((1u << SITE_BITS) - 1));
  r.operation = operation;
  if (r.ipa_function >= mip_early_function_count ())
    return;
  tree record = record_decl (records.length ());
  records.safe_push (r);
  TREE_ADDRESSABLE (record) = 1;
  gcall *call = as_a <gcall *> (gsi_stmt (*gsi));
  unsigned n = gimple_call_num_args (call);
  auto_vec<tree> args (n + 1);
  for (unsigned i = 0; i < n; i++)
    args.quick_push (gimple_call_arg (call, i));
  args.quick_push (build_fold_addr_expr (record));
  gcall *wrapped = gimple_build_call_vec (wrapper_decl (operation), args);
  gimple_call_set_lhs (wrapped, gimple_call_lhs (call));
  gimple_call_set_tail (wrapped, gimple_call_tail_p (call));
  gimple_set_location (wrapped, gimple_location (call));
  gimple_set_block (wrapped, gimple_block (call));
  gimple_move_vops (wrapped, call);
  gsi_replace (gsi, wrapped, false);
}

/* After GCC's last GIMPLE pass: instrument every call right after its
   site bind, and remove the binds.  */
unsigned
instrument_function (function *fun)
{
  bool changed = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      bool pending = false;
      uint64_t number = 0;
      gimple_stmt_iterator gsi = gsi_start_bb (bb);
      while (!gsi_end_p (gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (is_site_bind (stmt))
	    {
	      tree value = gimple_debug_bind_get_value (stmt);
	      pending = value && TREE_CODE (value) == INTEGER_CST;
	      if (pending)
		number = TREE_INT_CST_LOW (value);
	      gsi_remove (&gsi, true);
	      continue;
	    }
	  if (is_gimple_call (stmt))
	    {
	      tree size;
	      unsigned operation = pending ? site_operation (stmt, &size) : 0;
	      if (operation)
		{
		  instrument_site (&gsi, number, operation);
		  changed = true;
		}
	      pending = false;
	    }
	  gsi_next (&gsi);
	}
    }
  if (changed)
    cgraph_edge::rebuild_edges ();
  return 0;
}

const pass_data values_pass_data = {
  GIMPLE_PASS, "mip-values", OPTGROUP_NONE, TV_NONE,
  PROP_cfg | PROP_ssa, 0, 0, 0, 0
};

class values_pass : public gimple_opt_pass
{
public:
  values_pass (gcc::context *ctxt)
    : gimple_opt_pass (values_pass_data, ctxt)
  {}
  unsigned int execute (function *fun) final override
  {
    if (site_var == NULL_TREE)
      return 0;
    return instrument_function (fun);
  }
};

/* What the profile says of one value site, over all its records (one
   per copy of the statement, neighbours in the profile).  */
struct site_profile
{
  uint64_t value;		/* the candidate with the largest count */
  uint64_t count;		/* a lower bound of the times it was taken */
  uint64_t size_sum;		/* the sizes added */
  uint64_t calls;		/* how many there were */
};

/* The count of CANDIDATE over the records [BEGIN, END) of PROFILE.  */
uint64_t
candidate_count (const struct mip_profile *profile, uint32_t begin,
		 uint32_t end, unsigned operation, uint64_t candidate)
{
  uint64_t total = 0;
  for (uint32_t j = begin; j < end; j++)
    {
      const struct mip_profile_value_site *s = &profile->value_sites[j];
      for (uint32_t m = 0; s->operation == operation && m < s->value_count;
	   m++)
	{
	  const struct mip_profile_value *pair
	    = &profile->values[s->value_begin + m];
	  if (pair->value == candidate)
	    total = mip_saturating_add (total, pair->count);
	}
    }
  return total;
}

/* Site SITE of early function FUNCTION in PROFILE, into *OUT: the
   values of its records added, the one with the largest count (ties:
   the smaller value) with its count, and the sums of the sizes and
   calls; all 0 when the profile has no record of it.  */
void
site_summary (const struct mip_profile *profile, uint32_t function,
	      uint32_t site, unsigned operation, struct site_profile *out)
{
  const struct mip_profile_value_site *sites = profile->value_sites;
  uint32_t begin = 0, end, n = profile->header.value_site_count;

  memset (out, 0, sizeof *out);
  while (begin < n && (sites[begin].ipa_function != function
		       || sites[begin].site != site))
    begin++;
  for (end = begin; end < n && sites[end].ipa_function == function
		    && sites[end].site == site; end++)
    ;
  for (uint32_t i = begin; i < end; i++)
    {
      if (sites[i].operation != operation)
	continue;
      out->size_sum = mip_saturating_add (out->size_sum, sites[i].size_sum);
      out->calls = mip_saturating_add (out->calls, sites[i].calls);
      for (uint32_t k = 0; k < sites[i].value_count; k++)
	{
	  uint64_t candidate = profile->values[sites[i].value_begin + k].value;
	  uint64_t total = candidate_count (profile, begin, end, operation,
					    candidate);
	  if (total > out->count
	      || (total == out->count && candidate < out->value))
	    {
	      out->value = candidate;
	      out->count = total;
	    }
	}
    }
}

/* A gcov_type of COUNT, which GCC's arithmetic on counts can take.  */
gcov_type
gcov_count (uint64_t count)
{
  return (gcov_type) MIN (count, (uint64_t) INTTYPE_MAXIMUM (gcov_type) / 2);
}

/* Give STMT, a value site in BB, GCC's histogram of its most frequent
   value: P's value, taken at least P's count times of the block's
   count.  */
bool
attach_most_frequent (function *fun, gimple *stmt, tree size, basic_block bb,
		      const struct site_profile *p)
{
  profile_count total = bb->count.ipa ();
  if (p->count == 0 || !total.initialized_p ()
      || !(total > profile_count::zero ()))
    return false;
  gcov_type all = total.to_gcov_type ();
  histogram_value h = gimple_alloc_histogram_value (fun, HIST_TYPE_TOPN_VALUES,
						    stmt, size);
  h->n_counters = 4;
  h->hvalue.counters = XNEWVEC (gcov_type, 4);
  h->hvalue.counters[0] = all;
  h->hvalue.counters[1] = 1;
  h->hvalue.counters[2] = (gcov_type) p->value;
  h->hvalue.counters[3] = MIN (gcov_count (p->count), all);
  gimple_add_histogram_value (fun, stmt, h);
  return true;
}

} // namespace

/* Whether the generate build profiles the value sites: the first round
   of the block-count mode, unless -fno-profile-values says not to.  */
static bool
wants_value_sites (void)
{
  return (mip_options.mode & MIP_KIND_BLOCK_COUNT) && !mip_options.use_file
	 && !(global_options_set.x_flag_profile_values
	      && !flag_profile_values);
}

unsigned
mip_values_mark (function *fun, unsigned function)
{
  if (!wants_value_sites ())
    return 0;
  unsigned k = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	tree size;
	if (!site_operation (gsi_stmt (gsi), &size)
	    || k >= (1u << SITE_BITS))
	  continue;
	tree value = build_int_cst (long_long_unsigned_type_node,
				    ((HOST_WIDE_INT) function << SITE_BITS)
				    + k);
	gimple *bind = gimple_build_debug_bind (site_variable (), value,
						gsi_stmt (gsi));
	gsi_insert_before (&gsi, bind, GSI_SAME_STMT);
	k++;
      }
  return k;
}

void
mip_values_register (const char *plugin_name)
{
  if (!wants_value_sites ())
    return;
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) site_var_roots);
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) wrapper_roots);
  mip_register_pass (plugin_name, new values_pass (g), "optimized",
		     PASS_POS_INSERT_AFTER);
}

void
mip_values_use (function *fun, const struct mip_profile *profile,
		uint32_t early_function)
{
  if (!flag_value_profile_transformations
      || profile->header.value_site_count == 0)
    return;
  uint32_t k = 0;
  auto_vec<gimple *> specialized;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	tree size;
	gimple *stmt = gsi_stmt (gsi);
	unsigned operation = site_operation (stmt, &size);
	if (!operation)
	  continue;
	struct site_profile p;
	site_summary (profile, early_function, k++, operation, &p);
	if (attach_most_frequent (fun, stmt, size, bb, &p))
	  specialized.safe_push (stmt);
      }
  if (specialized.is_empty ())
    return;
  if (gimple_value_profile_transformations ())
    {
      mark_virtual_operands_for_renaming (fun);
      update_ssa (TODO_update_ssa);
    }
  /* No later pass reads the histograms of the calls left as they
     were.  */
  for (gimple *stmt : specialized)
    {
      histogram_value h
	= gimple_histogram_value_of_type (fun, stmt, HIST_TYPE_TOPN_VALUES);
      if (h)
	gimple_remove_histogram_value (fun, stmt, h);
    }
  free_dominance_info (CDI_DOMINATORS);
  free_dominance_info (CDI_POST_DOMINATORS);
}

unsigned
mip_value_record_count (void)
{
  return records.length ();
}

const struct mip_value_record *
mip_value_record_at (unsigned index)
{
  return &records[index];
}
