/* mip-first-call.c - the full mode's member of libmip: the slow paths
   of the x86-64, i386, AArch64 and 32-bit Arm (ARM state, Thumb-2 and
   Thumb-1) entry probes, shared by every instrumented function of the module, the
   caller samples they take, and the fork handler that resets a child's
   counts.  Only programs with code of the full mode link it (see
   MIP_FULL_RUNTIME in mip-format.h): a coverage program carries none
   of it.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   x86-64 (plugin/mip-x86.cc): the entry probe decrements the LOW BYTE
   of the record's negated call count (subb $1), and when that borrows,
   once every MIP_CALLER_SAMPLE_PERIOD (256) calls, calls
   __mip_count_borrow with the record's address in %r11, before the
   instrumented function's prologue: the flags and %r11 are free, every
   other register belongs to the function.  The routine first takes the
   borrow from the upper 24 bits, so that the field again holds exactly
   0 - count; when that borrows too, the count was 0: the first call
   (or a count that wrapped, see mip_decode_call_count), handled as the
   first-call path always was; otherwise it samples the caller.  It
   saves what it uses, and it is written in assembly.  The carry is
   locked, so that with -fplugin-arg-mip-atomic (lock subb in the probe)
   concurrent calls lose no count either; it runs once in 256 calls.

   Record: +0 negated call count, +4 first-call order, +8 caller slot
   (see mip_record_layout and mip_decode_call_count in mip-format.h).

	lock subl $0x100, (%r11)	# the borrow of the low byte
	jc	2f			# the count was 0
	pushq	%rdi
	pushq	%rsi
	movq	%r11, %rdi		# the record
	movq	24(%rsp), %rsi		# the instrumented function's caller
	call	__mip_sample_caller	# keeps every register (C, below)
	popq	%rsi
	popq	%rdi
	ret
   2:	cmpl	$0, 4(%r11)		# order already set: the count wrapped
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
	ret

   Between the probe's subb and the subl here the field is 0x100 above
   its value: a dump taken by a signal handler at that very point would
   count 256 calls too few, as concurrent calls may lose increments
   (doc/guide.md).  Every other dump (at exit, __mip_dump, a fork
   child's) reads the exact count.  */

#if defined(__x86_64__) && !defined(__ILP32__)
#define MIP_SAMPLES_X86_64 1
#elif defined(__aarch64__) && !defined(__ILP32__)
#define MIP_SAMPLES_AARCH64 1
#elif defined(__arm__) && defined(__ARM_ARCH_ISA_ARM)
#define MIP_SAMPLES_ARM 1
#elif defined(__i386__)
#define MIP_SAMPLES_I386 1
#endif

#include "mip-internal.h"

/* What libmip.a's linker script asks for, and what every unit of the
   full mode refers to: either links this member.  Only the names
   matter.  */
MIP_HIDDEN MIP_USED const char __mip_full_runtime[1] = "";
extern const char __mip_link_full_mode[1]
  MIP_HIDDEN __attribute__ ((alias ("__mip_full_runtime")));

/* The bounds of the module's __mip_raw section (mip-runtime.c).  */
extern unsigned char __start___mip_raw[] MIP_WEAK MIP_HIDDEN;
extern unsigned char __stop___mip_raw[] MIP_WEAK MIP_HIDDEN;

#if MIP_PLATFORM_POSIX

#include <pthread.h>

/* fork: the child gets a copy of the parent's counters.  Were it to
   dump them, the parent's counts up to the fork would be counted twice
   (once in each process's dump).  So a fork handler resets the child's
   counters to their initial values (__mip_reset: read from the module's
   file), and the child's dump holds only what the child ran.  When the
   reset fails the child writes no profile at all, and says so once.
   vfork and posix_spawn children run no handler and no destructor
   (they exec or _exit), so they write nothing of the parent's.  */

/* Set once the failed reset has been reported.  */
static int reset_failure_reported;

/* In the child: start from the initial counters.  The parent's thread
   that may have been dumping is not in the child, so its dump lock is
   dropped first, and its copy of the file's lock closed.  */
