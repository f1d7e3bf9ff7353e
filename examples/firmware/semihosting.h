/* semihosting.h - the host's console, files and exit for the firmware
   example, through Arm semihosting (bkpt 0xab on M-profile cores).

   qemu-system-arm serves these calls with -semihosting-config
   enable=on,target=native; a debug probe (OpenOCD's "arm semihosting
   enable") serves them too.  On a board with neither, a semihosting
   call stops the core, so a product drops these calls and gets its
   profile out through the debugger alone (mip-dump.gdb).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef SEMIHOSTING_H
#define SEMIHOSTING_H

#include <stddef.h>

/* Write the text TEXT, ending with a NUL, on the host's console.  */
void semihosting_write_text (const char *text);

/* Write VALUE in decimal on the host's console.  */
void semihosting_write_number (unsigned value);

/* Create (or empty) the host file NAME and write SIZE bytes from DATA
   into it.  Returns 0, or -1 when the host could not open or write
   it.  */
int semihosting_save_file (const char *name, const void *data,
			   size_t size);

/* End the run with exit status STATUS (the host's qemu exits with
   it).  */
__attribute__ ((noreturn)) void semihosting_exit (int status);

#endif /* SEMIHOSTING_H */
