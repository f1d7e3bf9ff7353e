/* fuzz-elf.c - fuzz harness of mipdata's ELF and DWARF readers (libelf
   and libdw through elf-map.c, debug-file.c and debug-info.c).

   The input is written to a file in a temporary directory, which then
   goes the way of a binary given to mipdata create and show --debug:
   its GNU build id, the extent of its code, its .debug_mip_map section
   (parsed as a map), else its separate debug file (looked for next to
   it and in an empty debug directory; debuginfod is not asked), and
   its DWARF, asked for the source location and name of the function at
   the start of its code and at each function of its map.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _GNU_SOURCE 1

#include "fuzz.h"

#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mip-map.h"
#include "mipdata.h"

/* The most addresses asked of the DWARF per input.  */
#define LOOKUP_LIMIT 32

static char directory[4096];    /* the temporary directory */
static char input_path[4200];   /* DIRECTORY/input */
static char debug_directory[4200]; /* DIRECTORY/debug, empty */

static void
remove_directory (void)
{
  unlink (input_path);
  rmdir (debug_directory);
  rmdir (directory);
}

/* Make the temporary directory, once.  */
static void
set_up (void)
{
  const char *tmp = getenv ("TMPDIR");

  if (directory[0])
    return;
  snprintf (directory, sizeof directory, "%s/mip-fuzz-elf.XXXXXX",
	    tmp && tmp[0] ? tmp : "/tmp");
  if (!mkdtemp (directory))
    fuzz_fail ("cannot create a temporary directory '%s'", directory);
  snprintf (input_path, sizeof input_path, "%s/input", directory);
  snprintf (debug_directory, sizeof debug_directory, "%s/debug", directory);
  if (mkdir (debug_directory, 0700) != 0)
    fuzz_fail ("cannot create '%s'", debug_directory);
  atexit (remove_directory);
  unsetenv ("DEBUGINFOD_URLS");
  if (!mipdata_set_debug_directory (debug_directory))
    fuzz_fail ("cannot use '%s' as the debug directory", debug_directory);
}

static void
write_input (const uint8_t *data, size_t size)
{
  int fd = open (input_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  size_t done = 0;

  if (fd < 0)
    fuzz_fail ("cannot create '%s'", input_path);
  while (done < size)
    {
      ssize_t written = write (fd, data + done, size - done);
      if (written <= 0)
	fuzz_fail ("cannot write '%s'", input_path);
      done += (size_t) written;
    }
  close (fd);
}

/* The map of the ELF image IMAGE (SIZE bytes) or of its separate debug
   file, parsed, as mipdata create reads it; NULL when there is none or
   it is refused.  Describes what happened in WHAT.  */
static struct mip_map *
read_map (unsigned char *image, size_t size, char *what, size_t what_size)
{
  struct mip_error_context error;
  struct mipdata_debug_file debug_file;
  unsigned char *section = NULL;
  size_t section_size = 0;
  struct mip_map *map = NULL;
  enum mipdata_elf_map_result result;
  enum mip_error status;

  result = mipdata_elf_map (input_path, image, size, &section,
			    &section_size);
  if (result == MIPDATA_ELF_MAP_MISSING
      && mipdata_find_debug_file (input_path, &debug_file)
      == MIPDATA_EXIT_OK)
    {
      if (debug_file.path)
	result = mipdata_elf_map (debug_file.path, debug_file.data,
				  debug_file.size, &section, &section_size);
      mipdata_debug_file_free (&debug_file);
    }
  if (result != MIPDATA_ELF_MAP_FOUND)
    {
      snprintf (what, what_size, "map %s",
		result == MIPDATA_ELF_MAP_MISSING ? "missing" : "refused");
      return NULL;
    }
  mip_error_clear (&error);
  status = mip_map_parse (section, section_size, FUZZ_INPUT_NAME, &map,
			  &error);
  free (section);
  if (status != MIP_OK)
    {
      char message[2048];
      bool verbose = fuzz_verbose;
      /* Checked, but said on this input's one line.  */
      fuzz_verbose = false;
      fuzz_check_error (status, &error);
      fuzz_verbose = verbose;
      snprintf (what, what_size, "map of %zu bytes refused: %s",
		section_size,
		mip_error_format (&error, message, sizeof message));
      return NULL;
    }
  snprintf (what, what_size, "map of %" PRIu32 " functions",
	    map->function_count);
  return map;
}

/* Ask the DWARF of the input what show --debug asks about ADDRESS;
   true when it knows anything.  */
static bool
look_up (struct mipdata_debug_info *info, uint64_t address)
{
  const char *file;
  int line;
  bool known = false;

  if (mipdata_debug_lookup (info, address, &file, &line))
    known = file != NULL || line != 0;
  if (mipdata_debug_line (info, address, &file, &line))
    known = true;
  if (mipdata_debug_function_name (info, address))
    known = true;
  return known;
}

/* Open the DWARF of the input, as show --debug does, and look up the
   start of the code and the functions of MAP; counts in *ASKED and
   *KNOWN.  False when it cannot be opened.  */
static bool
read_dwarf (const struct mip_map *map, uint64_t code_begin, unsigned *asked,
	    unsigned *known)
{
  struct mipdata_debug_info *info = mipdata_debug_open (input_path);
  uint32_t i;

  *asked = *known = 0;
  if (!info)
    return false;
  (*asked)++;
  *known += look_up (info, code_begin);
  for (i = 0; map && i < map->function_count && *asked < LOOKUP_LIMIT; i++)
    {
      (*asked)++;
      *known += look_up (info, map->functions[i].entry.address);
    }
  mipdata_debug_close (info);
  return true;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  uint8_t build_id[MIP_GNU_BUILD_ID_MAX];
  uint64_t code_begin, code_end;
  unsigned char *image;
  struct mip_map *map;
  char what[2300];
  uint32_t build_id_size;
  unsigned asked, known;
  bool code_known, dwarf_opened;

  set_up ();
  if (!mipdata_is_elf (data, size))
    {
      fuzz_say ("not ELF");
      return 0;
    }
  write_input (data, size);
  /* libelf may write to an image it reads from memory: a copy.  */
  image = malloc (size);
  if (!image)
    return 0;
  memcpy (image, data, size);
  build_id_size = mipdata_gnu_build_id_of_image (image, size, build_id);
  code_known = mipdata_elf_code_range (image, size, &code_begin, &code_end);
  map = read_map (image, size, what, sizeof what);
  dwarf_opened = read_dwarf (map, code_begin, &asked, &known);
  fuzz_say ("%s; GNU build id of %" PRIu32 " bytes; code %s; DWARF %s"
	    " (%u of %u addresses known)", what, build_id_size,
	    code_known ? "found" : "not found",
	    dwarf_opened ? "opened" : "not opened", known, asked);
  mip_map_free (map);
  free (image);
  return 0;
}
