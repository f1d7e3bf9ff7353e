/* mip-x86.cc - the x86 target (x86-64 and i386): probes as single stores
   to the function's raw record.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The record is addressed RIP-relative on x86-64, absolutely in i386
   code that is not position-independent, and from a base register loaded
   by a call/pop pair in i386 PIC code (`sym-1b(%reg)' assembles to a
   PC-relative relocation).  Written below for x86-64; A(off) stands for
   the record's address plus OFF in the addressing of the code model.

   Entry, inserted before the prologue (after endbr64/endbr32, which a
   later pass puts first), where the ABI guarantees the flags and the
   call-clobbered non-argument registers are dead:

   function coverage (x86-64 and i386 non-PIC: 6 bytes, no register):
	shlb	.Lmip.rN+C(%rip)		# coverage byte <<= 1
   The byte starts at 0xff ("not run"); shifted left once or more it is
   0xfe, 0xfc, ... 0, never 0xff again, whatever threads interleave
   (every value written has its low bit clear): one byte shorter than
   the store of 0 (movb $0, 7 bytes), which it is where the flags are
   live (shlb writes them).

   call count, first-call order, first caller and caller samples (full
   mode; the count field holds the count negated, see
   mip_decode_call_count), x86-64 with %r11 free:
	subb	$1, .Lmip.rN(%rip)		# count += 1 in the low byte:
	jnc	1f				#   borrows every 256th call
	leaq	.Lmip.rN(%rip), %r11		# then the runtime carries the
	call	__mip_count_borrow		#   borrow into the upper 24
   1:						#   bits and samples the caller,
						#   or on the first call (and a
						#   wrap) stamps the order and
						#   the caller
   The same 7 bytes as a subl and the same two instructions on the
   common path; the field is exact again once the runtime returns
   (runtime/mip-first-call.c, whose carry is a locked subl).
   i386, every function (the call needs no register; 19 bytes in
   position-dependent code):
	subb	$1, .Lmip.rN			# the same low byte
	jnc	1f
	pushl	$.Lmip.rN-3f			# the record's distance from 3,
	.cfi_adjust_cfa_offset 4		#   PC-relative (the same in PIC
	call	__mip_count_borrow		#   code), popped by the helper
   3:	.cfi_adjust_cfa_offset -4		#   (ret $4), which keeps every
   1:						#   register
   with -fplugin-arg-mip-atomic the decrement is locked, so concurrent
   calls lose no count and exactly one of them takes the first-call path
   (8 bytes instead of 7; the counter is 32 bits wide on every target,
   so one locked instruction is the whole update on i386 too):
	lock subb $1, .Lmip.rN(%rip)		# (lock subl $1 where the
	jnc	1f				#   first-call path is inline)
   where %r11 is not free (x86-64 only) the whole count is decremented
   (subl $1: borrows on the first call and on a wrap only), no caller is
   sampled and the first-call path is inline:
	cmpl	$0, A(4)			# order set: the count wrapped
	je	4f
	movl	$1, A(0)			#   saturate at 0xffffffff
	jmp	1f
   4:	movq	(%rsp), %rX			# the return address
	movq	%rX, A(8)			#   into the caller slot
	movl	$1, %eXd			# and the next order
	lock xaddl %eXd, __mip_sequence(%rip)
	incl	%eXd
	movl	%eXd, A(4)			# order = 1 + first calls before
   1:

   where no register is free the path saves one around its use, with
   the CFA offset adjusted at each push and pop (before the prologue the
   CFA is the stack pointer plus one word):
   4:	pushq	%r11
	.cfi_adjust_cfa_offset 8
	movq	8(%rsp), %r11			# the return address, one word up
	...
	popq	%r11
	.cfi_adjust_cfa_offset -8
   so the common path (count decremented, no borrow) stays two
   instructions whatever the function's arguments.

   i386 PIC code first loads the base, from a free register or else a
   saved one (regparm(3), GCC's local convention for static functions
   at -O2, ...: popped right after the decrement, which popl leaves in
   the flags, so that the helper finds the function's return address
   one word above its argument), the call/pop pair described too:
	[pushl	%ecx
	.cfi_adjust_cfa_offset 4]
	call	2f
   2:	.cfi_adjust_cfa_offset 4
	popl	%ecx				# then A(off) = .Lmip.rN+off-2b(%ecx)
	.cfi_adjust_cfa_offset -4
	subb	$1, .Lmip.rN+0-2b(%ecx)
	[popl	%ecx
	.cfi_adjust_cfa_offset -4]
	jnc	1f
	...					# as above
   25 bytes with a free base register, 27 saving one.

   Block probe, at the start of a block:
	shlb	.Lmip.rN+K(%rip)		# x86-64, i386 non-PIC: 6 bytes
   or where the flags are live at the block's start
	movb	$0, .Lmip.rN+K(%rip)		# 7 bytes
   and in i386 PIC code, with a dead register R, or else saving one:
	[pushl	%R]
	call	3f
   3:	popl	%R
	shlb	.Lmip.rN+K-3b(%R)		# (or movb $0)
	[popl	%R]
   with the same CFA offset adjustments around a saved register where
   the CFA is computed from the stack pointer at the block's start
   (everywhere without a frame pointer; with one, in the blocks that run
   before the prologue has set it up; after that the CFA is computed from
   %ebp and the pushes do not move it).  The call/pop pair with a free
   register is not described: a CFA off by one word at the pop only, a
   point no call unwinds from, where two directives in every PIC block
   probe would double the size of .eh_frame.

   Block counter (the block-count mode), at the start of a block:
	incq	.Lmip.rN+K(%rip)		# x86-64: 7 bytes
	addl	$1, .Lmip.rN+K			# i386: the 64-bit counter's
	adcl	$0, .Lmip.rN+K+4		#   low and high words, 14 bytes
   (in i386 PIC code through a base register loaded as for the block
   probe).  Both write the flags: where they are live at the block's
   start the sequence is wrapped in
	leaq	-128(%rsp), %rsp		# x86-64: below the red zone
	pushfq
	...
	popfq
	leaq	128(%rsp), %rsp
   (pushfl/popfl on i386, which has no red zone), with the CFA offset
   adjusted where the CFA is computed from the stack pointer.  With
   -fplugin-arg-mip-atomic each instruction is locked: the high word's
   adcl adds the carry of the low word's locked addl, so concurrent
   increments lose nothing.

   The scratch registers are chosen among those not live at that point
   (x86-64: r11 unless something unusual holds it; r10 carries the static
   chain of nested functions, %al the vector count of varargs; i386: eax,
   ecx, edx unless regparm, fastcall or a static chain use them).  The
   CFI directives are written only where GCC writes its own CFI as
   directives (the default): with -fno-dwarf2-cfi-asm the few
   instructions between a push and its pop are not described.  Without
   -fplugin-arg-mip-atomic the count increment is not atomic: concurrent
   calls may lose increments (doc/guide.md); coverage is exact.  */

