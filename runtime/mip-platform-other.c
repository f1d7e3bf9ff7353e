/* mip-platform-other.c - libmip on systems without POSIX files.

   A port to a system without a file system (bare metal) starts here:
   every file operation fails with ENOSYS, so a dump reports the failure
   and the program goes on.  A future buffer dump would not need these.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-internal.h"

#if !MIP_PLATFORM_POSIX

#include <errno.h>
#include <stdlib.h>

MIP_INTERNAL uint64_t
mip_platform_pid (void)
{
  return 0;
}

MIP_INTERNAL const char *
mip_platform_getenv (const char *name)
{
  return getenv (name);
}

MIP_INTERNAL int
mip_platform_create_file (const char *path, int *fd)
{
  (void) path;
  *fd = -1;
  return ENOSYS;
}

MIP_INTERNAL int
mip_platform_write_all (int fd, const void *data, size_t size)
{
  (void) fd;
  (void) data;
  (void) size;
  return ENOSYS;
}

MIP_INTERNAL int
mip_platform_close (int fd)
{
  (void) fd;
  return 0;
}

MIP_INTERNAL int
mip_platform_rename (const char *from, const char *to)
{
  (void) from;
  (void) to;
  return ENOSYS;
}

MIP_INTERNAL int
mip_platform_remove (const char *path)
{
  (void) path;
  return ENOSYS;
}

MIP_INTERNAL void
mip_platform_write_stderr (const char *text, size_t size)
{
  (void) text;
  (void) size;
}

MIP_INTERNAL const char *
mip_platform_error_text (int errnum, char *buffer, size_t size)
{
  (void) errnum;
  (void) buffer;
  (void) size;
  return NULL;
}

/* No program headers to look at: the raw header records no GNU build
   id.  */
MIP_INTERNAL void
mip_platform_gnu_build_id (const void *anchor, uint8_t *id, uint32_t *size)
{
  (void) anchor;
  (void) id;
  (void) size;
}

#else

/* Keep the translation unit from being empty.  */
typedef int mip_platform_other_unused;

#endif /* !MIP_PLATFORM_POSIX */
