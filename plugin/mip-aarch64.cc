/* mip-aarch64.cc - the AArch64 target (LP64, little-endian): probes as
   stores through a page address to the function's raw record.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The record is addressed by an adrp/:lo12: pair (+-4 GiB, the small and
   tiny code models); REC stands for .Lmip.rN.  No probe moves SP except
   the last resort below, none uses a literal pool, and each line of an
   asm is counted by GCC as 4 bytes (labels and directives too, an
   overestimate), so branch shortening (b.cond +-1 MiB, cbz/tbz +-32 KiB)
   sees sizes at least as large as the real ones.

   Entry, inserted before the prologue (after `bti c', which the target's
   bti pass puts first, and before `paciasp', so x30 is still unsigned),
   where the ABI guarantees NZCV, x9-x17 and the other call-clobbered
   non-argument registers are dead:

   function coverage (8 bytes; X is a dead register, x9 first):
	adrp	X, REC+C
	strb	wzr, [X, #:lo12:REC+C]		// coverage byte = 0

   call count, first-call order, first caller and caller samples (full
   mode: 20 bytes run on 255 calls of 256, 40 in all; the count is
   negated, see mip_decode_call_count, and only its low byte is updated
   here):
	adrp	x9, REC
	ldrb	w10, [x9, #:lo12:REC]
	subs	w10, w10, #1			// count += 1 in the low byte;
	strb	w10, [x9, #:lo12:REC]		//   borrows (C clear) every
	b.hs	1f				//   256th call
	add	x9, x9, #:lo12:REC		// the record, for the runtime
	mov	x10, x30			// keep the return address
	.cfi_register 30, 10
	bl	__mip_count_borrow		// carries the borrow into the
	mov	x30, x10			//   upper 24 bits, then samples
	.cfi_restore 30				//   the caller (x10), or on the
   1:						//   first call (and a wrap)
						//   stamps order and caller
   The same instructions and bytes as the whole count's update (ldr,
   subs, str) that borrowed on the first call only: sampling the callers
   costs nothing on the common path; the field is exact again once the
   runtime returns (runtime/mip-first-call.c: its carry is an ldxr/stxr
   loop, atomic whatever the probe's update was).
   with -fplugin-arg-mip-atomic the low byte is updated atomically, so
   that concurrent calls lose none and exactly one call in 256 sees it
   borrow (the helper's atomic carry then makes exactly one of them the
   first call).  Without LSE, an exclusive load/store loop (7
   instructions run on every call instead of 5, the whole sequence 4
   bytes longer; a retry redoes the subs, so the flags are those of the
   update that was stored):
	adrp	x9, REC
	add	x9, x9, #:lo12:REC		// the record
   2:	ldxrb	w10, [x9]
	subs	w10, w10, #1
	stxrb	w11, w10, [x9]			// w11 = 0: stored
	cbnz	w11, 2b
	b.hs	1f
	mov	x10, x30 ... as above (no add: x9 is the record already)
   1:
   with LSE (-march=armv8.1-a and later; 5 instructions on every call,
   as without the option, and the whole sequence 4 bytes shorter), one
   atomic add of 0xff to the byte that returns its old value, which was
   0 exactly when the subtraction of 1 borrows:
	adrp	x9, REC
	add	x9, x9, #:lo12:REC
	mov	w11, #-1
	ldaddb	w11, w10, [x9]			// w10 = old low byte
	cbnz	w10, 1f
	mov	x10, x30 ... as above
   1:
   Both use x9-x11 and NZCV only, which the sequence may clobber anyway
   (__mip_count_borrow does).

   libmip's __mip_count_borrow and __mip_first_call
   (runtime/mip-first-call.c) use x11, x16, x17 and the flags besides x9
   and x10 (the caller sampler, C code, runs with every other register
   it may touch saved on the stack); x16/x17 may also be taken by a
   linker veneer on the bl.  All of x9-x11, x16, x17 and NZCV must be
   dead at entry, which the ABI guarantees unless a register is fixed
   (-ffixed-x9...); otherwise the function records its coverage only.

   Block probe, at the start of a block, where NZCV may be live (adrp and
   strb do not touch them), with a register dead there (x9-x17, then
   x0-x8; 8 bytes):
	adrp	X, REC+K
	strb	wzr, [X, #:lo12:REC+K]
   with none dead, a live one is parked in a dead SIMD register (v16-v31,
   v0-v7), which moves no SP and so needs no CFI (16 bytes):
	fmov	dV, x16
	adrp	x16, REC+K
	strb	wzr, [x16, #:lo12:REC+K]
	fmov	x16, dV
   and only without a dead SIMD register either (-mgeneral-regs-only),
   through the stack (16 bytes; SP stays 16-aligned; there is no red
   zone on AArch64 Linux):
	str	x16, [sp, #-16]!
	[.cfi_adjust_cfa_offset 16]		// only where the CFA is SP-based
	adrp	x16, REC+K
	strb	wzr, [x16, #:lo12:REC+K]
	ldr	x16, [sp], #16
	[.cfi_adjust_cfa_offset -16]
   The CFA is SP-based at entry and throughout a function without a frame
   pointer, where the directives are written; in one with a frame pointer
   GCC makes x29 the CFA from the prologue to the epilogue, and none is
   written outside the entry block: wrong for these three instructions
   only in a block that runs before the frame is set up (shrink-wrapping)
   of a function that has no dead register and no SIMD registers there.

   Block counter (the block-count mode), at the start of a block, where
   NZCV may be live (none of these instructions touches them), with two
   dead registers X and Y (16 bytes; the counter is 8-aligned, as the
   64-bit :lo12: offset needs):
	adrp	X, REC+K
	ldr	Y, [X, #:lo12:REC+K]
	add	Y, Y, #1
	str	Y, [X, #:lo12:REC+K]
   with -fplugin-arg-mip-atomic and LSE (16 bytes):
	adrp	X, REC+K
	add	X, X, #:lo12:REC+K
	mov	Y, #1
	stadd	Y, [X]
   and without LSE an exclusive loop through a third register W, the
   status (24 bytes; cbnz leaves the flags alone):
	adrp	X, REC+K
	add	X, X, #:lo12:REC+K
   1:	ldxr	Y, [X]
	add	Y, Y, #1
	stxr	wW, Y, [X]
	cbnz	wW, 1b
   The registers are taken among the dead ones as for the block probe;
   those missing are x17, x16 and x15, each parked in a dead SIMD
   register around the sequence (fmov dV, x17 ... fmov x17, dV: 8 bytes
   each), or, without enough of those, all of them on the stack (SP
   stays 16-aligned; CFI as for the block probe):
	stp	x17, x16, [sp, #-16]!		// one: str x17, [sp, #-16]!
	[.cfi_adjust_cfa_offset 16]
	...
	ldp	x17, x16, [sp], #16
	[.cfi_adjust_cfa_offset -16]
   three (the loop without LSE): stp x17, x16, [sp, #-32]! and
   str x15, [sp, #16], put back in the reverse order.

   Without -fplugin-arg-mip-atomic the count increment is not atomic (as
   on x86); the order and the carry of the low byte's borrow always are,
   through ldxr/stxr loops that need no LSE.  */