#include "mip-plugin.h"
#include "debug.h"

struct scratch_register
{
  const char *gcc_name;		/* for decode_reg_name */
  const char *asm_name32;	/* its 32-bit name in AT&T syntax */
  const char *asm_name64;	/* its 64-bit name (x86-64 only) */
};

static const struct scratch_register scratch64[] = {
  { "r11", "%r11d", "%r11" }, { "r10", "%r10d", "%r10" },
  { "ax", "%eax", "%rax" }, { "cx", "%ecx", "%rcx" },
  { "dx", "%edx", "%rdx" }, { "si", "%esi", "%rsi" },
  { "di", "%edi", "%rdi" }, { "r8", "%r8d", "%r8" },
  { "r9", "%r9d", "%r9" },
};

static const struct scratch_register scratch32[] = {
  { "cx", "%ecx", NULL }, { "ax", "%eax", NULL }, { "dx", "%edx", NULL },
};


static bool
i386_pic (void)
{
  return !TARGET_64BIT && flag_pic;
}

bool
mip_target_init (void)
{
  if (TARGET_X32)
    {
      sorry ("mip: %<-mx32%> is not supported (x86-64 %<-m64%> and i386"
	     " %<-m32%> are)");
      return false;
    }
  if (TARGET_64BIT && (ix86_cmodel == CM_LARGE || ix86_cmodel == CM_LARGE_PIC))
    {
      sorry ("mip: %<-mcmodel=large%> is not supported (probes address"
	     " their counters RIP-relative)");
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
mip_target_skip_function (function *fun)
{
  tree attrs = TYPE_ATTRIBUTES (TREE_TYPE (fun->decl));
  /* Interrupt handlers and no_caller_saved_registers functions must
     preserve every register and the flags.  */
  return lookup_attribute ("interrupt", attrs)
	 || lookup_attribute ("no_caller_saved_registers", attrs)
	 || lookup_attribute ("interrupt", DECL_ATTRIBUTES (fun->decl))
	 || lookup_attribute ("no_caller_saved_registers",
			      DECL_ATTRIBUTES (fun->decl));
}

/* Free scratch registers at entry: up to MAX of them into REGS/REGNOS,
   returning how many.  */
static int
entry_scratch_registers (function *fun, const struct scratch_register **regs,
			 int *regnos, int max)
{
  const struct scratch_register *table = TARGET_64BIT ? scratch64 : scratch32;
  size_t size = TARGET_64BIT ? ARRAY_SIZE (scratch64) : ARRAY_SIZE (scratch32);
  int found = 0;
  for (size_t i = 0; i < size && found < max; i++)
    {
      int r = decode_reg_name (table[i].gcc_name);
      if (mip_scratch_reg_free_at_entry (fun, r))
	{
	  regs[found] = &table[i];
	  regnos[found] = r;
	  found++;
	}
    }
  return found;
}

static bool
flags_dead_at_entry (function *fun)
{
  basic_block entry = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  return !REGNO_REG_SET_P (df_get_live_in (entry), FLAGS_REG);
}

/* The instruction that marks a coverage byte run, before its address:
   a shift left of the byte where the flags are dead (FLAGS_DEAD: 6
   bytes with a 32-bit displacement, one less than a store of an
   immediate), else a store of 0.  Either leaves any value but 0xff.  */
static const char *
coverage_mark (bool flags_dead)
{
  return flags_dead ? "shlb\t" : "movb\t$0, ";
}

uint32_t
mip_target_entry_kinds (function *fun, uint32_t wanted)
{
  const uint32_t counting = MIP_KIND_CALL_COUNT | MIP_KIND_ORDER
			    | MIP_KIND_CALLERS;

  /* The count's first-call path stamps the order (which also tells a
     saturated count from a zero one) and the caller: all three or none,
     with the flags free (the ABI makes them dead at entry).  A scratch
     register it needs and cannot find free is saved on the stack.  */
  if ((wanted & counting)
      && ((wanted & counting) != counting || !flags_dead_at_entry (fun)))
    {
      wanted &= ~counting;
      wanted |= MIP_KIND_FUNCTION_COVERAGE;
    }
  return wanted;
}

/* Print into BUF the address of byte OFF of record INDEX: BASE is the
   i386 PIC base register (NULL otherwise), loaded at label "LABEL".  */
static void
record_address (char *buf, size_t size, unsigned index, unsigned off,
		const char *base, const char *label)
{
  if (TARGET_64BIT)
    snprintf (buf, size, MIP_RECORD_LABEL_FMT "+%u(%%rip)", index, off);
  else if (base == NULL)
    snprintf (buf, size, MIP_RECORD_LABEL_FMT "+%u", index, off);
  else
    snprintf (buf, size, MIP_RECORD_LABEL_FMT "+%u-%s(%s)", index, off, label,
	      base);
}

/* The push of a register and the name of that register in it.  */
static const char *
push_insn (void)
{
  return TARGET_64BIT ? "pushq" : "pushl";
}

static const char *
pop_insn (void)
{
  return TARGET_64BIT ? "popq" : "popl";
}

static const char *
full_name (const struct scratch_register *reg)
{
  return TARGET_64BIT ? reg->asm_name64 : reg->asm_name32;
}

/* Bytes a push moves the stack pointer by.  */
static int
word_size (void)
{
  return TARGET_64BIT ? 8 : 4;
}

/* The CFI of a stack pointer move by BYTES (positive: pushed) at a point
   where the CFA is computed from the stack pointer.  The directive is
   printed as it stands (asm text) and dwarf2, which runs after the pass,
   knows nothing of the move: the CFA offset is right again at the end of
   every sequence, which pops what it pushes.  Only where GCC itself
   writes its CFI as directives (the default); with
   -fno-dwarf2-cfi-asm the few instructions between a push and its pop
   are not described (doc/guide.md).  */
static void
append_cfa_adjust (struct mip_asm_text *t, int bytes)
{
  if (dwarf2out_do_cfi_asm ())
    mip_asm_append (t, "\n\t.cfi_adjust_cfa_offset\t%d", bytes);
}

/* The first-call path inline (x86-64 without %r11 free): saturate a
   wrapped count, or stamp the caller and the order, through SCRATCH,
   which SAVED says to save on the stack around its use.  */
static void
append_first_call (struct mip_asm_text *t, const struct mip_entry_probe *p,
		   const struct scratch_register *scratch, bool saved)
{
  char count[128], order[128], caller[128];
  unsigned idx = p->function_index;
  const char *r = scratch->asm_name32;
  int ra_offset = 0;
  gcc_assert (TARGET_64BIT);
  record_address (count, sizeof count, idx, p->layout.count_offset, NULL,
		  NULL);
  record_address (order, sizeof order, idx, p->layout.order_offset, NULL,
		  NULL);
  record_address (caller, sizeof caller, idx, p->layout.callers_offset, NULL,
		  NULL);
  mip_asm_append (t, "\n\tcmpl\t$0, %s\n\tje\t4f\n\tmovl\t$1, %s\n\tjmp\t1f\n4:",
		  order, count);
  if (saved)
    {
      mip_asm_append (t, "\t%s\t%s", push_insn (), full_name (scratch));
      append_cfa_adjust (t, word_size ());
      ra_offset += word_size ();
      mip_asm_append (t, "\n");
    }
  mip_asm_append (t, "\tmovq\t%d(%%rsp), %s\n\tmovq\t%s, %s", ra_offset,
		  scratch->asm_name64, scratch->asm_name64, caller);
  mip_asm_append (t, "\n\tmovl\t$1, %s\n\tlock xaddl\t%s, "
		  MIP_ORDER_SEQUENCE "(%%rip)\n\tincl\t%s\n\tmovl\t%s, %s",
		  r, r, r, r, order);
  if (saved)
    {
      mip_asm_append (t, "\n\t%s\t%s", pop_insn (), full_name (scratch));
      append_cfa_adjust (t, -word_size ());
    }
}

/* x86-64 with %r11 free: the borrow path (first call, caller samples)
   is the runtime's __mip_count_borrow, 12 bytes here instead of some
   50.  */
static bool
use_first_call_helper (const struct scratch_register *scratch)
{
  return TARGET_64BIT && strcmp (scratch->gcc_name, "r11") == 0;
}

/* The call of the borrow helper.  x86-64: the record's address in %r11.
   i386: the record's distance from label 3 pushed (a PC-relative
   immediate, the same in position-dependent and position-independent
   code), popped by the helper's ret $4; no register:
	pushl	$.Lmip.rN-3f
	call	__mip_count_borrow
   3:  */
static void
append_borrow_call (struct mip_asm_text *t, unsigned idx)
{
  if (TARGET_64BIT)
    mip_asm_append (t, "\n\tleaq\t" MIP_RECORD_LABEL_FMT "(%%rip), %%r11",
		    idx);
  else
    {
      mip_asm_append (t, "\n\tpushl\t$" MIP_RECORD_LABEL_FMT "-3f", idx);
      append_cfa_adjust (t, 4);
    }
  mip_asm_append (t, "\n\t.hidden\t%s\n\tcall\t%s", MIP_COUNT_BORROW_HELPER,
		  MIP_COUNT_BORROW_HELPER);
  if (!TARGET_64BIT)
    {
      mip_asm_append (t, "\n3:");
      append_cfa_adjust (t, -4);
    }
  mip_note_sampled_function ();
}

/* A register of the scratch table other than AVOID, to save and
   restore where none is free.  */
static const struct scratch_register *
register_to_save (const struct scratch_register *avoid)
{
  const struct scratch_register *table = TARGET_64BIT ? scratch64 : scratch32;
  return &table[0] == avoid ? &table[1] : &table[0];
}

/* The instruction that decrements the negated count: its low byte
   only where the runtime's helper carries the borrow (HELPER), locked
   with -fplugin-arg-mip-atomic (the flags it leaves are the same).  */
static const char *
count_decrement (bool helper)
{
  if (helper)
    return mip_options.atomic_counts ? "lock subb" : "subb";
  return mip_options.atomic_counts ? "lock subl" : "subl";
}

/* Before the prologue the CFA is the stack pointer plus one word on
   every x86 target, so the pushes and the call/pop pair of the entry
   sequence are described by CFA offset adjustments.  */
void
mip_target_instrument_entry (function *fun, const struct mip_entry_probe *p)
{
  const struct scratch_register *regs[2];
  int regnos[2];
  int free_regs = entry_scratch_registers (fun, regs, regnos, 2);
  struct mip_asm_text t;
  int clobbers[4];
  int n = 0;
  const struct scratch_register *base_reg = NULL;
  bool base_saved = false;
  const char *base = NULL;
  const char *label = "2b";
  char addr[128];
  unsigned idx = p->function_index;
  int next_reg = 0;

  mip_asm_init (&t);
  if (i386_pic ())
    {
      if (free_regs > 0)
	{
	  base_reg = regs[0];
	  clobbers[n++] = regnos[0];
	  next_reg = 1;
	}
      else
	{
	  /* No register free: save one for the base.  */
	  base_reg = register_to_save (NULL);
	  base_saved = true;
	  mip_asm_append (&t, "pushl\t%s", base_reg->asm_name32);
	  append_cfa_adjust (&t, 4);
	  mip_asm_append (&t, "\n\t");
	}
      base = base_reg->asm_name32;
      mip_asm_append (&t, "call\t2f\n2:");
      append_cfa_adjust (&t, 4);
      mip_asm_append (&t, "\n\tpopl\t%s", base);
      append_cfa_adjust (&t, -4);
    }
  if (p->kinds & MIP_KIND_FUNCTION_COVERAGE)
    {
      bool flags_dead = flags_dead_at_entry (fun);

      record_address (addr, sizeof addr, idx, p->layout.coverage_offset, base,
		      label);
      mip_asm_append (&t, "%s%s%s", t.len ? "\n\t" : "",
		      coverage_mark (flags_dead), addr);
      if (flags_dead)
	clobbers[n++] = FLAGS_REG;
    }
  if (p->kinds & MIP_KIND_CALL_COUNT)
    {
      /* i386 always calls the helper, which needs no register; x86-64
	 where %r11 is free.  */
      const struct scratch_register *scratch = NULL;
      bool saved = false;
      bool helper = true;
      if (TARGET_64BIT)
	{
	  saved = next_reg >= free_regs;
	  if (saved)
	    scratch = register_to_save (base_reg);
	  else
	    {
	      scratch = regs[next_reg];
	      clobbers[n++] = regnos[next_reg];
	    }
	  helper = !saved && use_first_call_helper (scratch);
	}
      record_address (addr, sizeof addr, idx, p->layout.count_offset, base,
		      label);
      /* With the helper only the low byte: it borrows every 256th call
	 and the helper carries the borrow (and samples the caller).  */
      mip_asm_append (&t, "%s%s\t$1, %s", t.len ? "\n\t" : "",
		      count_decrement (helper), addr);
      /* A saved PIC base is popped at once (popl keeps the flags), so
	 that the helper finds the function's return address one word
	 above its argument.  */
      if (base_saved)
	{
	  mip_asm_append (&t, "\n\tpopl\t%s", base);
	  append_cfa_adjust (&t, -4);
	  base_saved = false;
	}
      mip_asm_append (&t, "\n\tjnc\t1f");
      if (!(p->kinds & MIP_KIND_FUNCTION_COVERAGE) || !flags_dead_at_entry (fun))
	clobbers[n++] = FLAGS_REG;
      if (helper)
	append_borrow_call (&t, idx);
      else
	append_first_call (&t, p, scratch, saved);
      mip_asm_append (&t, "\n1:");
    }
  if (base_saved)
    {
      mip_asm_append (&t, "\n\tpopl\t%s", base);
      append_cfa_adjust (&t, -4);
    }
  mip_emit_entry_asm (t.buf, clobbers, n);
}

/* Is the CFA computed from the stack pointer at the start of BB of FUN
   (i386)?  Without a frame pointer it is everywhere: dwarf2 follows
   every move of the stack pointer.  With one, it is computed from the
   frame pointer once the prologue has set that up, from the stack
   pointer before: in the block of the prologue and in the blocks that
   can run before it (shrink-wrapping), which are those reached from the
   entry without passing through the prologue's block.  Computed once per
   function.  */
static bool
cfa_on_stack_pointer (function *fun, basic_block bb)
{
  static int cached_function = -1;
  static auto_vec<bool> before_frame;

  if (!frame_pointer_needed)
    return !crtl->stack_realign_needed;
  if (cached_function != fun->funcdef_no)
    {
      basic_block b, setup = NULL;
      rtx_insn *insn;
      cached_function = fun->funcdef_no;
      before_frame.truncate (0);
      before_frame.safe_grow_cleared (last_basic_block_for_fn (fun));
      FOR_EACH_BB_FN (b, fun)
	FOR_BB_INSNS (b, insn)
	  {
	    rtx set = INSN_P (insn) && RTX_FRAME_RELATED_P (insn)
		      ? single_set (insn) : NULL_RTX;
	    if (setup == NULL && set
		&& rtx_equal_p (SET_DEST (set), hard_frame_pointer_rtx)
		&& rtx_equal_p (SET_SRC (set), stack_pointer_rtx))
	      setup = b;
	  }
      auto_vec<basic_block> work;
      work.safe_push (single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun)));
      while (!work.is_empty ())
	{
	  b = work.pop ();
	  if (b->index < 0 || before_frame[b->index])
	    continue;
	  before_frame[b->index] = true;
	  if (b == setup)
	    continue;
	  edge e;
	  edge_iterator ei;
	  FOR_EACH_EDGE (e, ei, b->succs)
	    if (e->dest != EXIT_BLOCK_PTR_FOR_FN (fun))
	      work.safe_push (e->dest);
	}
    }
  return bb->index >= 0 && (unsigned) bb->index < before_frame.length ()
	 && before_frame[bb->index];
}

