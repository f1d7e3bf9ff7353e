/* mip-heap.cc - the heap option: every call of an allocation function
   (lib/mip-heap-callees.inc) in a function that gets a record becomes
   an allocation site, sent to libmip's wrapper of that function with
   the address of the site's raw record in the site register.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   In the late pass (mip-pass.cc), after the function's probes, a call
   whose callee is a SYMBOL_REF naming an entry of the table, directly
   or loaded from the GOT (-fno-plt: (mem (mem (const (unspec [SYM]))))),
   never one through a register, is changed from

	call	malloc				# or malloc@PLT, or
						# *malloc@GOTPCREL(%rip)
   to
	leaq	.Lmip.h3(%rip), %rcx		# the target's sequence
   .Lmip.c3:					# (mip_target_heap_site)
	call	__mip_heap_malloc		# hidden: a direct call

   __mip_heap_malloc is a hidden external declaration made here, so the
   call needs neither PLT nor GOT; libmip's wrapper calls malloc and
   counts into the record .Lmip.h3 (mip-emit.cc puts the unit's site
   records after its function records in the raw unit, and describes
   them in .debug_mip_heap).  A call is left alone unless all of this
   is sure to hold: the callee is a public function of that name, the
   call is unconditional, the target can load the site register, and
   the changed call is still an instruction of the target.  */

#include "mip-plugin.h"
#include "ggc.h"
#include "rtl-iter.h"

/* The allocation functions, by MIP_HEAP_CALLEE id.  */
struct heap_callee
{
  uint32_t id;
  const char *symbol;		/* where size_t is 64 bits */
  const char *symbol32;		/* where it is 32 bits */
};

static const struct heap_callee heap_callees[] = {
#define MIP_HEAP_CALLEE(id, symbol, symbol32, role, name) \
  { id, symbol, symbol32 },
#include "mip-heap-callees.inc"
};

/* The unit's sites, in the order of their records.  */
static vec<mip_heap_site> unit_sites;

/* The wrapper declarations made in this unit, by callee id: registered
   as a GC root (a plugin has no gengtype), as they live from one
   function to the next.  */
static tree wrapper_decls[MIP_HEAP_CALLEE_COUNT];

static const struct ggc_root_tab wrapper_roots[] = {
  { &wrapper_decls[0], MIP_HEAP_CALLEE_COUNT, sizeof (wrapper_decls[0]),
    &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

void
mip_heap_init (const char *plugin_name)
{
  gcc_assert (ARRAY_SIZE (heap_callees) == MIP_HEAP_CALLEE_COUNT);
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) wrapper_roots);
}

unsigned
mip_heap_site_count (void)
{
  return unit_sites.length ();
}

const struct mip_heap_site *
mip_heap_site_at (unsigned index)
{
  return &unit_sites[index];
}

/* The callee's assembler name on this target.  */
const char *
mip_heap_callee_symbol (uint32_t callee)
{
  gcc_assert (callee < ARRAY_SIZE (heap_callees));
  return POINTER_SIZE == 64 ? heap_callees[callee].symbol
			    : heap_callees[callee].symbol32;
}

/* The id of the allocation function named NAME (an assembler name, the
   target's encoding stripped), or -1.  */
static int
callee_id (const char *name)
{
  for (size_t i = 0; i < ARRAY_SIZE (heap_callees); i++)
    if (strcmp (name, mip_heap_callee_symbol (heap_callees[i].id)) == 0)
      return (int) heap_callees[i].id;
  return -1;
}

/* ---- Finding the callee ----------------------------------------------- */

/* The only SYMBOL_REF in X, or NULL when X has none or more, or a
   memory reference (a function pointer loaded from a variable).  */
static rtx
only_symbol_in (rtx x)
{
  rtx found = NULL_RTX;
  subrtx_var_iterator::array_type array;
  FOR_EACH_SUBRTX_VAR (iter, array, x, ALL)
    {
      rtx sub = *iter;
      if (MEM_P (sub))
	return NULL_RTX;
      if (GET_CODE (sub) == SYMBOL_REF)
	{
	  if (found)
	    return NULL_RTX;
	  found = sub;
	}
    }
  return found;
}

/* The SYMBOL_REF that the call address ADDRESS (the call's MEM's
   address) calls: the address itself, a CONST or UNSPEC around it, or
   the function's GOT entry, a read-only MEM whose address wraps the
   symbol in an UNSPEC (x86 -fno-plt: (mem (const (unspec [SYM]
   UNSPEC_GOTPCREL))), i386 PIC: (mem (plus (reg) (const (unspec [SYM]
   UNSPEC_GOT))))).  NULL for a call through a register, or a pointer
   loaded from anything but the GOT.  */
static rtx
called_symbol (rtx address)
{
  if (GET_CODE (address) == SYMBOL_REF)
    return address;
  if (GET_CODE (address) == CONST || GET_CODE (address) == UNSPEC)
    return only_symbol_in (address);
  if (!MEM_P (address) || !MEM_READONLY_P (address))
    return NULL_RTX;
  rtx inner = XEXP (address, 0);
  if (GET_CODE (inner) == PLUS && REG_P (XEXP (inner, 0)))
    inner = XEXP (inner, 1);
  if (GET_CODE (inner) == CONST)
    inner = XEXP (inner, 0);
  if (GET_CODE (inner) != UNSPEC)
    return NULL_RTX;
  return only_symbol_in (inner);
}

/* Whether SYMBOL names the public function the library defines: not a
   static function or variable of this unit that happens to have the
   name (the wrapper would call the library's).  */