#include "mip-plugin.h"
#include "debug.h"

/* Registers in the order they are tried as block scratch registers.  */
static const char *const block_scratch[] = {
  "x9", "x10", "x11", "x12", "x13", "x14", "x15", "x16", "x17",
  "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8",
};

/* Entry scratch registers for function coverage: not x8 (indirect
   result), x18 (platform / static chain), x0-x7 (arguments).  */
static const char *const entry_scratch[] = {
  "x9", "x10", "x11", "x12", "x13", "x14", "x15", "x16", "x17",
};

/* Registers the full-mode entry sequence and the runtime's
   __mip_count_borrow and __mip_first_call use.  */
static const char *const first_call_regs[] = {
  "x9", "x10", "x11", "x16", "x17",
};

/* How often the fallbacks were taken in this unit, for the pass dump.  */
static unsigned simd_saves, stack_saves;

/* A plugin built with -DMIP_AARCH64_TEST_FALLBACKS takes the fallbacks
   that MIP_AARCH64_FALLBACK=simd or =stack names wherever it can, so that
   tests can run them (they are rare in real code).  */
static int
forced_fallback (void)
{
#ifdef MIP_AARCH64_TEST_FALLBACKS
  const char *f = getenv ("MIP_AARCH64_FALLBACK");
  if (f && strcmp (f, "simd") == 0)
    return 1;
  if (f && strcmp (f, "stack") == 0)
    return 2;
#endif
  return 0;
}

