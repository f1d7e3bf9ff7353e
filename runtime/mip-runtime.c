/* mip-runtime.c - the core of libmip: the anchor, the order counter, the
   __mip_raw section and the dumps.

   Instrumented translation units put their counters into the allocated
   section __mip_raw, one raw unit each; the linker concatenates them and
   defines __start___mip_raw and __stop___mip_raw around them.  At exit,
   or when asked through __mip_dump, the runtime fills a struct
   mip_raw_header (mip-header.c; the walk over the units that gives the
   build id is the merging writer's, or mipdata's) and hands header and
   section to the file writer (mip-reset.c puts the
   same bytes into the caller's buffer instead, and resets the
   counters).  The map units of the instrumented code refer to
   __mip_runtime; that reference is what pulls this object (and with it
   the destructor) into every link of instrumented code.

   Without files (MIP_PLATFORM_POSIX 0: bare metal) there is no dump:
   __mip_dump does nothing, and the core is the anchor and the counter,
   about 20 bytes; the program gets its profile out through
   __mip_write_buffer, or a debugger reads the records.

   The core calls no C library function (it builds with -ffreestanding
   -nostdlib, which a test checks) and its own data is a few words: the
   records are the instrumented code's, and file names and messages
   belong to the POSIX writer, on its stack.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-internal.h"

/* The anchor symbol.  Only its address matters; the text makes it easy
   to recognise.  */
MIP_HIDDEN MIP_USED const char __mip_runtime[] = "MIP runtime";

/* What every instrumented unit refers to from the start of its .text
   (MIP_LMIP_LINK_CHECK in mip-format.h), so that a link without -lmip
   fails on a name that says so.  Only its existence matters: another
   name of the anchor, which costs no byte (an absolute symbol would do,
   but a position-independent link refuses relocations against one).  */
extern const char __mip_link_with_lmip[sizeof __mip_runtime]
  MIP_HIDDEN __attribute__ ((alias ("__mip_runtime")));

/* The first-call order counter, zero at start.  */
MIP_HIDDEN MIP_USED uint32_t __mip_sequence;

#if MIP_PLATFORM_POSIX

/* Set while a dump is in progress.  */
MIP_SHARED int mip_dump_lock;

/* Set when this process must write nothing (see mip-internal.h).  */
MIP_SHARED int mip_dumps_disabled;

MIP_INTERNAL int
mip_dump_data (const unsigned char *data, size_t size)
{
  struct mip_raw_header header;
  struct mip_dump_samples samples;
  struct mip_dump dump = { &header, data, &samples };
  int result = -1;

  /* No section: both bounds are null, and the size 0.  */
  if (size == 0 || mip_dumps_disabled)
    return 0;
  if (MIP_TRY_LOCK (mip_dump_lock))
    {
      /* Inconsistent units are still written: the flag makes readers
	 refuse them with a clear message.  */
      mip_fill_dump_header (&header, data, size, &samples);
      result = mip_write_profile_file (&dump);
      MIP_UNLOCK (mip_dump_lock);
    }
  return result;
}

int
__mip_dump (void)
{
  return mip_dump_data (__start___mip_raw, mip_section_size ());
}

/* Set up the platform's part before the module's other constructors
   run; a module with no instrumented code, which has nothing to dump,
   is left alone.  */
static MIP_CONSTRUCTOR (101) MIP_USED void
start_module (void)
{
  if (mip_section_size () != 0)
    mip_platform_start ();
}

/* The dump at exit.  Only this destructor writes at exit (no atexit
   handler as well), so the file is written once.  */
static MIP_DESTRUCTOR (101) MIP_USED void
dump_at_exit (void)
{
  (void) __mip_dump ();
}

#else

/* No file to write: the program's means (__mip_write_buffer) or a
   debugger's get the records out.  */
int
__mip_dump (void)
{
  return mip_section_size () == 0 ? 0 : -1;
}

#endif /* MIP_PLATFORM_POSIX */
