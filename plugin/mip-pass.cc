/* mip-pass.cc - the target-neutral RTL pass: for each function, decide
   whether to instrument it, compute its CFG signature, lay out its raw
   record and ask the target to insert the entry probe.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The pass runs just before "*free_cfg" (see FIELD-NOTES §1): prologue
   and epilogue exist, blocks are in their final order, sched2 and
   regrename are done, and dataflow still works.  Target passes that run
   later (x86 endbr64, patchable entries, aarch64 bti) put their
   instructions ahead of ours, which keeps landing pads first.  */

#include "mip-plugin.h"

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

/* Where the next entry probe goes: after the entry block's note, then
   after each probe already emitted, so probes run in emission order.  */
static rtx_insn *entry_anchor;

void
mip_emit_entry_asm (const char *text, const int *clobbers, int n)
{
  location_t loc = DECL_SOURCE_LOCATION (current_function_decl);
  /* A real location: final crashes on UNKNOWN_LOCATION asm (seen).  */
  rtx body = gen_rtx_ASM_INPUT_loc (VOIDmode, ggc_strdup (text), loc);
  MEM_VOLATILE_P (body) = 1;
  rtx pattern = body;
  if (n > 0)
    {
      rtvec elems = rtvec_alloc (n + 1);
      RTVEC_ELT (elems, 0) = body;
      for (int i = 0; i < n; i++)
	RTVEC_ELT (elems, i + 1)
	  = gen_rtx_CLOBBER (VOIDmode,
			     gen_rtx_REG (reg_raw_mode[clobbers[i]],
					  clobbers[i]));
      pattern = gen_rtx_PARALLEL (VOIDmode, elems);
    }
  entry_anchor = emit_insn_after (pattern, entry_anchor);
  INSN_LOCATION (entry_anchor) = loc;
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

bool
mip_scratch_reg_free_at_entry (function *fun, int regno)
{
  basic_block entry = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  if (regno < 0 || fixed_regs[regno] || global_regs[regno])
    return false;
  if (!crtl->abi->clobbers_full_reg_p (regno))
    return false;
  if (!TEST_HARD_REG_BIT (reg_class_contents[GENERAL_REGS], regno))
    return false;
  return !REGNO_REG_SET_P (df_get_live_in (entry), regno);
}

/* ---- Deciding what to instrument ----------------------------------- */

static bool
function_wants_instrumentation (function *fun)
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

/* ---- CFG signature ------------------------------------------------- */

/* FNV-1a over the blocks in layout order: for each block the number of
   its non-debug insns, their insn codes (-1 for asm and unrecognised
   insns), and the layout positions of its successors.  Debug insns and
   notes are left out, so -g does not change the signature.  */
static uint64_t
compute_cfg_signature (function *fun)
{
  int nblocks = n_basic_blocks_for_fn (fun);
  int *position = XNEWVEC (int, last_basic_block_for_fn (fun));
  int next = 0;
  basic_block bb;

  FOR_EACH_BB_FN (bb, fun)
    position[bb->index] = next++;

  uint64_t hash = mip_hash_u64 (MIP_HASH_INIT, (uint64_t) nblocks);
  FOR_EACH_BB_FN (bb, fun)
    {
      uint64_t count = 0;
      rtx_insn *insn;
      FOR_BB_INSNS (bb, insn)
	if (NONDEBUG_INSN_P (insn))
	  {
	    count++;
	    hash = mip_hash_u64 (hash, (uint64_t) (int64_t) recog_memoized (insn));
	  }
      hash = mip_hash_u64 (hash, count);
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	{
	  uint64_t dest = e->dest == EXIT_BLOCK_PTR_FOR_FN (fun)
			    ? (uint64_t) -1 : (uint64_t) position[e->dest->index];
	  hash = mip_hash_u64 (hash, dest);
	}
      hash = mip_hash_u64 (hash, (uint64_t) -2);	/* End of block.  */
    }
  XDELETEVEC (position);
  return hash;
}

/* ---- The pass ------------------------------------------------------ */

static char *
function_symbol_name (function *fun)
{
  rtx rtl = DECL_RTL (fun->decl);
  const char *name = XSTR (XEXP (rtl, 0), 0);
  return xstrdup (targetm.strip_name_encoding (name));
}

static unsigned int
instrument_function (function *fun)
{
  current_function_index = -1;
  if (!function_wants_instrumentation (fun))
    return 0;

  /* The signature describes the function as compiled, before the pass
     adds anything.  */
  uint64_t signature = compute_cfg_signature (fun);
  basic_block entry = prepare_entry_block (fun);
  entry_anchor = bb_note (entry);
  df_analyze ();

  struct mip_entry_probe probe;
  probe.function_index = unit_functions.length ();
  probe.kinds = mip_target_entry_kinds (fun, mip_options.mode);
  if (probe.kinds == 0)
    return 0;
  probe.layout = mip_record_layout (probe.kinds, 0, 0,
				    (uint32_t) mip_pointer_size ());
  mip_target_instrument_entry (fun, &probe);

  struct mip_function_record record;
  record.symbol = function_symbol_name (fun);
  record.cfg_signature = signature;
  record.kinds = probe.kinds;
  record.layout = probe.layout;
  next_raw_offset = mip_align_up (next_raw_offset, record.layout.align);
  record.raw_offset = next_raw_offset;
  next_raw_offset += record.layout.size;
  record.end_label_emitted = false;
  unit_functions.safe_push (record);
  current_function_index = (int) probe.function_index;
  return 0;
}

/* PLUGIN_ALL_PASSES_END, once per function after final: mark the end of
   the function's code in the section where its symbol lives, so the map
   can give its size as a difference of two labels in one section.  */
void
mip_emit_end_label (void *, void *)
{
  if (current_function_index < 0 || !asm_out_file)
    return;
  unsigned index = (unsigned) current_function_index;
  current_function_index = -1;
  if (!TREE_ASM_WRITTEN (current_function_decl))
    return;
  switch_to_section (function_section (current_function_decl));
  fprintf (asm_out_file, MIP_END_LABEL_FMT ":\n", index);
  unit_functions[index].end_label_emitted = true;
}

namespace {

const pass_data mip_pass_data = {
  RTL_PASS,			/* type */
  "mip",			/* name */
  OPTGROUP_NONE,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  PROP_rtl,			/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0,				/* todo_flags_finish */
};

class mip_pass : public rtl_opt_pass
{
public:
  mip_pass (gcc::context *ctxt) : rtl_opt_pass (mip_pass_data, ctxt) {}
  bool gate (function *) final override { return mip_options.mode != 0; }
  unsigned int execute (function *fun) final override
  {
    return instrument_function (fun);
  }
};

} /* namespace */

void
mip_register_pass (const char *plugin_name)
{
  static struct register_pass_info info;
  info.pass = new mip_pass (g);
  info.reference_pass_name = "*free_cfg";
  info.ref_pass_instance_number = 1;
  info.pos_op = PASS_POS_INSERT_BEFORE;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}
