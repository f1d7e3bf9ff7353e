/* mip-x86.cc - the x86-64 target: entry probes as single RIP-relative
   instructions.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Sequences, inserted before the prologue (after endbr64, which a later
   pass puts first):

   function-coverage (7 bytes, no register, no flags):
	movb	$0, .Lmip.rN(%rip)		# coverage byte = 0

   full (call count, first-call order, first caller):
	addl	$1, .Lmip.rN(%rip)		# count += 1, CF on wrap
	sbbl	$0, .Lmip.rN(%rip)		# wrapped to 0: back to 0xffffffff
	cmpl	$1, .Lmip.rN(%rip)		# the first call?
	jne	1f
	movq	(%rsp), %r11			# yes: the return address
	movq	%r11, .Lmip.rN+8(%rip)	#   into the caller slot
	movl	$1, %r11d			# and the next order
	lock xaddl %r11d, __mip_sequence(%rip)
	incl	%r11d
	movl	%r11d, .Lmip.rN+4(%rip)	# order = 1 + calls before
   1:

   block probe (7 bytes, no register, no flags: the flags may be live
   inside the body):
	movb	$0, .Lmip.rN+K(%rip)		# coverage byte of the block

   The full sequence clobbers the flags (dead at entry under the ABI) and
   one scratch register, chosen among the call-clobbered registers not
   live at entry (r11 unless something unusual holds it; r10 carries the
   static chain of nested functions, %al the vector count of varargs).
   Without a free register the order is not recorded for that function.
   The count increment is not atomic: concurrent first calls may lose
   increments (documented in doc/guide.md); coverage is exact.  */

#include "mip-plugin.h"

struct scratch_register
{
  const char *gcc_name;		/* for decode_reg_name */
  const char *asm_name32;	/* its 32-bit name in AT&T syntax */
  const char *asm_name64;	/* its 64-bit name */
};

static const struct scratch_register scratch_candidates[] = {
  { "r11", "%r11d", "%r11" }, { "r10", "%r10d", "%r10" },
  { "ax", "%eax", "%rax" }, { "cx", "%ecx", "%rcx" },
  { "dx", "%edx", "%rdx" }, { "si", "%esi", "%rsi" },
  { "di", "%edi", "%rdi" }, { "r8", "%r8d", "%r8" },
  { "r9", "%r9d", "%r9" },
};

bool
mip_target_init (void)
{
  if (!TARGET_64BIT || TARGET_X32)
    {
      sorry ("mip: only x86-64 (%<-m64%>) is supported on x86 so far;"
	     " %<-m32%> and %<-mx32%> are not");
      return false;
    }
  if (ix86_cmodel == CM_LARGE || ix86_cmodel == CM_LARGE_PIC)
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

/* The first free scratch register at entry, or NULL.  */
static const struct scratch_register *
find_scratch_register (function *fun, int *regno)
{
  for (size_t i = 0; i < ARRAY_SIZE (scratch_candidates); i++)
    {
      int r = decode_reg_name (scratch_candidates[i].gcc_name);
      if (mip_scratch_reg_free_at_entry (fun, r))
	{
	  *regno = r;
	  return &scratch_candidates[i];
	}
    }
  return NULL;
}

static bool
flags_dead_at_entry (function *fun)
{
  basic_block entry = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  return !REGNO_REG_SET_P (df_get_live_in (entry), FLAGS_REG);
}

uint32_t
mip_target_entry_kinds (function *fun, uint32_t wanted)
{
  int regno;
  if ((wanted & (MIP_KIND_CALL_COUNT | MIP_KIND_ORDER))
      && !flags_dead_at_entry (fun))
    wanted &= ~(MIP_KIND_CALL_COUNT | MIP_KIND_ORDER);
  /* The order stamp and the caller sample live on the first-call path of
     the count, and need a scratch register.  */
  if ((wanted & (MIP_KIND_ORDER | MIP_KIND_CALLERS))
      && (!(wanted & MIP_KIND_CALL_COUNT)
	  || find_scratch_register (fun, &regno) == NULL))
    wanted &= ~(MIP_KIND_ORDER | MIP_KIND_CALLERS);
  return wanted;
}

static void
emit_coverage_store (const struct mip_entry_probe *p)
{
  char text[128];
  snprintf (text, sizeof text, "movb\t$0, " MIP_RECORD_LABEL_FMT "+%u(%%rip)",
	    p->function_index, (unsigned) p->layout.coverage_offset);
  mip_emit_entry_asm (text, NULL, 0);
}

static void
emit_call_count (function *fun,
		 const struct mip_entry_probe *p)
{
  char text[512];
  unsigned idx = p->function_index;
  unsigned count = p->layout.count_offset;
  int clobbers[2];
  int n = 0;
  int len;

  clobbers[n++] = FLAGS_REG;
  len = snprintf (text, sizeof text,
		  "addl\t$1, " MIP_RECORD_LABEL_FMT "+%u(%%rip)\n"
		  "\tsbbl\t$0, " MIP_RECORD_LABEL_FMT "+%u(%%rip)",
		  idx, count, idx, count);
  if (p->kinds & (MIP_KIND_ORDER | MIP_KIND_CALLERS))
    {
      int regno;
      const struct scratch_register *s = find_scratch_register (fun, &regno);
      gcc_assert (s != NULL);
      clobbers[n++] = regno;
      len += snprintf (text + len, sizeof text - len,
		       "\n\tcmpl\t$1, " MIP_RECORD_LABEL_FMT "+%u(%%rip)\n"
		       "\tjne\t1f",
		       idx, count);
      if (p->kinds & MIP_KIND_CALLERS)
	len += snprintf (text + len, sizeof text - len,
			 "\n\tmovq\t(%%rsp), %s\n"
			 "\tmovq\t%s, " MIP_RECORD_LABEL_FMT "+%u(%%rip)",
			 s->asm_name64, s->asm_name64, idx,
			 (unsigned) p->layout.callers_offset);
      if (p->kinds & MIP_KIND_ORDER)
	len += snprintf (text + len, sizeof text - len,
			 "\n\tmovl\t$1, %s\n"
			 "\tlock xaddl\t%s, %s(%%rip)\n"
			 "\tincl\t%s\n"
			 "\tmovl\t%s, " MIP_RECORD_LABEL_FMT "+%u(%%rip)",
			 s->asm_name32, s->asm_name32, MIP_ORDER_SEQUENCE,
			 s->asm_name32, s->asm_name32, idx,
			 (unsigned) p->layout.order_offset);
      snprintf (text + len, sizeof text - len, "\n1:");
    }
  mip_emit_entry_asm (text, clobbers, n);
}

void
mip_target_instrument_entry (function *fun, const struct mip_entry_probe *p)
{
  if (p->kinds & MIP_KIND_FUNCTION_COVERAGE)
    emit_coverage_store (p);
  if (p->kinds & MIP_KIND_CALL_COUNT)
    emit_call_count (fun, p);
}

void
mip_target_block_probe (function *, basic_block,
			const struct mip_entry_probe *p, uint32_t byte_offset,
			char *text, size_t size, int *, int *n)
{
  snprintf (text, size, "movb\t$0, " MIP_RECORD_LABEL_FMT "+%u(%%rip)",
	    p->function_index, (unsigned) byte_offset);
  *n = 0;
}
