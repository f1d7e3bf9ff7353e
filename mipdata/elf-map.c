/* elf-map.c - read the map section (.debug_mip_map) of a linked ELF
   binary or of its separate debug file.

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

#include <zstd.h>

#include "mip-file.h"
#include "mip-format.h"
#include "mip-map.h"

/* ELF's code for zstd compression (the gABI's ELFCOMPRESS_ZSTD), which
   the elf.h of glibc 2.36 does not define yet.  */
#define MIP_ELFCOMPRESS_ZSTD 2

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

/* Copy LENGTH bytes at BYTES into a new buffer *MAP.  */
static enum mipdata_elf_map_result
copy_bytes (const char *path, const void *bytes, size_t length,
	    unsigned char **map, size_t *map_size)
{
  *map = malloc (length ? length : 1);
  if (!*map)
    {
      mipdata_error ("'%s': out of memory", path);
      return MIPDATA_ELF_MAP_FAILED;
    }
  memcpy (*map, bytes, length);
  *map_size = length;
  return MIPDATA_ELF_MAP_FOUND;
}

/* Why the zstd frame SOURCE (SOURCE_SIZE bytes) does not decompress to
   exactly EXPECTED bytes, or NULL when it does (into *OUTPUT, malloc'd).
   The output buffer grows with what the frame really yields and never
   beyond EXPECTED + 1 bytes, so that a header claiming a size the frame
   does not hold costs no memory: the claim is checked, not trusted.  */
static const char *
decompress_zstd_frame (const void *source, size_t source_size,
		       uint64_t expected, unsigned char **output)
{
  ZSTD_DStream *stream = ZSTD_createDStream ();
  ZSTD_inBuffer in = { source, source_size, 0 };
  size_t limit = expected < SIZE_MAX ? (size_t) expected + 1 : SIZE_MAX;
  size_t capacity = source_size < limit / 4 ? source_size * 4 : limit;
  size_t length = 0, hint = 1;
  const char *problem = NULL;
  unsigned char *buffer;

  if (capacity < 4096)
    capacity = limit < 4096 ? limit : 4096;
  buffer = malloc (capacity);
  if (!stream || !buffer || ZSTD_isError (ZSTD_initDStream (stream)))
    problem = "out of memory";
  while (!problem && hint != 0)
    {
      ZSTD_outBuffer out = { buffer, capacity, length };
      size_t consumed = in.pos;
      hint = ZSTD_decompressStream (stream, &out, &in);
      if (ZSTD_isError (hint))
	problem = ZSTD_getErrorName (hint);
      else if (out.pos > expected)
	problem = "larger than its compression header says";
      else if (hint != 0 && out.pos == capacity)
	{
	  /* Full: grow, by doubling, up to the limit.  */
	  size_t grown = capacity < limit / 2 ? capacity * 2 : limit;
	  unsigned char *bigger = realloc (buffer, grown);
	  if (!bigger)
	    problem = "out of memory";
	  else
	    buffer = bigger, capacity = grown;
	}
      else if (hint != 0 && in.pos == consumed && out.pos == length)
	problem = "truncated";
      length = out.pos;
    }
  ZSTD_freeDStream (stream);
  if (!problem && length != expected)
    problem = "smaller than its compression header says";
  if (problem)
    {
      free (buffer);
      return problem;
    }
  *output = buffer;
  return NULL;
}

/* The contents of the SHF_COMPRESSED SECTION NAME compressed with zstd
   (ELFCOMPRESS_ZSTD, which libelf 0.188 cannot decompress): an ELF
   compression header, then one zstd frame of HEADER->ch_size bytes.  */
static enum mipdata_elf_map_result
copy_zstd_section (const char *path, const char *name, Elf *elf,
		   Elf_Scn *section, const GElf_Chdr *header,
		   unsigned char **map, size_t *map_size)
{
  size_t header_size = gelf_getclass (elf) == ELFCLASS32
		       ? sizeof (Elf32_Chdr) : sizeof (Elf64_Chdr);
  Elf_Data *contents = elf_rawdata (section, NULL);
  const char *problem;

  if (!contents || contents->d_size < header_size)
    return section_failure (path, "cannot read %s", name);
  problem = decompress_zstd_frame ((const char *) contents->d_buf
				   + header_size,
				   contents->d_size - header_size,
				   header->ch_size, map);
  if (problem)
    {
      mipdata_error ("'%s': cannot decompress %s (zstd): %s", path, name,
		     problem);
      *map = NULL;
      return MIPDATA_ELF_MAP_FAILED;
    }
  *map_size = header->ch_size;
  return MIPDATA_ELF_MAP_FOUND;
}

/* Decompress SECTION NAME in place where libelf can: ELF compression
   (SHF_COMPRESSED) with zlib, or the GNU .zdebug form.  A zstd section
   is left as it is (*ZSTD set).  */
