/* mip-arm.cc - the 32-bit Arm target: ARM state, Thumb-2 and Thumb-1, one
   file for the three instruction sets (chosen per function: a target
   attribute can switch between them).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Arm has no store of an immediate and no PC-relative store that reaches
   another section.  A coverage byte is marked by storing the low byte of
   the register A that holds its address (any value but 0xff means "run",
   and A is chosen never to be 7 modulo 8: see coverage_store_offset), so
   coverage probes need one register.  The address is always PC-relative
   (Debian's compilers default to PIE; absolute movw/movt would need text
   relocations).  ADDR(A, X) below loads the address of X:

   ARM state and Thumb-2 on cores with movw/movt (armv6t2 and later;
   B is the PC bias, 8 in ARM state and 4 in Thumb):
	movw	A, #:lower16:(X - (1f + B))	@ R_ARM_MOVW_PREL_NC
	movt	A, #:upper16:(X - (1f + B))	@ R_ARM_MOVT_PREL
   1:	add	A, A, pc			@ Thumb-2: add A, pc (16 bits)
	ARM 12 bytes, Thumb-2 10 bytes.

   Thumb-1 (and ARM state before armv6t2), a literal inline, jumped over:
	ldr	A, 3f
   2:	add	A, pc				@ ARM: add A, A, pc
	b	4f
	.align	2
   3:	.word	X - (2b + B)			@ R_ARM_REL32
   4:
	Thumb-1 10 or 12 bytes, ARM 16 bytes.  Where a Thumb sequence is
	known to start at a multiple of 4 (a function's entry probe: see
	entry_probe_mod4), the literal goes right after the branch, where
	it is aligned without the padding the order above would need:
	ldr	A, 3f
	b	2f
	.align	2				@ pads nothing
   3:	.word	X - (2f + B)
   2:	add	A, pc
	10 bytes.

   Function entry (before the prologue: the flags are dead, lr holds the
   return address, CFA = sp):

   function coverage (C is 0, or 1 when the byte's address is 7 mod 8):
	ADDR	(A, .Lmip.rN + coverage - C)
	strb	A, [A, #C]			@ A's low byte: not 0xff
	ARM 16, Thumb-2 12 (a low register; 14 with ip), Thumb-1 12 or 14
	bytes.  Where no register at entry serves it well, the function's
	only probe goes after the prologue (entry_probe_after_prologue);
	in Thumb, the only probe of a function short enough keeps its
	literal after the function's end, 10 bytes (see "The coverage
	literal after the function").

   full mode (count, order, first caller and caller samples) in ARM
   state, Thumb-2 and Thumb-1 (not on M-profile cores), where ip is dead
   at entry (a linker veneer on the bl may take it): only the low byte
   of the negated count is updated, and its borrow, every 256th call,
   goes to libmip:
	ADDR	(A, .Lmip.rN)
	ldrb	V, [A]				@ the count's low byte
	subs	V, V, #1			@ borrows every 256th call
	strb	V, [A]
	bcs	1f
	push	{A, lr}				@ .cfi_adjust_cfa_offset 8
	bl	__mip_count_borrow		@ (blx from Thumb-2, by the
	pop	{A, lr}				@   linker) carries the borrow
   1:						@   into the upper 24 bits, then
						@   samples the caller, or on
						@   the first call (and a wrap)
						@   stamps order and caller
	The common path is ADDR + 4 instructions, as with the whole
	count's ldr/subs/str/bcs: ARM 28 bytes, Thumb-2 18 (low
	registers).  Whole sequence: ARM 40 bytes, Thumb-2 28.  libmip's
	__mip_count_borrow (runtime/mip-first-call.c) finds the record
	and the return address on the stack and keeps every register but
	the flags; its carry is atomic.
   Thumb-1 cannot pop lr: its probe calls the helper's Thumb-1 entry,
   which pops the two words itself and returns with lr put back:
	...					@ as above, up to bcs
	push	{A, lr}				@ .cfi_adjust_cfa_offset 8
	bl	__mip_count_borrow_thumb1	@ .cfi_adjust_cfa_offset -8
   1:
	The common path 18-20 bytes, the whole sequence 24-26 (18-20 +
	push + bl).

   On M-profile cores, and where ip is live, the whole count is updated
   and the first-call path is inline (no caller samples):
	ADDR	(A, .Lmip.rN)
	ldr	V, [A]				@ the negated count
	subs	V, V, #1			@ borrows on the first call
	str	V, [A]
	bcs	1f
	ldr	V, [A, #4]			@ order already set: the count
	cmp	V, #0				@   wrapped; saturate it
	beq	5f
	mov	V, #1
	str	V, [A]
	b	1f
   5:	bic	V, lr, #1			@ Thumb-1: mov V, lr; lsrs; lsls
	str	V, [A, #8]			@ the caller, without Thumb bit
	push	{S, T}				@ .cfi_adjust_cfa_offset 8
	ADDR	(S, __mip_sequence)
   6:	ldrex	V, [S]				@ armv6 ARM state, armv7
	add	V, V, #1
	strex	T, V, [S]
	cmp	T, #0
	bne	6b
	pop	{S, T}				@ .cfi_adjust_cfa_offset -8
	str	V, [A, #4]			@ order = first calls so far
   1:
	The common path is ADDR + 4 instructions: ARM 28 bytes, Thumb-2
	18, Thumb-1 18-20.  Whole sequence: ARM 108, Thumb-2 82, Thumb-1
	76 bytes at most.

   with -fplugin-arg-mip-atomic the count is updated by an exclusive
   load/store loop through a third register T, so that concurrent calls
   lose none and exactly one of them in 256 sees the low byte borrow
   (the old byte was 0 exactly when the new one is 0xffffffff; libmip's
   atomic carry then makes exactly one of them the first call):
	ADDR	(A, .Lmip.rN)
   7:	ldrexb	V, [A]
	sub	V, V, #1
	strexb	T, V, [A]			@ T = 0: stored
	cmp	T, #0
	bne	7b
	cmn	V, #1				@ V = -1: a borrow
	bne	1f
	push	{A, lr} ... as above
	The common path is ADDR + 7 instructions: ARM 40 bytes, Thumb-2
	32 (ldrexb, strexb, the non-flag-setting sub and cmn are 32-bit
	instructions); the whole sequence grows by 12 bytes in ARM state
	and 14 in Thumb-2.  ARM state before armv6K has ldrex but no
	ldrexb: there the word is updated (ldrex/strex) and the first-call
	path is inline, without samples.  ARM state before armv6 and
	Thumb-1 (armv5te, armv6-m) have no ldrex: there the option is an
	error that names the architecture.

   Thumb-1 has no ldrex: there the inline path's order is a plain
   load, add and store of __mip_sequence (one register S saved), so two
   threads making their first calls at the same moment may get the same
   order; without -fplugin-arg-mip-atomic counts are not atomic on any
   target (doc/guide.md).

   Block probes (the flags may be live: nothing below touches them) mark
   their byte through the function's base, the address the entry probe
   leaves in A (the record when it counts, else its coverage byte or
   the byte before: never 7 modulo 8, so the stored low byte is never
   0xff).  Where a register R holds the base at the start of the block
   on every path into it, K being the byte's offset from the base:
	strb	R, [R, #K]
	ARM 4 bytes (K up to 4095), Thumb-2 2 (a low register, K up to
	31) or 4 (K up to 4095), Thumb-1 2 (K up to 31).
   Otherwise the probe loads the base into a dead register A, where the
   blocks after it find it (the base plus K rounded down to 8 beyond
   those reaches):
	ADDR	(A, .Lmip.rN + base)
	strb	A, [A, #K]
	ARM 16 bytes, Thumb-2 12 (low register, K up to 31) or 14,
	Thumb-1 12 or 14.
   In ARM state and Thumb-2 a function with at least 6 blocks keeps a
   call-saved register R for the base (Thumb-2 r6, ARM state r8, else
   r10 or r9): a pass before register allocation puts an asm that sets
   R at the start of the first block and empty asms that read it before
   the returns, so that the allocator gives R no other value and the
   prologue saves it; this pass turns the first asm, after the
   prologue, into
	mov	R, A				@ A still holds the base
   or	ADDR	(R, .Lmip.rN + base)
	ARM 4 or 12 bytes, Thumb-2 2 or 10,
   and the blocks find the base in R (see "A register kept for the
   base" below).
   Which registers hold the base is forward dataflow over the blocks
   (a register holds it at a block's start when it does at the end of
   every predecessor, looked at from "every register" so that loops
   keep it; abnormal and EH edges bring none), fed by the probes
   decided so far in layout order and by R's asm: the entry probe's A,
   chosen among the dead registers as the one that keeps the base in
   the most blocks, and each loading probe's.  An instruction that writes a
   register, a call that clobbers it (the callee's ABI) and a probe
   that loads it with another value end it; a probe never loads another
   value into a register that holds the base anywhere, so the facts
   found before stay true.  A loading probe takes, best first, a
   call-saved register r4-r11 (Thumb-1 r4-r7) that calls leave alone,
   where the function's prologue (all of it in the entry block: not
   shrink-wrapped, and the function returns and has no setjmp) stores
   it on the stack and it is dead (liveness computed here: GCC's keeps
   the call-saved registers live down to a return that pops them),
   since the epilogue and the unwinder put it back; else the entry
   probe's A, then another dead register; of these, the one whose base
   the most blocks after it would find, where that is another.

   Registers: A and V are registers that dataflow proves dead there
   (entry: ip, r3-r0 in ARM state, r3-r0 then ip in Thumb-2, r3-r0 in
   Thumb-1, which cannot load or store through ip; blocks: also lr and
   the call-saved registers above).
   Where none is dead, a Thumb-1 block probe first parks a low register
   in a dead ip or lr (`mov ip, rX', which keeps the flags), and otherwise
   the probe saves
   low registers with push/pop around itself, with
   `.cfi_adjust_cfa_offset' when GCC writes CFI (at entry the CFA is sp;
   in a block of a function with a frame pointer it is that register, so
   no adjustment is written).  No EHABI `.save'/`.pad' is written: the
   EHABI table of a function describes its frame after the prologue as one
   whole, so a transient push would corrupt it; the probes call nothing,
   so no exception can start or pass inside one.

   Block counter (the block-count mode), at the start of a block: the
   64-bit counter K bytes into the record gets 1 added to its low word
   and the carry to its high word, through a dead register A that gets
   the counter's address and V (entry and blocks: the registers above,
   low ones saved with push/pop where too few are dead, as above).
   ARM state and Thumb-2:
	ADDR	(A, .Lmip.rN + K)
	ldr	V, [A]
	adds	V, V, #1
	str	V, [A]
	ldr	V, [A, #4]
	adc	V, V, #0
	str	V, [A, #4]
	ARM 36 bytes (40 before armv6t2), Thumb-2 24 (low registers).
   Thumb-1 has no adc with an immediate; it branches over the carry:
	ADDR	(A, .Lmip.rN + K)
	ldr	V, [A]
	adds	V, V, #1
	str	V, [A]
	bcc	1f
	ldr	V, [A, #4]
	adds	V, V, #1
	str	V, [A, #4]
   1:
	24 or 26 bytes.
   With -fplugin-arg-mip-atomic (ldrex: ARM state on armv6 and later,
   Thumb-2) each word is updated by an exclusive loop through a third
   register T, the high word only by the increment that took the low
   word to 0, so that concurrent increments lose nothing:
	ADDR	(A, .Lmip.rN + K)
   2:	ldrex	V, [A]
	add	V, V, #1
	strex	T, V, [A]			@ T = 0: stored
	cmp	T, #0
	bne	2b
	cmp	V, #0				@ the low word wrapped: carry
	bne	1f
	add	A, A, #4
   3:	ldrex	V, [A]
	add	V, V, #1
	strex	T, V, [A]
	cmp	T, #0
	bne	3b
   1:
	ARM 64 bytes, Thumb-2 50 (low registers).  Where ldrex is
	missing the option is the error of the call counts.
   All of these write the flags.  Where they are live at the start of
   the block, in ARM state and Thumb-2 one more register S keeps them:
	mrs	S, APSR
	...
	msr	APSR_nzcvq, S			@ N, Z, C, V and Q as they were
   Thumb-1 before armv6-M has no mrs: GCC's Thumb-1 code hardly ever
   leaves the flags live into a block (its compare and branch is one
   insn), and a function where it does records block coverage instead
   of counts (mip_target_entry_kinds).

   Lengths: GCC counts 4 bytes per asm line on arm, more than any line
   here assembles to (the `.align 2' line pads 2 bytes at most, labels
   and directives take none), so arm_reorg's literal pools and branch
   shortening stay valid.  */

