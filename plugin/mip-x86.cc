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

   function coverage (x86-64 and i386 non-PIC: 7 bytes, no register, no
   flags):
	movb	$0, .Lmip.rN+C(%rip)		# coverage byte = 0

   call count, first-call order and first caller (full mode; the count
   field holds the count negated, see mip_decode_call_count):
	subl	$1, .Lmip.rN(%rip)		# count += 1; borrows on the
	jnc	1f				#   first call (and on a wrap)
	leaq	.Lmip.rN(%rip), %r11		# then the runtime stamps the
	call	__mip_first_call		#   order and the caller
   1:
   where %r11 is not free (and on i386) the first-call path is inline:
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

   i386 PIC code first loads the base (the push is below the stack
   pointer, where nothing lives at entry):
	call	2f
   2:	popl	%ecx				# then A(off) = .Lmip.rN+off-2b(%ecx)

   Block probe, at the start of a block, where the flags may be live:
	movb	$0, .Lmip.rN+K(%rip)		# x86-64, i386 non-PIC: 7 bytes
   and in i386 PIC code, with a dead register R, or else saving one:
	[pushl	%R]
	call	3f
   3:	popl	%R
	movb	$0, .Lmip.rN+K-3b(%R)
	[popl	%R]

   The scratch registers are chosen among those not live at that point
   (x86-64: r11 unless something unusual holds it; r10 carries the static
   chain of nested functions, %al the vector count of varargs; i386: eax,
   ecx, edx unless regparm, fastcall or a static chain use them).
   Without a free register at entry (or with live flags) the count, order
   and caller are not recorded for that function: its coverage is.  The count
   increment is not atomic: concurrent calls may lose increments
   (doc/guide.md); coverage is exact.  */

#include "mip-plugin.h"

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