/* i386 PIC: mark byte OFF of record INDEX run (coverage_mark, with
   FLAGS_DEAD) through REG, or through %eax saved on the stack when REG
   is NULL, or with COUNT add 1 to the 64-bit counter at OFF (LOCK:
   atomically); CFI says that the CFA is computed from the stack
   pointer, so that CFA offset adjustments describe the push and pop of
   a saved register.  */
static void
pic_store_text (char *text, size_t size, unsigned index, unsigned off,
		const struct scratch_register *reg, bool cfi, bool count,
		const char *lock, bool flags_dead)
{
  struct mip_asm_text t;
  char addr[128];
  const char *name = reg ? reg->asm_name32 : "%eax";
  mip_asm_init (&t);
  record_address (addr, sizeof addr, index, off, name, "3b");
  if (reg == NULL)
    {
      mip_asm_append (&t, "pushl\t%s", name);
      if (cfi)
	append_cfa_adjust (&t, 4);
      mip_asm_append (&t, "\n\t");
    }
  mip_asm_append (&t, "call\t3f\n3:");
  /* The one instruction between the call and the pop: described only
     inside a push (the pair is in every PIC block probe, and the two
     directives would double the size of .eh_frame).  */
  if (cfi && reg == NULL)
    append_cfa_adjust (&t, 4);
  mip_asm_append (&t, "\n\tpopl\t%s", name);
  if (cfi && reg == NULL)
    append_cfa_adjust (&t, -4);
  if (count)
    {
      char high[128];
      record_address (high, sizeof high, index, off + 4, name, "3b");
      mip_asm_append (&t, "\n\t%saddl\t$1, %s\n\t%sadcl\t$0, %s", lock, addr,
		      lock, high);
    }
  else
    mip_asm_append (&t, "\n\t%s%s", coverage_mark (flags_dead), addr);
  if (reg == NULL)
    {
      mip_asm_append (&t, "\n\tpopl\t%s", name);
      if (cfi)
	append_cfa_adjust (&t, -4);
    }
  gcc_assert (t.len < size);
  memcpy (text, t.buf, t.len + 1);
}

