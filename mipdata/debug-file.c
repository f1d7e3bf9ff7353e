/* debug-file.c - find the separate debug file of a binary, or of a GNU
   build id, through elfutils' libdwfl.

   A distributed binary is stripped and its debugging information, the
   map section among it, kept apart:

     objcopy --only-keep-debug app app.debug
     strip app
     objcopy --add-gnu-debuglink=app.debug app

   libdwfl finds such a file as GDB does: by the binary's .gnu_debuglink
   (next to the binary, in its .debug directory, or under the debug
   directory followed by the binary's directory) and by its GNU build id
   (DIR/.build-id/ab/cdef....debug), where DIR is /usr/lib/debug or the
   --debug-file-directory given; and, when DEBUGINFOD_URLS is set, from
   the debuginfod servers it names (libdwfl loads elfutils' libdebuginfod
   for that).  The same search by GNU build id alone serves a raw profile,
   whose header records the GNU build id of the binary that wrote it.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _GNU_SOURCE 1

#include "mipdata.h"

#include <elfutils/libdw.h>
#include <elfutils/libdwelf.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mip-file.h"
#include "mip-reader.h"

#define DEFAULT_DEBUG_DIRECTORY "/usr/lib/debug"

/* libdwfl's search path: the binary's own directory (""), its .debug
   subdirectory, then the debug directory.  */
static char debuginfo_path_text[4096] = ":.debug:" DEFAULT_DEBUG_DIRECTORY;
static char *debuginfo_path = debuginfo_path_text;
static const char *debug_directory = DEFAULT_DEBUG_DIRECTORY;

static const Dwfl_Callbacks offline_callbacks = {
  .find_elf = dwfl_build_id_find_elf,
  .find_debuginfo = dwfl_standard_find_debuginfo,
  .section_address = dwfl_offline_section_address,
  .debuginfo_path = &debuginfo_path,
};

bool
mipdata_set_debug_directory (const char *directory)
{
  char cwd[4096];
  int length = -1;

  /* libdwfl takes a relative entry as relative to the binary's
     directory, and ignores it for build ids: make it absolute.  */
  if (directory[0] == '/')
    length = snprintf (debuginfo_path_text, sizeof debuginfo_path_text,
		       ":.debug:%s", directory);
  else if (getcwd (cwd, sizeof cwd))
    length = snprintf (debuginfo_path_text, sizeof debuginfo_path_text,
		       ":.debug:%s/%s", cwd, directory);
  if (directory[0] == '\0' || length < 0
      || (size_t) length >= sizeof debuginfo_path_text
      || strchr (directory, ':'))
    {
      mipdata_error ("'%s': not usable as a debug file directory (empty,"
		     " too long or with a ':')", directory);
      return false;
    }
  debug_directory = directory;
  return true;
}

const char *
mipdata_debug_directory (void)
{
  return debug_directory;
}

uint32_t
mipdata_elf_gnu_build_id (Elf *elf, uint8_t *id)
{
  const void *bits = NULL;
  ssize_t size = elf ? dwelf_elf_gnu_build_id (elf, &bits) : -1;

  if (size <= 0 || size > MIP_GNU_BUILD_ID_MAX)
    return 0;
  memcpy (id, bits, (size_t) size);
  return (uint32_t) size;
}

uint32_t
mipdata_gnu_build_id_of_image (unsigned char *data, size_t size, uint8_t *id)
{
  uint32_t id_size = 0;
  Elf *elf;

  if (elf_version (EV_CURRENT) == EV_NONE)
    return 0;
  elf = elf_memory ((char *) data, size);
  if (elf)
    {
      id_size = mipdata_elf_gnu_build_id (elf, id);
      elf_end (elf);
    }
  return id_size;
}

Dwfl *
mipdata_dwfl_offline (const char *path, Dwfl_Module **module)
{
  Dwfl *dwfl = dwfl_begin (&offline_callbacks);

  *module = NULL;
  if (!dwfl)
    {
      mipdata_error ("'%s': cannot start libdwfl: %s", path,
		     dwfl_errmsg (-1));
      return NULL;
    }
  *module = dwfl_report_offline (dwfl, path, path, -1);
  if (!*module || dwfl_report_end (dwfl, NULL, NULL) != 0)
    {
      mipdata_error ("'%s': %s", path, dwfl_errmsg (-1));
      dwfl_end (dwfl);
      *module = NULL;
      return NULL;
    }
  return dwfl;
}

void
mipdata_debug_file_free (struct mipdata_debug_file *file)
{
  free (file->path);
  free (file->data);
  memset (file, 0, sizeof *file);
}

/* A copy of the SIZE bytes at DATA in FOUND, named PATH (or, for a file
   from debuginfod, which libdwfl does not name, DEFAULT_NAME).  */
