/* mip-pass.cc - the target-neutral passes: for each function, decide
   whether to instrument it, plan its blocks, lay out its raw record and
   ask the target for the probes; after final, note where its code ends.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Three small RTL passes:
     mip-early   before "bbpart": CFG signature and early block numbers
		 (mip-signature.cc);
     mip         before "*free_cfg" (FIELD-NOTES §1): prologue and
		 epilogue exist, blocks are in their final order, sched2
		 and regrename are done, dataflow still works; target passes
		 that run later (x86 endbr64, patchable entries, aarch64 bti)
		 put their instructions ahead of ours, which keeps landing
		 pads first; with the heap option it also sends the calls
		 of allocation functions to libmip's wrappers (mip-heap.cc);
     mip-final   after "final": the labels that end the function's code
		 parts, for the sizes in the map.  */

#include "mip-plugin.h"
#include "mip-blocks.h"

static vec<mip_function_record> unit_functions;
static uint32_t next_raw_offset = sizeof (struct mip_raw_unit);
/* Index of the function being compiled if the pass instrumented it.  */
static int current_function_index = -1;

unsigned
mip_function_count (void)
{
  return unit_functions.length ();
}

const struct mip_function_record *
mip_function_at (unsigned index)
{
  return &unit_functions[index];
}

/* ---- Helpers for the target files ---------------------------------- */

/* Where the next entry probe goes: after the entry block's label, then
   after each probe already emitted, so probes run in emission order.  */
static rtx_insn *entry_anchor;

/* A volatile asm insn for TEXT at LOC that clobbers the N hard
   registers in CLOBBERS.  */
static rtx
asm_pattern (const char *text, location_t loc, const int *clobbers, int n)
{
  rtx body = gen_rtx_ASM_INPUT_loc (VOIDmode, ggc_strdup (text), loc);
  MEM_VOLATILE_P (body) = 1;
  if (n == 0)
    return body;
  rtvec elems = rtvec_alloc (n + 1);
  RTVEC_ELT (elems, 0) = body;
  for (int i = 0; i < n; i++)
    RTVEC_ELT (elems, i + 1)
      = gen_rtx_CLOBBER (VOIDmode,
			 gen_rtx_REG (reg_raw_mode[clobbers[i]], clobbers[i]));
  return gen_rtx_PARALLEL (VOIDmode, elems);
}

/* Emit TEXT after WHERE at source location LOC, which must be a real
   one: final crashes on an asm at UNKNOWN_LOCATION (seen).  */
static rtx_insn *
emit_asm_after (rtx_insn *where, const char *text, location_t loc,
		const int *clobbers, int n)
{
  rtx_insn *insn = emit_insn_after (asm_pattern (text, loc, clobbers, n),
				    where);
  INSN_LOCATION (insn) = loc;
  return insn;
}

rtx_insn *
mip_emit_asm_after (rtx_insn *where, const char *text, location_t loc,
		    const int *clobbers, int n)
{
  return emit_asm_after (where, text, loc, clobbers, n);
}

rtx_insn *
mip_emit_asm_before (rtx_insn *where, const char *text, location_t loc,
		     const int *clobbers, int n)
{
  rtx_insn *insn = emit_insn_before (asm_pattern (text, loc, clobbers, n),
				     where);
  INSN_LOCATION (insn) = loc;
  return insn;
}

void
mip_asm_init (struct mip_asm_text *t)
{
  t->len = 0;
  t->buf[0] = '\0';
  t->label = 1;
}

void
mip_asm_append (struct mip_asm_text *t, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  if (t->len < sizeof t->buf)
    {
      int n = vsnprintf (t->buf + t->len, sizeof t->buf - t->len, format, ap);
      if (n > 0)
	t->len += (size_t) n;
    }
  va_end (ap);
  /* A probe's text is a few hundred bytes; more is a bug.  */
  gcc_assert (t->len < sizeof t->buf);
}

rtx_insn *
mip_emit_entry_asm (const char *text, const int *clobbers, int n)
{
  entry_anchor = emit_asm_after (entry_anchor, text,
				 DECL_SOURCE_LOCATION (current_function_decl),
				 clobbers, n);
  return entry_anchor;
}