#include "mip-plugin.h"
#include "debug.h"
#include "rtl-iter.h"
#include "insn-addr.h"

/* ---- Instruction set ------------------------------------------------ */

static bool
thumb1 (void)
{
  return TARGET_THUMB1;
}

/* The PC bias of an instruction reading pc.  */
static int
pc_bias (void)
{
  return TARGET_ARM ? 8 : 4;
}

/* movw/movt exist (armv6t2 and later, not in Thumb-1).  */
static bool
have_movw (void)
{
  return TARGET_32BIT && arm_arch_thumb2;
}

static bool
have_ldrex (void)
{
  return TARGET_32BIT && TARGET_HAVE_LDREX;
}

static const char *const reg_names_arm[] = {
  "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7",
  "r8", "r9", "r10", "fp", "ip", "sp", "lr", "pc"
};

#define REG_IP 12
#define REG_LR 14

static const char *
rname (int r)
{
  gcc_assert (r >= 0 && r < 16);
  return reg_names_arm[r];
}

/* ---- Assembly text -------------------------------------------------- */

static void
text_init (struct mip_asm_text *t)
{
  mip_asm_init (t);
  mip_asm_append (t, ".syntax unified");
}

/* Load into REG the address of EXPR (an assembler expression), the
   sequence starting AT_MOD4 bytes past a multiple of 4 (0 or 2), or -1
   when that is not known.  */
static void
append_address_at (struct mip_asm_text *t, int reg, const char *expr,
		   int at_mod4)
{
  const char *r = rname (reg);
  unsigned l1 = t->label++;
  if (have_movw ())
    {
      mip_asm_append (t, "\n\tmovw\t%s, #:lower16:(%s-(%uf+%d))"
		      "\n\tmovt\t%s, #:upper16:(%s-(%uf+%d))",
		      r, expr, l1, pc_bias (), r, expr, l1, pc_bias ());
      if (TARGET_ARM)
	mip_asm_append (t, "\n%u:\tadd\t%s, %s, pc", l1, r, r);
      else
	mip_asm_append (t, "\n%u:\tadd\t%s, pc", l1, r);
      return;
    }
  unsigned lword = t->label++, lend = t->label++;
  if (!TARGET_ARM && at_mod4 == 0)
    {
      /* Thumb from a multiple of 4: the literal right after the branch
	 is aligned without padding (the order below would need 2 bytes
	 of it before the literal).  */
      mip_asm_append (t, "\n\tldr\t%s, %uf\n\tb\t%uf\n\t.align\t2"
		      "\n%u:\t.word\t%s-(%uf+%d)\n%u:\tadd\t%s, pc",
		      r, lword, l1, lword, expr, l1, pc_bias (), l1, r);
      return;
    }
  mip_asm_append (t, "\n\tldr\t%s, %uf", r, lword);
  if (TARGET_ARM)
    mip_asm_append (t, "\n%u:\tadd\t%s, %s, pc", l1, r, r);
  else
    mip_asm_append (t, "\n%u:\tadd\t%s, pc", l1, r);
  mip_asm_append (t, "\n\tb\t%uf\n\t.align\t2\n%u:\t.word\t%s-(%ub+%d)\n%u:",
		  lend, lword, expr, l1, pc_bias (), lend);
}

static void
append_address (struct mip_asm_text *t, int reg, const char *expr)
{
  append_address_at (t, reg, expr, -1);
}

/* ---- Coverage bytes ------------------------------------------------- */

/* A coverage byte is marked by storing the low byte of the register that
   holds its address: one instruction and one register fewer than
   storing a zero.  Raw units start 8-aligned, so the plugin knows every
   byte's address modulo 8: the register points at the byte itself, or,
   when the byte's address is 7 modulo 8 (its low byte could be 0xff, the
   "not run" value), at the byte before it, reached with offset 1.  This
   is the offset for the byte at AT from the raw unit's start.  */
static uint32_t
coverage_store_offset (uint32_t at)
{
  return at % 8 == 7 ? 1 : 0;
}

/* The assembler expression for "the record of P plus OFFSET".  */
static void
record_expr (char *buf, size_t size, const struct mip_entry_probe *p,
	     uint32_t offset)
{
  snprintf (buf, size, MIP_RECORD_LABEL_FMT "+%u", p->function_index, offset);
}

/* push/pop of the registers in MASK, with the CFA adjustment when GCC
   writes CFI and the CFA is sp-based (CFA_SP).  */
static void
append_push (struct mip_asm_text *t, unsigned mask, bool cfa_sp, bool pop)
{
  if (mask == 0)
    return;
  mip_asm_append (t, "\n\t%s\t{", pop ? "pop" : "push");
  int n = 0;
  for (int r = 0; r < 16; r++)
    if (mask & (1u << r))
      mip_asm_append (t, "%s%s", n++ ? ", " : "", rname (r));
  mip_asm_append (t, "}");
  if (cfa_sp && dwarf2out_do_cfi_asm ())
    mip_asm_append (t, "\n\t.cfi_adjust_cfa_offset %d", pop ? -4 * n : 4 * n);
}

/* ---- Registers ------------------------------------------------------ */

/* Candidates for the scratch registers, best first: in ARM state ip
   (never an argument); in Thumb-2 the low registers, for the 16-bit
   add, ldr and strb; Thumb-1 loads and stores only through r0-r7.  */
static const int candidates_arm[] = { REG_IP, 3, 2, 1, 0, REG_LR };
static const int candidates_t2[] = { 3, 2, 1, 0, REG_IP, REG_LR };
static const int candidates_t1[] = { 3, 2, 1, 0 };

/* Dead registers at entry (BB NULL) or at the start of BB: up to MAX of
   them into REGS, returning how many.  */
static int
dead_registers (function *fun, basic_block bb, int *regs, int max)
{
  const int *table = candidates_arm;
  size_t size = ARRAY_SIZE (candidates_arm);
  if (thumb1 ())
    table = candidates_t1, size = ARRAY_SIZE (candidates_t1);
  else if (TARGET_THUMB2)
    table = candidates_t2, size = ARRAY_SIZE (candidates_t2);
  int found = 0;
  for (size_t i = 0; i < size && found < max; i++)
    {
      int r = table[i];
      /* lr holds the return address at entry.  */
      if (bb == NULL && r == REG_LR)
	continue;
      bool dead = bb ? mip_scratch_reg_free_in_block (bb, r)
		     : mip_scratch_reg_free_at_entry (fun, r);
      if (dead)
	regs[found++] = r;
    }
  return found;
}

/* A low register not in USED (a mask), to save and restore.  */
static int
saved_low_register (unsigned used)
{
  static const int order[] = { 3, 2, 1, 0, 4, 5, 6, 7 };
  for (size_t i = 0; i < ARRAY_SIZE (order); i++)
    if (!(used & (1u << order[i])))
      return order[i];
  gcc_unreachable ();
}

/* The offset from P's record of the function's base, the address the
   entry probe leaves in A: the record itself when it counts (4-aligned),
   else its coverage byte, or the byte before when that one is 7 modulo
   8.  Never 7 modulo 8, so that its low byte is never 0xff.  */
static uint32_t
record_base (const struct mip_entry_probe *p)
{
  uint32_t base = 0;
  if (!(p->kinds & MIP_KIND_CALL_COUNT))
    base = p->layout.coverage_offset
	   - coverage_store_offset (p->raw_offset + p->layout.coverage_offset);
  gcc_assert ((p->raw_offset + base) % 8 != 7);
  return base;
}

/* ---- Bases kept in registers ---------------------------------------- */

/* Which registers hold the function's base plus a known multiple of 8
   at some point: OFFSET[R] is that multiple, or NO_BASE.  */
#define NO_BASE (-1)
struct held_bases
{
  int32_t offset[16];
};

/* What is known of the function whose blocks are being probed.  The
   pass asks for block probes in layout order, then for the entry
   probe.  Where the base itself is held comes from the whole function
   (find_bases); where the base plus another multiple of 8 is (the
   values past the stores' reach), from the blocks looked at so far: a
   block's predecessors that come later in the layout (loop latches)
   are not known yet, so nothing of that kind is assumed to reach it
   from them.  */