static void
mip_reset_after_fork (void)
{
  mip_forget_dump_in_progress ();
  MIP_UNLOCK (mip_dump_lock);
  if (__mip_reset () == 0)
    return;
  mip_dumps_disabled = 1;
  if (!reset_failure_reported)
    mip_report ("cannot reset the counters after fork (the module's file"
		" is unreadable); this process writes no profile", NULL,
		NULL, NULL);
  reset_failure_reported = 1;
}

/* Registered at start by a module with instrumented code (the core's
   constructor, of the same priority, finds the module's file first).
   pthread_atfork ties the handler to this module: it is removed when a
   shared object is unloaded.  */
static MIP_CONSTRUCTOR (101) MIP_USED void
register_fork_handler (void)
{
  if (__stop___mip_raw - __start___mip_raw != 0)
    pthread_atfork (NULL, NULL, mip_reset_after_fork);
}

#endif /* MIP_PLATFORM_POSIX */

#if defined MIP_SAMPLES_X86_64 || defined MIP_SAMPLES_AARCH64 \
    || defined MIP_SAMPLES_ARM || defined MIP_SAMPLES_I386

/* The header and the lock of the module's caller samples, written after
   the section data of every dump (mip-runtime.c); the entries and the
   index are the program's sections (mip-internal.h).  */
MIP_HIDDEN MIP_USED struct mip_caller_sample_table __mip_caller_samples;

MIP_SHARED size_t
mip_snapshot_samples (struct mip_dump_samples *samples)
{
  struct mip_caller_sample_table *table = &__mip_caller_samples;
  uint32_t count, dropped;

  if (table == NULL)
    return 0;
  count = __atomic_load_n (&table->header.sample_count, __ATOMIC_ACQUIRE);
  if (count == 0)
    return 0;
  dropped = table->header.dropped;
  dropped += __atomic_load_n (&table->lost, __ATOMIC_RELAXED);
  if (dropped < table->header.dropped)
    dropped = UINT32_MAX;
  samples->header.sample_count = count;
  samples->header.entry_size = sizeof (struct mip_raw_sample);
  samples->header.period = MIP_CALLER_SAMPLE_PERIOD;
  samples->header.dropped = dropped;
  samples->entries = __start___mip_sample_entries;
  return sizeof samples->header + count * sizeof (struct mip_raw_sample);
}

/* The sampler's code runs where every register belongs to the
   instrumented function: no vector, x87 or floating-point register
   (general-regs-only; the callers of the sampler save the general
   registers it may use, or on x86-64 it saves them itself), and no
   call into code compiled without that (always_inline), which could
   use them.  */
#define MIP_SAMPLER_CODE \
  __attribute__ ((target ("general-regs-only"), always_inline))

/* The slot of an index of SIZE slots where the search for (OFFSET,
   RETURN_ADDRESS) starts: Fibonacci hashing of the two, scaled to SIZE
   by a multiplication (no division).  */
static inline MIP_SAMPLER_CODE uint32_t
sample_index_start (uint32_t offset, uint64_t return_address, uint32_t size)
{
  uint64_t key = return_address ^ ((uint64_t) offset << 32);
  uint32_t hash = (uint32_t) ((key * 0x9e3779b97f4a7c15u) >> 32);

  return (uint32_t) (((uint64_t) hash * size) >> 32);
}

/* Count one more sample of (OFFSET, RETURN_ADDRESS) in TABLE, whose
   lock the caller holds: find its entry through the index (linear
   probing; the units give the index more slots than there are entries,
   so a free slot is always found) or append a new one, published to
   the dump by the release store of sample_count.  */