bool
mip_target_init (void)
{
  if (TARGET_ILP32)
    {
      sorry ("mip: %<-mabi=ilp32%> is not supported (LP64 is)");
      return false;
    }
  if (BYTES_BIG_ENDIAN)
    {
      sorry ("mip: big-endian AArch64 is not supported (the profile"
	     " formats are little-endian)");
      return false;
    }
  if (aarch64_cmodel == AARCH64_CMODEL_LARGE)
    {
      sorry ("mip: %<-mcmodel=large%> is not supported (probes address"
	     " their counters with adrp)");
      return false;
    }
  return true;
}

void
mip_target_register_passes (const char *)
{
}

uint32_t
mip_target_supported_kinds (void)
{
  return MIP_KIND_ALL;
}


/* No unspec of this target numbers things across the file.  */
bool
mip_target_unspec_numbers_labels (const_rtx)
{
  return false;
}

bool
mip_target_symbol_is_code_address (function *)
{
  return true;
}

bool
mip_target_skip_function (function *)
{
  return false;
}

static int
reg_number (const char *name)
{
  int r = decode_reg_name (name);
  gcc_assert (r >= 0);
  return r;
}

/* Whether register number R is among the N of REGS.  */
static bool
reg_listed (const int *regs, int n, int r)
{
  for (int i = 0; i < n; i++)
    if (regs[i] == r)
      return true;
  return false;
}

static bool
cc_dead_at_entry (function *fun)
{
  basic_block entry = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  return !REGNO_REG_SET_P (df_get_live_in (entry), CC_REGNUM);
}

/* The first free entry scratch register, or -1.  */
static int
entry_scratch_register (function *fun)
{
  for (size_t i = 0; i < ARRAY_SIZE (entry_scratch); i++)
    {
      int r = reg_number (entry_scratch[i]);
      if (mip_scratch_reg_free_at_entry (fun, r))
	return r;
    }
  return -1;
}

static bool
first_call_regs_free (function *fun)
{
  for (size_t i = 0; i < ARRAY_SIZE (first_call_regs); i++)
    if (!mip_scratch_reg_free_at_entry (fun, reg_number (first_call_regs[i])))
      return false;
  return cc_dead_at_entry (fun);
}

/* The full-mode sequence hard-codes the helper's offsets.  */
static bool
layout_fits_helper (const struct mip_record_layout *l)
{
  return l->count_offset == 0 && l->order_offset == 4
	 && l->callers_offset == 8;
}

uint32_t
mip_target_entry_kinds (function *fun, uint32_t wanted)
{
  const uint32_t counting = MIP_KIND_CALL_COUNT | MIP_KIND_ORDER
			    | MIP_KIND_CALLERS;
  /* The first-call path stamps the order and the caller: all three or
     none.  */
  if ((wanted & counting)
      && ((wanted & counting) != counting || !first_call_regs_free (fun)))
    {
      wanted &= ~counting;
      wanted |= MIP_KIND_FUNCTION_COVERAGE;
    }
  return wanted;
}

/* Whether the .cfi directives of our sequences may be written: GCC
   itself writes CFI as directives (not with -fno-dwarf2-cfi-asm, nor
   when the function has no unwind information at all).  */
static bool
cfi_directives_p (void)
{
  return dwarf2out_do_cfi_asm ();
}

/* The store of 0 to byte OFF of record INDEX through register number
   REG (an X register).  */
static void
append_store (struct mip_asm_text *t, unsigned index, unsigned off, int reg)
{
  const char *name = reg_names[reg];
  mip_asm_append (t, "adrp\t%s, " MIP_RECORD_LABEL_FMT "+%u\n\t"
		  "strb\twzr, [%s, #:lo12:" MIP_RECORD_LABEL_FMT "+%u]",
		  name, index, off, name, index, off);
}

/* The stack form: x16 saved below SP, with CFI when CFA_SP.  */
static void
append_stack_store (struct mip_asm_text *t, unsigned index, unsigned off,
		    bool cfa_sp)
{
  bool cfi = cfa_sp && cfi_directives_p ();
  mip_asm_append (t, "str\tx16, [sp, #-16]!\n\t");
  if (cfi)
    mip_asm_append (t, ".cfi_adjust_cfa_offset 16\n\t");
  append_store (t, index, off, reg_number ("x16"));
  mip_asm_append (t, "\n\tldr\tx16, [sp], #16");
  if (cfi)
    mip_asm_append (t, "\n\t.cfi_adjust_cfa_offset -16");
}

/* The count update of the full mode of record IDX, up to the branch to
   1f that 255 calls of 256 take: the low byte of the negated count is
   decremented, and every 256th call (the first one included) goes on
   with the record's address in x9.  */
