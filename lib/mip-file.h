/* mip-file.h - reading whole files and replacing files atomically.

   Profiles are small enough to be read whole.  A profile is replaced by
   writing a temporary file in the same directory, flushing it to disk and
   renaming it over the old one, so that a failure at any point leaves
   the old file exactly as it was.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_FILE_H
#define MIP_FILE_H

#include <stddef.h>

#include "mip-error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Read all of PATH into a new buffer *DATA (free with free ()) of *SIZE
   bytes.  */
enum mip_error mip_read_file (const char *path, unsigned char **data,
			      size_t *size, struct mip_error_context *error);

/* Replace PATH by SIZE bytes at DATA: write a temporary file next to it,
   fsync it, rename it over PATH.  The new file keeps the permissions of
   the old one (or 0666 minus the umask).  On failure PATH is unchanged
   and no temporary file is left behind.  */
enum mip_error mip_write_file_atomic (const char *path, const void *data,
				      size_t size,
				      struct mip_error_context *error);

#ifdef __cplusplus
}
#endif

#endif /* MIP_FILE_H */