static inline MIP_SAMPLER_CODE void
count_sample (struct mip_caller_sample_table *table, uint32_t offset,
	      uint64_t return_address)
{
  struct mip_raw_sample *entries = __start___mip_sample_entries;
  uint32_t *index = __start___mip_sample_index;
  uint32_t capacity = (uint32_t) (__stop___mip_sample_entries - entries);
  uint32_t index_size = (uint32_t) (__stop___mip_sample_index - index);
  uint32_t used = table->header.sample_count;
  uint32_t slot;

  if (index_size > capacity)
    for (slot = sample_index_start (offset, return_address, index_size);;)
      {
	uint32_t entry = index[slot];
	struct mip_raw_sample *sample;

	if (entry == 0)
	  break;
	sample = &entries[entry - 1];
	if (sample->record_offset == offset
	    && sample->return_address == return_address)
	  {
	    if (sample->samples != UINT32_MAX)
	      sample->samples++;
	    return;
	  }
	if (++slot == index_size)
	  slot = 0;
      }
  if (used >= capacity || index_size <= capacity)
    {
      if (table->header.dropped != UINT32_MAX)
	table->header.dropped++;
      return;
    }
  entries[used].return_address = return_address;
  entries[used].record_offset = offset;
  entries[used].samples = 1;
  index[slot] = used + 1;
  __atomic_store_n (&table->header.sample_count, used + 1, __ATOMIC_RELEASE);
}

/* Sample the caller of the function whose record is at RECORD: the
   instrumented function returns to RETURN_ADDRESS.  A sample that
   finds the table taken by another thread, or by this one interrupted
   by a signal whose handler calls instrumented code, is dropped rather
   than waited for.  */
static inline MIP_SAMPLER_CODE void
sample_caller (const unsigned char *record, uintptr_t return_address)
{
  struct mip_caller_sample_table *table = &__mip_caller_samples;

  if (!MIP_TRY_LOCK (table->lock))
    {
      __atomic_fetch_add (&table->lost, 1, __ATOMIC_RELAXED);
      return;
    }
  count_sample (table, (uint32_t) (record - __start___mip_raw),
		return_address);
  MIP_UNLOCK (table->lock);
}

#if defined MIP_SAMPLES_ARM || defined MIP_SAMPLES_I386

/* The count of RECORD borrowed in its low byte: carry the borrow into
   the upper 24 bits; when that borrows too, the count was 0: the first
   call, whose caller and order are stamped, or a wrap, saturated; else
   sample the caller.  The instrumented function returns to
   RETURN_ADDRESS.  The targets whose borrow helper is C code (32-bit
   Arm and i386).  */
static inline MIP_SAMPLER_CODE void
count_borrow (unsigned char *record, uintptr_t return_address)
{
  uint32_t *count = (uint32_t *) (void *) record;
  uint32_t *order = (uint32_t *) (void *) (record + 4);
  uintptr_t *caller = (uintptr_t *) (void *) (record + 8);
  uint32_t old = __atomic_fetch_sub (count, 0x100u, __ATOMIC_RELAXED);

  if (old >= 0x100u)
    sample_caller (record, return_address);
  else if (__atomic_load_n (order, __ATOMIC_RELAXED) != 0)
    __atomic_store_n (count, 1u, __ATOMIC_RELAXED);
  else
    {
      *caller = return_address;
      __atomic_store_n (order, __atomic_add_fetch (&__mip_sequence, 1u,
						   __ATOMIC_RELAXED),
			__ATOMIC_RELAXED);
    }
}

#endif

#endif /* a target that samples callers */

#ifdef MIP_SAMPLES_X86_64

/* Called by __mip_count_borrow before the instrumented function's
   prologue, so it keeps every register but the flags
   (no_caller_saved_registers) and touches no vector or x87 register
   (general-regs-only) and calls nothing.  */
MIP_HIDDEN MIP_USED
__attribute__ ((no_caller_saved_registers, target ("general-regs-only")))
void
__mip_sample_caller (const unsigned char *record, uintptr_t return_address)
{
  sample_caller (record, return_address);
}

__asm__ ("\t.text\n"
	 "\t.globl\t__mip_count_borrow\n"
	 "\t.hidden\t__mip_count_borrow\n"
	 "\t.type\t__mip_count_borrow, @function\n"
	 "__mip_count_borrow:\n"
	 "\t.cfi_startproc\n"
	 "\tlock subl\t$0x100, (%r11)\n"
	 "\tjc\t2f\n"
	 "\tpushq\t%rdi\n"
	 "\t.cfi_adjust_cfa_offset 8\n"
	 "\tpushq\t%rsi\n"
	 "\t.cfi_adjust_cfa_offset 8\n"
	 "\tmovq\t%r11, %rdi\n"
	 "\tmovq\t24(%rsp), %rsi\n"
	 "\tcall\t__mip_sample_caller\n"
	 "\tpopq\t%rsi\n"
	 "\t.cfi_adjust_cfa_offset -8\n"
	 "\tpopq\t%rdi\n"
	 "\t.cfi_adjust_cfa_offset -8\n"
	 "\tret\n"
	 "2:\tcmpl\t$0, 4(%r11)\n"
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
	 "\t.size\t__mip_count_borrow, .-__mip_count_borrow\n");