static struct
{
  function *fun;
  unsigned function_index;
  basic_block next;		/* the first block not yet looked at */
  unsigned char *state;		/* by block index: 0 not yet looked at,
				   1 START known, 2 END known too */
  struct held_bases *start;	/* after the block's probe */
  struct held_bases *end;
  /* By block index, as masks of registers: */
  unsigned *written;		/* what the block's own instructions may
				   write */
  unsigned *gen;		/* what its probe sets to the base itself */
  unsigned *other;		/* what its probe sets to another value */
  unsigned *base_in;		/* what holds the base itself at its start
				   on every path into it */
  bool base_in_stale;		/* GEN or OTHER changed since BASE_IN */
  int entry_reg;		/* the entry probe's A, or -1 */
  rtx_insn *kept_insn;		/* the asm that sets the kept register
				   (see keep_base_register), or NULL */
  int kept_reg;			/* the register it sets */
  int kept_block;		/* the index of its block */
  unsigned saved_by_prologue;	/* call-saved registers that the
				   prologue saves (see below) */
  int writers[16];		/* blocks that write each register */
  unsigned *saved_live;		/* by block index: which of
				   SAVED_BY_PROLOGUE are live at its start */
} bases;

static void
clear_bases (struct held_bases *h)
{
  for (int r = 0; r < 16; r++)
    h->offset[r] = NO_BASE;
}

/* Forget the registers of X (a register, or a part of one) in H.  */
static void
forget_register (rtx x, struct held_bases *h)
{
  if (GET_CODE (x) == SUBREG)
    x = SUBREG_REG (x);
  if (!REG_P (x) || !HARD_REGISTER_P (x))
    return;
  for (unsigned r = REGNO (x); r < END_REGNO (x) && r < 16; r++)
    h->offset[r] = NO_BASE;
}

static void
forget_stored (rtx x, const_rtx, void *data)
{
  forget_register (x, (struct held_bases *) data);
}

/* Whether INSN is the label and probe that the pass put at a block's
   start (its text starts with the block's label).  */
static bool
block_probe_insn_p (rtx_insn *insn)
{
  rtx body = PATTERN (insn);
  if (GET_CODE (body) == PARALLEL)
    body = XVECEXP (body, 0, 0);
  return (GET_CODE (body) == ASM_INPUT
	  && startswith (XSTR (body, 0), ".Lmip.b"));
}

/* Forget in H every register that INSN may write: what a call
   clobbers under its callee's ABI, its stores and clobbers, its
   auto-increments and the definitions dataflow knows.  */
static void
forget_written (rtx_insn *insn, struct held_bases *h)
{
  if (CALL_P (insn))
    {
      function_abi callee = insn_callee_abi (insn);
      for (int r = 0; r < 16; r++)
	if (callee.clobbers_at_least_part_of_reg_p (r))
	  h->offset[r] = NO_BASE;
    }
  note_stores (insn, forget_stored, h);
  subrtx_iterator::array_type array;
  FOR_EACH_SUBRTX (iter, array, PATTERN (insn), NONCONST)
    if (GET_RTX_CLASS (GET_CODE (*iter)) == RTX_AUTOINC)
      forget_register (XEXP (*iter, 0), h);
  df_insn_info *info = DF_INSN_UID_SAFE_GET (INSN_UID (insn));
  df_ref def;
  if (info)
    FOR_EACH_INSN_INFO_DEF (def, info)
      if (DF_REF_REGNO (def) < 16)
	h->offset[DF_REF_REGNO (def)] = NO_BASE;
  if (insn == bases.kept_insn)
    h->offset[bases.kept_reg] = 0;
}

/* The bases held at the end of BB, whose start is known.  */
static const struct held_bases *
bases_at_end (basic_block bb)
{
  if (bases.state[bb->index] == 2)
    return &bases.end[bb->index];
  struct held_bases h = bases.start[bb->index];
  rtx_insn *insn;
  FOR_BB_INSNS (bb, insn)
    if (NONDEBUG_INSN_P (insn) && !block_probe_insn_p (insn))
      forget_written (insn, &h);
  bases.end[bb->index] = h;
  bases.state[bb->index] = 2;
  return &bases.end[bb->index];
}

/* Into H, the bases held at the start of BB on every path into it: on
   the edges from blocks already looked at (and not abnormal or EH
   ones); at the function's start, none.  */
static void
bases_at_start (basic_block bb, struct held_bases *h)
{
  edge e;
  edge_iterator ei;
  bool first = true;
  clear_bases (h);
  FOR_EACH_EDGE (e, ei, bb->preds)
    {
      if (e->src->index < NUM_FIXED_BLOCKS || bases.state[e->src->index] == 0
	  || (e->flags & (EDGE_ABNORMAL | EDGE_EH)))
	{
	  clear_bases (h);
	  return;
	}
      const struct held_bases *from = bases_at_end (e->src);
      for (int r = 0; r < 16; r++)
	if (first)
	  h->offset[r] = from->offset[r];
	else if (h->offset[r] != from->offset[r])
	  h->offset[r] = NO_BASE;
      first = false;
    }
}

/* The registers that the instructions of BB may write, as a mask.  */
static unsigned
registers_written (basic_block bb)
{
  struct held_bases h;
  for (int r = 0; r < 16; r++)
    h.offset[r] = 0;
  rtx_insn *insn;
  FOR_BB_INSNS (bb, insn)
    if (NONDEBUG_INSN_P (insn) && !block_probe_insn_p (insn))
      forget_written (insn, &h);
  unsigned mask = 0;
  for (int r = 0; r < 16; r++)
    if (h.offset[r] == NO_BASE)
      mask |= 1u << r;
  return mask;
}

/* The kept register, as a mask, when the asm that sets it to the base
   is in the block of index INDEX (it holds it at the block's end unless
   the block writes it again after the asm).  */
static unsigned
kept_at_end (int index)
{
  return (bases.kept_insn && index == bases.kept_block
	  ? 1u << bases.kept_reg : 0);
}

/* The registers that hold the base itself at the start of each block of
   FUN on every path into it, into bases.base_in, given where the probes
   set them (bases.gen, bases.other): the usual forward dataflow,
   starting from "every register" at every block but the entry and
   iterated to its greatest fixed point, so that a loop's blocks keep
   what reaches the loop.  The probes decided later only add to GEN
   (they set registers to the base itself, which keeps these facts
   true) or set to other values registers that hold the base nowhere
   (mip_target_block_probe).  */
static void
find_bases (function *fun)
{
  basic_block entry = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    bases.base_in[bb->index] = bb == entry ? 0 : 0xffffu;
  bool changed = true;
  while (changed)
    {
      changed = false;
      FOR_EACH_BB_FN (bb, fun)
	{
	  if (bb == entry)
	    continue;
	  unsigned in = 0xffffu;
	  edge e;
	  edge_iterator ei;
	  FOR_EACH_EDGE (e, ei, bb->preds)
	    {
	      int from = e->src->index;
	      if (from < NUM_FIXED_BLOCKS
		  || (e->flags & (EDGE_ABNORMAL | EDGE_EH)))
		in = 0;
	      else
		in &= (bases.gen[from] | kept_at_end (from)
		       | (bases.base_in[from] & ~bases.other[from]))
		      & ~bases.written[from];
	    }
	  if (in != bases.base_in[bb->index])
	    {
	      bases.base_in[bb->index] = in;
	      changed = true;
	    }
	}
    }
  bases.base_in_stale = false;
}

/* The registers that hold the base in some block.  */
static unsigned
registers_holding_base (function *fun)
{
  unsigned mask = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    mask |= bases.base_in[bb->index] | bases.gen[bb->index];
  return mask;
}

/* Call-saved registers that a block probe may take where they are dead
   (they keep the base across calls): r4-r11 (Thumb-1: r4-r7) that the
   prologue, all of it in the entry block (no shrink-wrapping), stores
   on the stack, so that the epilogue and the unwinder restore them
   whatever the function leaves in them; none in functions that do not
   return, whose prologue may save nothing.  Only registers of the
   frame's saved set (the Arm back end's saved_regs_mask), which the
   epilogue restores: a Thumb-1 prologue at -Os also pushes registers it
   never touches to make room for the frame (push {r0-r4, lr} for 20
   bytes), and its epilogue then drops them with the frame (add sp, #20)
   instead of restoring them.  */
static unsigned
find_saved_by_prologue (function *fun)
{
  if (crtl->shrink_wrapped || crtl->shrink_wrapped_separate
      || TREE_THIS_VOLATILE (fun->decl) || fun->calls_setjmp
      || fun->has_nonlocal_label || crtl->calls_eh_return)
    return 0;
  basic_block entry = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  unsigned mask = 0;
  rtx_insn *insn;
  FOR_BB_INSNS (entry, insn)
    {
      if (NOTE_P (insn) && NOTE_KIND (insn) == NOTE_INSN_PROLOGUE_END)
	{
	  unsigned usable = 0;
	  for (int r = 4; r <= (thumb1 () ? 7 : 11); r++)
	    if (!fixed_regs[r] && !global_regs[r]
		&& (cfun->machine->stack_offsets.saved_regs_mask & (1u << r))
		&& !crtl->abi->clobbers_at_least_part_of_reg_p (r)
		&& TEST_HARD_REG_BIT (reg_class_contents[GENERAL_REGS], r)
		&& r != HARD_FRAME_POINTER_REGNUM)
	      usable |= 1u << r;
	  return mask & usable;
	}
      if (!NONDEBUG_INSN_P (insn) || !RTX_FRAME_RELATED_P (insn))
	continue;
      /* The stores of registers' own values that the CFI describes: a
	 push (whose pattern is an unspec, its frame note the stores),
	 or a store of a single register.  */
      rtx note = find_reg_note (insn, REG_FRAME_RELATED_EXPR, NULL_RTX);
      rtx body = note ? XEXP (note, 0) : PATTERN (insn);
      bool list = GET_CODE (body) == PARALLEL || GET_CODE (body) == SEQUENCE;
      int n = list ? XVECLEN (body, 0) : 1;
      for (int i = 0; i < n; i++)
	{
	  rtx set = list ? XVECEXP (body, 0, i) : body;
	  if (GET_CODE (set) == SET && MEM_P (SET_DEST (set))
	      && REG_P (SET_SRC (set)) && REGNO (SET_SRC (set)) < 16)
	    mask |= 1u << REGNO (SET_SRC (set));
	}
    }
  /* No end of the prologue in the entry block.  */
  return 0;
}

