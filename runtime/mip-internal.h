/* mip-internal.h - the interfaces between the parts of libmip.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   libmip is split by concern: the core (mip-runtime.c) finds the
   __mip_raw section and builds the raw header; it calls no C library
   function and builds freestanding.  The lean writer (mip-write.c,
   POSIX only) expands the file name and writes the dump; the merging
   writer (mip-file.c) merges it into the raw profile file under a lock,
   where it is linked; the signal part (mip-process.c) dumps on SIGTERM
   and SIGINT; the counter control (mip-reset.c) resets the counters and
   fills caller buffers; the utilities (mip-util.c) format text without
   allocating; the platform files (mip-platform-*.c) make the system
   calls.  The parts are compiled into the archive's members as
   mip-parts.c says: MIP_INTERNAL is what a part gives the others of its
   member (static there), MIP_SHARED what one member gives another
   (hidden); nothing declared here is visible outside the module.

   The dump path never allocates memory, never raises a signal and never
   leaves errno changed.  It has no static buffers: file names and
   messages are built on the stack, sized to what they hold; one dump
   lock (see mip-runtime.c) keeps two threads from dumping the module at
   once.  */

#ifndef MIP_INTERNAL_H
#define MIP_INTERNAL_H

/* The runtime runs once, at exit, and every byte of it is in each
   instrumented program: optimise it for size whatever CFLAGS say (they
   come last on the command line, so -Os there would be overridden).
   Before the includes, so that the inline functions of mip-format.h
   (the build id's hash) are compiled for size too, and inlined.
   Loops are not turned into calls of memset or memcpy, which a
   freestanding core may not have.  */
#if defined __GNUC__ && !defined __clang__
#pragma GCC optimize ("Os", "no-tree-loop-distribute-patterns")
/* The core member, in every program, runs once: it gives up what -Os
   still keeps for speed, each flag measured to shrink it with GCC 12
   (on AArch64, 32-bit Arm or x86-64, none growing another): frame
   pointers (nothing walks frames through the runtime), shrink-wrapping
   (which copied loops), the scheduling and register tricks that
   add code.  Not for the other members, whose heap wrappers and
   caller sampler run on the program's hot paths.  */
#if defined MIP_MEMBER && defined MIP_MEMBER_CORE \
    && MIP_MEMBER == MIP_MEMBER_CORE
#pragma GCC optimize ("omit-frame-pointer", "no-shrink-wrap", \
		      "no-move-loop-invariants", "no-section-anchors", \
		      "no-tree-dce", "no-caller-saves", "no-tree-dse", \
		      "no-inline-small-functions", "no-tree-tail-merge", \
		      "no-schedule-insns2", "no-ssa-phiopt", "no-tree-vrp")
/* Global common subexpression elimination keeps addresses and
   constants in registers across the Arm cores' calls, which costs
   more saves than it spares loads (on x86-64 it shrinks the core).  */
#if defined __arm__ || defined __aarch64__
#pragma GCC optimize ("no-gcse")
#endif
#endif
#endif

#include <stddef.h>
#include <stdint.h>

#include "mip-format.h"
#include "mip-port.h"
#include "mip.h"

/* ---- Core (mip-runtime.c) ---------------------------------------- */

/* The anchor: its link-time address is in every map unit, its run-time
   address in every raw header, so readers can relate the two.  */
extern const char __mip_runtime[] MIP_HIDDEN;

/* The first-call order counter; instrumented code adds 1 atomically and
   stores 1 + the previous value.  */
extern uint32_t __mip_sequence MIP_HIDDEN;

/* The caller samples of the module (full mode on x86-64, i386, AArch64,
   and 32-bit Arm but on M-profile cores): __mip_count_borrow
   (mip-first-call.c) counts a sample of the caller on every
   MIP_CALLER_SAMPLE_PERIOD-th call of a function.  No allocation and no
   fixed size: the entries and the hash index are the sections the
   instrumented units of the full mode fill with zeros, sized by the
   program (MIP_SAMPLE_ENTRY_SECTION in mip-format.h); here only the
   header and the lock.  Entries are filled in order (untouched pages
   cost nothing); samples of edges that find them full are counted as
   dropped.  The core refers to the table weakly: it is null in a
   program without the full mode's member.  */