#elif defined MIP_SAMPLES_AARCH64

/* AArch64 (plugin/mip-aarch64.cc): the probe decrements the low byte of
   the negated count (ldrb/subs/strb, or ldxrb/stxrb, or ldaddb) and
   when that borrows, once every MIP_CALLER_SAMPLE_PERIOD calls, calls
   __mip_count_borrow with bl, before the instrumented function's
   prologue, with the record's address in x9 and the function's own
   return address (x30 at its entry, unsigned) in x10; the helpers may
   use x9, x11, x16, x17 and NZCV and must keep every other register,
   x10 included (the probe restores x30 from it).

   __mip_count_borrow carries the borrow into the upper 24 bits with an
   ldxr/stxr loop (atomic whatever the probe's update was, and on every
   AArch64: no LSE needed); when that borrows too the count was 0 and
   it goes on to __mip_first_call, else it samples the caller through
   __mip_sample_caller, C code compiled general-regs-only, around which
   it saves the general registers the AAPCS64 lets C code clobber
   (x0-x8, x12-x15, x18, x30, and x10) on the stack, which is 16-byte
   aligned at the instrumented function's entry and stays so:

	hint	#34			// bti c (a veneer reaches it by br)
   1:	ldxr	w16, [x9]
	sub	w17, w16, #0x100	// the borrow of the low byte
	stxr	w11, w17, [x9]
	cbnz	w11, 1b
	cmp	w16, #0x100
	b.lo	__mip_first_call	// the count was 0
	stp	x0, x1, [sp, #-128]!
	stp	x2, x3, [sp, #16] ... stp x18, x30, [sp, #112]
	mov	x0, x9			// the record
	mov	x1, x10			// the instrumented function's caller
	bl	__mip_sample_caller
	ldp	x2, x3, [sp, #16] ... ldp x0, x1, [sp], #128
	ret

   __mip_first_call stamps the order and the caller (the order through
   an ldxr/stxr loop, no LSE needed):

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

   They are reached by a direct bl (or a linker veneer's br x16, which
   `bti c' accepts) and sign nothing: x30 is kept on the stack or not
   touched.  As on x86-64, a dump taken by a signal handler between the
   probe's byte update and the carry would count 256 calls too few.  */

/* Called by __mip_count_borrow, which saves the registers C code may
   clobber; touches no floating-point or SIMD register.  */
