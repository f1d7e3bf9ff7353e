/* elf-map.c - read the map sections (__mip_map, .debug_mip_map) of a
   linked ELF binary.

   The map is a non-allocated section, so it survives in the binary file
   (unless stripped) but never in memory.  Its bytes are in the target's
   byte order; the format library handles that, so this file only finds
   the section and copies it, through libelf.  It also checks that a
   binary given for its debug information is the one a profile
   describes.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mipdata.h"

#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mip-file.h"
#include "mip-format.h"
#include "mip-map.h"

bool
mipdata_is_elf (const unsigned char *data, size_t size)
{
  return size >= SELFMAG && memcmp (data, ELFMAG, SELFMAG) == 0;
}

/* The section named NAME in ELF, or NULL.  */
static Elf_Scn *
find_section (Elf *elf, const char *name)
{
  size_t names_index;
  Elf_Scn *section = NULL;

  if (elf_getshdrstrndx (elf, &names_index) != 0)
    return NULL;
  while ((section = elf_nextscn (elf, section)) != NULL)
    {
      GElf_Shdr header;
      const char *section_name;
      if (!gelf_getshdr (section, &header))
	continue;
      section_name = elf_strptr (elf, names_index, header.sh_name);
      if (section_name && strcmp (section_name, name) == 0)
	return section;
    }
  return NULL;
}

static enum mipdata_elf_map_result
elf_failure (const char *path, const char *what)
{
  mipdata_error ("'%s': %s: %s", path, what, elf_errmsg (-1));
  return MIPDATA_ELF_MAP_FAILED;
}

/* elf_failure for WHAT (a format with one %s) about the section NAME.  */
static enum mipdata_elf_map_result
section_failure (const char *path, const char *what, const char *name)
{
  char text[128];

  snprintf (text, sizeof text, what, name);
  return elf_failure (path, text);
}

/* Copy the contents of SECTION, named NAME (decompressed if need be).  */
static enum mipdata_elf_map_result
copy_section (const char *path, const char *name, Elf_Scn *section,
	      unsigned char **map, size_t *map_size)
{
  GElf_Shdr header;
  Elf_Data *contents;

  if (!gelf_getshdr (section, &header))
    return section_failure (path, "cannot read the %s section header",
			    name);
  if (header.sh_type == SHT_NOBITS || header.sh_size == 0)
    return MIPDATA_ELF_MAP_MISSING;
  if ((header.sh_flags & SHF_COMPRESSED)
      && elf_compress (section, 0, 0) < 0)
    return section_failure (path, "cannot decompress %s", name);
  contents = elf_rawdata (section, NULL);
  if (!contents)
    return section_failure (path, "cannot read %s", name);
  if (!contents->d_buf || contents->d_size == 0)
    return MIPDATA_ELF_MAP_MISSING;
  *map = malloc (contents->d_size);
  if (!*map)
    {
      mipdata_error ("'%s': out of memory", path);
      return MIPDATA_ELF_MAP_FAILED;
    }
  memcpy (*map, contents->d_buf, contents->d_size);
  *map_size = contents->d_size;
  return MIPDATA_ELF_MAP_FOUND;
}

/* The map of ELF: __mip_map, or .debug_mip_map when its units were
   compiled with -fplugin-arg-mip-debug-map.  A binary with both is
   refused: the map units must be in the order of their raw units, and
   that order is lost once the units are in two sections.  */
static enum mipdata_elf_map_result
read_map_section (const char *path, Elf *elf, unsigned char **map,
		  size_t *map_size)
{
  Elf_Scn *plain = find_section (elf, MIP_MAP_SECTION);
  Elf_Scn *debug = find_section (elf, MIP_DEBUG_MAP_SECTION);

  if (plain && debug)
    {
      mipdata_error ("'%s': has both " MIP_MAP_SECTION " and "
		     MIP_DEBUG_MAP_SECTION " sections; compile all of it"
		     " with -fplugin-arg-mip-debug-map or all without",
		     path);
      return MIPDATA_ELF_MAP_FAILED;
    }
  if (plain)
    return copy_section (path, MIP_MAP_SECTION, plain, map, map_size);
  if (debug)
    return copy_section (path, MIP_DEBUG_MAP_SECTION, debug, map,
			 map_size);
  return MIPDATA_ELF_MAP_MISSING;
}

