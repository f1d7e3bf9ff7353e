/* mip-section.h - the debug sections whose units follow the map's
   (.debug_mip_heap, .debug_mip_ipa): each unit starts with a magic
   number and is matched to a map unit by its unit hash, in map order.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_SECTION_H
#define MIP_SECTION_H

#include <stddef.h>
#include <stdint.h>

#include "mip-error.h"
#include "mip-map.h"
#include "mip-reader.h"

struct mip_section_parser
{
  struct mip_reader reader;
  const char *name;             /* the file, in errors */
  const char *what;             /* its units, in errors: "allocation
				   site", "early block" */
  struct mip_error_context *error;
  const struct mip_map *map;
  uint64_t magic;               /* the first unit's */
  uint32_t next_map_unit;       /* units follow the map's order */
};

/* Start reading SIZE bytes at DATA (NAME in errors) as a section of
   WHAT units of the binary whose map is MAP: check that it starts with
   MAGIC64 or MAGIC32, as the map's pointer size says, in the map's byte
   order, and holds at least HEADER_SIZE bytes.  */
enum mip_error mip_section_start (struct mip_section_parser *parser,
				  const void *data, size_t size,
				  const char *name, const char *what,
				  const struct mip_map *map,
				  uint64_t magic64, uint64_t magic32,
				  size_t header_size,
				  struct mip_error_context *error);

/* The map unit, after the last one matched, whose hash is HASH; -1
   when there is none.  */
long mip_section_map_unit (struct mip_section_parser *parser, uint64_t hash);

#endif /* MIP_SECTION_H */