uint32_t
mip_target_supported_kinds (void)
{
  return MIP_KIND_ALL;
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

/* Scratch registers the entry sequence needs for KINDS: i386 PIC needs a
   base register for anything, and the first-call path one more.  */
static int
entry_registers_needed (uint32_t kinds)
{
  int needed = 0;
  if (i386_pic ())
    needed++;
  if (kinds & MIP_KIND_CALL_COUNT)
    needed++;
  return needed;
}

uint32_t
mip_target_entry_kinds (function *fun, uint32_t wanted)
{
  const struct scratch_register *regs[2];
  int regnos[2];
  int free_regs = entry_scratch_registers (fun, regs, regnos, 2);
  const uint32_t counting = MIP_KIND_CALL_COUNT | MIP_KIND_ORDER
			    | MIP_KIND_CALLERS;

  /* The count's first-call path stamps the order (which also tells a
     saturated count from a zero one) and the caller: all three or none,
     with the flags and a scratch register free.  */
  if ((wanted & counting)
      && ((wanted & counting) != counting || !flags_dead_at_entry (fun)
	  || entry_registers_needed (wanted) > free_regs))
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

/* The same for a global symbol (the order sequence).  */
static void
symbol_address (char *buf, size_t size, const char *symbol, const char *base,
		const char *label)
{
  if (TARGET_64BIT)
    snprintf (buf, size, "%s(%%rip)", symbol);
  else if (base == NULL)
    snprintf (buf, size, "%s", symbol);
  else
    snprintf (buf, size, "%s-%s(%s)", symbol, label, base);
}

static void pic_store_text (char *text, size_t size, unsigned index,
			    unsigned off, const struct scratch_register *reg);

/* A growing assembly text.  */
struct asm_text
{
  char buf[1024];
  size_t len;
};

static void ATTRIBUTE_PRINTF_2
append (struct asm_text *t, const char *format, ...)
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
  gcc_assert (t->len < sizeof t->buf);
}

/* The first-call path inline: saturate a wrapped count, or stamp the
   caller and the order, through SCRATCH.  */
static void
append_first_call (struct asm_text *t, const struct mip_entry_probe *p,
		   const struct scratch_register *scratch, const char *base,
		   const char *label)
{
  char count[128], order[128], caller[128], sequence[128];
  unsigned idx = p->function_index;
  const char *r = scratch->asm_name32;
  record_address (count, sizeof count, idx, p->layout.count_offset, base,
		  label);
  record_address (order, sizeof order, idx, p->layout.order_offset, base,
		  label);
  record_address (caller, sizeof caller, idx, p->layout.callers_offset, base,
		  label);
  symbol_address (sequence, sizeof sequence, MIP_ORDER_SEQUENCE, base, label);
  append (t, "\n\tcmpl\t$0, %s\n\tje\t4f\n\tmovl\t$1, %s\n\tjmp\t1f\n4:",
	  order, count);
  if (TARGET_64BIT)
    append (t, "\tmovq\t(%%rsp), %s\n\tmovq\t%s, %s", scratch->asm_name64,
	    scratch->asm_name64, caller);
  else
    append (t, "\tmovl\t(%%esp), %s\n\tmovl\t%s, %s", r, r, caller);
  append (t, "\n\tmovl\t$1, %s\n\tlock xaddl\t%s, %s\n\tincl\t%s"
	  "\n\tmovl\t%s, %s", r, r, sequence, r, r, order);
}

/* x86-64 with %r11 free: the first-call path is the runtime's
   __mip_first_call, 12 bytes here instead of some 50.  */
static bool
use_first_call_helper (const struct scratch_register *scratch)
{
  return TARGET_64BIT && strcmp (scratch->gcc_name, "r11") == 0;
}

void
mip_target_instrument_entry (function *fun, const struct mip_entry_probe *p)
{
  const struct scratch_register *regs[2];
  int regnos[2];
  int free_regs = entry_scratch_registers (fun, regs, regnos, 2);
  struct asm_text t;
  int clobbers[3];
  int n = 0;
  const char *base = NULL;
  const char *label = "2b";
  char addr[128];
  unsigned idx = p->function_index;
  int next_reg = 0;

  t.len = 0;
  t.buf[0] = '\0';
  if (i386_pic ())
    {
      if (free_regs == 0)
	{
	  /* No register: the coverage byte through a saved one.  */
	  char text[256];
	  pic_store_text (text, sizeof text, p->function_index,
			  p->layout.coverage_offset, NULL);
	  mip_emit_entry_asm (text, NULL, 0);
	  return;
	}
      base = regs[0]->asm_name32;
      clobbers[n++] = regnos[0];
      next_reg = 1;
      append (&t, "call\t2f\n2:\tpopl\t%s\n\t", base);
    }
  if (p->kinds & MIP_KIND_FUNCTION_COVERAGE)
    {
      record_address (addr, sizeof addr, idx, p->layout.coverage_offset, base,
		      label);
      append (&t, "movb\t$0, %s", addr);
    }
  if (p->kinds & MIP_KIND_CALL_COUNT)
    {
      gcc_assert (next_reg < free_regs);
      const struct scratch_register *scratch = regs[next_reg];
      record_address (addr, sizeof addr, idx, p->layout.count_offset, base,
		      label);
      if (p->kinds & MIP_KIND_FUNCTION_COVERAGE)
	append (&t, "\n\t");
      append (&t, "subl\t$1, %s\n\tjnc\t1f", addr);
      clobbers[n++] = FLAGS_REG;
      clobbers[n++] = regnos[next_reg];
      if (use_first_call_helper (scratch))
	append (&t, "\n\tleaq\t" MIP_RECORD_LABEL_FMT "(%%rip), %%r11"
		"\n\t.hidden\t%s\n\tcall\t%s", idx, MIP_FIRST_CALL_HELPER,
		MIP_FIRST_CALL_HELPER);
      else
	append_first_call (&t, p, scratch, base, label);
      append (&t, "\n1:");
    }
  mip_emit_entry_asm (t.buf, clobbers, n);
}

/* i386 PIC: store 0 to byte OFF of record INDEX through REG, or through
   %eax saved on the stack when REG is NULL.  */
static void
pic_store_text (char *text, size_t size, unsigned index, unsigned off,
		const struct scratch_register *reg)
{
  char addr[128];
  const char *name = reg ? reg->asm_name32 : "%eax";
  record_address (addr, sizeof addr, index, off, name, "3b");
  snprintf (text, size, "%scall\t3f\n3:\tpopl\t%s\n\tmovb\t$0, %s%s%s",
	    reg ? "" : "pushl\t%eax\n\t", name, addr,
	    reg ? "" : "\n\tpopl\t", reg ? "" : name);
}

void
mip_target_block_probe (function *, basic_block bb,
			const struct mip_entry_probe *p, uint32_t byte_offset,
			char *text, size_t size, int *clobbers, int *n)
{
  char addr[128];
  *n = 0;
  if (!i386_pic ())
    {
      record_address (addr, sizeof addr, p->function_index, byte_offset, NULL,
		      NULL);
      snprintf (text, size, "movb\t$0, %s", addr);
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
  pic_store_text (text, size, p->function_index, byte_offset, reg);
}