static void
append_count_update (struct mip_asm_text *t, unsigned idx)
{
  mip_asm_append (t, "adrp\tx9, " MIP_RECORD_LABEL_FMT "\n\t", idx);
  if (!mip_options.atomic_counts)
    {
      mip_asm_append (t, "ldrb\tw10, [x9, #:lo12:" MIP_RECORD_LABEL_FMT
		      "]\n\t"
		      "subs\tw10, w10, #1\n\t"
		      "strb\tw10, [x9, #:lo12:" MIP_RECORD_LABEL_FMT "]\n\t"
		      "b.hs\t1f\n\t"
		      "add\tx9, x9, #:lo12:" MIP_RECORD_LABEL_FMT "\n\t",
		      idx, idx, idx);
      return;
    }
  mip_asm_append (t, "add\tx9, x9, #:lo12:" MIP_RECORD_LABEL_FMT "\n", idx);
  if (TARGET_LSE)
    mip_asm_append (t, "\tmov\tw11, #-1\n\t"
		    "ldaddb\tw11, w10, [x9]\n\t"
		    "cbnz\tw10, 1f\n\t");
  else
    mip_asm_append (t, "2:\tldxrb\tw10, [x9]\n\t"
		    "subs\tw10, w10, #1\n\t"
		    "stxrb\tw11, w10, [x9]\n\t"
		    "cbnz\tw11, 2b\n\t"
		    "b.hs\t1f\n\t");
}

void
mip_target_instrument_entry (function *fun, const struct mip_entry_probe *p)
{
  struct mip_asm_text t;
  int clobbers[8];
  int n = 0;
  unsigned idx = p->function_index;

  mip_asm_init (&t);
  if (p->kinds & MIP_KIND_FUNCTION_COVERAGE)
    {
      int reg = forced_fallback () == 2 ? -1 : entry_scratch_register (fun);
      if (reg >= 0)
	{
	  append_store (&t, idx, p->layout.coverage_offset, reg);
	  clobbers[n++] = reg;
	}
      else
	/* At entry the CFA is SP itself.  */
	append_stack_store (&t, idx, p->layout.coverage_offset, true);
    }
  if (p->kinds & MIP_KIND_CALL_COUNT)
    {
      gcc_assert (layout_fits_helper (&p->layout));
      if (t.len)
	mip_asm_append (&t, "\n\t");
      append_count_update (&t, idx);
      mip_asm_append (&t, "mov\tx10, x30\n\t");
      if (cfi_directives_p ())
	mip_asm_append (&t, ".cfi_register 30, 10\n\t");
      mip_asm_append (&t, ".hidden\t%s\n\tbl\t%s\n\tmov\tx30, x10",
		      MIP_COUNT_BORROW_HELPER, MIP_COUNT_BORROW_HELPER);
      mip_note_sampled_function ();
      if (cfi_directives_p ())
	mip_asm_append (&t, "\n\t.cfi_restore 30");
      mip_asm_append (&t, "\n1:");
      for (size_t i = 0; i < ARRAY_SIZE (first_call_regs); i++)
	{
	  int r = reg_number (first_call_regs[i]);
	  if (!reg_listed (clobbers, n, r))
	    clobbers[n++] = r;
	}
      clobbers[n++] = CC_REGNUM;
    }
  gcc_assert (n <= (int) ARRAY_SIZE (clobbers));
  mip_emit_entry_asm (t.buf, clobbers, n);
}

/* Dead SIMD registers at the start of BB that the function may use as
   64-bit scratches: up to MAX of them into REGS, returning how many.  */
static int
dead_simd_registers (basic_block bb, int *regs, int max)
{
  if (!TARGET_FLOAT)
    return 0;
  static const int order[] = {
    31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16,
    7, 6, 5, 4, 3, 2, 1, 0,
  };
  int found = 0;
  for (size_t i = 0; i < ARRAY_SIZE (order) && found < max; i++)
    {
      int r = V0_REGNUM + order[i];
      if (fixed_regs[r] || global_regs[r]
	  || !crtl->abi->clobbers_full_reg_p (r)
	  || !TEST_HARD_REG_BIT (reg_class_contents[FP_REGS], r)
	  || REGNO_REG_SET_P (df_get_live_in (bb), r))
	continue;
      regs[found++] = r;
    }
  return found;
}

/* A SIMD register dead at the start of BB that the function may use as a
   64-bit scratch, or -1.  */
static int
dead_simd_register (basic_block bb)
{
  int r;
  return dead_simd_registers (bb, &r, 1) ? r : -1;
}

