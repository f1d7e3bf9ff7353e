/* mip-file.c - reading whole files and replacing files atomically.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "mip-file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* Grow *BUFFER to hold at least NEEDED bytes.  */
static int
reserve (unsigned char **buffer, size_t *capacity, size_t needed)
{
  size_t new_capacity = *capacity ? *capacity : 65536;
  unsigned char *grown;

  if (needed <= *capacity)
    return 0;
  while (new_capacity < needed)
    {
      if (new_capacity > (size_t) -1 / 2)
	return -1;
      new_capacity *= 2;
    }
  grown = realloc (*buffer, new_capacity);
  if (!grown)
    return -1;
  *buffer = grown;
  *capacity = new_capacity;
  return 0;
}

enum mip_error
mip_read_file (const char *path, unsigned char **data, size_t *size,
	       struct mip_error_context *error)
{
  unsigned char *buffer = NULL;
  size_t capacity = 0, used = 0;
  struct stat info;
  int fd = open (path, O_RDONLY);

  if (fd < 0)
    return mip_error_set_errno (error, "cannot open", path);
  if (fstat (fd, &info) == 0 && S_ISDIR (info.st_mode))
    {
      close (fd);
      errno = EISDIR;
      return mip_error_set_errno (error, "cannot read", path);
    }
  /* Read until end of file rather than trusting st_size: the file may be
     a pipe, or still growing.  */
  for (;;)
    {
      ssize_t got;
      if (reserve (&buffer, &capacity, used + 1) != 0)
	{
	  free (buffer);
	  close (fd);
	  return mip_error_set (error, MIP_ERROR_NO_MEMORY, path, NULL);
	}
      got = read (fd, buffer + used, capacity - used);
      if (got == 0)
	break;
      if (got < 0)
	{
	  if (errno == EINTR)
	    continue;
	  mip_error_set_errno (error, "cannot read", path);
	  free (buffer);
	  close (fd);
	  return MIP_ERROR_IO;
	}
      used += (size_t) got;
    }
  close (fd);
  *data = buffer;
  *size = used;
  return MIP_OK;
}

static int
write_all (int fd, const unsigned char *data, size_t size)
{
  while (size > 0)
    {
      ssize_t done = write (fd, data, size);
      if (done < 0)
	{
	  if (errno == EINTR)
	    continue;
	  return -1;
	}
      data += done;
      size -= (size_t) done;
    }
  return 0;
}

/* The directory part of PATH ("." when it has none), in a new string.  */
static char *
directory_of (const char *path)
{
  const char *slash = strrchr (path, '/');
  size_t length;
  char *directory;

  if (!slash)
    return strdup (".");
  length = slash == path ? 1 : (size_t) (slash - path);
  directory = malloc (length + 1);
  if (directory)
    {
      memcpy (directory, path, length);
      directory[length] = '\0';
    }
  return directory;
}

/* The mode a new file would get, or the old file's when PATH exists.  */
static mode_t
mode_for (const char *path)
{
  struct stat info;
  mode_t mask;

  if (stat (path, &info) == 0 && S_ISREG (info.st_mode))
    return info.st_mode & 07777;
  mask = umask (0);
  umask (mask);
  return 0666 & ~mask;
}

/* Best effort: make the rename itself durable.  */
static void
sync_directory (const char *path)
{
  char *directory = directory_of (path);
  int fd;

  if (!directory)
    return;
  fd = open (directory, O_RDONLY);
  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
  free (directory);
}

enum mip_error
mip_write_file_atomic (const char *path, const void *data, size_t size,
		       struct mip_error_context *error)
{
  static const char suffix[] = ".tmp.XXXXXX";
  size_t length = strlen (path);
  char *temporary = malloc (length + sizeof suffix);
  int fd;

  if (!temporary)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, path, NULL);
  memcpy (temporary, path, length);
  memcpy (temporary + length, suffix, sizeof suffix);
  fd = mkstemp (temporary);
  if (fd < 0)
    {
      mip_error_set_errno (error, "cannot create a temporary file for",
			   path);
      free (temporary);
      return MIP_ERROR_IO;
    }
  if (fchmod (fd, mode_for (path)) != 0
      || write_all (fd, (const unsigned char *) data, size) != 0
      || fsync (fd) != 0)
    {
      mip_error_set_errno (error, "cannot write", temporary);
      close (fd);
      unlink (temporary);
      free (temporary);
      return MIP_ERROR_IO;
    }
  if (close (fd) != 0)
    {
      mip_error_set_errno (error, "cannot write", temporary);
      unlink (temporary);
      free (temporary);
      return MIP_ERROR_IO;
    }
  if (rename (temporary, path) != 0)
    {
      mip_error_set_errno (error, "cannot replace", path);
      unlink (temporary);
      free (temporary);
      return MIP_ERROR_IO;
    }
  free (temporary);
  sync_directory (path);
  return MIP_OK;
}
