/* mip-target.h - the contract between the target-neutral pass and the one
   target file linked into the plugin (mip-x86.cc, mip-none.cc, ...).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Each hook's comment says when the pass calls it.  A target file defines
   every function below; exactly one target file is linked into mip.so,
   chosen by configure from the compiler's target.  */

#ifndef MIP_TARGET_H
#define MIP_TARGET_H

#include "mip-gcc-compat.h"
#include "mip-format.h"

/* What the pass tells a target about one function's record.  */
struct mip_entry_probe
{
  unsigned function_index;      /* numbers the .Lmip labels of this unit */
  uint32_t kinds;               /* MIP_KIND_* the record has */
  struct mip_record_layout layout;
  uint32_t caller_slots;
  uint32_t raw_offset;          /* of the record from its raw unit's start,
				   which is 8-aligned at run time: the
				   record's address modulo 8 */
};

/* Name of the raw record's label of function INDEX, e.g. ".Lmip.r3"; the
   target's instruction sequences address record fields through it.  */
#define MIP_RECORD_LABEL_FMT ".Lmip.r%u"
/* The runtime's shared borrow path of the full mode's entry probe
   (x86-64, i386, AArch64, ARM state, Thumb-2): the first call, a wrap,
   or a caller sample every 256th call.  On AArch64 it goes on to the
   runtime's __mip_first_call for the first call; no probe calls that
   directly any more.  */
#define MIP_COUNT_BORROW_HELPER "__mip_count_borrow"
/* Its entry for Thumb-1 probes, which cannot pop lr: Thumb-1 code that
   pops the probe's two words itself and puts lr back.  */
#define MIP_COUNT_BORROW_THUMB1_HELPER "__mip_count_borrow_thumb1"
/* Called by the target each time it emits a call of
   MIP_COUNT_BORROW_HELPER (or of its Thumb-1 entry), which may sample
   the function's callers: the unit then gives the caller sample table
   room for them (mip-emit.cc).  */
void mip_note_sampled_function (void);
/* Name of the label that ends function INDEX's code.  */
#define MIP_END_LABEL_FMT ".Lmip.e%u"
/* Name of the label at the start of block K of function INDEX.  */
#define MIP_BLOCK_LABEL_FMT ".Lmip.b%u.%u"
/* Name of the label at the first byte of function INDEX's code, where
   the symbol's value is not that byte's address
   (mip_target_symbol_is_code_address).  */
#define MIP_START_LABEL_FMT ".Lmip.s%u"

/* Names of the labels of the unit's allocation site N (the heap
   option): at its raw record, and at its call instruction.  */
#define MIP_HEAP_RECORD_LABEL_FMT ".Lmip.h%u"
/* A value site's record (mip-values.cc).  */
#define MIP_VALUE_RECORD_LABEL_FMT ".Lmip.v%u"
#define MIP_HEAP_CALL_LABEL_FMT ".Lmip.c%u"

/* Called once from plugin_init, after the arguments are parsed: return
   false, after reporting why with error () or sorry (), when this
   compilation's target variant (e.g. -m32) cannot be instrumented.  */
bool mip_target_init (void);

/* Called from plugin_init after the pass's own passes are registered:
   register the target's own passes, if any (32-bit Arm keeps a register
   for its block probes from register allocation on).  */
void mip_target_register_passes (const char *plugin_name);

/* Called from plugin_init: the record kinds this target can emit (the
   full mode asks for all of them and records their intersection).  */
uint32_t mip_target_supported_kinds (void);

/* Called by the pass for each function before anything else: true when
   the function must be left alone whatever the user asked (for example
   x86 interrupt handlers, which must preserve every register and the
   flags).  */
bool mip_target_skip_function (function *fun);

/* Called by the pass for each instrumented function: false when a
   reference to FUN's symbol does not resolve to the address of its first
   instruction.  A Thumb function's does not: the ARM ELF ABI sets bit 0
   of it (R_ARM_ABS32 gives (S + A) | T), so the map would put every
   block one byte late.  The map then gives the function's address and
   block offsets from a local label at its first instruction
   (MIP_START_LABEL_FMT), which the linker takes as it is.  */
bool mip_target_symbol_is_code_address (function *fun);

/* Called by the CFG signature (mip-signature.cc) for each UNSPEC: true
   when its integer operands are label numbers the target hands out in
   order of appearance in the file (ARM's PC-relative loads), which any
   change to an earlier function would shift: the signature then skips
   the unspec's CONST_INT operands.  */
bool mip_target_unspec_numbers_labels (const_rtx x);

/* Called by the pass with dataflow up to date: the subset of WANTED that
   the target can record for FUN (a kind may be dropped, e.g. when no
   scratch register is free at entry).  The pass lays out the record for
   exactly these kinds.  */
uint32_t mip_target_entry_kinds (function *fun, uint32_t wanted);