/* LIVE (registers r0-r15 as a mask) before INSN, given LIVE after it;
   false when dataflow knows nothing of INSN.  */
static bool
live_before (rtx_insn *insn, unsigned *live)
{
  df_insn_info *info = DF_INSN_UID_SAFE_GET (INSN_UID (insn));
  if (!info)
    return false;
  df_ref ref;
  FOR_EACH_INSN_INFO_DEF (ref, info)
    if (DF_REF_REGNO (ref) < 16
	&& !DF_REF_FLAGS_IS_SET (ref, DF_REF_PARTIAL | DF_REF_CONDITIONAL
				      | DF_REF_MAY_CLOBBER))
      *live &= ~(1u << DF_REF_REGNO (ref));
  FOR_EACH_INSN_INFO_USE (ref, info)
    if (DF_REF_REGNO (ref) < 16)
      *live |= 1u << DF_REF_REGNO (ref);
  return true;
}

/* Into LIVE_IN, by block index, which registers of TRACKED (call-saved
   ones that the prologue saves) are live at each block's start.
   Dataflow's own liveness keeps them live down to the exit, which uses
   them for the caller (a return that pops them is one insn that does
   not say so); here the exit uses none of them, since the epilogue puts
   back what the prologue saved.  False when that cannot be told.  */
static bool
find_saved_registers_live (function *fun, unsigned tracked,
			   unsigned *live_in)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    live_in[bb->index] = 0;
  bool changed = true;
  while (changed)
    {
      changed = false;
      FOR_EACH_BB_REVERSE_FN (bb, fun)
	{
	  unsigned live = 0;
	  edge e;
	  edge_iterator ei;
	  FOR_EACH_EDGE (e, ei, bb->succs)
	    if (e->dest != EXIT_BLOCK_PTR_FOR_FN (fun))
	      live |= live_in[e->dest->index];
	  rtx_insn *insn;
	  FOR_BB_INSNS_REVERSE (bb, insn)
	    if (NONDEBUG_INSN_P (insn) && !block_probe_insn_p (insn)
		&& !live_before (insn, &live))
	      return false;
	  df_ref ref;
	  FOR_EACH_ARTIFICIAL_USE (ref, bb->index)
	    if (DF_REF_REGNO (ref) < 16)
	      live |= 1u << DF_REF_REGNO (ref);
	  live &= tracked;
	  if (live != live_in[bb->index])
	    {
	      live_in[bb->index] = live;
	      changed = true;
	    }
	}
    }
  return true;
}

/* Into bases.saved_live, where the registers of bases.saved_by_prologue
   are live (none of them usable when that cannot be told).  */
static void
find_saved_live (function *fun)
{
  if (!find_saved_registers_live (fun, bases.saved_by_prologue,
				  bases.saved_live))
    bases.saved_by_prologue = 0;
}

/* ---- A register kept for the base ---------------------------------- */

/* Where calls clobber the scratch registers and the function's own code
   takes the call-saved ones, a block probe loads the base again (ARM
   16 bytes, Thumb-2 12 or 14).  In ARM state and Thumb-2 a function
   with enough blocks keeps one call-saved register R for the base from
   register allocation on: before it, an asm at the start of the first
   block sets R and an empty one before each return reads it, so R is
   live all through the function (the allocator gives it no other
   value) and the prologue saves it.  The instrumentation pass turns
   the first asm, which the prologue precedes (it sets a register the
   prologue saves), into the base's load:
	mov	R, A			@ the entry probe's A still holds it
   or	ADDR	(R, .Lmip.rN + base)
   and the blocks' dataflow then finds the base in R wherever nothing
   wrote it: most block probes are the store alone.  The asms' text
   until then is a comment.  */
#define KEPT_ASM_TEXT "@ mip: base register"

/* Functions with fewer blocks keep no register: their probes seldom
   load the base more than once, and the register costs a push and a
   pop where the prologue saved none.  */
#define KEPT_REGISTER_MIN_BLOCKS 6

/* The asm of keep_base_register that sets the kept register, if INSN
   is it.  */
static bool
kept_asm_p (rtx_insn *insn)
{
  rtx body = PATTERN (insn);
  return (GET_CODE (body) == SET && GET_CODE (SET_SRC (body)) == ASM_OPERANDS
	  && REG_P (SET_DEST (body))
	  && strcmp (ASM_OPERANDS_TEMPLATE (SET_SRC (body)),
		     KEPT_ASM_TEXT) == 0);
}

/* Into bases.kept_*, the asm that sets FUN's kept register, if any.  */
static void
find_kept_register (function *fun)
{
  bases.kept_insn = NULL;
  basic_block bb;
  rtx_insn *insn;
  FOR_EACH_BB_FN (bb, fun)
    FOR_BB_INSNS (bb, insn)
      if (NONDEBUG_INSN_P (insn) && kept_asm_p (insn)
	  && REGNO (SET_DEST (PATTERN (insn))) < 16)
	{
	  bases.kept_insn = insn;
	  bases.kept_reg = REGNO (SET_DEST (PATTERN (insn)));
	  bases.kept_block = bb->index;
	  return;
	}
}

/* A register that holds the base where the kept register's asm is, or
   -1: the entry probe's A, when the asm is in the entry block and
   nothing before it (the prologue) wrote A.  */
static int
base_before_kept_asm (function *fun)
{
  basic_block entry = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  if (bases.entry_reg < 0 || bases.kept_block != entry->index)
    return -1;
  struct held_bases h;
  clear_bases (&h);
  h.offset[bases.entry_reg] = 0;
  rtx_insn *insn;
  FOR_BB_INSNS (entry, insn)
    {
      if (insn == bases.kept_insn)
	break;
      if (NONDEBUG_INSN_P (insn) && !block_probe_insn_p (insn))
	forget_written (insn, &h);
    }
  return h.offset[bases.entry_reg] == 0 ? bases.entry_reg : -1;
}

/* Make the kept register's asm load the base of P's record.  */
static void
set_kept_register (function *fun, const struct mip_entry_probe *p)
{
  struct mip_asm_text t;
  text_init (&t);
  int from = base_before_kept_asm (fun);
  if (from >= 0)
    mip_asm_append (&t, "\n\tmov\t%s, %s", rname (bases.kept_reg),
		    rname (from));
  else
    {
      char expr[64];
      record_expr (expr, sizeof expr, p, record_base (p));
      append_address (&t, bases.kept_reg, expr);
    }
  ASM_OPERANDS_TEMPLATE (SET_SRC (PATTERN (bases.kept_insn)))
    = ggc_strdup (t.buf);
}

/* Look at the blocks of FUN before BB in the layout that have no probe,
   and return the bases held at the start of BB.  */
static struct held_bases *
bases_before (function *fun, basic_block bb, const struct mip_entry_probe *p)
{
  if (bases.fun != fun || bases.function_index != p->function_index
      || bases.state == NULL)
    {
      int n = last_basic_block_for_fn (fun);
      XDELETEVEC (bases.state);
      XDELETEVEC (bases.start);
      XDELETEVEC (bases.end);
      XDELETEVEC (bases.written);
      XDELETEVEC (bases.gen);
      XDELETEVEC (bases.other);
      XDELETEVEC (bases.base_in);
      XDELETEVEC (bases.saved_live);
      bases.state = XCNEWVEC (unsigned char, n);
      bases.start = XNEWVEC (struct held_bases, n);
      bases.end = XNEWVEC (struct held_bases, n);
      bases.written = XCNEWVEC (unsigned, n);
      bases.gen = XCNEWVEC (unsigned, n);
      bases.other = XCNEWVEC (unsigned, n);
      bases.base_in = XCNEWVEC (unsigned, n);
      bases.saved_live = XCNEWVEC (unsigned, n);
      bases.fun = fun;
      bases.function_index = p->function_index;
      bases.next = ENTRY_BLOCK_PTR_FOR_FN (fun)->next_bb;
      find_kept_register (fun);
      bases.saved_by_prologue = find_saved_by_prologue (fun);
      find_saved_live (fun);
      basic_block x;
      memset (bases.writers, 0, sizeof bases.writers);
      FOR_EACH_BB_FN (x, fun)
	{
	  bases.written[x->index] = registers_written (x);
	  for (int r = 0; r < 16; r++)
	    if (bases.written[x->index] & (1u << r))
	      bases.writers[r]++;
	}
      /* The entry probe leaves the base in A when A is dead there: A is
	 the dead register that keeps it in the most blocks.  */
      basic_block entry = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
      int dead[6];
      int found = dead_registers (fun, NULL, dead, 6);
      int best = -1, best_blocks = -1;
      for (int i = 0; i < found; i++)
	{
	  bases.gen[entry->index] = 1u << dead[i];
	  find_bases (fun);
	  int blocks = 0;
	  FOR_EACH_BB_FN (x, fun)
	    if (bases.base_in[x->index] & (1u << dead[i]))
	      blocks++;
	  if (blocks > best_blocks)
	    best = dead[i], best_blocks = blocks;
	}
      bases.entry_reg = best;
      bases.gen[entry->index] = best >= 0 ? 1u << best : 0;
      find_bases (fun);
      if (bases.kept_insn)
	set_kept_register (fun, p);
    }
  else if (bases.base_in_stale)
    find_bases (fun);
  for (basic_block x = bases.next; x != bb->next_bb; x = x->next_bb)
    {
      gcc_assert (x != EXIT_BLOCK_PTR_FOR_FN (fun));
      bases_at_start (x, &bases.start[x->index]);
      bases.state[x->index] = 1;
      for (int r = 0; r < 16; r++)
	if ((bases.base_in[x->index] | bases.gen[x->index]) & (1u << r))
	  bases.start[x->index].offset[r] = 0;
    }
  bases.next = bb->next_bb;
  return &bases.start[bb->index];
}

/* The registers of FUN's entry probe for P into REGS: A, then V and T
   when the record counts (T with -fplugin-arg-mip-atomic); dead ones
   first, then saved low registers, whose mask goes to *SAVED.  Returns
   how many are dead.  */