void
mip_replace_asm_text (rtx_insn *insn, const char *text)
{
  rtx body = PATTERN (insn);
  if (GET_CODE (body) == PARALLEL)
    body = XVECEXP (body, 0, 0);
  gcc_assert (GET_CODE (body) == ASM_INPUT);
  XSTR (body, 0) = ggc_strdup (text);
}

/* The location of BB's first insn that has one, else the function's: a
   block's label and probe then start the line-table entry of the block's
   own first line (a cold part would otherwise begin with the line of
   whatever precedes it in its section).  */
static location_t
block_location (basic_block bb)
{
  rtx_insn *insn;
  FOR_BB_INSNS (bb, insn)
    if (NONDEBUG_INSN_P (insn) && INSN_HAS_LOCATION (insn))
      return INSN_LOCATION (insn);
  return DECL_SOURCE_LOCATION (current_function_decl);
}

static bool
scratch_reg_usable (int regno)
{
  if (regno < 0 || fixed_regs[regno] || global_regs[regno])
    return false;
  if (!crtl->abi->clobbers_full_reg_p (regno))
    return false;
  return TEST_HARD_REG_BIT (reg_class_contents[GENERAL_REGS], regno);
}

bool
mip_scratch_reg_free_at_entry (function *fun, int regno)
{
  basic_block entry = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  return scratch_reg_usable (regno)
	 && !REGNO_REG_SET_P (df_get_live_in (entry), regno);
}

bool
mip_scratch_reg_free_in_block (basic_block bb, int regno)
{
  /* Only call-clobbered registers: a block may run before the prologue
     (shrink-wrapping) has saved the callee-saved ones.  */
  return scratch_reg_usable (regno)
	 && !REGNO_REG_SET_P (df_get_live_in (bb), regno);
}

/* ---- Deciding what to instrument ----------------------------------- */

bool
mip_function_wants_instrumentation (function *fun)
{
  tree decl = fun->decl;
  /* The attribute, not DECL_NO_INSTRUMENT_FUNCTION_ENTRY_EXIT: GCC sets
     that flag on every function once it has gimplified it.  */
  if (lookup_attribute ("no_instrument_function", DECL_ATTRIBUTES (decl)))
    return false;
  if (lookup_attribute ("naked", DECL_ATTRIBUTES (decl)))
    return false;		/* No prologue: nothing may be added.  */
  if (!single_succ_p (ENTRY_BLOCK_PTR_FOR_FN (fun)))
    return false;
  return !mip_target_skip_function (fun);
}

/* The block that runs exactly once per call.  When the first block is
   also a branch target (a loop at the very start of a function whose
   prologue was shrink-wrapped away), a probe there would run on every
   iteration: give the entry edge a block of its own.  */
static basic_block
prepare_entry_block (function *fun)
{
  edge entry_edge = single_succ_edge (ENTRY_BLOCK_PTR_FOR_FN (fun));
  basic_block first = entry_edge->dest;
  if (single_pred_p (first))
    return first;
  return split_edge (entry_edge);
}

static char *
function_symbol_name (function *fun)
{
  rtx rtl = DECL_RTL (fun->decl);
  const char *name = XSTR (XEXP (rtl, 0), 0);
  return xstrdup (targetm.strip_name_encoding (name));
}

/* ---- Blocks -------------------------------------------------------- */

/* The map's flags of edge E.  */
static uint32_t
map_edge_flags (edge e)
{
  uint32_t flags = 0;
  if (e->flags & EDGE_FALLTHRU)
    flags |= MIP_EDGE_FALLTHROUGH;
  if (e->flags & (EDGE_ABNORMAL | EDGE_EH))
    flags |= MIP_EDGE_ABNORMAL;
  return flags;
}

/* The edges between the plan's blocks, block by block in layout order
   (edges to EXIT are left out: the block's MIP_BLOCK_EXIT says it may
   leave).  */