struct mip_caller_sample_table
{
  struct mip_raw_samples header;   /* sample_count: entries in use;
				      dropped: samples of edges that found
				      the table full */
  uint32_t lock;                   /* held while a sample is counted */
  uint32_t lost;                   /* samples that found it held */
};
extern struct mip_caller_sample_table __mip_caller_samples MIP_HIDDEN;
/* The sections' bounds (weak: null when no unit has them).  */
extern struct mip_raw_sample __start___mip_sample_entries[]
  MIP_WEAK MIP_HIDDEN;
extern struct mip_raw_sample __stop___mip_sample_entries[]
  MIP_WEAK MIP_HIDDEN;
extern uint32_t __start___mip_sample_index[] MIP_WEAK MIP_HIDDEN;
extern uint32_t __stop___mip_sample_index[] MIP_WEAK MIP_HIDDEN;

/* What the core and the full mode's member give each other: hidden,
   never static (they are two objects of the archive).  */
#define MIP_SHARED MIP_HIDDEN

/* A helper of a part that some members compile and do not call.  */
#define MIP_LOCAL static __attribute__ ((unused))

/* On the definition of a MIP_INTERNAL function: inlined at each call,
   where that was measured to be smaller than a call.  */
#define MIP_INLINE inline __attribute__ ((always_inline))

/* The same on AArch64 only: there each function that calls another
   pays for signing its return address (-mbranch-protection), and a
   small helper with two or three callers is smaller inlined; on the
   other targets it is smaller as one function.  */
#ifdef __aarch64__
#define MIP_INLINE_ON_AARCH64 MIP_INLINE
#else
#define MIP_INLINE_ON_AARCH64
#endif

/* A dump's copy of the sample table header, with the entries it
   covers (they are only ever appended, and counted under the lock).  */
struct mip_dump_samples
{
  struct mip_raw_samples header;
  const struct mip_raw_sample *entries;
};

/* Fill SAMPLES for a dump; returns the bytes the table takes in it, 0
   when the module has none (then no table is written).  The full mode's
   member has it (mip-first-call.c), null elsewhere: call it through
   mip_take_samples.  */
MIP_SHARED size_t mip_snapshot_samples (struct mip_dump_samples *samples)
  MIP_WEAK;

static inline size_t
mip_take_samples (struct mip_dump_samples *samples)
{
  return mip_snapshot_samples != NULL ? mip_snapshot_samples (samples) : 0;
}

/* What a walk over the raw units found.  */
struct mip_unit_walk
{
  uint64_t build_id;       /* over the units walked */
  uint32_t unit_count;     /* units walked */
  uint32_t failed;         /* nonzero when the units are inconsistent */
  uint64_t failed_offset;  /* where the inconsistent unit starts */
};

/* Whether a raw unit of UNIT_SIZE bytes (as its header says) fits the
   REMAINING bytes of the section from its start: at least its header,
   a multiple of 8, not past the end.  (The walk's test, and the reset's
   before it copies a unit.)  */
static inline int
mip_unit_size_fits (uint32_t unit_size, size_t remaining)
{
  return unit_size >= sizeof (struct mip_raw_unit) && unit_size % 8 == 0
	 && unit_size <= remaining;
}

/* Walk the SIZE bytes of raw units at DATA.  Returns 0 when they tile
   DATA exactly, -1 (and sets WALK->failed) otherwise.  */
MIP_INTERNAL int mip_walk_units (const unsigned char *data, size_t size,
			       struct mip_unit_walk *walk);

/* Walk the header->data_size bytes of raw units at DATA into HEADER:
   its build id and unit count, MIP_RAW_FLAG_UNITS_UNWALKED cleared, and
   MIP_RAW_FLAG_UNIT_WALK_FAILED set (said once per process) when they
   are inconsistent.  The merging writer's member has it (mip-walk.c);
   weak, so that the core without it leaves the walk to mipdata.  */
MIP_SHARED void mip_walk_into_header (struct mip_raw_header *header,
				      const unsigned char *data) MIP_WEAK;

/* Fill HEADER for the SIZE bytes of section data at DATA, walked where
   mip_walk_into_header is linked.  */
MIP_INTERNAL void mip_fill_raw_header (struct mip_raw_header *header,
				     const unsigned char *data, size_t size);

/* The bounds of this module's __mip_raw section.  Weak, so that a module
   with no instrumented code still links (both are then null); hidden, so
   that each module sees its own section.  */
extern unsigned char __start___mip_raw[] MIP_WEAK MIP_HIDDEN;
extern unsigned char __stop___mip_raw[] MIP_WEAK MIP_HIDDEN;