static int
entry_registers (function *fun, const struct mip_entry_probe *p, int *regs,
		 unsigned *saved)
{
  bool counts = (p->kinds & MIP_KIND_CALL_COUNT) != 0;
  bool atomic = counts && mip_options.atomic_counts && have_ldrex ();
  int need = counts ? (atomic ? 3 : 2) : 1;
  int dead[6];
  int found = dead_registers (fun, NULL, dead, 6);
  /* A first: the one chosen for the block probes' sake, if any.  */
  int first = 0;
  if (bases.fun == fun && bases.function_index == p->function_index)
    for (int i = 0; i < found; i++)
      if (dead[i] == bases.entry_reg)
	first = i;
  int k = 0;
  if (found > 0)
    regs[k++] = dead[first];
  for (int i = 0; i < found && k < need; i++)
    if (i != first)
      regs[k++] = dead[i];
  found = k;
  unsigned used = 0;
  for (int i = 0; i < found; i++)
    used |= 1u << regs[i];
  *saved = 0;
  for (int i = found; i < need; i++)
    {
      regs[i] = saved_low_register (used);
      used |= 1u << regs[i];
      *saved |= 1u << regs[i];
    }
  return found;
}

/* A register that H says holds the base plus some B from which the
   byte at OFFSET from the base can be stored to, or -1: in ARM state
   OFFSET - B in -4095..4095, in Thumb-2 -255..4095 (best a low register
   with 0..31, for the 16-bit strb), in Thumb-1 0..31.  */
static int
register_holding_base (const struct held_bases *h, uint32_t offset)
{
  int found = -1;
  for (int r = 0; r < 16; r++)
    {
      if (h->offset[r] == NO_BASE)
	continue;
      int64_t d = (int64_t) offset - h->offset[r];
      bool narrow = r < 8 && d >= 0 && d <= 31;
      if (thumb1 ())
	{
	  if (narrow)
	    return r;
	}
      else if (TARGET_THUMB2)
	{
	  if (narrow)
	    return r;
	  if (found < 0 && d >= -255 && d <= 4095)
	    found = r;
	}
      else if (found < 0 && d >= -4095 && d <= 4095)
	found = r;
    }
  return found;
}

/* A call-saved register that FUN may keep for the base, or -1: in
   Thumb-2 r6, for the 16-bit strb (r7 is the frame pointer where there
   is one), in ARM state, where every register costs the same, r8, which
   the allocator takes after the low ones; else r10 or r9.  Not one
   that is fixed, global, the frame pointer or the PIC register, or
   that an insn of FUN names already (a register variable, an asm's
   operand or clobber).  */
static int
kept_register_candidate (function *fun)
{
  static const int order_thumb2[] = { 6, 8, 10, 9 };
  static const int order_arm[] = { 8, 10, 9 };
  const int *order = TARGET_THUMB2 ? order_thumb2 : order_arm;
  size_t count = (TARGET_THUMB2 ? ARRAY_SIZE (order_thumb2)
		  : ARRAY_SIZE (order_arm));
  unsigned named = 0;
  basic_block bb;
  rtx_insn *insn;
  FOR_EACH_BB_FN (bb, fun)
    FOR_BB_INSNS (bb, insn)
      if (INSN_P (insn))
	{
	  subrtx_iterator::array_type array;
	  FOR_EACH_SUBRTX (iter, array, PATTERN (insn), NONCONST)
	    if (REG_P (*iter) && REGNO (*iter) < 16)
	      named |= 1u << REGNO (*iter);
	}
  for (size_t i = 0; i < count; i++)
    {
      int r = order[i];
      if (!fixed_regs[r] && !global_regs[r]
	  && r != HARD_FRAME_POINTER_REGNUM
	  && (unsigned) r != arm_pic_register
	  && !crtl->abi->clobbers_at_least_part_of_reg_p (r)
	  && !(named & (1u << r)))
	return r;
    }
  return -1;
}

/* An empty volatile asm that reads REG, before INSN when that ends its
   block with a jump or a (sibling) call, else after it.  */
static void
emit_kept_register_use (rtx_insn *insn, rtx reg, location_t loc)
{
  rtx constraint = gen_rtx_ASM_INPUT_loc (SImode, "r", loc);
  rtx use = gen_rtx_ASM_OPERANDS (VOIDmode, "", "", 0, gen_rtvec (1, reg),
				  gen_rtvec (1, constraint), rtvec_alloc (0),
				  loc);
  MEM_VOLATILE_P (use) = 1;
  if (JUMP_P (insn) || CALL_P (insn))
    emit_insn_before (use, insn);
  else
    emit_insn_after (use, insn);
}

/* Before register allocation: keep a register for FUN's base (see
   KEPT_ASM_TEXT above).  */
static void
keep_base_register (function *fun)
{
  if (!TARGET_32BIT || !mip_function_wants_instrumentation (fun)
      || n_basic_blocks_for_fn (fun) - NUM_FIXED_BLOCKS
	 < KEPT_REGISTER_MIN_BLOCKS)
    return;
  int r = kept_register_candidate (fun);
  if (r < 0)
    return;
  location_t loc = DECL_SOURCE_LOCATION (fun->decl);
  rtx reg = gen_rtx_REG (SImode, r);
  rtx set = gen_rtx_ASM_OPERANDS (SImode, ggc_strdup (KEPT_ASM_TEXT), "=r",
				  0, rtvec_alloc (0), rtvec_alloc (0),
				  rtvec_alloc (0), loc);
  MEM_VOLATILE_P (set) = 1;
  basic_block first = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  emit_insn_after (gen_rtx_SET (reg, set), bb_note (first));
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, EXIT_BLOCK_PTR_FOR_FN (fun)->preds)
    emit_kept_register_use (BB_END (e->src), reg, loc);
}

static void move_literal_after_function (function *fun);

namespace {

const pass_data keep_base_pass_data = {
  RTL_PASS, "mip-arm-base", OPTGROUP_NONE, TV_NONE, PROP_rtl, 0, 0, 0, 0
};

class keep_base_pass : public rtl_opt_pass
{
public:
  keep_base_pass (gcc::context *ctxt)
    : rtl_opt_pass (keep_base_pass_data, ctxt) {}
  bool gate (function *) final override
  {
    return (mip_options.mode & MIP_KIND_BLOCK_COVERAGE) != 0;
  }
  unsigned int execute (function *fun) final override
  {
    keep_base_register (fun);
    return 0;
  }
};

const pass_data literal_pass_data = {
  RTL_PASS, "mip-arm-literal", OPTGROUP_NONE, TV_NONE, PROP_rtl, 0, 0, 0, 0
};

class literal_pass : public rtl_opt_pass
{
public:
  literal_pass (gcc::context *ctxt)
    : rtl_opt_pass (literal_pass_data, ctxt) {}
  bool gate (function *) final override
  {
    return (mip_options.mode & MIP_KIND_FUNCTION_COVERAGE) != 0;
  }
  unsigned int execute (function *fun) final override
  {
    move_literal_after_function (fun);
    return 0;
  }
};

} /* namespace */

void
mip_target_register_passes (const char *plugin_name)
{
  mip_register_pass (plugin_name, new keep_base_pass (g), "ira",
		     PASS_POS_INSERT_BEFORE);
  mip_register_pass (plugin_name, new literal_pass (g), "shorten",
		     PASS_POS_INSERT_AFTER);
}

/* ---- Hooks ---------------------------------------------------------- */

bool
mip_target_init (void)
{
  if (target_pure_code || target_slow_flash_data)
    {
      sorry ("mip: %<-mpure-code%> and %<-mslow-flash-data%> are not"
	     " supported (probes may keep a literal inline)");
      return false;
    }
  if (TARGET_FDPIC)
    {
      sorry ("mip: FDPIC is not supported");
      return false;
    }
  return true;
}

uint32_t
mip_target_supported_kinds (void)
{
  return MIP_KIND_ALL;
}


/* ARM's PC-relative address loads carry the number of their "LPICn"
   label, counted across the file: (unspec [(const_int N)]
   UNSPEC_PIC_LABEL), the N of (unspec [SYM (const_int N)]
   UNSPEC_PIC_UNIFIED) and of (unspec [REG (const_int 8) (const_int N)]
   UNSPEC_PIC_BASE), whose other integer is the PC offset of the
   instruction set.  */
bool
mip_target_unspec_numbers_labels (const_rtx x)
{
  return (XINT (x, 1) == UNSPEC_PIC_LABEL
	  || XINT (x, 1) == UNSPEC_PIC_UNIFIED
	  || XINT (x, 1) == UNSPEC_PIC_BASE);
}

bool
mip_target_symbol_is_code_address (function *)
{
  return !TARGET_THUMB;
}

bool
mip_target_skip_function (function *fun)
{
  tree attrs = DECL_ATTRIBUTES (fun->decl);
  tree type_attrs = TYPE_ATTRIBUTES (TREE_TYPE (fun->decl));
  /* Interrupt handlers must preserve every register; secure entry
     functions clear registers and must not touch non-secure memory.  */
  static const char *const names[] = { "interrupt", "isr",
				       "cmse_nonsecure_entry" };
  for (size_t i = 0; i < ARRAY_SIZE (names); i++)
    if (lookup_attribute (names[i], attrs)
	|| lookup_attribute (names[i], type_attrs))
      return true;
  return false;
}

/* The architecture the current function is compiled for, for
   diagnostics: "armv5te", or the CPU's name when -mcpu chose it.  */
static const char *
architecture_name (void)
{
  if (arm_active_target.arch_name)
    return arm_active_target.arch_name;
  if (arm_active_target.core_name)
    return arm_active_target.core_name;
  return "this architecture";
}

/* -fplugin-arg-mip-atomic needs ldrex/strex for the count: an error,
   once per unit, where FUN's instruction set has none.  */
static void
check_atomic_counts_possible (function *fun)
{
  static bool reported;
  if (!mip_options.atomic_counts || have_ldrex () || reported)
    return;
  reported = true;
  error_at (DECL_SOURCE_LOCATION (fun->decl),
	    "mip: %<-fplugin-arg-mip-atomic%>: atomic call counts are not"
	    " available for %s in %s state, which has no %<ldrex%> and"
	    " %<strex%> (ARM state on armv6 and later and Thumb-2 have them)",
	    architecture_name (), thumb1 () ? "Thumb-1" : "ARM");
}

/* Whether the flags are live at the start of a block of FUN.  */
static bool
flags_live_in_a_block (function *fun)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    if (REGNO_REG_SET_P (df_get_live_in (bb), CC_REGNUM))
      return true;
  return false;
}

