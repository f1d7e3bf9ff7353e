/* mip-ipa.h - early blocks: the .debug_mip_ipa section of a block-count
   build, the profile's tables made from it, and the counts of the early
   blocks from the counts of the machine blocks.

   An early block is a block of a function as GCC had it when its IPA
   passes reached the point where -fprofile-generate instruments
   (doc/format.md, section 16).  The plugin tells which early blocks
   start in each machine block (a hold); an early block was entered as
   often as the machine blocks that hold it ran, once per hold.

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

/* Every early function and hold of a binary; the holds' function is an
   index into the map's functions, their ipa_function into FUNCTIONS.  */
struct mip_ipa_map
{
  uint32_t function_count;
  uint32_t hold_count;
  struct mip_ipa_function *functions;
  struct mip_profile_ipa_hold *holds;
};

/* Parse SIZE bytes at DATA (NAME in errors) as the .debug_mip_ipa
   section of the binary whose map is MAP.  On success *IPA is a new
   model (free it with mip_ipa_map_free); DATA must outlive it.  */
enum mip_error mip_ipa_map_parse (const void *data, size_t size,
				  const char *name, const struct mip_map *map,
				  struct mip_ipa_map **ipa,
				  struct mip_error_context *error);
void mip_ipa_map_free (struct mip_ipa_map *ipa);

/* Give PROFILE, new from the map IPA was parsed against, the early
   functions and holds of IPA (their names added to its strings).  */
enum mip_error mip_profile_set_ipa (struct mip_profile *profile,
				    const struct mip_ipa_map *ipa,
				    struct mip_error_context *error);

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