/* The bytes of this module's __mip_raw section: 0 in a module without
   one.  (Inline: a call costs as much as the subtraction.)  */
static inline size_t
mip_section_size (void)
{
  return (size_t) (__stop___mip_raw - __start___mip_raw);
}

/* Fill HEADER for the SIZE bytes at DATA as mip_fill_raw_header does,
   and SAMPLES; returns
   the bytes of the sample table (0: none, and no flag).  */
MIP_SHARED size_t mip_fill_dump_header (struct mip_raw_header *header,
				       const unsigned char *data,
				       size_t size,
				       struct mip_dump_samples *samples);

/* What one dump writes: HEADER, the section DATA (header->data_size
   bytes) and, when header->flags has MIP_RAW_FLAG_CALLER_SAMPLES, the
   caller samples.  */
struct mip_dump
{
  const struct mip_raw_header *header;
  const void *data;
  const struct mip_dump_samples *samples;
};

/* Dump SIZE bytes of section data at DATA to the profile file, as
   __mip_dump does for the real section: nothing when SIZE is 0, one
   dump at a time.  Returns 0 or -1.  */
MIP_INTERNAL int mip_dump_data (const unsigned char *data, size_t size);

/* Put the SIZE bytes of section data at DATA back to their initial
   values, read through the platform's image of the module; the units
   of the image must be those of DATA.  Returns 0 or -1.  */
MIP_SHARED int mip_reset_data (unsigned char *data, size_t size);

/* The core's dump lock: set while a dump is in progress.  The full
   mode's fork handler releases it (MIP_UNLOCK) in a child, which lacks
   the thread that may have held it at the fork.  Variables, not
   functions, so that the core carries no code for them.  */
extern int mip_dump_lock MIP_SHARED;

/* Set for a process whose counters could not be reset after fork: it
   must not write the counts it inherited, so every later dump of the
   module does nothing.  */
extern int mip_dumps_disabled MIP_SHARED;

/* The heap option's member (mip-heap.c): forget the sampled blocks
   alive, once the counters are reset.  Null where the member is not
   linked.  */
MIP_SHARED void mip_heap_forget_blocks (void) MIP_WEAK;

/* ---- Profile file (mip-write.c and mip-file.c, POSIX) --------------- */

/* Write DUMP into the profile file (see mip-write.c).  Reports any
   failure on stderr; errno is left unchanged.  Returns 0 or -1.  */
MIP_INTERNAL int mip_write_profile_file (const struct mip_dump *dump);

/* The merging writer (mip-file.c): write DUMP to NAME, merging it into
   the file when MERGING (the name pattern has "%m").  Returns 0 or -1,
   having said why.  Null where its member is not linked.  */
MIP_SHARED int mip_merging_write (const char *name,
				  const struct mip_dump *dump, int merging)
  MIP_WEAK;

/* What both writers use (mip-write.c).  The pieces of DUMP, in file order, into PIECES (at most 4); returns
   how many.  */
MIP_SHARED int mip_dump_pieces (const struct mip_dump *dump,
				const void **pieces, size_t *sizes);

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

/* Print one line on stderr: "mip: " and the pieces that are not NULL,
   then a newline; built on the stack, written at once.  */
MIP_SHARED void mip_report (const char *a, const char *b, const char *c,
			    const char *d);

/* Print "mip: cannot write 'NAME': <reason for ERRNUM>" on stderr.  */
MIP_SHARED void mip_report_write_error (const char *name, int errnum);

/* The two texts of a message around its subject, as one literal for
   mip_say: BEFORE, a NUL, AFTER.  */
#define MIP_TEXTS(before, after) before "\0" after

/* The core's messages (mip-util.c): "mip: ", the first text of TEXTS
   (MIP_TEXTS), SUBJECT (unless NULL) and the second text, as
   mip_report prints them; with ONCE a bit of enum mip_once, only the
   first time for that bit.  A call with two arguments where mip_report
   has four, and the said-once test in one place.  */
MIP_INTERNAL void mip_say (unsigned once, const char *texts,
			   const char *subject);
enum mip_once
{
  MIP_ONCE_BAD_PATTERN = 1,
  MIP_ONCE_NO_READER = 2,
  MIP_ONCE_NO_MERGING = 4
};

/* The length of STRING, 0 for NULL (the merging writer's member,
   mip-file.c).  */
MIP_INTERNAL size_t mip_text_length (const char *string);