uint32_t
mip_target_entry_kinds (function *fun, uint32_t wanted)
{
  /* The flags are dead at entry (AAPCS) and registers can be saved
     there: every kind can be recorded.  The order and caller come from
     the count's first-call path: all three or none.  */
  const uint32_t counting = MIP_KIND_CALL_COUNT | MIP_KIND_ORDER
			    | MIP_KIND_CALLERS;
  if ((wanted & counting) && (wanted & counting) != counting)
    {
      wanted &= ~counting;
      wanted |= MIP_KIND_FUNCTION_COVERAGE;
    }
  if (wanted & MIP_KIND_CALL_COUNT)
    check_atomic_counts_possible (fun);
  /* Thumb-1 cannot keep the flags around a counter (no mrs): where they
     are live into a block, the function's blocks record coverage.  */
  if ((wanted & MIP_KIND_BLOCK_COUNT) && thumb1 ()
      && flags_live_in_a_block (fun))
    {
      wanted &= ~MIP_KIND_BLOCK_COUNT;
      wanted |= MIP_KIND_BLOCK_COVERAGE;
      if (dump_file)
	fprintf (dump_file, ";; mip: arm: flags live into a block in"
		 " Thumb-1: block coverage instead of counts\n");
    }
  return wanted;
}

/* The first-call path: the order (atomically where ldrex exists) into
   the record at A through V, saving two more registers.  */
static void
append_order (struct mip_asm_text *t, const struct mip_entry_probe *p, int a,
	      int v, unsigned used)
{
  int s = saved_low_register (used);
  used |= 1u << s;
  const char *rs = rname (s), *rv = rname (v);
  if (have_ldrex ())
    {
      int st = saved_low_register (used);
      append_push (t, (1u << s) | (1u << st), true, false);
      append_address (t, s, MIP_ORDER_SEQUENCE);
      unsigned loop = t->label++;
      mip_asm_append (t, "\n%u:\tldrex\t%s, [%s]\n\tadd\t%s, %s, #1"
		      "\n\tstrex\t%s, %s, [%s]\n\tcmp\t%s, #0\n\tbne\t%ub",
		      loop, rv, rs, rv, rv, rname (st), rv, rs, rname (st), loop);
      append_push (t, (1u << s) | (1u << st), true, true);
    }
  else
    {
      append_push (t, 1u << s, true, false);
      append_address (t, s, MIP_ORDER_SEQUENCE);
      mip_asm_append (t, "\n\tldr\t%s, [%s]\n\tadds\t%s, %s, #1\n\tstr\t%s, [%s]",
		      rv, rs, rv, rv, rv, rs);
      append_push (t, 1u << s, true, true);
    }
  mip_asm_append (t, "\n\tstr\t%s, [%s, #%u]", rv, rname (a), p->layout.order_offset);
}

/* The count update of the full mode through A (the record) and V, ending
   in a branch to DONE that every call but the first takes: plain, or
   with -fplugin-arg-mip-atomic an exclusive loop through T_REG as well
   (-1: none, the plain update).  With SAMPLES only the low byte of the
   count is updated, and the branch is not taken every 256th call.  */
static void
append_count_update (struct mip_asm_text *t, const struct mip_entry_probe *p,
		     int a, int v, int t_reg, unsigned done, bool samples)
{
  const char *ra = rname (a), *rv = rname (v);
  const char *b = samples ? "b" : "";
  unsigned count = p->layout.count_offset;
  if (t_reg < 0)
    {
      mip_asm_append (t, "\n\tldr%s\t%s, [%s, #%u]", b, rv, ra, count);
      mip_asm_append (t, "\n\tsubs\t%s, %s, #1", rv, rv);
      mip_asm_append (t, "\n\tstr%s\t%s, [%s, #%u]\n\tbcs\t%uf", b, rv,
		      ra, count, done);
      return;
    }
  /* ldrex takes no offset in ARM state.  */
  gcc_assert (count == 0 && have_ldrex ());
  const char *rt = rname (t_reg);
  unsigned loop = t->label++;
  mip_asm_append (t, "\n%u:\tldrex%s\t%s, [%s]\n\tsub\t%s, %s, #1"
		  "\n\tstrex%s\t%s, %s, [%s]\n\tcmp\t%s, #0\n\tbne\t%ub"
		  "\n\tcmn\t%s, #1\n\tbne\t%uf",
		  loop, b, rv, ra, rv, rv, b, rt, rv, ra, rt, loop, rv, done);
}

/* Whether FUN's full-mode probe samples callers: the low byte of the
   count is updated and its borrow, every 256th call, goes to libmip's
   __mip_count_borrow (ARM-state code, which Thumb-2 reaches with blx)
   or, from Thumb-1, to its Thumb-1 entry __mip_count_borrow_thumb1.
   Not on M-profile cores, whose freestanding libmip has no sample table
   (it is built only where there is an ARM state); not with
   -fplugin-arg-mip-atomic where there is no ldrexb (ARM state before
   armv6K); not where ip is live at entry (a nested function's static
   chain), since a linker veneer on the bl may take it; and only with
   the record layout the runtime assumes.  */
static bool
samples_callers (function *fun, const struct mip_entry_probe *p, bool atomic)
{
  if (!arm_arch_notm)
    return false;
  if (atomic && !TARGET_HAVE_LDREXBH)
    return false;
  if (p->layout.count_offset != 0 || p->layout.order_offset != 4
      || p->layout.callers_offset != 8)
    return false;
  return mip_scratch_reg_free_at_entry (fun, REG_IP);
}

/* The call of libmip's borrow helper from a probe that samples
   callers: the record (in A) and the return address pushed for the
   runtime, which keeps every register but the flags.  ARM state and
   Thumb-2 pop both again; Thumb-1, whose pop cannot take lr, calls the
   helper's Thumb-1 entry, which pops them itself and puts lr back, so
   that it returns with sp and lr as they were before the push.  A
   linker veneer may take ip, which is dead here.  */
static void
append_borrow_call (struct mip_asm_text *t, int a)
{
  bool cfi = dwarf2out_do_cfi_asm ();
  const char *helper = thumb1 () ? MIP_COUNT_BORROW_THUMB1_HELPER
				 : MIP_COUNT_BORROW_HELPER;
  append_push (t, (1u << a) | (1u << REG_LR), true, false);
  if (cfi)
    mip_asm_append (t, "\n\t.cfi_rel_offset lr, 4");
  mip_asm_append (t, "\n\t.hidden\t%s\n\tbl\t%s", helper, helper);
  mip_note_sampled_function ();
  if (thumb1 ())
    {
      if (cfi)
	mip_asm_append (t, "\n\t.cfi_adjust_cfa_offset -8");
    }
  else
    append_push (t, (1u << a) | (1u << REG_LR), true, true);
  if (cfi)
    mip_asm_append (t, "\n\t.cfi_restore lr");
}

/* The inline first-call path of the probes that sample no callers,
   reached when the count of the record at A borrowed, through V (USED:
   the registers taken), from the label FIRST on; DONE follows it.  */
static void
append_first_call (struct mip_asm_text *t, const struct mip_entry_probe *p,
		   int a, int v, unsigned used, unsigned first, unsigned done)
{
  const char *ra = rname (a), *rv = rname (v);
  mip_asm_append (t, "\n\tldr\t%s, [%s, #%u]\n\tcmp\t%s, #0\n\tbeq\t%uf",
		  rv, ra, p->layout.order_offset, rv, first);
  mip_asm_append (t, "\n\t%s\t%s, #1\n\tstr\t%s, [%s, #%u]\n\tb\t%uf",
		  thumb1 () ? "movs" : "mov", rv, rv, ra, p->layout.count_offset,
		  done);
  if (thumb1 ())
    mip_asm_append (t, "\n%u:\tmov\t%s, lr\n\tlsrs\t%s, %s, #1"
		    "\n\tlsls\t%s, %s, #1", first, rv, rv, rv, rv, rv);
  else
    mip_asm_append (t, "\n%u:\tbic\t%s, lr, #1", first, rv);
  mip_asm_append (t, "\n\tstr\t%s, [%s, #%u]", rv, ra,
		  p->layout.callers_offset);
  append_order (t, p, a, v, used);
}

/* ---- The coverage literal after the function ----------------------- */

/* A Thumb function-coverage probe that is its function's only probe
   keeps its literal after the function's last instruction where a
   16-bit literal load reaches it (1,020 bytes forward).  Only the
   lengths that shorten_branches finds, after GCC has placed its own
   literal pools (arm_reorg), can tell, so the instrumentation pass
   emits the sequence above and notes it here, and a pass after
   "shorten" (move_literal_after_function) rewrites it into
	ldr	R, .Lmip.lN
   .Lmip.pN:
	add	R, pc
	strb	R, [R, #C]
   and puts after the function's last insn
	.align	2
   .Lmip.lN:
	.word	.Lmip.rN + coverage - C - (.Lmip.pN + 4)
   6 bytes of code and the literal: 10 bytes where the inline forms
   take 12 (Thumb-2 movw/movt, Thumb-1 from a multiple of 4) or 14, the
   padding before the literal being taken back by the alignment of the
   function after it.  The rewrite only shortens code, so the lengths
   that GCC placed its pools and chose its branches by stay upper
   bounds; the literal comes after everything that they measured.  */
#define LITERAL_LABEL_FMT ".Lmip.l%u"
#define LITERAL_PC_LABEL_FMT ".Lmip.p%u"
/* From the probe's start to the function's end, at most: the literal
   load reaches 1,020 bytes past its own address rounded up to 4 plus
   4, less the literal's padding (2) and a margin.  */
#define LITERAL_REACH 1000

static struct
{
  function *fun;		/* NULL: nothing pending */
  rtx_insn *insn;		/* the probe's asm */
  int reg;
  unsigned index;		/* the function's */
  uint32_t store_offset;	/* C */
  char record[64];		/* .Lmip.rN + coverage - C */
} pending_literal;

/* Note INSN, the entry probe of P through REG, for the rewrite.  */
static void
note_literal_probe (function *fun, rtx_insn *insn,
		    const struct mip_entry_probe *p, int reg)
{
  pending_literal.fun = NULL;
  if (!TARGET_THUMB || reg > 7)
    return;
  uint32_t base = record_base (p);
  pending_literal.fun = fun;
  pending_literal.insn = insn;
  pending_literal.reg = reg;
  pending_literal.index = p->function_index;
  pending_literal.store_offset = p->layout.coverage_offset - base;
  record_expr (pending_literal.record, sizeof pending_literal.record, p,
	       base);
}

/* The end of FUN's code by the lengths shorten_branches found, or -1
   when that cannot be told (a jump table last, an insn it did not
   see).  */
