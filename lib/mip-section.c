/* mip-section.c - the debug sections whose units follow the map's.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-section.h"

#include <inttypes.h>
#include <string.h>

enum mip_error
mip_section_start (struct mip_section_parser *parser, const void *data,
		   size_t size, const char *name, const char *what,
		   const struct mip_map *map, uint64_t magic64,
		   uint64_t magic32, size_t header_size,
		   struct mip_error_context *error)
{
  uint64_t expected = map->pointer_size == 8 ? magic64 : magic32;
  uint64_t first;

  memset (parser, 0, sizeof *parser);
  parser->reader = mip_reader_make (data, size, false);
  parser->name = name;
  parser->what = what;
  parser->error = error;
  parser->map = map;
  if (size < header_size)
    return mip_error_set (error, MIP_ERROR_TRUNCATED, name,
			  "%zu bytes, an %s unit header needs %zu", size,
			  what, header_size);
  /* The magic is in the target's byte order, that of the map.  */
  parser->reader.swap = map->big_endian != mip_host_big_endian ();
  if (!mip_read_u64 (&parser->reader, 0, &first) || first != expected)
    return mip_error_set (error, MIP_ERROR_BAD_MAGIC, name,
			  "the %s units do not start with the magic number"
			  " of a %u-bit target of this byte order, as the map"
			  " does", what, map->pointer_size * 8);
  parser->magic = first;
  return MIP_OK;
}

long
mip_section_map_unit (struct mip_section_parser *parser, uint64_t hash)
{
  for (uint32_t u = parser->next_map_unit; u < parser->map->unit_count; u++)
    if (parser->map->units[u].header.unit_hash == hash)
      {
	parser->next_map_unit = u + 1;
	return (long) u;
      }
  return -1;
}