static bool
library_function_p (rtx symbol)
{
  tree decl = SYMBOL_REF_DECL (symbol);
  if (decl == NULL_TREE)
    return true;		/* a libcall GCC made */
  return (TREE_CODE (decl) == FUNCTION_DECL && TREE_PUBLIC (decl)
	  && !lookup_attribute ("weakref", DECL_ATTRIBUTES (decl)));
}

/* The table id of the allocation function that CALL (a CALL_INSN)
   calls for sure, with the call's MEM in *MEM; -1 when it calls none,
   is conditional (COND_EXEC: the site register would change where the
   call does not run), or its callee is not certain.  */
static int
allocation_callee (rtx_insn *call, rtx *mem)
{
  rtx call_rtx = get_call_rtx_from (call);
  if (call_rtx == NULL_RTX)
    return -1;
  *mem = XEXP (call_rtx, 0);
  rtx symbol = called_symbol (XEXP (*mem, 0));
  if (symbol == NULL_RTX || !library_function_p (symbol))
    return -1;
  return callee_id (targetm.strip_name_encoding (XSTR (symbol, 0)));
}

/* ---- The wrappers ------------------------------------------------------ */

/* The SYMBOL_REF of libmip's wrapper of CALLEE, whose original
   declaration, if any, is ORIGINAL: an external function, hidden, so
   that a call of it is direct (no PLT or GOT).  One per name and unit.
   final writes its `.hidden' when it outputs a call of it (it does so
   for the declaration of every call's SYMBOL_REF).  */
static rtx
wrapper_symbol (uint32_t callee, tree original)
{
  if (wrapper_decls[callee] == NULL_TREE)
    {
      char name[128];
      snprintf (name, sizeof name, "%s%s", MIP_HEAP_WRAPPER_PREFIX,
		mip_heap_callee_symbol (callee));
      tree type = original && TREE_CODE (original) == FUNCTION_DECL
		  ? TREE_TYPE (original)
		  : build_function_type_list (ptr_type_node, NULL_TREE);
      tree decl = build_decl (UNKNOWN_LOCATION, FUNCTION_DECL,
			      get_identifier (name), type);
      DECL_EXTERNAL (decl) = 1;
      TREE_PUBLIC (decl) = 1;
      DECL_ARTIFICIAL (decl) = 1;
      DECL_VISIBILITY (decl) = VISIBILITY_HIDDEN;
      DECL_VISIBILITY_SPECIFIED (decl) = 1;
      make_decl_rtl (decl);
      wrapper_decls[callee] = decl;
    }
  return XEXP (DECL_RTL (wrapper_decls[callee]), 0);
}

/* ---- Sites ------------------------------------------------------------- */

bool
mip_heap_site_register_free (rtx_insn *call, int regno)
{
  if (regno < 0 || fixed_regs[regno] || global_regs[regno])
    return false;
  if (!insn_callee_abi (call).clobbers_full_reg_p (regno))
    return false;
  if (refers_to_regno_p (regno, PATTERN (call)))
    return false;
  for (rtx link = CALL_INSN_FUNCTION_USAGE (call); link;
       link = XEXP (link, 1))
    {
      rtx entry = XEXP (link, 0);
      /* A register the call clobbers anyway is no use of it.  */
      if (GET_CODE (entry) == CLOBBER && REG_P (XEXP (entry, 0)))
	continue;
      if (refers_to_regno_p (regno, entry))
	return false;
    }
  return true;
}

/* Make CALL, a call of allocation function CALLEE through the MEM
   CALL_MEM, site number unit_sites.length () of FUN (record
   FUNCTION_INDEX): the target's sequence before it, and the call sent
   to the wrapper.  False, with nothing changed, when either cannot be
   done.  */
static bool
make_site (function *fun, rtx_insn *call, rtx call_mem, uint32_t callee,
	   unsigned function_index)
{
  unsigned site = unit_sites.length ();
  char text[512];
  int site_reg = -1;
  if (!mip_target_heap_site (fun, call, site, text, sizeof text, &site_reg))
    return false;
  rtx symbol = called_symbol (XEXP (call_mem, 0));
  rtx wrapper = wrapper_symbol (callee, SYMBOL_REF_DECL (symbol));
  /* Re-recognised: a target whose call patterns would not take the
     symbol keeps its call.  */
  if (!validate_change (call, &XEXP (call_mem, 0), wrapper, false))
    return false;
  location_t loc = INSN_HAS_LOCATION (call) ? INSN_LOCATION (call)
					    : DECL_SOURCE_LOCATION (fun->decl);
  mip_emit_asm_before (call, text, loc, &site_reg, 1);
  struct mip_heap_site s = { function_index, callee };
  unit_sites.safe_push (s);
  if (dump_file)
    fprintf (dump_file, ";; mip: heap site %u: insn %d calls %s%s\n", site,
	     INSN_UID (call), MIP_HEAP_WRAPPER_PREFIX,
	     mip_heap_callee_symbol (callee));
  return true;
}

void
mip_heap_instrument_calls (function *fun, unsigned function_index)
{
  if (!mip_options.heap)
    return;
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    {
      if (!CALL_P (insn))
	continue;
      rtx mem;
      int callee = allocation_callee (insn, &mem);
      if (callee < 0)
	continue;
      if (!make_site (fun, insn, mem, (uint32_t) callee, function_index)
	  && dump_file)
	fprintf (dump_file, ";; mip: heap: insn %d calls %s, left alone\n",
		 INSN_UID (insn), mip_heap_callee_symbol (callee));
    }
}