static int
function_code_end (void)
{
  rtx_insn *last = get_last_insn ();
  if ((unsigned) INSN_UID (last) >= INSN_ADDRESSES_SIZE ()
      || JUMP_TABLE_DATA_P (last))
    return -1;
  return INSN_ADDRESSES (INSN_UID (last))
	 + (INSN_P (last) ? get_attr_length (last) : 0);
}

static void
move_literal_after_function (function *fun)
{
  if (pending_literal.fun != fun)
    return;
  pending_literal.fun = NULL;
  rtx_insn *insn = pending_literal.insn;
  if (!INSN_ADDRESSES_SET_P () || crtl->has_bb_partition
      || insn->deleted ()
      || (unsigned) INSN_UID (insn) >= INSN_ADDRESSES_SIZE ())
    return;
  int start = INSN_ADDRESSES (INSN_UID (insn));
  int end = function_code_end ();
  if (end < 0 || end - start > LITERAL_REACH)
    return;
  const char *r = rname (pending_literal.reg);
  unsigned n = pending_literal.index;
  char text[256];
  snprintf (text, sizeof text,
	    ".syntax unified\n\tldr\t%s, " LITERAL_LABEL_FMT
	    "\n" LITERAL_PC_LABEL_FMT ":\n\tadd\t%s, pc"
	    "\n\tstrb\t%s, [%s, #%u]",
	    r, n, n, r, r, r, pending_literal.store_offset);
  mip_replace_asm_text (insn, text);
  snprintf (text, sizeof text,
	    ".align\t2\n" LITERAL_LABEL_FMT ":\n\t.word\t%s-("
	    LITERAL_PC_LABEL_FMT "+4)", n, pending_literal.record, n);
  rtx_insn *last = get_last_insn ();
  rtx_insn *word = mip_emit_asm_after (last, text,
				       DECL_SOURCE_LOCATION (fun->decl),
				       NULL, 0);
  INSN_ADDRESSES_NEW (word, end);
  if (dump_file)
    fprintf (dump_file, ";; mip: arm: coverage literal after the function"
	     " (%d bytes on)\n", end - start);
}

/* ---- The entry probe after the prologue --------------------------- */

/* The prologue's end in FUN's entry block, or NULL.  */
static rtx_insn *
prologue_end_note (function *fun)
{
  basic_block entry = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  rtx_insn *insn;
  FOR_BB_INSNS (entry, insn)
    if (NOTE_P (insn) && NOTE_KIND (insn) == NOTE_INSN_PROLOGUE_END)
      return insn;
  return NULL;
}

/* A low call-saved register (r4-r7) that FUN's prologue saves and that
   is dead right after it, at *NOTE (the prologue's end), or -1.  */
static int
register_after_prologue (function *fun, rtx_insn **note)
{
  unsigned saved = find_saved_by_prologue (fun) & 0xf0u;
  *note = prologue_end_note (fun);
  if (saved == 0 || *note == NULL)
    return -1;
  unsigned *live_in = XCNEWVEC (unsigned, last_basic_block_for_fn (fun));
  bool known = find_saved_registers_live (fun, saved, live_in);
  basic_block entry = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  unsigned live = 0;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, entry->succs)
    if (e->dest != EXIT_BLOCK_PTR_FOR_FN (fun))
      live |= live_in[e->dest->index];
  XDELETEVEC (live_in);
  for (rtx_insn *insn = BB_END (entry); known && insn != *note;
       insn = PREV_INSN (insn))
    if (NONDEBUG_INSN_P (insn) && !live_before (insn, &live))
      known = false;
  df_ref ref;
  FOR_EACH_ARTIFICIAL_USE (ref, entry->index)
    if (DF_REF_REGNO (ref) < 16)
      live |= 1u << DF_REF_REGNO (ref);
  if (!known)
    return -1;
  for (int r = 4; r < 8; r++)
    if (saved & ~live & (1u << r))
      return r;
  return -1;
}

/* Whether P's entry probe marks the coverage byte and is its
   function's only probe: the record does not count, and no block has
   asked for the base (the pass asks for block probes first).  */
static bool
probe_alone (function *fun, const struct mip_entry_probe *p)
{
  return (!(p->kinds & (MIP_KIND_CALL_COUNT | MIP_KIND_BLOCK_COUNT))
	  && !(bases.fun == fun && bases.function_index == p->function_index));
}

/* Whether P's entry probe would mark the coverage byte alone where no
   register at entry serves it well (Thumb-1: r0-r3 all hold arguments,
   so one would be pushed and popped; Thumb-2: only ip is dead, whose
   store is a 32-bit instruction), and instead marks it after the
   prologue through a register that the prologue saved and that is
   dead there:
	ADDR	(R, .Lmip.rN + coverage - C)
	strb	R, [R, #C]
   Thumb-1 12 or 14 bytes instead of 16, Thumb-2 12 instead of 14.
   Coverage says that the function ran, which it has once its prologue
   has; where the record counts, or blocks have probes that find the
   base in the entry probe's register, the probe stays at entry.  */
static bool
entry_probe_after_prologue (function *fun, const struct mip_entry_probe *p,
			    int a, unsigned saved)
{
  if (!probe_alone (fun, p))
    return false;
  if (saved == 0 && (TARGET_ARM || a < 8))
    return false;
  rtx_insn *note;
  int r = register_after_prologue (fun, &note);
  if (r < 0)
    return false;
  char record[64];
  uint32_t base = record_base (p);
  record_expr (record, sizeof record, p, base);
  struct mip_asm_text t;
  text_init (&t);
  append_address (&t, r, record);
  mip_asm_append (&t, "\n\tstrb\t%s, [%s, #%u]", rname (r), rname (r),
		  p->layout.coverage_offset - base);
  rtx_insn *insn = mip_emit_asm_after (note, t.buf,
				       DECL_SOURCE_LOCATION (fun->decl), &r, 1);
  note_literal_probe (fun, insn, p, r);
  if (dump_file)
    fprintf (dump_file, ";; mip: arm: coverage probe after the prologue"
	     " through %s\n", rname (r));
  return true;
}

/* Whether FUN starts at a multiple of 4: its own alignment says so, or
   it is at least 2-aligned (Thumb) and -falign-functions (4 at -O2)
   pads up to 4 without a skip limit that could leave it unaligned, as
   assemble_start_function does for functions optimized for speed.  */
static bool
function_start_4_aligned (function *fun)
{
  tree decl = fun->decl;
  if (DECL_ALIGN (decl) >= 32)
    return true;
  return (DECL_ALIGN (decl) >= 16 && !DECL_USER_ALIGN (decl)
	  && align_functions.levels[0].log >= 2
	  && align_functions.levels[0].maxskip >= 2
	  && !flag_limit_function_alignment
	  && optimize_function_for_speed_p (fun));
}

/* Where the entry probe starts, modulo 4 (0 or 2), or -1 when not
   known: it is the function's first code (labels take no room) after
   the SAVED registers' push (one 16-bit instruction in Thumb), and
   nothing comes before it but a patchable area.  */
static int
entry_probe_mod4 (function *fun, unsigned saved)
{
  if (!function_start_4_aligned (fun) || crtl->patch_area_size != 0)
    return -1;
  return saved ? 2 : 0;
}

void
mip_target_instrument_entry (function *fun, const struct mip_entry_probe *p)
{
  /* A holds the record's address plus BASE: its start when the record
     counts (4-aligned, so A is never 7 modulo 8), else its coverage
     byte's, to be marked with A's low byte.  */
  bool counts = (p->kinds & MIP_KIND_CALL_COUNT) != 0;
  uint32_t base = record_base (p);

  bool atomic = counts && mip_options.atomic_counts && have_ldrex ();
  int regs[3];
  int clobbers[6];
  int n = 0;
  unsigned saved;
  int found = entry_registers (fun, p, regs, &saved);
  unsigned used = saved;
  for (int i = 0; i < found; i++)
    {
      used |= 1u << regs[i];
      clobbers[n++] = regs[i];
    }
  int a = regs[0];
  const char *ra = rname (a);
  char record[64];
  if (entry_probe_after_prologue (fun, p, a, saved))
    return;
  record_expr (record, sizeof record, p, base);

  struct mip_asm_text t;
  text_init (&t);
  append_push (&t, saved, true, false);
  append_address_at (&t, a, record, entry_probe_mod4 (fun, saved));
  if (counts)
    {
      int v = regs[1];
      unsigned done = t.label++, first = t.label++;
      clobbers[n++] = CC_REGNUM;
      bool samples = samples_callers (fun, p, atomic);
      append_count_update (&t, p, a, v, atomic ? regs[2] : -1, done,
			   samples);
      if (samples)
	{
	  append_borrow_call (&t, a);
	  if (!(used & (1u << REG_IP)))
	    clobbers[n++] = REG_IP;
	}
      else
	append_first_call (&t, p, a, v, used, first, done);
      mip_asm_append (&t, "\n%u:", done);
    }
  if (p->kinds & MIP_KIND_FUNCTION_COVERAGE)
    mip_asm_append (&t, "\n\tstrb\t%s, [%s, #%u]", ra, ra,
		    p->layout.coverage_offset - base);
  append_push (&t, saved, true, true);
  rtx_insn *insn = mip_emit_entry_asm (t.buf, clobbers, n);
  pending_literal.fun = NULL;
  if (probe_alone (fun, p) && saved == 0)
    note_literal_probe (fun, insn, p, a);
}

/* How many blocks after BB in the layout that hold the base in no
   register would hold it if BB's probe loaded it into R.  */
static int
blocks_gained (function *fun, basic_block bb, int r, const unsigned *before)
{
  unsigned gen = bases.gen[bb->index];
  bases.gen[bb->index] |= 1u << r;
  find_bases (fun);
  int gained = 0;
  for (basic_block x = bb->next_bb; x != EXIT_BLOCK_PTR_FOR_FN (fun);
       x = x->next_bb)
    if (bases.base_in[x->index] && !before[x->index])
      gained++;
  bases.gen[bb->index] = gen;
  return gained;
}

/* Of the COUNT registers in REGS that KEPT allows, the one whose base
   the most blocks after BB would find, PREFERRED unless another reaches
   more (a register that the other paths into a join hold too makes
   the join keep the base).  */