void
mip_target_block_probe (function *fun, basic_block bb,
			const struct mip_entry_probe *p, uint32_t byte_offset,
			char *text, size_t size, int *clobbers, int *n)
{
  char addr[128];
  bool flags_dead = !REGNO_REG_SET_P (df_get_live_in (bb), FLAGS_REG);
  *n = 0;
  if (flags_dead)
    clobbers[(*n)++] = FLAGS_REG;
  if (!i386_pic ())
    {
      record_address (addr, sizeof addr, p->function_index, byte_offset, NULL,
		      NULL);
      snprintf (text, size, "%s%s", coverage_mark (flags_dead), addr);
      return;
    }
  const struct scratch_register *reg = NULL;
  for (size_t i = 0; i < ARRAY_SIZE (scratch32) && reg == NULL; i++)
    {
      int r = decode_reg_name (scratch32[i].gcc_name);
      if (mip_scratch_reg_free_in_block (bb, r))
	{
	  reg = &scratch32[i];
	  clobbers[(*n)++] = r;
	}
    }
  pic_store_text (text, size, p->function_index, byte_offset, reg,
		  cfa_on_stack_pointer (fun, bb), false, "", flags_dead);
}

/* A free register for the i386 PIC base at the start of BB, noted in
   CLOBBERS, or NULL.  */
