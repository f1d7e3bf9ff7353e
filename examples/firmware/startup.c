/* startup.c - the firmware example's start: the vector table, the reset
   handler and the fault handler, for Cortex-M cores (armv6-m and
   armv7-m).  Part of the board support: compiled without the plugin.

   At reset the core loads the stack pointer from the table's first word
   and jumps to the second, mip_firmware_reset, which:

   1. copies .data and __mip_raw from flash to RAM: __mip_raw holds the
      records of the instrumented code, whose initial values matter
      (coverage bytes start at 0xff), exactly like initialised data;
   2. zeroes .bss and the full mode's caller sample sections
      (__mip_sample_entries, __mip_sample_index), which the linker
      script places between __bss_start and __bss_end;
   3. runs the constructors of .init_array (libmip's, which finds
      nothing to do without an operating system, and the program's);
   4. calls main, and ends the run with main's status through
      semihosting.

   Any fault ends the run with status 3 and a line on the console.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <stdint.h>
#include "semihosting.h"

int main (void);

/* Defined by the linker script (firmware.ld).  */
extern uint32_t __stack_top[];
extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __mip_raw_load[], __start___mip_raw[], __stop___mip_raw[];
extern uint32_t __bss_start[], __bss_end[];
typedef void (*handler) (void);
extern const handler __init_array_start[], __init_array_end[];

/* The status of a run that faulted.  */
#define FAULT_STATUS 3

/* Copy the words from FROM to [TO, END).  The volatile store keeps GCC
   from making a memcpy call of the loop: there is no C library.  */
static void
copy_words (volatile uint32_t *to, const uint32_t *from, const uint32_t *end)
{
  while (to < end)
    *to++ = *from++;
}

static void
zero_words (volatile uint32_t *to, const uint32_t *end)
{
  while (to < end)
    *to++ = 0;
}

__attribute__ ((noreturn)) void
mip_firmware_reset (void)
{
  copy_words (__data_start, __data_load, __data_end);
  copy_words (__start___mip_raw, __mip_raw_load, __stop___mip_raw);
  zero_words (__bss_start, __bss_end);
  for (const handler *constructor = __init_array_start;
       constructor < __init_array_end; constructor++)
    (*constructor) ();
  semihosting_exit (main ());
}

/* Every exception but reset: none is expected in this program.  */
__attribute__ ((noreturn)) void
mip_firmware_fault (void)
{
  semihosting_write_text ("mip-firmware: fault\n");
  semihosting_exit (FAULT_STATUS);
}

/* The initial stack pointer, then the 15 system exceptions of armv7-m
   (armv6-m has fewer; its reserved slots are never read).  */
__attribute__ ((section (".vectors"), used))
static const handler vectors[16] = {
  (handler) __stack_top,
  mip_firmware_reset,
  mip_firmware_fault,		/* NMI */
  mip_firmware_fault,		/* HardFault */
  mip_firmware_fault,		/* MemManage */
  mip_firmware_fault,		/* BusFault */
  mip_firmware_fault,		/* UsageFault */
  0, 0, 0, 0,
  mip_firmware_fault,		/* SVCall */
  mip_firmware_fault,		/* DebugMonitor */
  0,
  mip_firmware_fault,		/* PendSV */
  mip_firmware_fault,		/* SysTick */
};

#if __ARM_ARCH_ISA_THUMB == 1
/* armv6-m (Thumb-1): the one support routine that GCC's code for the
   runtime calls.  The cross compiler's libgcc is built for the Linux
   targets in ARM state, which a Cortex-M cannot run, and its atomics
   call the Linux kernel's helpers; this replaces it.  (The runtime
   needs no 64-bit multiply or shift routine: see mip_hash_multiply.)
   On armv7-m the runtime needs none.  */

/* One core, so masking interrupts makes the compare and swap atomic.
   The name is GCC's built-in's, given through an assembler name.  */
uint32_t compare_and_swap_4 (volatile uint32_t *, uint32_t, uint32_t)
  __asm__ ("__sync_val_compare_and_swap_4");

uint32_t
compare_and_swap_4 (volatile uint32_t *place, uint32_t expected,
		    uint32_t replacement)
{
  uint32_t primask, old;

  __asm__ volatile ("mrs %0, primask\n\tcpsid i" : "=r" (primask)
		    :: "memory");
  old = *place;
  if (old == expected)
    *place = replacement;
  __asm__ volatile ("msr primask, %0" :: "r" (primask) : "memory");
  return old;
}
#endif
