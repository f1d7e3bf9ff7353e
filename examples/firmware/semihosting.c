/* semihosting.c - Arm semihosting calls for the firmware example (see
   semihosting.h).  Part of the board support: compiled without the
   plugin.

   A call is "bkpt 0xab" with the operation in r0 and the address of its
   argument block in r1; the result comes back in r0 (Arm's "Semihosting
   for AArch32 and AArch64", version 2).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include <stdint.h>
#include "semihosting.h"

/* The operations used here.  */
#define SYS_OPEN 0x01
#define SYS_CLOSE 0x02
#define SYS_WRITE0 0x04
#define SYS_WRITE 0x05
#define SYS_EXIT 0x18
#define SYS_EXIT_EXTENDED 0x20

/* SYS_OPEN's mode for fopen's "wb".  */
#define OPEN_MODE_WB 5

/* The reason of a normal exit.  On AArch32 SYS_EXIT carries the reason
   alone (qemu exits with 0 for this one, 1 for any other), so the exit
   status goes through SYS_EXIT_EXTENDED, whose block holds both.  */
#define ADP_STOPPED_APPLICATION_EXIT 0x20026
#define ADP_STOPPED_RUN_TIME_ERROR 0x20023

static int
semihosting_call (int operation, const void *argument)
{
  register int r0 __asm__ ("r0") = operation;
  register const void *r1 __asm__ ("r1") = argument;

  __asm__ volatile ("bkpt 0xab" : "+r" (r0) : "r" (r1) : "memory");
  return r0;
}

static size_t
text_length (const char *text)
{
  size_t length = 0;

  while (text[length] != '\0')
    length++;
  return length;
}

void
semihosting_write_text (const char *text)
{
  semihosting_call (SYS_WRITE0, text);
}

void
semihosting_write_number (unsigned value)
{
  char digits[12];
  char *p = digits + sizeof digits - 1;

  *p = '\0';
  do
    {
      /* No division: armv6-m has no divide instruction, and libgcc's
	 __aeabi_uidiv is not linked (see startup.c).  */
      unsigned tens = 0;
      while (value >= 10)
	{
	  value -= 10;
	  tens++;
	}
      *--p = (char) ('0' + value);
      value = tens;
    }
  while (value != 0);
  semihosting_write_text (p);
}

int
semihosting_save_file (const char *name, const void *data, size_t size)
{
  uintptr_t open_block[3] = { (uintptr_t) name, OPEN_MODE_WB,
			      text_length (name) };
  int handle = semihosting_call (SYS_OPEN, open_block);
  if (handle == -1)
    return -1;

  /* SYS_WRITE returns the number of bytes it did not write.  */
  uintptr_t write_block[3] = { (uintptr_t) handle, (uintptr_t) data, size };
  int unwritten = semihosting_call (SYS_WRITE, write_block);
  uintptr_t close_block[1] = { (uintptr_t) handle };
  int closed = semihosting_call (SYS_CLOSE, close_block);
  return unwritten == 0 && closed == 0 ? 0 : -1;
}

void
semihosting_exit (int status)
{
  uintptr_t exit_block[2] = { ADP_STOPPED_APPLICATION_EXIT,
			      (uintptr_t) status };

  semihosting_call (SYS_EXIT_EXTENDED, exit_block);
  /* A host without SYS_EXIT_EXTENDED: the reason alone, success or
     not.  */
  semihosting_call (SYS_EXIT,
		    (const void *) (status == 0 ? ADP_STOPPED_APPLICATION_EXIT
				    : ADP_STOPPED_RUN_TIME_ERROR));
  for (;;)
    __asm__ volatile ("bkpt 0");
}
