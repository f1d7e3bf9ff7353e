/* mip-map.h - the map: what each instrumented function is and where its
   raw record lives.

   A map is the contents of a linked binary's .debug_mip_map section (or a
   .mipmap file dumped from it): a sequence of map units, one per
   translation unit in link order, in the target's byte order.
   mip_map_parse validates every size, offset and count of every unit
   and builds the in-memory model below, in host byte order.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_MAP_H
#define MIP_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mip-error.h"
#include "mip-format.h"

#ifdef __cplusplus
extern "C" {
#endif

struct mip_map_model_unit
{
  struct mip_map_unit header;   /* host byte order */
  uint64_t map_offset;          /* of the unit in the map */
  uint64_t raw_offset;          /* of its raw unit in __mip_raw */
  uint32_t function_begin;      /* index of its first function */
  const char *options;          /* into the map's strings: the options
				   recorded, or NULL */
};

struct mip_map_model_function
{
  struct mip_map_function entry; /* host byte order; offsets as in the
				    unit */
  const char *name;              /* into the map's strings */
  uint32_t unit_index;
  uint32_t block_begin;          /* into the map's blocks */
  uint32_t infer_begin;          /* into the map's inference entries */
  uint32_t edge_begin;           /* into the map's edges */
};

struct mip_map
{
  unsigned pointer_size;        /* of the target: 4 or 8 */
  bool big_endian;              /* byte order of the target */
  uint64_t build_id;            /* over the unit hashes */
  uint64_t raw_data_size;       /* sum of the raw unit sizes */
  uint64_t anchor_address;      /* the first unit's */
  uint32_t unit_count;
  uint32_t function_count;
  uint32_t block_count;
  uint32_t infer_count;
  uint32_t edge_count;
  struct mip_map_model_unit *units;
  struct mip_map_model_function *functions;
  struct mip_map_block *blocks;  /* every function's, in function order */
  uint32_t *infer_entries;       /* every function's inference list, in
				    function order */
  struct mip_map_edge *edges;    /* every function's edge list, in
				    function order */
  char *strings;                 /* every unit's string table */
  size_t strings_size;
};

/* Parse SIZE bytes at DATA as a map; NAME names it in errors.  On success
   *MAP is a new model to free with mip_map_free.  */
enum mip_error mip_map_parse (const void *data, size_t size,
			      const char *name, struct mip_map **map,
			      struct mip_error_context *error);

void mip_map_free (struct mip_map *map);

/* True when ADDRESS marks a function copy the linker discarded: 0, or all
   ones in the target's pointer size (or in 64 bits).  */
bool mip_address_is_discarded (uint64_t address, unsigned pointer_size);

#ifdef __cplusplus
}
#endif

#endif /* MIP_MAP_H */