MIP_HIDDEN MIP_USED __attribute__ ((target ("general-regs-only"))) void
__mip_sample_caller (const unsigned char *record, uintptr_t return_address)
{
  sample_caller (record, return_address);
}

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
	 "\t.size\t__mip_first_call, .-__mip_first_call\n"
	 "\t.p2align\t2\n"
	 "\t.globl\t__mip_count_borrow\n"
	 "\t.hidden\t__mip_count_borrow\n"
	 "\t.type\t__mip_count_borrow, %function\n"
	 "__mip_count_borrow:\n"
	 "\t.cfi_startproc\n"
	 "\thint\t#34\n"
	 "1:\tldxr\tw16, [x9]\n"
	 "\tsub\tw17, w16, #0x100\n"
	 "\tstxr\tw11, w17, [x9]\n"
	 "\tcbnz\tw11, 1b\n"
	 "\tcmp\tw16, #0x100\n"
	 "\tb.lo\t__mip_first_call\n"
	 "\tstp\tx0, x1, [sp, #-128]!\n"
	 "\t.cfi_adjust_cfa_offset 128\n"
	 "\tstp\tx2, x3, [sp, #16]\n"
	 "\tstp\tx4, x5, [sp, #32]\n"
	 "\tstp\tx6, x7, [sp, #48]\n"
	 "\tstp\tx8, x10, [sp, #64]\n"
	 "\tstp\tx12, x13, [sp, #80]\n"
	 "\tstp\tx14, x15, [sp, #96]\n"
	 "\tstp\tx18, x30, [sp, #112]\n"
	 "\t.cfi_rel_offset 30, 120\n"
	 "\tmov\tx0, x9\n"
	 "\tmov\tx1, x10\n"
	 "\tbl\t__mip_sample_caller\n"
	 "\tldp\tx2, x3, [sp, #16]\n"
	 "\tldp\tx4, x5, [sp, #32]\n"
	 "\tldp\tx6, x7, [sp, #48]\n"
	 "\tldp\tx8, x10, [sp, #64]\n"
	 "\tldp\tx12, x13, [sp, #80]\n"
	 "\tldp\tx14, x15, [sp, #96]\n"
	 "\tldp\tx18, x30, [sp, #112]\n"
	 "\t.cfi_restore 30\n"
	 "\tldp\tx0, x1, [sp], #128\n"
	 "\t.cfi_adjust_cfa_offset -128\n"
	 "\tret\n"
	 "\t.cfi_endproc\n"
	 "\t.size\t__mip_count_borrow, .-__mip_count_borrow\n");

#elif defined MIP_SAMPLES_ARM

/* 32-bit Arm, ARM state and Thumb-2 probes (plugin/mip-arm.cc): the
   probe decrements the low byte of the negated count (ldrb/subs/strb,
   or an ldrexb/strexb loop) and when that borrows, once every
   MIP_CALLER_SAMPLE_PERIOD calls, pushes the record's address and its
   own return address (lr at the instrumented function's entry) and
   calls __mip_count_borrow with bl, before the prologue; it pops both
   again after.  The helper keeps every register but the flags: it
   saves those C code may clobber (r0-r3, ip, lr; r4 holds the stack
   pointer, realigned to 8 bytes for the C code) and calls
   __mip_count_borrow_slow, compiled general-regs-only (no VFP or NEON
   register), which carries the borrow (atomically), then stamps the
   first call or samples the caller.  It is ARM-state code (the linker
   turns a Thumb probe's bl into blx), which every core that runs Linux
   in ARM or Thumb-2 state has:

	push	{r0, r1, r2, r3, r4, ip, lr}
	ldr	r0, [sp, #28]		@ the record
	ldr	r1, [sp, #32]		@ the instrumented function's caller
	mov	r4, sp
	bic	ip, r4, #7
	mov	sp, ip
	bl	__mip_count_borrow_slow
	mov	sp, r4
	pop	{r0, r1, r2, r3, r4, ip, pc}

   Thumb-1 probes (-mthumb on armv4t to armv6) push the same two words
   but cannot pop lr: they call __mip_count_borrow_thumb1, Thumb-1 code
   (reached by a plain bl, on any core with Thumb), which returns to the
   probe with both words popped, lr put back and every other register
   kept:

	push	{r0, r1, r2, r3, r4, lr}	@ lr: the return into the probe
	mov	r4, ip
	ldr	r0, [sp, #24]		@ the record
	ldr	r1, [sp, #28]		@ the instrumented function's caller
	str	r4, [sp, #24]		@ ip, in the record's place
	mov	r4, sp
	mov	r2, sp
	lsrs	r2, r2, #3
	lsls	r2, r2, #3
	mov	sp, r2			@ 8-aligned for the C code
	bl	__mip_count_borrow_slow	@ the linker's blx if ARM code
	mov	sp, r4
	ldr	r0, [sp, #24]
	mov	ip, r0
	ldr	r0, [sp, #28]		@ lr as the probe pushed it
	mov	lr, r0
	ldr	r0, [sp, #20]		@ the return into the probe, where
	str	r0, [sp, #28]		@   the probe's lr was
	pop	{r0, r1, r2, r3, r4}
	add	sp, #8			@ the return and the record
	pop	{pc}			@ sp as before the probe's push

   From the str on (four instructions) the probe's lr, as its CFI finds
   it on the stack, reads as the return into the probe: a debugger's
   backtrace stopped there would skip the function's caller (EHABI
   unwinding never passes here: .cantunwind).  Its pop {pc} returns to
   Thumb state on every core, armv4t included.  M-profile probes
   (armv6-m, armv7-m) sample nothing: their libmip is freestanding and
   built without ARM state, so without this file's sample table; nor do
   the atomic probes of cores without ldrexb (ARM state before armv6K;
   Thumb-1 has no ldrex at all: -fplugin-arg-mip-atomic is an error
   there).  */