/* Called next: insert the function-entry probe for PROBE at the start of
   the function, before the prologue, where the ABI guarantees the flags
   and the call-clobbered non-argument registers are dead.  It records
   the call count, first-call order and, on the first call, the return
   address into the first caller slot, as PROBE's kinds say.  With
   mip_options.atomic_counts (-fplugin-arg-mip-atomic) the count's
   update is atomic; a target variant that cannot make it so reports an
   error from mip_target_entry_kinds instead.  */
void mip_target_instrument_entry (function *fun,
				  const struct mip_entry_probe *probe);

/* Called for each block BB that gets a coverage probe: write into TEXT
   (SIZE bytes) the assembly that sets the record's byte at BYTE_OFFSET
   from the record label to a value other than MIP_COVERAGE_UNSET
   (mip_coverage_byte_set), placed at the start of BB
   where the flags may be live; store in CLOBBERS (room for 4) and *N the
   GCC numbers of the registers it clobbers (none if it can).  */
void mip_target_block_probe (function *fun, basic_block bb,
			     const struct mip_entry_probe *probe,
			     uint32_t byte_offset, char *text, size_t size,
			     int *clobbers, int *n);

/* Called for each block BB that gets a block counter (the block-count
   mode, when the target's mip_target_supported_kinds has
   MIP_KIND_BLOCK_COUNT): as mip_target_block_probe, but the assembly
   adds 1 to the 64-bit counter at BYTE_OFFSET from the record label
   (atomically with mip_options.atomic_counts), keeping flags that are
   live at the start of BB.  */
void mip_target_count_probe (function *fun, basic_block bb,
			     const struct mip_entry_probe *probe,
			     uint32_t byte_offset, char *text, size_t size,
			     int *clobbers, int *n);

/* Called by the pass (mip-heap.cc) for each call CALL of an allocation
   function in FUN, which gets a record, before the call is sent to
   libmip's wrapper: write into TEXT (SIZE bytes) the assembly that
   loads the address of site SITE's record (MIP_HEAP_RECORD_LABEL_FMT)
   into the site register (MIP_HEAP_WRAPPER_PREFIX in mip-format.h) and
   whose last line is the site's call label (MIP_HEAP_CALL_LABEL_FMT
   followed by ':'); the pass puts it right before CALL, so the label
   is the call instruction's address.  Store the GCC number of the site
   register, which the asm clobbers, in *SITE_REG.  Return false, and
   the call stays as it is, when the call itself uses the site register
   (mip_heap_site_register_free) or the target cannot load it there.  */
bool mip_target_heap_site (function *fun, rtx_insn *call, unsigned site,
			   char *text, size_t size, int *site_reg);

/* A target's probe text, built up line by line (mip-pass.cc).  */
struct mip_asm_text
{
  char buf[2048];
  size_t len;
  unsigned label;		/* next numeric local label: 1:, 2:, ...  */
};

/* Start T empty.  */
void mip_asm_init (struct mip_asm_text *t);

/* Append FORMAT's expansion to T (its lines end with "\n" or ";").  */
void mip_asm_append (struct mip_asm_text *t, const char *format, ...)
  ATTRIBUTE_PRINTF_2;

/* Helpers the pass gives targets (mip-pass.cc).  */

/* Emit TEXT (assembly, several lines allowed) as a volatile asm insn at
   the start of the function's entry block, after any probe emitted
   before, telling dataflow that it clobbers the hard registers in
   CLOBBERS (an array of N GCC register numbers); returns the insn.  */
rtx_insn *mip_emit_entry_asm (const char *text, const int *clobbers, int n);

/* Make TEXT the assembly of INSN, an asm emitted by the helpers here.  */
void mip_replace_asm_text (rtx_insn *insn, const char *text);

/* True if FUN gets instrumented at all: it is not marked
   no_instrument_function or naked, its entry has one successor and the
   target does not skip it.  */
bool mip_function_wants_instrumentation (function *fun);

/* Register PASS (a target's own, from mip_target_register_passes)
   WHERE (before, after) the first instance of GCC's pass REFERENCE.  */
void mip_register_pass (const char *plugin_name, opt_pass *pass,
			const char *reference,
			enum pass_positioning_ops where);

/* True if hard register REGNO is free at the start of BB (after its
   label), under the same conditions as at entry.  */
bool mip_scratch_reg_free_in_block (basic_block bb, int regno);

/* True if hard register REGNO can be used as a scratch at the start of
   FUN's first block: not live there, not fixed or global, and clobbered
   by calls under the function's ABI.  */
bool mip_scratch_reg_free_at_entry (function *fun, int regno);

/* True if hard register REGNO can carry an allocation site's record
   into CALL: no fixed or global register, one that CALL's ABI
   clobbers (so that no value in it lives across the call: not so for
   a callee of this unit that -fipa-ra knows to keep it), and one that
   the call does not read or write, in its address, its arguments
   (CALL_INSN_FUNCTION_USAGE) or its value (mip-heap.cc).  */
bool mip_heap_site_register_free (rtx_insn *call, int regno);

#endif /* MIP_TARGET_H */
