/* mip-internal.h - the interfaces between the parts of libmip.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   libmip is split by concern: the core (mip-runtime.c) finds the
   __mip_raw section and builds the raw header; the file part
   (mip-file.c) expands the file name and writes header and section
   atomically; the utilities (mip-util.c) format text without
   allocating; the platform files (mip-platform-*.c) make the system
   calls.  The parts are compiled together as one unit, mip-libmip.c;
   nothing declared here is visible outside it.

   The dump path never allocates memory, never raises a signal and never
   leaves errno changed: it uses fixed-size static buffers, which one
   dump lock (see mip-runtime.c) keeps from being shared.  */

#ifndef MIP_INTERNAL_H
#define MIP_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "mip-format.h"
#include "mip-port.h"
#include "mip.h"

/* The runtime runs once, at exit, and every byte of it is in each
   instrumented program: optimise it for size whatever CFLAGS say (they
   come last on the command line, so -Os there would be overridden).  */
#if defined __GNUC__ && !defined __clang__
#pragma GCC optimize ("Os")
#endif

/* ---- Core (mip-runtime.c) ---------------------------------------- */

/* The anchor: its link-time address is in every map unit, its run-time
   address in every raw header, so readers can relate the two.  */
extern const char __mip_runtime[] MIP_HIDDEN;

/* The first-call order counter; instrumented code adds 1 atomically and
   stores 1 + the previous value.  */
extern uint32_t __mip_sequence MIP_HIDDEN;

/* What a walk over the raw units found.  */
struct mip_unit_walk
{
  uint64_t build_id;       /* over the units walked */
  uint32_t unit_count;     /* units walked */
  uint32_t failed;         /* nonzero when the units are inconsistent */
  uint64_t failed_offset;  /* where the inconsistent unit starts */
};

/* Walk the SIZE bytes of raw units at DATA.  Returns 0 when they tile
   DATA exactly, -1 (and sets WALK->failed) otherwise.  */
MIP_INTERNAL int mip_walk_units (const unsigned char *data, size_t size,
			       struct mip_unit_walk *walk);

/* Fill HEADER for the SIZE bytes of section data at DATA; WALK receives
   the unit walk's result.  */
MIP_INTERNAL void mip_fill_raw_header (struct mip_raw_header *header,
				     const unsigned char *data, size_t size,
				     struct mip_unit_walk *walk);

/* Dump SIZE bytes of section data at DATA to the profile file, as
   __mip_dump does for the real section: nothing when SIZE is 0, errno
   preserved, one dump at a time.  Returns 0 or -1.  */
MIP_INTERNAL int mip_dump_data (const unsigned char *data, size_t size);

/* ---- Profile file (mip-file.c) ----------------------------------- */

/* Longest file name the runtime handles, terminating NUL included.  */
#define MIP_PATH_MAX 4096

/* The file name pattern: $MIP_PROFILE_FILENAME if set and not empty,
   else "default.mipraw".  */
MIP_INTERNAL const char *mip_filename_pattern (void);

/* Expand PATTERN into OUT (OUT_SIZE bytes): "%p" becomes PID in decimal,
   "%m" BUILD_ID in 16 hexadecimal digits, "%%" becomes "%", any other
   '%' is kept as it is.  Returns 0, or -1
   with errno = ENAMETOOLONG when the result does not fit.  */
MIP_INTERNAL int mip_expand_filename (const char *pattern, uint64_t pid,
				    uint64_t build_id, char *out,
				    size_t out_size);

/* Write HEADER and its data to the profile file, through a temporary
   file in the same directory renamed over it.  Reports any failure on
   stderr.  Returns 0 or -1.  */
MIP_INTERNAL int mip_write_profile_file (const struct mip_raw_header *header,
				       const void *data);

/* ---- Text without allocation (mip-util.c) ------------------------ */

/* Text is built by appending at P, a position in a buffer that ends at
   END: each function copies what fits and returns the new position,
   which is END when something did not fit (the buffer then holds no
   terminator; the caller adds one at a position below END).  */
MIP_INTERNAL char *mip_put (char *p, char *end, const char *string);

/* VALUE in BASE (10 or 16, lower-case digits), at least WIDTH digits
   with leading zeros.  */
MIP_INTERNAL char *mip_put_number (char *p, char *end, uint64_t value,
				 unsigned base, unsigned width);

/* Print "mip: cannot write 'NAME': <reason for ERRNUM>" on stderr.  */
MIP_INTERNAL void mip_report_write_error (const char *name, int errnum);

/* Print "mip: inconsistent raw units in '__mip_raw'..."; where they go
   wrong is for mipdata to tell, and this message is kept short.  */
MIP_INTERNAL void mip_report_unit_walk_failure (void);

/* ---- Platform (mip-platform-*.c) --------------------------------- */

MIP_INTERNAL uint64_t mip_platform_pid (void);
/* getenv, ignoring the environment in set-user-ID programs when the C
   library can tell.  */
MIP_INTERNAL const char *mip_platform_getenv (const char *name);
/* The calls below return 0, or the error number (errno may be changed
   either way).  */
/* Create PATH, which must not exist, for writing; *FD receives the
   descriptor.  */
MIP_INTERNAL int mip_platform_create_file (const char *path, int *fd);
/* Write all SIZE bytes, retrying short and interrupted writes.  */
MIP_INTERNAL int mip_platform_write_all (int fd, const void *data, size_t size);
MIP_INTERNAL int mip_platform_close (int fd);
MIP_INTERNAL int mip_platform_rename (const char *from, const char *to);
MIP_INTERNAL int mip_platform_remove (const char *path);
/* Best effort: errors are ignored (and errno is left changed: the dump
   path restores it).  */
MIP_INTERNAL void mip_platform_write_stderr (const char *text, size_t size);
/* The (untranslated) description of ERRNUM, or NULL when there is none;
   BUFFER may hold it.  */
MIP_INTERNAL const char *mip_platform_error_text (int errnum, char *buffer,
						size_t size);
/* Copy the GNU build id (the NT_GNU_BUILD_ID note) of the module that
   contains ANCHOR into ID (MIP_GNU_BUILD_ID_MAX bytes) and set *SIZE to
   its length; leave both alone when it has none, has a longer one or
   the platform cannot tell.  */
MIP_INTERNAL void mip_platform_gnu_build_id (const void *anchor, uint8_t *id,
					   uint32_t *size);

#endif /* MIP_INTERNAL_H */