/* The borrow of RECORD's count (count_borrow): RETURN_ADDRESS is the
   instrumented function's, with the Thumb bit, which callers and
   samples leave out.  */
MIP_HIDDEN MIP_USED __attribute__ ((target ("general-regs-only"))) void
__mip_count_borrow_slow (unsigned char *record, uintptr_t return_address)
{
  count_borrow (record, return_address & ~(uintptr_t) 1);
}

__asm__ ("\t.pushsection\t.text\n"
	 "\t.syntax\tunified\n"
	 "\t.arm\n"
	 "\t.p2align\t2\n"
	 "\t.globl\t__mip_count_borrow\n"
	 "\t.hidden\t__mip_count_borrow\n"
	 "\t.type\t__mip_count_borrow, %function\n"
	 "__mip_count_borrow:\n"
	 "\t.fnstart\n"
	 "\t.cfi_startproc\n"
	 "\tpush\t{r0, r1, r2, r3, r4, ip, lr}\n"
	 "\t.cfi_adjust_cfa_offset 28\n"
	 "\t.cfi_rel_offset r4, 16\n"
	 "\t.cfi_rel_offset lr, 24\n"
	 "\tldr\tr0, [sp, #28]\n"
	 "\tldr\tr1, [sp, #32]\n"
	 "\tmov\tr4, sp\n"
	 "\t.cfi_def_cfa_register r4\n"
	 "\tbic\tip, r4, #7\n"
	 "\tmov\tsp, ip\n"
	 "\tbl\t__mip_count_borrow_slow\n"
	 "\tmov\tsp, r4\n"
	 "\t.cfi_def_cfa_register sp\n"
	 "\tpop\t{r0, r1, r2, r3, r4, ip, pc}\n"
	 "\t.cfi_endproc\n"
	 "\t.cantunwind\n"
	 "\t.fnend\n"
	 "\t.size\t__mip_count_borrow, .-__mip_count_borrow\n"
	 "\t.thumb\n"
	 "\t.p2align\t1\n"
	 "\t.globl\t__mip_count_borrow_thumb1\n"
	 "\t.hidden\t__mip_count_borrow_thumb1\n"
	 "\t.type\t__mip_count_borrow_thumb1, %function\n"
	 "\t.thumb_func\n"
	 "__mip_count_borrow_thumb1:\n"
	 "\t.fnstart\n"
	 "\t.cfi_startproc\n"
	 "\tpush\t{r0, r1, r2, r3, r4, lr}\n"
	 "\t.cfi_adjust_cfa_offset 24\n"
	 "\t.cfi_rel_offset r4, 16\n"
	 "\t.cfi_rel_offset lr, 20\n"
	 "\tmov\tr4, ip\n"
	 "\tldr\tr0, [sp, #24]\n"
	 "\tldr\tr1, [sp, #28]\n"
	 "\tstr\tr4, [sp, #24]\n"
	 "\tmov\tr4, sp\n"
	 "\t.cfi_def_cfa_register r4\n"
	 "\tmov\tr2, sp\n"
	 "\tlsrs\tr2, r2, #3\n"
	 "\tlsls\tr2, r2, #3\n"
	 "\tmov\tsp, r2\n"
	 "\tbl\t__mip_count_borrow_slow\n"
	 "\tmov\tsp, r4\n"
	 "\t.cfi_def_cfa_register sp\n"
	 "\tldr\tr0, [sp, #24]\n"
	 "\tmov\tip, r0\n"
	 "\tldr\tr0, [sp, #28]\n"
	 "\tmov\tlr, r0\n"
	 "\tldr\tr0, [sp, #20]\n"
	 "\tstr\tr0, [sp, #28]\n"
	 "\tpop\t{r0, r1, r2, r3, r4}\n"
	 "\t.cfi_adjust_cfa_offset -20\n"
	 "\t.cfi_restore r4\n"
	 "\tadd\tsp, #8\n"
	 "\tpop\t{pc}\n"
	 "\t.cfi_endproc\n"
	 "\t.cantunwind\n"
	 "\t.fnend\n"
	 "\t.size\t__mip_count_borrow_thumb1, .-__mip_count_borrow_thumb1\n"
#ifndef __thumb__
	 "\t.arm\n"
#endif
	 "\t.popsection\n");

