/* mip-first-call.c - the first-call path of the x86-64 entry probe,
   shared by every instrumented function of the module.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The plugin's entry probe (plugin/mip-x86.cc) decrements the record's
   negated call count and, when that borrows (the first call, or a count
   that wrapped), calls this routine with the record's address in %r11,
   before the instrumented function's prologue: the flags and %r11 are
   free, every other register belongs to the function.  So it saves what
   it uses, and it is written in assembly.

   Record: +0 negated call count, +4 first-call order, +8 caller slot
   (see mip_record_layout and mip_decode_call_count in mip-format.h).

	cmpl	$0, 4(%r11)		# order already set: the count wrapped
	jne	1f
	pushq	%rax
	movq	16(%rsp), %rax		# the instrumented function's caller
	movq	%rax, 8(%r11)
	movl	$1, %eax
	lock xaddl %eax, __mip_sequence(%rip)
	incl	%eax
	movl	%eax, 4(%r11)		# order = 1 + first calls before
	popq	%rax
	ret
   1:	movl	$1, (%r11)		# saturate: count 0xffffffff
	ret  */

#if defined(__x86_64__) && !defined(__ILP32__)

__asm__ ("\t.text\n"
	 "\t.globl\t__mip_first_call\n"
	 "\t.hidden\t__mip_first_call\n"
	 "\t.type\t__mip_first_call, @function\n"
	 "__mip_first_call:\n"
	 "\t.cfi_startproc\n"
	 "\tcmpl\t$0, 4(%r11)\n"
	 "\tjne\t1f\n"
	 "\tpushq\t%rax\n"
	 "\t.cfi_adjust_cfa_offset 8\n"
	 "\tmovq\t16(%rsp), %rax\n"
	 "\tmovq\t%rax, 8(%r11)\n"
	 "\tmovl\t$1, %eax\n"
	 "\tlock xaddl\t%eax, __mip_sequence(%rip)\n"
	 "\tincl\t%eax\n"
	 "\tmovl\t%eax, 4(%r11)\n"
	 "\tpopq\t%rax\n"
	 "\t.cfi_adjust_cfa_offset -8\n"
	 "\tret\n"
	 "1:\tmovl\t$1, (%r11)\n"
	 "\tret\n"
	 "\t.cfi_endproc\n"
	 "\t.size\t__mip_first_call, .-__mip_first_call\n");

#else

/* Other targets inline the first-call path; keep the unit non-empty.  */
typedef int mip_first_call_unused;

#endif