static const struct scratch_register *
free_pic_base (basic_block bb, int *clobbers, int *n)
{
  for (size_t i = 0; i < ARRAY_SIZE (scratch32); i++)
    {
      int r = decode_reg_name (scratch32[i].gcc_name);
      if (mip_scratch_reg_free_in_block (bb, r))
	{
	  clobbers[(*n)++] = r;
	  return &scratch32[i];
	}
    }
  return NULL;
}

void
mip_target_count_probe (function *fun, basic_block bb,
			const struct mip_entry_probe *p, uint32_t offset,
			char *text, size_t size, int *clobbers, int *n)
{
  struct mip_asm_text t;
  char addr[128], high[128];
  bool save_flags = REGNO_REG_SET_P (df_get_live_in (bb), FLAGS_REG);
  bool cfi = cfa_on_stack_pointer (fun, bb);
  const char *lock = mip_options.atomic_counts ? "lock " : "";
  unsigned index = p->function_index;

  *n = 0;
  mip_asm_init (&t);
  if (!save_flags)
    clobbers[(*n)++] = FLAGS_REG;
  else if (TARGET_64BIT)
    {
      mip_asm_append (&t, "leaq\t-128(%%rsp), %%rsp");
      if (cfi)
	append_cfa_adjust (&t, 128);
      mip_asm_append (&t, "\n\tpushfq");
      if (cfi)
	append_cfa_adjust (&t, 8);
      mip_asm_append (&t, "\n\t");
    }
  else
    {
      mip_asm_append (&t, "pushfl");
      if (cfi)
	append_cfa_adjust (&t, 4);
      mip_asm_append (&t, "\n\t");
    }
  if (TARGET_64BIT)
    {
      /* incq: 7 bytes, addq $1 8; both write the flags but CF.  */
      record_address (addr, sizeof addr, index, offset, NULL, NULL);
      mip_asm_append (&t, "%sincq\t%s", lock, addr);
    }
  else if (!i386_pic ())
    {
      record_address (addr, sizeof addr, index, offset, NULL, NULL);
      record_address (high, sizeof high, index, offset + 4, NULL, NULL);
      mip_asm_append (&t, "%saddl\t$1, %s\n\t%sadcl\t$0, %s", lock, addr,
		      lock, high);
    }
  else
    {
      char pic[512];
      pic_store_text (pic, sizeof pic, index, offset,
		      free_pic_base (bb, clobbers, n), cfi, true, lock, false);
      mip_asm_append (&t, "%s", pic);
    }
  if (save_flags && TARGET_64BIT)
    {
      mip_asm_append (&t, "\n\tpopfq");
      if (cfi)
	append_cfa_adjust (&t, -8);
      mip_asm_append (&t, "\n\tleaq\t128(%%rsp), %%rsp");
      if (cfi)
	append_cfa_adjust (&t, -128);
    }
  else if (save_flags)
    {
      mip_asm_append (&t, "\n\tpopfl");
      if (cfi)
	append_cfa_adjust (&t, -4);
    }
  gcc_assert (t.len < size);
  memcpy (text, t.buf, t.len + 1);
}