#elif defined MIP_SAMPLES_I386

/* i386 (plugin/mip-x86.cc): the probe decrements the low byte of the
   negated count (subb $1, or lock subb), and when that borrows, once
   every MIP_CALLER_SAMPLE_PERIOD calls, pushes the record's distance
   from the instruction after its call (label 3, a PC-relative
   immediate, so one form serves position-dependent and
   position-independent code and needs no register) and calls
   __mip_count_borrow, before the instrumented function's prologue:

	pushl	$.Lmip.rN-3f
	call	__mip_count_borrow
   3:

   The helper pops that word (ret $4) and keeps every register but the
   flags (dead at entry).  It calls __mip_count_borrow_slow, C code that
   keeps every register too (no_caller_saved_registers) and touches no
   x87 or vector register (general-regs-only), with the probe's label
   3, the distance and the instrumented function's return address, on
   a stack aligned to 16 bytes whatever the instrumented function was
   given (%ebp anchors the frame; the C code keeps it):

	pushl	%ebp
	movl	%esp, %ebp		# 4(%ebp) label 3, 8(%ebp) the distance
	andl	$-16, %esp		# 12(%ebp) the function's return address
	subl	$4, %esp
	pushl	12(%ebp)
	pushl	8(%ebp)
	pushl	4(%ebp)
	call	__mip_count_borrow_slow
	movl	%ebp, %esp
	popl	%ebp
	ret	$4

   The C code carries the borrow atomically, then stamps the first call
   or samples the caller (count_borrow).  As on x86-64, a dump taken by
   a signal handler between the probe's byte update and the carry would
   count 256 calls too few.  */

/* Called by __mip_count_borrow before the instrumented function's
   prologue: the record is at LABEL + DISTANCE.  */
MIP_HIDDEN MIP_USED
__attribute__ ((no_caller_saved_registers, target ("general-regs-only")))
void
__mip_count_borrow_slow (uintptr_t label, uintptr_t distance,
			 uintptr_t return_address)
{
  count_borrow ((unsigned char *) (label + distance), return_address);
}

__asm__ ("\t.text\n"
	 "\t.globl\t__mip_count_borrow\n"
	 "\t.hidden\t__mip_count_borrow\n"
	 "\t.type\t__mip_count_borrow, @function\n"
	 "__mip_count_borrow:\n"
	 "\t.cfi_startproc\n"
	 "\tpushl\t%ebp\n"
	 "\t.cfi_adjust_cfa_offset 4\n"
	 "\t.cfi_rel_offset %ebp, 0\n"
	 "\tmovl\t%esp, %ebp\n"
	 "\t.cfi_def_cfa_register %ebp\n"
	 "\tandl\t$-16, %esp\n"
	 "\tsubl\t$4, %esp\n"
	 "\tpushl\t12(%ebp)\n"
	 "\tpushl\t8(%ebp)\n"
	 "\tpushl\t4(%ebp)\n"
	 "\tcall\t__mip_count_borrow_slow\n"
	 "\tmovl\t%ebp, %esp\n"
	 "\t.cfi_def_cfa_register %esp\n"
	 "\tpopl\t%ebp\n"
	 "\t.cfi_adjust_cfa_offset -4\n"
	 "\t.cfi_restore %ebp\n"
	 "\tret\t$4\n"
	 "\t.cfi_endproc\n"
	 "\t.size\t__mip_count_borrow, .-__mip_count_borrow\n");

#endif