static void
copy_block_edges (const struct mip_block_plan *plan,
		  struct mip_function_record *record)
{
  hash_map<int_hash<int, -1, -2>, unsigned> index_of;
  unsigned total = 0;
  for (unsigned k = 0; k < plan->count; k++)
    {
      index_of.put (plan->blocks[k]->index, k);
      total += EDGE_COUNT (plan->blocks[k]->succs);
    }
  record->edges = XNEWVEC (struct mip_map_edge, total ? total : 1);
  record->edge_count = 0;
  for (unsigned k = 0; k < plan->count; k++)
    {
      struct mip_block_record *b = &record->blocks[k];
      edge e;
      edge_iterator ei;
      b->edge_begin = record->edge_count;
      FOR_EACH_EDGE (e, ei, plan->blocks[k]->succs)
	{
	  unsigned *target = index_of.get (e->dest->index);
	  if (!target)
	    continue;
	  struct mip_map_edge *out = &record->edges[record->edge_count++];
	  out->target = *target;
	  out->flags = map_edge_flags (e);
	}
      b->edge_count = record->edge_count - b->edge_begin;
    }
}

static void
copy_block_plan (const struct mip_block_plan *plan, function *fun,
		 struct mip_function_record *record)
{
  basic_block entry = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  record->block_count = plan->count;
  record->blocks = XNEWVEC (struct mip_block_record, plan->count);
  for (unsigned k = 0; k < plan->count; k++)
    {
      struct mip_block_record *b = &record->blocks[k];
      b->id = mip_early_block_id (fun, plan->blocks[k]);
      mip_ipa_blocks_note_block (k, plan->blocks[k]);
      b->probe = plan->probe[k];
      b->infer_begin = plan->infer_begin[k];
      b->infer_count = plan->infer_count[k];
      b->flags = plan->flags[k];
      b->other_part = BB_PARTITION (plan->blocks[k]) != BB_PARTITION (entry);
    }
  record->infer_count = plan->infer_length;
  record->infer = plan->infer;
  record->probe_count = plan->probe_count;
  copy_block_edges (plan, record);
}

/* Put a label, and a probe where the plan has one, at the start of every
   block: the labels give the map each block's offset.  */
static void
instrument_blocks (function *fun, const struct mip_block_plan *plan,
		   const struct mip_entry_probe *probe)
{
  basic_block entry = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  for (unsigned k = 0; k < plan->count; k++)
    {
      basic_block bb = plan->blocks[k];
      char text[1024];		/* ARM: an atomic counter that saves
				   registers takes some 600 */
      int clobbers[4];
      int n = 0;
      int len = snprintf (text, sizeof text, MIP_BLOCK_LABEL_FMT ":",
			  probe->function_index, k);
      if (plan->probe[k] != MIP_NO_PROBE)
	{
	  text[len++] = '\n';
	  text[len++] = '\t';
	  if (probe->kinds & MIP_KIND_BLOCK_COUNT)
	    mip_target_count_probe (fun, bb, probe,
				    probe->layout.counters_offset
				    + 8 * plan->probe[k],
				    text + len, sizeof text - len, clobbers,
				    &n);
	  else
	    mip_target_block_probe (fun, bb, probe,
				    probe->layout.blocks_offset
				    + plan->probe[k],
				    text + len, sizeof text - len, clobbers,
				    &n);
	}
      location_t loc = bb == entry ? DECL_SOURCE_LOCATION (fun->decl)
				   : block_location (bb);
      rtx_insn *label = emit_asm_after (bb_note (bb), text, loc, clobbers, n);
      if (bb == entry)
	entry_anchor = label;
    }
}

/* ---- The instrumentation pass -------------------------------------- */

/* What the map measures FUN's code from: SYMBOL where it resolves to the
   first instruction, else a label put there, in front of the probes
   already emitted (block ENTRY holds the function's first insn).  */
static char *
code_start_label (function *fun, basic_block entry, unsigned index,
		  const char *symbol)
{
  if (mip_target_symbol_is_code_address (fun))
    return xstrdup (symbol);
  char label[64];
  snprintf (label, sizeof label, MIP_START_LABEL_FMT, index);
  char text[80];
  snprintf (text, sizeof text, "%s:", label);
  emit_asm_after (bb_note (entry), text, DECL_SOURCE_LOCATION (fun->decl),
		  NULL, 0);
  return xstrdup (label);
}

