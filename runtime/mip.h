/* mip.h - the public interface of libmip, the MIP profiling runtime.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   A program built with -fplugin=mip -fplugin-arg-mip-generate and linked
   with -lmip writes its raw profile when it exits (calls exit () or
   returns from main) to $MIP_PROFILE_FILENAME, or to default.mipraw when
   that is unset or empty.  In the name, "%p" stands for the process id,
   "%h" for the host name, "%t" for $TMPDIR (/tmp when unset), "%m" for
   the module's build id and "%%" for a single '%'; a name with any other
   '%' is refused once on stderr and default.mipraw used instead.

   Every executable and shared object that contains instrumented code
   has its own copy of the runtime (the functions are hidden), so the
   functions below act on the module that calls them, and each module
   writes its own dump.  A raw profile file may hold several dumps one
   after the other: the dumps of the modules of one process (an
   executable and its instrumented shared objects, whatever the name)
   and, with "%m" in the name, the dumps of every process of that build
   (online merging, under a lock).  mipdata merge takes from such a file
   the dumps of the profile's binary.

   A child made by fork starts with its counters reset, so it writes
   only what it ran itself.  Before exec, call __mip_dump: the new
   program image does not run the old one's exit-time dump.  With
   MIP_DUMP_ON_SIGNAL=1 in the environment, SIGTERM and SIGINT dump
   before the signal takes its usual effect.  */

#ifndef MIP_H
#define MIP_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined (__GNUC__)
#define MIP_API_HIDDEN __attribute__ ((visibility ("hidden")))
#else
#define MIP_API_HIDDEN
#endif

/* Write the raw profile now, with the counters as they are, replacing
   this process's earlier dump of the module in the file (with
   -lmip-complete the file is rewritten atomically, through a temporary
   file in the same directory renamed over it, under an fcntl lock;
   with -lmip it is written in place).  The profile is written again
   at exit, with the final counters.  Returns 0 when the file was
   written or when the module has no instrumented code (nothing is
   written then), and -1 when it could not be written (a line starting
   with "mip: " on stderr says why) or when another thread is dumping
   at the same time.  errno is left unchanged; the program is never
   stopped or signalled.  */
MIP_API_HIDDEN int __mip_dump (void);

/* Put the counters of the module back to their values at start (no
   function run), for instance to profile one phase of a program.
   Returns 0, or -1 when their initial values cannot be read (they come
   from the module's file; not on systems without files).  */
MIP_API_HIDDEN int __mip_reset (void);

/* For systems without files (bare metal): the bytes a dump of the
   module takes, header included, or 0 when the module has no
   instrumented code.  */
MIP_API_HIDDEN size_t __mip_get_size (void);

/* Write the dump of the module (the same bytes as a .mipraw file of one
   dump) into BUFFER, which holds SIZE bytes.  Returns 0, or -1 when
   SIZE is smaller than __mip_get_size () or there is nothing to dump.
   Save the bytes by any means (a debugger, a serial line) as a file:
   mipdata merge reads it as a raw profile.  */
MIP_API_HIDDEN int __mip_write_buffer (void *buffer, size_t size);

#undef MIP_API_HIDDEN

#ifdef __cplusplus
}
#endif

#endif /* MIP_H */
