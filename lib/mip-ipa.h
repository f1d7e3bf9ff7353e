/* mip-ipa.h - early blocks: the .debug_mip_ipa section of a block-count
   build, the profile's tables made from it, and the counts of the early
   blocks from the counts of the machine blocks.

   An early block is a block of a function as GCC had it when its IPA
   passes reached the point where -fprofile-generate instruments
   (doc/format.md, section 16).  The plugin tells which early blocks
   start in each machine block (a hold); an early block was entered as
   often as the machine blocks that hold it ran, once per hold.

   A value site (version 2 of the section) is a record in the raw data
   that profiles an operand of one statement of an early function: the
   size of a string operation, as a one-counter Misra-Gries summary
   of each run (mip-format.h).  GCC may have copied the statement: each
   copy has a record, and the profile an entry per record, with the
   values its runs' candidates took.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_IPA_H
#define MIP_IPA_H

#include <stddef.h>
#include <stdint.h>

#include "mip-error.h"
#include "mip-format.h"
#include "mip-map.h"

#ifdef __cplusplus
extern "C" {
#endif

struct mip_profile;

/* An early function of the binary.  */
struct mip_ipa_function
{
  const char *name;             /* into the section's data */
  uint32_t signature;
  uint32_t block_count;
  uint32_t unit_index;          /* its map unit */
};

/* Every early function, hold and value site of a binary; the holds'
   function is an index into the map's functions, their ipa_function
   into FUNCTIONS, as is the value sites' ipa_function; a value site's
   raw_offset is its record's from the start of the raw data, and it
   has no values.  */
struct mip_ipa_map
{
  uint32_t function_count;
  uint32_t hold_count;
  uint32_t value_site_count;
  struct mip_ipa_function *functions;
  struct mip_profile_ipa_hold *holds;
  struct mip_profile_value_site *value_sites;
};

/* Parse SIZE bytes at DATA (NAME in errors) as the .debug_mip_ipa
   section of the binary whose map is MAP: units of version 2, or of
   version 1 (no value sites).  Every value site's early function must
   be one of its unit, its operation known, its record 8-aligned inside
   the unit's raw data and no other site's.  On success *IPA is a new
   model (free it with mip_ipa_map_free); DATA must outlive it.  */
enum mip_error mip_ipa_map_parse (const void *data, size_t size,
				  const char *name, const struct mip_map *map,
				  struct mip_ipa_map **ipa,
				  struct mip_error_context *error);
void mip_ipa_map_free (struct mip_ipa_map *ipa);

/* Give PROFILE, new from the map IPA was parsed against and without
   runs, the early functions, holds and value sites of IPA (their names
   added to its strings); the value sites sorted by (ipa_function, site,
   raw_offset), without values.  */
enum mip_error mip_profile_set_ipa (struct mip_profile *profile,
				    const struct mip_ipa_map *ipa,
				    struct mip_error_context *error);

/* The order of a profile's value sites (qsort): by ipa_function, then
   site, then raw_offset; the records of one statement's copies are
   neighbours.  */
int mip_compare_value_sites (const void *a, const void *b);

/* What value sites of OPERATION (MIP_VALUE_*) profile, "memcpy size";
   NULL for an operation this library does not know.  */
const char *mip_value_operation_name (uint32_t operation);

/* Where early function INDEX of PROFILE starts among the counts that
   mip_profile_ipa_counts fills (the block counts of the functions before
   it), and the length of that array.  */
uint64_t mip_profile_ipa_block_begin (const struct mip_profile *profile,
				      uint32_t index);
uint64_t mip_profile_ipa_block_total (const struct mip_profile *profile);

/* How often each early block of PROFILE was entered, function after
   function (COUNTS has mip_profile_ipa_block_total entries): the sum,
   saturating, of the counts of the machine blocks that hold it, once
   per hold; MIP_IPA_UNKNOWN when no machine block of known count holds
   it (GCC removed or merged its start).  */
#define MIP_IPA_UNKNOWN UINT64_MAX
void mip_profile_ipa_counts (const struct mip_profile *profile,
			     uint64_t *counts);

#ifdef __cplusplus
}
#endif

#endif /* MIP_IPA_H */