static uint32_t
kinds_for_function (function *fun)
{
  uint32_t kinds = mip_target_entry_kinds (fun, mip_options.mode);
  /* Block counts follow from the calls: without them (no scratch or
     flags free at entry), the function records block coverage.  */
  if ((kinds & MIP_KIND_BLOCK_COUNT) && !(kinds & MIP_KIND_CALL_COUNT))
    kinds = (kinds & ~MIP_KIND_BLOCK_COUNT) | MIP_KIND_BLOCK_COVERAGE;
  /* Block coverage needs to know that the function ran.  */
  if ((kinds & MIP_KIND_BLOCK_COVERAGE)
      && !(kinds & (MIP_KIND_CALL_COUNT | MIP_KIND_FUNCTION_COVERAGE)))
    kinds |= MIP_KIND_FUNCTION_COVERAGE;
  return kinds;
}

static unsigned int
instrument_function (function *fun)
{
  current_function_index = -1;
  mip_check_lto_mode (fun);
  if (!mip_function_wants_instrumentation (fun))
    return 0;

  /* The signature describes the function before the profile could have
     changed it (see mip-signature.cc).  */
  uint64_t signature;
  if (!mip_have_early_signature (fun, &signature))
    signature = mip_cfg_signature (fun);
  if (mip_options.use_file)
    {
      char *symbol = function_symbol_name (fun);
      mip_use_function (fun, symbol, signature);
      free (symbol);
    }
  if (mip_options.mode == 0)
    return 0;
  basic_block entry = prepare_entry_block (fun);
  entry_anchor = bb_note (entry);
  df_analyze ();

  struct mip_entry_probe probe;
  probe.function_index = unit_functions.length ();
  probe.kinds = kinds_for_function (fun);
  if (probe.kinds == 0)
    return 0;

  struct mip_block_plan plan;
  memset (&plan, 0, sizeof plan);
  if (probe.kinds & MIP_KIND_BLOCK_COUNT)
    mip_plan_counters (fun, &plan);
  else if (probe.kinds & MIP_KIND_BLOCK_COVERAGE)
    {
      if (mip_options.probe_all_blocks)
	mip_plan_blocks_all (fun, &plan);
      else
	mip_plan_blocks (fun, &plan);
    }
  probe.caller_slots = (probe.kinds & MIP_KIND_CALLERS) ? 1 : 0;
  probe.layout = mip_record_layout (probe.kinds, plan.probe_count,
				    probe.caller_slots,
				    (uint32_t) mip_pointer_size ());
  probe.raw_offset = mip_align_up (next_raw_offset, probe.layout.align);
  if (probe.kinds & MIP_KIND_BLOCKS)
    instrument_blocks (fun, &plan, &probe);
  mip_target_instrument_entry (fun, &probe);
  mip_heap_instrument_calls (fun, probe.function_index);

  struct mip_function_record record;
  memset (&record, 0, sizeof record);
  record.symbol = function_symbol_name (fun);
  record.code_start = code_start_label (fun, entry, probe.function_index,
					record.symbol);
  record.cfg_signature = signature;
  record.ipa_signature = mip_ipa_signature (record.symbol);
  record.kinds = probe.kinds;
  record.layout = probe.layout;
  record.caller_slots = probe.caller_slots;
  if (probe.kinds & MIP_KIND_BLOCKS)
    copy_block_plan (&plan, fun, &record);
  XDELETEVEC (plan.blocks);
  XDELETEVEC (plan.probe);
  XDELETEVEC (plan.flags);
  XDELETEVEC (plan.infer_begin);
  XDELETEVEC (plan.infer_count);
  record.raw_offset = probe.raw_offset;
  next_raw_offset = record.raw_offset + record.layout.size;
  unit_functions.safe_push (record);
  current_function_index = (int) probe.function_index;
  return 0;
}

/* ---- After final --------------------------------------------------- */

static char *
label_name (const char *label)
{
  return xstrdup (label[0] == '*' ? label + 1 : label);
}