enum mipdata_elf_map_result
mipdata_elf_map (const char *path, unsigned char *data, size_t size,
		 unsigned char **map, size_t *map_size)
{
  enum mipdata_elf_map_result result;
  GElf_Ehdr file_header;
  Elf *elf;

  *map = NULL;
  *map_size = 0;
  if (elf_version (EV_CURRENT) == EV_NONE)
    return elf_failure (path, "libelf is out of date");
  elf = elf_memory ((char *) data, size);
  if (!elf || elf_kind (elf) != ELF_K_ELF)
    {
      if (elf)
	elf_end (elf);
      return elf_failure (path, "not a valid ELF file");
    }
  if (!gelf_getehdr (elf, &file_header))
    result = elf_failure (path, "cannot read the ELF header");
  else if (file_header.e_type == ET_REL)
    {
      mipdata_error ("'%s': is a relocatable object; mipdata needs the"
		     " linked binary", path);
      result = MIPDATA_ELF_MAP_FAILED;
    }
  else
    result = read_map_section (path, elf, map, map_size);
  elf_end (elf);
  return result;
}

bool
mipdata_elf_code_range (unsigned char *data, size_t size, uint64_t *begin,
			uint64_t *end)
{
  size_t count = 0;
  Elf *elf;

  *begin = UINT64_MAX;
  *end = 0;
  if (elf_version (EV_CURRENT) == EV_NONE)
    return false;
  elf = elf_memory ((char *) data, size);
  if (elf && elf_kind (elf) == ELF_K_ELF && elf_getphdrnum (elf, &count) == 0)
    for (size_t i = 0; i < count; i++)
      {
	GElf_Phdr segment;
	if (!gelf_getphdr (elf, (int) i, &segment)
	    || segment.p_type != PT_LOAD || !(segment.p_flags & PF_X))
	  continue;
	if (segment.p_vaddr < *begin)
	  *begin = segment.p_vaddr;
	if (segment.p_vaddr + segment.p_memsz > *end)
	  *end = segment.p_vaddr + segment.p_memsz;
      }
  if (elf)
    elf_end (elf);
  if (*end <= *begin)
    {
      *begin = *end = 0;
      return false;
    }
  return true;
}

int
mipdata_check_binary (const char *path, uint64_t build_id)
{
  struct mip_error_context error;
  unsigned char *data = NULL, *section = NULL;
  size_t size = 0, section_size = 0;
  struct mip_map *map = NULL;
  int status = MIPDATA_EXIT_OK;

  mip_error_clear (&error);
  if (mip_read_file (path, &data, &size, &error) != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  if (!mipdata_is_elf (data, size))
    {
      mipdata_error ("'%s': not an ELF file", path);
      free (data);
      return MIPDATA_EXIT_FAILURE;
    }
  switch (mipdata_elf_map (path, data, size, &section, &section_size))
    {
    case MIPDATA_ELF_MAP_FOUND:
      if (mip_map_parse (section, section_size, path, &map, &error) != MIP_OK)
	mipdata_warning ("cannot check that '%s' is the profiled binary: %s",
			 path, mip_strerror (error.code));
      else if (map->build_id != build_id)
	{
	  mip_error_set (&error, MIP_ERROR_BUILD_ID, path,
			 "build id %016" PRIx64 ", profile expects %016"
			 PRIx64, map->build_id, build_id);
	  mipdata_report (&error);
	  status = MIPDATA_EXIT_FAILURE;
	}
      break;
    case MIPDATA_ELF_MAP_MISSING:
      break;
    default:
      status = MIPDATA_EXIT_FAILURE;
    }
  mip_map_free (map);
  free (section);
  free (data);
  return status;
}