static bool
keep_image (struct mipdata_debug_file *found, const char *path,
	    const char *default_name, const void *data, size_t size)
{
  found->path = strdup (path ? path : default_name);
  found->data = malloc (size ? size : 1);
  if (!found->path || !found->data)
    {
      mipdata_error ("out of memory");
      mipdata_debug_file_free (found);
      return false;
    }
  memcpy (found->data, data, size);
  found->size = size;
  found->gnu_build_id_size
    = mipdata_gnu_build_id_of_image (found->data, size, found->gnu_build_id);
  return true;
}

int
mipdata_find_debug_file (const char *binary, struct mipdata_debug_file *found)
{
  Dwfl_Module *module;
  Dwfl *dwfl = mipdata_dwfl_offline (binary, &module);
  Dwarf_Addr bias;
  Dwarf *dwarf;
  Elf *main_elf, *debug_elf;
  const char *debug_name = NULL;
  char *image;
  size_t size = 0;
  int status = MIPDATA_EXIT_OK;

  memset (found, 0, sizeof *found);
  if (!dwfl)
    return MIPDATA_EXIT_FAILURE;
  main_elf = dwfl_module_getelf (module, &bias);
  dwarf = dwfl_module_getdwarf (module, &bias);
  debug_elf = dwarf ? dwarf_getelf (dwarf) : NULL;
  if (debug_elf && debug_elf != main_elf)
    {
      dwfl_module_info (module, NULL, NULL, NULL, NULL, NULL, NULL,
			&debug_name);
      image = elf_rawfile (debug_elf, &size);
      if (!image)
	{
	  mipdata_error ("'%s': cannot read its debug file: %s", binary,
			 elf_errmsg (-1));
	  status = MIPDATA_EXIT_FAILURE;
	}
      else if (!keep_image (found, debug_name, "debug file from debuginfod",
			    image, size))
	status = MIPDATA_EXIT_FAILURE;
    }
  dwfl_end (dwfl);
  return status;
}

/* Read all of the file open as FD.  */
static bool
read_descriptor (int fd, unsigned char **data, size_t *size)
{
  struct stat info;
  size_t done = 0;

  if (fstat (fd, &info) != 0 || info.st_size < 0)
    return false;
  *data = malloc ((size_t) info.st_size + 1);
  if (!*data)
    return false;
  while (done < (size_t) info.st_size)
    {
      ssize_t got = pread (fd, *data + done, (size_t) info.st_size - done,
			   (off_t) done);
      if (got < 0 && errno == EINTR)
	continue;
      if (got <= 0)
	{
	  free (*data);
	  *data = NULL;
	  return false;
	}
      done += (size_t) got;
    }
  *size = done;
  return true;
}

int
mipdata_find_debug_file_by_id (const char *what, const uint8_t *id,
			       uint32_t id_size,
			       struct mipdata_debug_file *found)
{
  char text[MIP_GNU_BUILD_ID_TEXT];
  Dwfl *dwfl = dwfl_begin (&offline_callbacks);
  Dwfl_Module *module;
  char *name = NULL;
  unsigned char *data = NULL;
  size_t size = 0;
  int fd = -1, status = MIPDATA_EXIT_OK;

  memset (found, 0, sizeof *found);
  mip_gnu_build_id_hex (id, id_size, text);
  if (!dwfl)
    {
      mipdata_error ("'%s': cannot start libdwfl: %s", what,
		     dwfl_errmsg (-1));
      return MIPDATA_EXIT_FAILURE;
    }
  /* A module that is nothing but its build id: libdwfl looks for the
     debug file by that alone.  */
  module = dwfl_report_module (dwfl, text, 0, 1);
  if (module && dwfl_module_report_build_id (module, id, id_size, 0) == 0
      && dwfl_report_end (dwfl, NULL, NULL) == 0)
    fd = dwfl_standard_find_debuginfo (module, NULL, text, 0, NULL, NULL, 0,
				       &name);
  if (fd >= 0)
    {
      if (!read_descriptor (fd, &data, &size))
	{
	  mipdata_error ("'%s': cannot read the debug file of GNU build id"
			 " %s: %s", what, text, strerror (errno));
	  status = MIPDATA_EXIT_FAILURE;
	}
      else if (!keep_image (found, name, "debug file from debuginfod", data,
			    size))
	status = MIPDATA_EXIT_FAILURE;
      close (fd);
    }
  free (data);
  free (name);
  dwfl_end (dwfl);
  return status;
}

int
mipdata_check_gnu_build_id (const char *path, const uint8_t *id,
			    uint32_t id_size, const uint8_t *expected,
			    uint32_t expected_size, const char *expected_by)
{
  char text[MIP_GNU_BUILD_ID_TEXT], expected_text[MIP_GNU_BUILD_ID_TEXT];

  if (!mip_gnu_build_ids_differ (id, id_size, expected, expected_size))
    return MIPDATA_EXIT_OK;
  mipdata_error ("'%s': another binary: GNU build id %s, %s expects %s",
		 path, mip_gnu_build_id_hex (id, id_size, text), expected_by,
		 mip_gnu_build_id_hex (expected, expected_size,
				       expected_text));
  return MIPDATA_EXIT_FAILURE;
}
