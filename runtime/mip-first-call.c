/* mip-first-call.c - the first-call path of the x86-64 and AArch64
   entry probes, shared by every instrumented function of the module.

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

#elif defined(__aarch64__) && !defined(__ILP32__)

/* AArch64 (plugin/mip-aarch64.cc): the probe calls this with bl, before
   the instrumented function's prologue, with the record's address in x9
   and the function's own return address (x30 at its entry, unsigned) in
   x10; it may use x11, x16, x17 and NZCV and must keep every other
   register, x10 included (the probe restores x30 from it).  The order is
   taken with an ldxr/stxr loop, which every AArch64 has (no LSE).

	ldr	w16, [x9, #4]		// order already set: the count wrapped
	cbnz	w16, 2f
	str	x10, [x9, #8]		// the instrumented function's caller
	adrp	x16, __mip_sequence
	add	x16, x16, #:lo12:__mip_sequence
   1:	ldxr	w17, [x16]
	add	w17, w17, #1
	stxr	w11, w17, [x16]
	cbnz	w11, 1b
	str	w17, [x9, #4]		// order = 1 + first calls before
	ret
   2:	mov	w16, #1			// saturate: count 0xffffffff
	str	w16, [x9]
	ret

   It is reached by a direct bl only, so needs no BTI landing pad, and
   signs nothing: it is a leaf that keeps x30.  */

__asm__ ("\t.text\n"
	 "\t.p2align\t2\n"
	 "\t.globl\t__mip_first_call\n"
	 "\t.hidden\t__mip_first_call\n"
	 "\t.hidden\t__mip_sequence\n"
	 "\t.type\t__mip_first_call, %function\n"
	 "__mip_first_call:\n"
	 "\t.cfi_startproc\n"
	 "\tldr\tw16, [x9, #4]\n"
	 "\tcbnz\tw16, 2f\n"
	 "\tstr\tx10, [x9, #8]\n"
	 "\tadrp\tx16, __mip_sequence\n"
	 "\tadd\tx16, x16, #:lo12:__mip_sequence\n"
	 "1:\tldxr\tw17, [x16]\n"
	 "\tadd\tw17, w17, #1\n"
	 "\tstxr\tw11, w17, [x16]\n"
	 "\tcbnz\tw11, 1b\n"
	 "\tstr\tw17, [x9, #4]\n"
	 "\tret\n"
	 "2:\tmov\tw16, #1\n"
	 "\tstr\tw16, [x9]\n"
	 "\tret\n"
	 "\t.cfi_endproc\n"
	 "\t.size\t__mip_first_call, .-__mip_first_call\n");

#else

/* Other targets inline the first-call path; keep the unit non-empty.  */
typedef int mip_first_call_unused;

#endif