static enum mipdata_elf_map_result
decompress_section (const char *path, const char *name, Elf_Scn *section,
		    const GElf_Shdr *section_header, GElf_Chdr *header,
		    bool *zstd)
{
  *zstd = false;
  if (section_header->sh_flags & SHF_COMPRESSED)
    {
      if (!gelf_getchdr (section, header))
	return section_failure (path, "cannot read the compression header"
				" of %s", name);
      if (header->ch_type == MIP_ELFCOMPRESS_ZSTD)
	{
	  *zstd = true;
	  return MIPDATA_ELF_MAP_FOUND;
	}
      if (header->ch_type != ELFCOMPRESS_ZLIB)
	{
	  mipdata_error ("'%s': %s is compressed with an unknown method"
			 " (ELF compression type %u)", path, name,
			 (unsigned) header->ch_type);
	  return MIPDATA_ELF_MAP_FAILED;
	}
      if (elf_compress (section, 0, 0) < 0)
	return section_failure (path, "cannot decompress %s", name);
    }
  else if (name[1] == 'z' && elf_compress_gnu (section, 0, 0) < 0)
    return section_failure (path, "cannot decompress %s", name);
  return MIPDATA_ELF_MAP_FOUND;
}

/* Copy the contents of SECTION, named NAME, decompressed.  */
static enum mipdata_elf_map_result
copy_section (const char *path, const char *name, Elf *elf,
	      Elf_Scn *section, unsigned char **map, size_t *map_size)
{
  enum mipdata_elf_map_result result;
  GElf_Shdr section_header;
  GElf_Chdr header;
  Elf_Data *contents;
  bool zstd;

  if (!gelf_getshdr (section, &section_header))
    return section_failure (path, "cannot read the %s section header",
			    name);
  if (section_header.sh_type == SHT_NOBITS || section_header.sh_size == 0)
    return MIPDATA_ELF_MAP_MISSING;
  result = decompress_section (path, name, section, &section_header,
			       &header, &zstd);
  if (result != MIPDATA_ELF_MAP_FOUND)
    return result;
  if (zstd)
    return copy_zstd_section (path, name, elf, section, &header, map,
			      map_size);
  contents = elf_rawdata (section, NULL);
  if (!contents)
    return section_failure (path, "cannot read %s", name);
  if (!contents->d_buf || contents->d_size == 0)
    return MIPDATA_ELF_MAP_MISSING;
  return copy_bytes (path, contents->d_buf, contents->d_size, map, map_size);
}

/* The section NAME of ELF, or GNU_COMPRESSED_NAME when compressed the
   GNU way (-gz=zlib-gnu, --compress-debug-sections=zlib-gnu).  */
static enum mipdata_elf_map_result
read_debug_section (const char *path, Elf *elf, const char *name,
		    const char *gnu_compressed_name, unsigned char **out,
		    size_t *out_size)
{
  Elf_Scn *section = find_section (elf, name);

  if (section)
    return copy_section (path, name, elf, section, out, out_size);
  section = find_section (elf, gnu_compressed_name);
  if (section)
    return copy_section (path, gnu_compressed_name, elf, section, out,
			 out_size);
  return MIPDATA_ELF_MAP_MISSING;
}

/* The contents of the debug section NAME (GNU_COMPRESSED_NAME when
   compressed the GNU way) of the linked ELF image of SIZE bytes at
   DATA, the file PATH.  */
static enum mipdata_elf_map_result
elf_debug_section (const char *path, unsigned char *data, size_t size,
		   const char *name, const char *gnu_compressed_name,
		   unsigned char **out, size_t *out_size)
{
  enum mipdata_elf_map_result result;
  GElf_Ehdr file_header;
  Elf *elf;

  *out = NULL;
  *out_size = 0;
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
    result = read_debug_section (path, elf, name, gnu_compressed_name, out,
				 out_size);
  elf_end (elf);
  return result;
}

enum mipdata_elf_map_result
mipdata_elf_map (const char *path, unsigned char *data, size_t size,
		 unsigned char **map, size_t *map_size)
{
  return elf_debug_section (path, data, size, MIP_MAP_SECTION,
			    MIP_MAP_SECTION_ZLIB_GNU, map, map_size);
}

enum mipdata_elf_map_result
mipdata_elf_heap_sites (const char *path, unsigned char *data, size_t size,
			unsigned char **sites, size_t *sites_size)
{
  return elf_debug_section (path, data, size, MIP_HEAP_MAP_SECTION,
			    MIP_HEAP_MAP_SECTION_ZLIB_GNU, sites, sites_size);
}

enum mipdata_elf_map_result
mipdata_elf_ipa_blocks (const char *path, unsigned char *data, size_t size,
			unsigned char **blocks, size_t *blocks_size)
{
  return elf_debug_section (path, data, size, MIP_IPA_MAP_SECTION,
			    MIP_IPA_MAP_SECTION_ZLIB_GNU, blocks, blocks_size);
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
