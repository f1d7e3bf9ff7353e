/* mip-platform-other.c - libmip on systems without POSIX files (bare
   metal, or any build with MIP_PLATFORM_POSIX defined to 0).

   Nothing here calls the C library: with this file the runtime builds
   with -ffreestanding -nostdlib.  There is no file to write, so
   __mip_dump and the dump at exit do nothing; the program gets its
   profile out with __mip_get_size and __mip_write_buffer, and saves the
   bytes by its own means.  The process id is 0 and no GNU build id is
   recorded (mipdata needs the binary, or its map, to use the dump).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-internal.h"

#if !MIP_PLATFORM_POSIX

/* ENOSYS's usual value; errno.h is not a freestanding header.  */
#define NO_SUCH_FACILITY 38

MIP_INTERNAL void
mip_platform_start (void)
{
}

MIP_INTERNAL void
mip_platform_find_image (const unsigned char *section, size_t size)
{
  (void) section;
  (void) size;
}

MIP_INTERNAL uint64_t
mip_platform_pid (void)
{
  return 0;
}

MIP_INTERNAL void
mip_platform_gnu_build_id (uint8_t *id, uint32_t *size)
{
  (void) id;
  (void) size;
}

/* No file holds the initial counters: __mip_reset fails.  */
MIP_INTERNAL int
mip_platform_open_image (const unsigned char *section, size_t size,
			 struct mip_image *image)
{
  (void) section;
  (void) size;
  (void) image;
  return NO_SUCH_FACILITY;
}

MIP_INTERNAL int
mip_platform_read_image (const struct mip_image *image, size_t offset,
			 void *out, size_t size)
{
  (void) image;
  (void) offset;
  (void) out;
  (void) size;
  return NO_SUCH_FACILITY;
}

MIP_INTERNAL void
mip_platform_close_image (const struct mip_image *image)
{
  (void) image;
}

MIP_INTERNAL void
mip_platform_write_stderr_pieces (const char *const *pieces, int count)
{
  (void) pieces;
  (void) count;
}

MIP_INTERNAL const char *
mip_platform_error_text (int errnum, char *buffer, size_t size)
{
  (void) errnum;
  (void) buffer;
  (void) size;
  return NULL;
}

#else

/* Keep the translation unit from being empty.  */
typedef int mip_platform_other_unused;

#endif /* !MIP_PLATFORM_POSIX */