static int
register_reaching_most (function *fun, basic_block bb, const int *regs,
			int count, unsigned kept, int preferred)
{
  int n = last_basic_block_for_fn (fun);
  unsigned *before = XNEWVEC (unsigned, n);
  memcpy (before, bases.base_in, n * sizeof *before);
  int best = preferred;
  int best_gain = blocks_gained (fun, bb, preferred, before);
  for (int i = 0; i < count; i++)
    if (regs[i] != preferred && (kept & (1u << regs[i])))
      {
	int gain = blocks_gained (fun, bb, regs[i], before);
	if (gain > best_gain)
	  best = regs[i], best_gain = gain;
      }
  memcpy (bases.base_in, before, n * sizeof *before);
  XDELETEVEC (before);
  return best;
}

void
mip_target_block_probe (function *fun, basic_block bb,
			const struct mip_entry_probe *p, uint32_t byte_offset,
			char *text, size_t size, int *clobbers, int *n)
{
  struct held_bases *held = bases_before (fun, bb, p);
  uint32_t offset = byte_offset - record_base (p);
  *n = 0;

  /* A register still holds the base: the store alone, which reads the
     same in divided and unified syntax (one line less for GCC's length
     estimate).  */
  int r = register_holding_base (held, offset);
  if (r >= 0)
    {
      snprintf (text, size, "strb\t%s, [%s, #%d]", rname (r), rname (r),
		(int) (offset - held->offset[r]));
      return;
    }

  struct mip_asm_text t;
  text_init (&t);

  /* A gets the base itself where the store reaches the byte from it,
     else the base plus OFFSET rounded down to 8, so that the probes of
     the blocks after this one can reach theirs from it.  */
  uint32_t from = offset <= (thumb1 () ? 31u : 4095u) ? 0 : offset & ~7u;
  /* A dead register, best one that the block leaves alone: a call-saved
     one that the prologue saved, then the entry probe's (which the
     paths that join this block's may hold too), then another; none
     that holds the base anywhere when it gets another value.  */
  int dead[14];
  int found = dead_registers (fun, bb, dead, 6);
  int scratch = found;
  for (int reg = 4; reg < 12; reg++)
    if (bases.saved_by_prologue & ~bases.saved_live[bb->index]
	& (1u << reg))
      dead[found++] = reg;
  int a = -1;
  unsigned taboo = from ? registers_holding_base (fun) : 0;
  unsigned kept = ~(taboo | bases.written[bb->index]);
  /* Of the call-saved ones, which calls leave alone, the one that the
     fewest blocks write.  */
  int fewest = INT_MAX;
  for (int i = scratch; i < found; i++)
    if ((kept & (1u << dead[i])) && bases.writers[dead[i]] < fewest)
      a = dead[i], fewest = bases.writers[dead[i]];
  for (int i = 0; i < found && a < 0; i++)
    if (dead[i] == bases.entry_reg && (kept & (1u << dead[i])))
      a = dead[i];
  for (int i = 0; i < found && a < 0; i++)
    if (kept & (1u << dead[i]))
      a = dead[i];
  if (a >= 0 && from == 0)
    a = register_reaching_most (fun, bb, dead, found, kept, a);
  for (int i = 0; i < found && a < 0; i++)
    if (!(taboo & (1u << dead[i])))
      a = dead[i];
  int parked = -1;		/* Thumb-1: where A's value waits */
  unsigned saved = 0;
  if (a >= 0)
    clobbers[(*n)++] = a;
  else
    {
      a = saved_low_register (0);
      /* Thumb-1: a dead ip or lr can hold the live low register
	 meanwhile, which keeps the stack (and the CFA) alone.  */
      static const int park_candidates[] = { REG_IP, REG_LR };
      for (size_t k = 0; thumb1 () && k < 2 && parked < 0; k++)
	if (mip_scratch_reg_free_in_block (bb, park_candidates[k]))
	  {
	    parked = park_candidates[k];
	    clobbers[(*n)++] = parked;
	  }
      if (parked < 0)
	saved = 1u << a;
    }
  char expr[64];
  record_expr (expr, sizeof expr, p, record_base (p) + from);
  /* The CFA is sp-based unless a frame pointer holds it after the
     prologue (a block before a shrink-wrapped prologue of a function with
     a frame pointer is the one case this gets wrong).  */
  bool cfa_sp = !frame_pointer_needed
		|| bb == single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));

  append_push (&t, saved, cfa_sp, false);
  if (parked >= 0)
    mip_asm_append (&t, "\n\tmov\t%s, %s", rname (parked), rname (a));
  append_address (&t, a, expr);
  mip_asm_append (&t, "\n\tstrb\t%s, [%s, #%u]", rname (a), rname (a),
		  offset - from);
  if (parked >= 0)
    mip_asm_append (&t, "\n\tmov\t%s, %s", rname (a), rname (parked));
  append_push (&t, saved, cfa_sp, true);
  if (parked < 0 && saved == 0)
    {
      held->offset[a] = (int32_t) from;
      if (from == 0)
	bases.gen[bb->index] |= 1u << a;
      else
	bases.other[bb->index] |= 1u << a;
      bases.base_in_stale = true;
    }
  snprintf (text, size, "%s", t.buf);
  gcc_assert (strlen (t.buf) < size);
}

/* The counter's update through A (its address) and V, and with
   -fplugin-arg-mip-atomic T (the store's status): see the comment at the
   top.  */
static void
append_counter_update (struct mip_asm_text *t, int a, int v, int t_reg)
{
  const char *ra = rname (a), *rv = rname (v);
  if (t_reg >= 0)
    {
      const char *rt = rname (t_reg);
      unsigned low = t->label++, high = t->label++, done = t->label++;
      mip_asm_append (t, "\n%u:\tldrex\t%s, [%s]\n\tadd\t%s, %s, #1"
		      "\n\tstrex\t%s, %s, [%s]\n\tcmp\t%s, #0\n\tbne\t%ub",
		      low, rv, ra, rv, rv, rt, rv, ra, rt, low);
      mip_asm_append (t, "\n\tcmp\t%s, #0\n\tbne\t%uf\n\tadd\t%s, %s, #4",
		      rv, done, ra, ra);
      mip_asm_append (t, "\n%u:\tldrex\t%s, [%s]\n\tadd\t%s, %s, #1"
		      "\n\tstrex\t%s, %s, [%s]\n\tcmp\t%s, #0\n\tbne\t%ub",
		      high, rv, ra, rv, rv, rt, rv, ra, rt, high);
      mip_asm_append (t, "\n%u:", done);
      return;
    }
  mip_asm_append (t, "\n\tldr\t%s, [%s]\n\tadds\t%s, %s, #1\n\tstr\t%s, [%s]",
		  rv, ra, rv, rv, rv, ra);
  if (thumb1 ())
    {
      unsigned done = t->label++;
      mip_asm_append (t, "\n\tbcc\t%uf\n\tldr\t%s, [%s, #4]"
		      "\n\tadds\t%s, %s, #1\n\tstr\t%s, [%s, #4]\n%u:",
		      done, rv, ra, rv, rv, rv, ra, done);
    }
  else
    mip_asm_append (t, "\n\tldr\t%s, [%s, #4]\n\tadc\t%s, %s, #0"
		    "\n\tstr\t%s, [%s, #4]", rv, ra, rv, rv, rv, ra);
}

void
mip_target_count_probe (function *fun, basic_block bb,
			const struct mip_entry_probe *p, uint32_t offset,
			char *text, size_t size, int *clobbers, int *n)
{
  bool keep_flags = REGNO_REG_SET_P (df_get_live_in (bb), CC_REGNUM);
  bool atomic = mip_options.atomic_counts && have_ldrex ();
  /* A, V, then T (atomic) and S (flags kept).  */
  int need = 2 + (atomic ? 1 : 0) + (keep_flags ? 1 : 0);
  int regs[4];
  int dead[6];

  /* mip_target_entry_kinds gave such a function block coverage.  */
  gcc_assert (!(keep_flags && thumb1 ()));
  *n = 0;
  int found = dead_registers (fun, bb, dead, need);
  unsigned used = 0, saved = 0;
  for (int i = 0; i < found; i++)
    {
      regs[i] = dead[i];
      used |= 1u << dead[i];
      clobbers[(*n)++] = dead[i];
    }
  for (int i = found; i < need; i++)
    {
      regs[i] = saved_low_register (used);
      used |= 1u << regs[i];
      saved |= 1u << regs[i];
    }
  if (!keep_flags)
    clobbers[(*n)++] = CC_REGNUM;
  gcc_assert (*n <= 4);

  /* As for the block probe: the CFA is sp-based but after the prologue
     of a function with a frame pointer.  */
  bool cfa_sp = !frame_pointer_needed
		|| bb == single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  int a = regs[0], v = regs[1];
  int t_reg = atomic ? regs[2] : -1;
  int s_reg = keep_flags ? regs[need - 1] : -1;
  char expr[64];
  record_expr (expr, sizeof expr, p, offset);

  struct mip_asm_text t;
  text_init (&t);
  append_push (&t, saved, cfa_sp, false);
  if (s_reg >= 0)
    mip_asm_append (&t, "\n\tmrs\t%s, APSR", rname (s_reg));
  append_address (&t, a, expr);
  append_counter_update (&t, a, v, t_reg);
  if (s_reg >= 0)
    mip_asm_append (&t, "\n\tmsr\tAPSR_nzcvq, %s", rname (s_reg));
  append_push (&t, saved, cfa_sp, true);
  gcc_assert (t.len < size);
  memcpy (text, t.buf, t.len + 1);
}

/* ---- Allocation sites (the heap option) ----------------------------- */

/* The site register is r3, the fourth argument register, which none
   of the allocation functions takes; its address is loaded PC-relative
   as the probes' (ADDR above; the label needs no Thumb bit: a local
   label's value is the instruction's address):
	ADDR	(r3, .Lmip.hN)			@ movw/movt/add, or a literal
   .Lmip.cN:					@   inline jumped over
	bl	__mip_heap_malloc		@ or b, a sibling call
   ARM 12 bytes (16 before armv6t2), Thumb-2 10, Thumb-1 10 or 12.  */
bool
mip_target_heap_site (function *, rtx_insn *call, unsigned site, char *text,
		      size_t size, int *site_reg)
{
  const int reg = 3;
  if (!mip_heap_site_register_free (call, reg))
    return false;
  *site_reg = reg;
  char record[32];
  snprintf (record, sizeof record, MIP_HEAP_RECORD_LABEL_FMT, site);
  struct mip_asm_text t;
  text_init (&t);
  append_address (&t, reg, record);
  mip_asm_append (&t, "\n" MIP_HEAP_CALL_LABEL_FMT ":", site);
  if (t.len >= size)
    return false;
  memcpy (text, t.buf, t.len + 1);
  return true;
}