/* ---- Allocation sites (the heap option) ----------------------------- */

/* The 32-bit name of i386 hard register REGNO, or NULL.  */
static const char *
name32 (int regno)
{
  switch (regno)
    {
    case AX_REG: return "%eax";
    case DX_REG: return "%edx";
    case CX_REG: return "%ecx";
    case BX_REG: return "%ebx";
    case SI_REG: return "%esi";
    case DI_REG: return "%edi";
    case BP_REG: return "%ebp";
    default: return NULL;
    }
}

/* i386 PIC: a register that holds the GOT's address at CALL, or -1:
   %ebx when the call uses it (a PLT call), or the base of a call
   through its GOT entry (-fno-plt: (mem (plus (reg) (const (unspec
   [SYM] UNSPEC_GOT))))).  */
static int
got_register_at_call (rtx_insn *call)
{
  for (rtx link = CALL_INSN_FUNCTION_USAGE (call); link;
       link = XEXP (link, 1))
    {
      rtx entry = XEXP (link, 0);
      if (GET_CODE (entry) == USE && REG_P (XEXP (entry, 0))
	  && REGNO (XEXP (entry, 0)) == REAL_PIC_OFFSET_TABLE_REGNUM)
	return REAL_PIC_OFFSET_TABLE_REGNUM;
    }
  rtx call_rtx = get_call_rtx_from (call);
  rtx address = call_rtx ? XEXP (XEXP (call_rtx, 0), 0) : NULL_RTX;
  if (address == NULL_RTX || !MEM_P (address))
    return -1;
  rtx inner = XEXP (address, 0);
  if (GET_CODE (inner) == PLUS && REG_P (XEXP (inner, 0))
      && GET_CODE (XEXP (inner, 1)) == CONST
      && GET_CODE (XEXP (XEXP (inner, 1), 0)) == UNSPEC
      && XINT (XEXP (XEXP (inner, 1), 0), 1) == UNSPEC_GOT)
    return REGNO (XEXP (inner, 0));
  return -1;
}