/* Copy SIZE bytes (no C library in the core).  Static: each member
   that copies has its own few bytes of it, and the core, which copies
   once, inlines it.  */
MIP_LOCAL void
mip_copy_bytes (void *to, const void *from, size_t size)
{
  unsigned char *out = to;
  const unsigned char *in = from;

  while (size-- > 0)
    *out++ = *in++;
}

/* ---- Platform (mip-platform-*.c) --------------------------------- */

/* What the platform does for the module at start (the POSIX one says
   when MIP_DUMP_ON_SIGNAL asks for what this program has not linked).  */
MIP_INTERNAL void mip_platform_start (void);

MIP_INTERNAL uint64_t mip_platform_pid (void);
/* Copy the GNU build id (the NT_GNU_BUILD_ID note of the module that
   contains the runtime) into ID (MIP_GNU_BUILD_ID_MAX bytes) and set
   *SIZE to its length; leave both alone when it has none, has a longer
   one or the platform cannot tell.  */
MIP_INTERNAL void mip_platform_gnu_build_id (uint8_t *id, uint32_t *size);

/* The initial contents of the module's __mip_raw section, as its file
   holds them: open an image of the SIZE bytes at SECTION; read from it
   at an offset from the section's start; close it.  The calls return 0
   or an error number.  */
struct mip_image
{
  int fd;
  uint64_t file_offset;    /* of the section's first byte */
};
/* Find where the image is, once (before the program runs, and forks).  */
MIP_INTERNAL void mip_platform_find_image (const unsigned char *section,
					   size_t size);
MIP_INTERNAL int mip_platform_open_image (const unsigned char *section,
					  size_t size,
					  struct mip_image *image);
MIP_INTERNAL int mip_platform_read_image (const struct mip_image *image,
					  size_t offset, void *out,
					  size_t size);
MIP_INTERNAL void mip_platform_close_image (const struct mip_image *image);

/* The COUNT PIECES (at most 8; NULL ones skipped) as one write on
   stderr: best effort, errors ignored, errno unchanged; nothing without
   files.  */
MIP_INTERNAL void mip_platform_write_stderr_pieces (const char *const *pieces,
						    int count);
/* The (untranslated) description of ERRNUM, or NULL when there is none;
   BUFFER may hold it.  */
MIP_INTERNAL const char *mip_platform_error_text (int errnum, char *buffer,
						size_t size);

#if MIP_PLATFORM_POSIX
#include <sys/types.h>

/* Longest file name the runtime handles, terminating NUL included.  */
#define MIP_PATH_MAX 4096

/* What the directives of a file name pattern stand for.  */
struct mip_name_values
{
  uint64_t pid;            /* %p */
  uint64_t build_id;       /* %m, 16 hexadecimal digits */
  const char *host;        /* %h */
  const char *tmpdir;      /* %t */
  int merges;              /* set when the pattern has "%m" (online
			      merging) */
};

/* The file name pattern: $MIP_PROFILE_FILENAME if set and not empty,
   else "default.mipraw".  */
MIP_INTERNAL const char *mip_filename_pattern (void);

/* Expand PATTERN with VALUES into OUT (OUT_SIZE bytes, NUL-terminated
   when the result fits): "%p", "%m", "%h", "%t" as VALUES say, "%%"
   becomes "%"; VALUES->merges says whether PATTERN has "%m".  Returns
   the length of the result (without the NUL), OUT_SIZE when it does not
   fit, or -1 when PATTERN has another directive or ends in '%'.  */
MIP_SHARED long mip_expand_filename (const char *pattern,
				     struct mip_name_values *values,
				     char *out, size_t out_size);

/* In a child of fork: close the copy of the lock descriptor of a dump
   that another thread of the parent had in progress.  */
MIP_SHARED void mip_forget_dump_in_progress (void);


/* The yes-or-no environment variable NAME: 1 for 1, yes, true or on, 0
   for 0, no, false or off (in any case), unset or empty; anything else
   is reported on stderr (call it once) and taken as 0 (mip-process.c).  */
MIP_INTERNAL int mip_env_flag (const char *name);

/* The variable that asks for dumps on signals (mip-process.c).  */
#define MIP_DUMP_ON_SIGNAL_ENV "MIP_DUMP_ON_SIGNAL"

/* getenv, ignoring the environment in set-user-ID programs when the C
   library can tell; FALLBACK when NAME is unset or empty (which every
   caller takes alike).  */
MIP_INTERNAL const char *mip_platform_getenv (const char *name,
					      const char *fallback);