/* Mark the end of the function's code in the section where its symbol
   lives, so the map can give its size as a difference of two labels in
   one section; with hot/cold partitioning, use GCC's own labels around
   the other part (the labels of the hot part when the entry is cold are
   not in the section of its code, so that part is left undescribed).  */
static unsigned int
note_function_end (function *)
{
  if (current_function_index < 0)
    return 0;
  struct mip_function_record *f = &unit_functions[current_function_index];
  current_function_index = -1;
  if (crtl->has_bb_partition && first_function_block_is_cold)
    {
      f->end_label = label_name (crtl->subsections.cold_section_end_label);
      return 0;
    }
  switch_to_section (function_section (current_function_decl));
  char label[64];
  snprintf (label, sizeof label, MIP_END_LABEL_FMT,
	    (unsigned) (f - unit_functions.address ()));
  fprintf (asm_out_file, "%s:\n", label);
  f->end_label = xstrdup (label);
  if (crtl->has_bb_partition)
    {
      f->other_start_label = label_name (crtl->subsections.cold_section_label);
      f->other_end_label
	= label_name (crtl->subsections.cold_section_end_label);
    }
  return 0;
}

namespace {

const pass_data early_pass_data = {
  RTL_PASS, "mip-early", OPTGROUP_NONE, TV_NONE, PROP_rtl, 0, 0, 0, 0
};

class early_pass : public rtl_opt_pass
{
public:
  early_pass (gcc::context *ctxt) : rtl_opt_pass (early_pass_data, ctxt) {}
  bool gate (function *) final override
  {
    return mip_options.mode != 0 || mip_options.use_file != NULL;
  }
  unsigned int execute (function *fun) final override
  {
    mip_number_early_blocks (fun);
    if (mip_options.use_file && mip_function_wants_instrumentation (fun))
      {
	uint64_t signature;
	mip_have_early_signature (fun, &signature);
	char *symbol = function_symbol_name (fun);
	mip_use_blocks (fun, symbol, signature);
	free (symbol);
      }
    return 0;
  }
};

const pass_data instrument_pass_data = {
  RTL_PASS, "mip", OPTGROUP_NONE, TV_NONE, PROP_rtl, 0, 0, 0, 0
};

class instrument_pass : public rtl_opt_pass
{
public:
  instrument_pass (gcc::context *ctxt)
    : rtl_opt_pass (instrument_pass_data, ctxt) {}
  bool gate (function *) final override
  {
    return mip_options.mode != 0 || mip_options.use_file != NULL;
  }
  unsigned int execute (function *fun) final override
  {
    return instrument_function (fun);
  }
};

const pass_data final_pass_data = {
  RTL_PASS, "mip-final", OPTGROUP_NONE, TV_NONE, 0, 0, 0, 0, 0
};

class final_pass : public rtl_opt_pass
{
public:
  final_pass (gcc::context *ctxt) : rtl_opt_pass (final_pass_data, ctxt) {}
  bool gate (function *) final override { return mip_options.mode != 0; }
  unsigned int execute (function *fun) final override
  {
    return note_function_end (fun);
  }
};

} /* namespace */

void
mip_register_pass (const char *plugin_name, opt_pass *pass,
		   const char *reference, enum pass_positioning_ops where)
{
  struct register_pass_info info;
  info.pass = pass;
  info.reference_pass_name = reference;
  info.ref_pass_instance_number = 1;
  info.pos_op = where;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}

void
mip_register_passes (const char *plugin_name)
{
  mip_register_pass (plugin_name, new early_pass (g), "bbpart",
		     PASS_POS_INSERT_BEFORE);
  if (mip_options.use_early_counts
      && !(mip_options.mode & MIP_KIND_BLOCK_COUNT))
    mip_use_counts_register_passes (plugin_name);
  mip_register_pass (plugin_name, new instrument_pass (g), "*free_cfg",
		     PASS_POS_INSERT_BEFORE);
  mip_register_pass (plugin_name, new final_pass (g), "final",
		     PASS_POS_INSERT_AFTER);
  mip_target_register_passes (plugin_name);
}