/* The site register is %rcx on x86-64 and %eax on i386 (the wrappers'
   regparm (1) parameter):
	leaq	.Lmip.hN(%rip), %rcx		# x86-64: 7 bytes
   .Lmip.cN:
	call	__mip_heap_malloc
   i386, not position-independent (5 bytes):
	movl	$.Lmip.hN, %eax
   i386 PIC, where a register G holds the GOT's address for the call
   (%ebx of a PLT call; the base of a -fno-plt call; 6 bytes):
	leal	.Lmip.hN@GOTOFF(G), %eax
   and otherwise from a call/pop pair, as the block probes do (11 bytes;
   the CFA of the pop only, which no call unwinds from, is not
   described):
	call	1f
   1:	popl	%eax
	leal	.Lmip.hN-1b(%eax), %eax
   The call itself is then a direct call of a hidden symbol, which needs
   no %ebx.  */
bool
mip_target_heap_site (function *, rtx_insn *call, unsigned site, char *text,
		      size_t size, int *site_reg)
{
  int reg = TARGET_64BIT ? CX_REG : AX_REG;
  if (!mip_heap_site_register_free (call, reg))
    return false;
  *site_reg = reg;
  struct mip_asm_text t;
  mip_asm_init (&t);
  if (TARGET_64BIT)
    mip_asm_append (&t, "leaq\t" MIP_HEAP_RECORD_LABEL_FMT "(%%rip), %%rcx",
		    site);
  else if (!flag_pic)
    mip_asm_append (&t, "movl\t$" MIP_HEAP_RECORD_LABEL_FMT ", %%eax", site);
  else
    {
      int got = got_register_at_call (call);
      if (got >= 0 && name32 (got) != NULL)
	mip_asm_append (&t, "leal\t" MIP_HEAP_RECORD_LABEL_FMT
			"@GOTOFF(%s), %%eax", site, name32 (got));
      else
	mip_asm_append (&t, "call\t1f\n1:\tpopl\t%%eax\n\tleal\t"
			MIP_HEAP_RECORD_LABEL_FMT "-1b(%%eax), %%eax", site);
    }
  mip_asm_append (&t, "\n" MIP_HEAP_CALL_LABEL_FMT ":", site);
  if (t.len >= size)
    return false;
  memcpy (text, t.buf, t.len + 1);
  return true;
}