/* The calls below return 0, or the error number (errno may be changed
   either way).  */
/* The host name into NAME (SIZE bytes, NUL-terminated).  */
MIP_INTERNAL int mip_platform_host_name (char *name, size_t size);
/* Create PATH, which must not exist, for writing; *FD receives the
   descriptor.  */
MIP_INTERNAL int mip_platform_create_file (const char *path, int *fd);
/* What a name is (lstat: a link is not followed).  */
enum mip_file_kind
{
  MIP_FILE_ABSENT,         /* nothing by that name (yet) */
  MIP_FILE_REGULAR,
  MIP_FILE_LINK,           /* a symbolic link */
  MIP_FILE_SPECIAL         /* device, FIFO, socket, directory */
};
/* Returned instead of an error number when the file opened is not of
   the kind the call writes (it changed since the caller looked).  */
#define MIP_KIND_CHANGED (-2)
/* *KIND receives what PATH is (MIP_FILE_ABSENT, and 0 returned, when
   it does not exist).  */
MIP_INTERNAL int mip_platform_file_kind (const char *path, int *kind);
/* The target of the symbolic link PATH into OUT (SIZE bytes,
   NUL-terminated; ENAMETOOLONG when it does not fit).  */
MIP_INTERNAL int mip_platform_read_link (const char *path, char *out,
					 size_t size);
/* Open the device, FIFO or socket PATH for writing only (a FIFO with no
   reader fails with ENXIO at once), write the COUNT PIECES of SIZES
   bytes (mip_platform_write_pieces) and close it.  MIP_KIND_CHANGED for
   a regular file, which is not written.  */
MIP_INTERNAL int mip_platform_write_in_place (const char *path,
					      const void *const *pieces,
					      const size_t *sizes, int count);
/* The ways mip_platform_open opens PATH: for reading, or appending, a
   regular file (not through a link); whatever PATH is or leads to, in
   place (a link is followed, a file it leads to created; a regular
   file is cut to nothing, a FIFO with no reader fails with ENXIO at
   once).  */
enum mip_open
{
  MIP_OPEN_READ,
  MIP_OPEN_APPEND,
  MIP_OPEN_IN_PLACE
};
MIP_INTERNAL int mip_platform_open (const char *path, int how, int *fd);
/* Write the COUNT PIECES of SIZES bytes to FD, one after the other;
   SIGPIPE is not delivered meanwhile (EPIPE is returned).  */
MIP_INTERNAL int mip_platform_write_pieces (int fd,
					    const void *const *pieces,
					    const size_t *sizes, int count);
/* Open the regular file PATH (not through a symbolic link) for reading
   and writing, creating it empty when it does not exist, and lock it
   for writing (waiting a bounded time for another process's lock); *FD
   receives the descriptor, *LOCKED whether the lock was taken (when
   locking failed the descriptor is still usable, and the error is
   returned).  The locked descriptor is always the file that PATH names
   now.  MIP_KIND_CHANGED (*FD -1) when PATH is no regular file.  */
MIP_INTERNAL int mip_platform_open_locked (const char *path, int *fd,
					   int *locked);
MIP_INTERNAL int mip_platform_file_size (int fd, uint64_t *size);
/* Write all SIZE bytes at OFFSET; cut the file to SIZE bytes.  */
MIP_INTERNAL int mip_platform_write_at (int fd, uint64_t offset,
					const void *data, size_t size);
MIP_INTERNAL int mip_platform_truncate (int fd, uint64_t size);
/* Read exactly SIZE bytes at OFFSET (EIO when the file is shorter).
   An off_t, which pread takes: where it has 32 bits, no 64-bit
   arithmetic on the way.  */
MIP_INTERNAL int mip_platform_read_at (int fd, off_t offset, void *out,
				       size_t size);
/* Read the first SIZE bytes of FD with one read (EIO when the file is
   shorter, or the read comes short).  */
MIP_INTERNAL int mip_platform_read_head (int fd, void *out, size_t size);
/* Write all SIZE bytes, retrying short and interrupted writes.  */
MIP_INTERNAL int mip_platform_write_all (int fd, const void *data, size_t size);
MIP_INTERNAL int mip_platform_close (int fd);
MIP_INTERNAL int mip_platform_rename (const char *from, const char *to);
MIP_INTERNAL int mip_platform_remove (const char *path);

#endif /* MIP_PLATFORM_POSIX */

#endif /* MIP_INTERNAL_H */