/* Whether the CFA is SP-based at the start of BB: always without a frame
   pointer; with one, GCC makes x29 the CFA after the prologue, so say
   true only at the entry, which runs before it (see the comment at the
   top for the case this gets wrong).  */
static bool
cfa_sp_based (function *fun, basic_block bb)
{
  if (!frame_pointer_needed)
    return true;
  return bb == single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
}

void
mip_target_block_probe (function *fun, basic_block bb,
			const struct mip_entry_probe *p, uint32_t byte_offset,
			char *text, size_t size, int *clobbers, int *n)
{
  struct mip_asm_text t;
  unsigned idx = p->function_index;

  mip_asm_init (&t);
  *n = 0;
  for (size_t i = 0; i < ARRAY_SIZE (block_scratch) && !forced_fallback ();
       i++)
    {
      int r = reg_number (block_scratch[i]);
      if (mip_scratch_reg_free_in_block (bb, r))
	{
	  append_store (&t, idx, byte_offset, r);
	  clobbers[(*n)++] = r;
	  break;
	}
    }
  if (*n == 0)
    {
      int v = forced_fallback () == 2 ? -1 : dead_simd_register (bb);
      if (v >= 0)
	{
	  simd_saves++;
	  mip_asm_append (&t, "fmov\td%d, x16\n\t", v - V0_REGNUM);
	  append_store (&t, idx, byte_offset, reg_number ("x16"));
	  mip_asm_append (&t, "\n\tfmov\tx16, d%d", v - V0_REGNUM);
	  clobbers[(*n)++] = v;
	}
      else
	{
	  stack_saves++;
	  append_stack_store (&t, idx, byte_offset, cfa_sp_based (fun, bb));
	}
#ifdef MIP_AARCH64_TEST_FALLBACKS
      if (!forced_fallback () && getenv ("MIP_AARCH64_REPORT"))
	fprintf (stderr, "mip-aarch64: %s fallback in %s\n",
		 v >= 0 ? "simd" : "stack", function_name (fun));
#endif
      if (dump_file)
	fprintf (dump_file, ";; mip: aarch64: no dead register at block %d,"
		 " %s (%u SIMD, %u stack saves in this unit)\n", bb->index,
		 v >= 0 ? "saved in a SIMD register" : "saved on the stack",
		 simd_saves, stack_saves);
    }
  gcc_assert (t.len < size);
  memcpy (text, t.buf, t.len + 1);
}

/* The update of the counter at OFF from record INDEX through the X
   registers REGS (address, value, and with the exclusive loop the
   status): see the comment at the top.  */
static void
append_count_update_block (struct mip_asm_text *t, unsigned index,
			   unsigned off, const int *regs)
{
  const char *x = reg_names[regs[0]], *y = reg_names[regs[1]];
  mip_asm_append (t, "adrp\t%s, " MIP_RECORD_LABEL_FMT "+%u", x, index, off);
  if (!mip_options.atomic_counts)
    {
      mip_asm_append (t, "\n\tldr\t%s, [%s, #:lo12:" MIP_RECORD_LABEL_FMT
		      "+%u]\n\tadd\t%s, %s, #1\n\tstr\t%s, [%s, #:lo12:"
		      MIP_RECORD_LABEL_FMT "+%u]", y, x, index, off, y, y, y,
		      x, index, off);
      return;
    }
  mip_asm_append (t, "\n\tadd\t%s, %s, #:lo12:" MIP_RECORD_LABEL_FMT "+%u",
		  x, x, index, off);
  if (TARGET_LSE)
    {
      mip_asm_append (t, "\n\tmov\t%s, #1\n\tstadd\t%s, [%s]", y, y, x);
      return;
    }
  /* The status register's W name: x9 -> w9.  */
  const char *status = reg_names[regs[2]];
  unsigned loop = t->label++;
  mip_asm_append (t, "\n%u:\tldxr\t%s, [%s]\n\tadd\t%s, %s, #1"
		  "\n\tstxr\tw%s, %s, [%s]\n\tcbnz\tw%s, %ub",
		  loop, y, x, y, y, status + 1, y, x, status + 1, loop);
}

/* Registers that a count probe saves where too few are dead.  */
static const char *const count_spare[] = { "x17", "x16", "x15" };

