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
	Thumb-1 10 or 12 bytes, ARM 16 bytes.

   Function entry (before the prologue: the flags are dead, lr holds the
   return address, CFA = sp):

   function coverage (C is 0, or 1 when the byte's address is 7 mod 8):
	ADDR	(A, .Lmip.rN + coverage - C)
	strb	A, [A, #C]			@ A's low byte: not 0xff
	ARM 16, Thumb-2 12 (a low register; 14 with ip), Thumb-1 12 or 14
	bytes.

   full mode (count, order, first caller and caller samples) in ARM
   state and Thumb-2, where ip is dead at entry (a linker veneer on the
   bl may take it): only the low byte of the negated count is updated,
   and its borrow, every 256th call, goes to libmip:
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

   Thumb-1, and where ip is live, the whole count is updated and the
   first-call path is inline (no caller samples):
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

   Thumb-1 cores (armv5te, armv6-m) have no ldrex: the order is a plain
   load, add and store of __mip_sequence (one register S saved), so two
   threads making their first calls at the same moment may get the same
   order; without -fplugin-arg-mip-atomic counts are not atomic on any
   target (doc/guide.md).

   Block probe (the flags may be live: nothing below touches them):
	ADDR	(A, .Lmip.rN + K - C)
	strb	A, [A, #C]
	ARM 16 bytes, Thumb-2 12 (low register) or 14, Thumb-1 12 or 14.

   Registers: A and V are registers that dataflow proves dead there
   (entry: ip, r3-r0 in ARM state, r3-r0 then ip in Thumb-2, r3-r0 in
   Thumb-1, which cannot load or store through ip; blocks: also lr).
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

   Lengths: GCC counts 4 bytes per asm line on arm, more than any line
   here assembles to (the `.align 2' line pads 2 bytes at most, labels
   and directives take none), so arm_reorg's literal pools and branch
   shortening stay valid.  */

#include "mip-plugin.h"
#include "debug.h"

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

/* Load into REG the address of EXPR (an assembler expression).  */
static void
append_address (struct mip_asm_text *t, int reg, const char *expr)
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
  mip_asm_append (t, "\n\tldr\t%s, %uf", r, lword);
  if (TARGET_ARM)
    mip_asm_append (t, "\n%u:\tadd\t%s, %s, pc", l1, r, r);
  else
    mip_asm_append (t, "\n%u:\tadd\t%s, pc", l1, r);
  mip_asm_append (t, "\n\tb\t%uf\n\t.align\t2\n%u:\t.word\t%s-(%ub+%d)\n%u:",
		  lend, lword, expr, l1, pc_bias (), lend);
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
   __mip_count_borrow (ARM-state code, which Thumb-2 reaches with blx).
   Not in Thumb-1 (nor on M-profile cores, which have no ARM state);
   not with -fplugin-arg-mip-atomic where there is no ldrexb (ARM state
   before armv6K); not where ip is live at entry (a nested function's
   static chain), since a linker veneer on the bl may take it; and only
   with the record layout the runtime assumes.  */
static bool
samples_callers (function *fun, const struct mip_entry_probe *p, bool atomic)
{
  if (thumb1 () || !arm_arch_notm)
    return false;
  if (atomic && !TARGET_HAVE_LDREXBH)
    return false;
  if (p->layout.count_offset != 0 || p->layout.order_offset != 4
      || p->layout.callers_offset != 8)
    return false;
  return mip_scratch_reg_free_at_entry (fun, REG_IP);
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

void
mip_target_instrument_entry (function *fun, const struct mip_entry_probe *p)
{
  /* A holds the record's address plus BASE: its start when the record
     counts (4-aligned, so A is never 7 modulo 8), else its coverage
     byte's, to be marked with A's low byte.  */
  bool counts = (p->kinds & MIP_KIND_CALL_COUNT) != 0;
  uint32_t base = 0;
  if (!counts)
    base = p->layout.coverage_offset
	   - coverage_store_offset (p->raw_offset + p->layout.coverage_offset);
  gcc_assert ((p->raw_offset + base) % 8 != 7);

  bool atomic = counts && mip_options.atomic_counts && have_ldrex ();
  int need = counts ? (atomic ? 3 : 2) : 1;
  int regs[3];
  int clobbers[6];
  int n = 0;
  int found = dead_registers (fun, NULL, regs, need);
  unsigned used = 0, saved = 0;
  for (int i = 0; i < found; i++)
    {
      used |= 1u << regs[i];
      clobbers[n++] = regs[i];
    }
  for (; found < need; found++)
    {
      regs[found] = saved_low_register (used);
      used |= 1u << regs[found];
      saved |= 1u << regs[found];
    }
  int a = regs[0];
  const char *ra = rname (a);
  char record[64];
  record_expr (record, sizeof record, p, base);

  struct mip_asm_text t;
  text_init (&t);
  append_push (&t, saved, true, false);
  append_address (&t, a, record);
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
	  /* The record and the return address, for the runtime (which
	     keeps every register); the pop puts lr back.  A linker
	     veneer may take ip, which is dead here.  */
	  bool cfi = dwarf2out_do_cfi_asm ();
	  append_push (&t, (1u << a) | (1u << REG_LR), true, false);
	  if (cfi)
	    mip_asm_append (&t, "\n\t.cfi_rel_offset lr, 4");
	  mip_asm_append (&t, "\n\t.hidden\t%s\n\tbl\t%s",
			  MIP_COUNT_BORROW_HELPER, MIP_COUNT_BORROW_HELPER);
	  mip_note_sampled_function ();
	  append_push (&t, (1u << a) | (1u << REG_LR), true, true);
	  if (cfi)
	    mip_asm_append (&t, "\n\t.cfi_restore lr");
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
  mip_emit_entry_asm (t.buf, clobbers, n);
}

void
mip_target_block_probe (function *fun, basic_block bb,
			const struct mip_entry_probe *p, uint32_t byte_offset,
			char *text, size_t size, int *clobbers, int *n)
{
  int a;
  int parked = -1;		/* Thumb-1: where A's value waits */
  unsigned saved = 0;
  *n = 0;
  if (dead_registers (fun, bb, &a, 1) == 1)
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
  uint32_t store = coverage_store_offset (p->raw_offset + byte_offset);
  char expr[64];
  record_expr (expr, sizeof expr, p, byte_offset - store);
  /* The CFA is sp-based unless a frame pointer holds it after the
     prologue (a block before a shrink-wrapped prologue of a function with
     a frame pointer is the one case this gets wrong).  */
  bool cfa_sp = !frame_pointer_needed
		|| bb == single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));

  struct mip_asm_text t;
  text_init (&t);
  append_push (&t, saved, cfa_sp, false);
  if (parked >= 0)
    mip_asm_append (&t, "\n\tmov\t%s, %s", rname (parked), rname (a));
  append_address (&t, a, expr);
  mip_asm_append (&t, "\n\tstrb\t%s, [%s, #%u]", rname (a), rname (a), store);
  if (parked >= 0)
    mip_asm_append (&t, "\n\tmov\t%s, %s", rname (a), rname (parked));
  append_push (&t, saved, cfa_sp, true);
  snprintf (text, size, "%s", t.buf);
  gcc_assert (strlen (t.buf) < size);
}