void
mip_target_count_probe (function *fun, basic_block bb,
			const struct mip_entry_probe *p, uint32_t offset,
			char *text, size_t size, int *clobbers, int *n)
{
  struct mip_asm_text t;
  int need = mip_options.atomic_counts && !TARGET_LSE ? 3 : 2;
  int regs[3], found = 0;
  int fallback = forced_fallback ();

  mip_asm_init (&t);
  *n = 0;
  for (size_t i = 0; i < ARRAY_SIZE (block_scratch) && found < need
		     && !fallback; i++)
    {
      int r = reg_number (block_scratch[i]);
      if (mip_scratch_reg_free_in_block (bb, r))
	{
	  regs[found++] = r;
	  clobbers[(*n)++] = r;
	}
    }
  /* The missing ones: spares that are not dead (else they would have
     been taken), parked in dead SIMD registers or on the stack.  */
  int parked[3], park = 0;
  for (size_t i = 0; i < ARRAY_SIZE (count_spare) && found + park < need;
       i++)
    {
      int r = reg_number (count_spare[i]);
      if (!reg_listed (regs, found, r))
	parked[park++] = r;
    }
  gcc_assert (found + park == need);
  for (int i = 0; i < park; i++)
    regs[found + i] = parked[i];
  int simd[3];
  int simds = park == 0 || fallback == 2 ? 0 : dead_simd_registers (bb, simd,
								    park);
  bool stack = park > 0 && simds < park;
  bool cfi = stack && cfa_sp_based (fun, bb) && cfi_directives_p ();
  const char *a = park > 0 ? reg_names[parked[0]] : NULL;
  const char *b = park > 1 ? reg_names[parked[1]] : NULL;
  int frame = park == 3 ? 32 : 16;
  if (stack)
    {
      stack_saves++;
      if (park == 1)
	mip_asm_append (&t, "str\t%s, [sp, #-16]!\n\t", a);
      else
	mip_asm_append (&t, "stp\t%s, %s, [sp, #-%d]!\n\t", a, b, frame);
      if (cfi)
	mip_asm_append (&t, ".cfi_adjust_cfa_offset %d\n\t", frame);
      if (park == 3)
	mip_asm_append (&t, "str\t%s, [sp, #16]\n\t",
			reg_names[parked[2]]);
    }
  else if (park > 0)
    {
      simd_saves++;
      for (int i = 0; i < park; i++)
	{
	  mip_asm_append (&t, "fmov\td%d, %s\n\t", simd[i] - V0_REGNUM,
			  reg_names[parked[i]]);
	  clobbers[(*n)++] = simd[i];
	}
    }
  append_count_update_block (&t, p->function_index, offset, regs);
  if (stack)
    {
      if (park == 3)
	mip_asm_append (&t, "\n\tldr\t%s, [sp, #16]", reg_names[parked[2]]);
      if (park == 1)
	mip_asm_append (&t, "\n\tldr\t%s, [sp], #16", a);
      else
	mip_asm_append (&t, "\n\tldp\t%s, %s, [sp], #%d", a, b, frame);
      if (cfi)
	mip_asm_append (&t, "\n\t.cfi_adjust_cfa_offset -%d", frame);
    }
  else
    for (int i = 0; i < park; i++)
      mip_asm_append (&t, "\n\tfmov\t%s, d%d", reg_names[parked[i]],
		      simd[i] - V0_REGNUM);
  if (park > 0 && dump_file)
    fprintf (dump_file, ";; mip: aarch64: %d register(s) of the counter at"
	     " block %d %s\n", park, bb->index,
	     stack ? "saved on the stack" : "saved in SIMD registers");
  gcc_assert (*n <= 4 && t.len < size);
  memcpy (text, t.buf, t.len + 1);
}

/* ---- Allocation sites (the heap option) ----------------------------- */

/* The site register is x3, the fourth argument register, which none
   of the allocation functions takes (8 bytes):
	adrp	x3, .Lmip.hN
	add	x3, x3, :lo12:.Lmip.hN
   .Lmip.cN:
	bl	__mip_heap_malloc		// or b, a sibling call  */
bool
mip_target_heap_site (function *, rtx_insn *call, unsigned site, char *text,
		      size_t size, int *site_reg)
{
  int reg = reg_number ("x3");
  if (!mip_heap_site_register_free (call, reg))
    return false;
  *site_reg = reg;
  int len = snprintf (text, size, "adrp\tx3, " MIP_HEAP_RECORD_LABEL_FMT
		      "\n\tadd\tx3, x3, :lo12:" MIP_HEAP_RECORD_LABEL_FMT
		      "\n" MIP_HEAP_CALL_LABEL_FMT ":", site, site, site);
  return len > 0 && (size_t) len < size;
}
