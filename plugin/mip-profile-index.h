/* mip-profile-index.h - the profile a compile uses, indexed for the
   lookup of a function's entries (mip-profile-index.cc): mip-use.cc and
   mip-ipa.cc both find what the profile says of a function through it.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_PROFILE_INDEX_H
#define MIP_PROFILE_INDEX_H

#include "mip-profile.h"

/* Look functions up in PROFILE (read by mip_use_load) from now on;
   LAYOUT_RANK is its functions' layout ranks (mip-layout.h).  */
void mip_index_profile (struct mip_profile *profile, uint32_t *layout_rank);

/* The primary entries that bear SYMBOL: from K = mip_index_first_named
   (SYMBOL) on, each mip_index_next_named call gives the next one's index
   until it returns false.  */
uint32_t mip_index_first_named (const char *symbol);
bool mip_index_next_named (const char *symbol, uint32_t *k,
			   uint32_t *index);

/* Find which units of the profile are this translation unit (for the
   lookups of static functions), now that the IPA passes start.  */
void mip_index_find_unit (void);

/* How a function of this compile is recognised among the entries that
   bear its symbol: by its CFG signature (the same code before hot/cold
   partitioning: function and block facts apply), by its IPA signature
   (the same code before the IPA passes, mip-ipa.cc: function facts
   apply) or, for what has no signature of its own, by the name alone.
   An entry whose CFG signature is 0 (a profile written by hand without
   signatures) matches whatever the function's code is.  */
enum match_by { MATCH_CFG, MATCH_IPA, MATCH_NAME };

struct identity
{
  enum match_by by;
  uint64_t signature;		/* CFG or IPA signature */
  bool local;			/* a static function (not TREE_PUBLIC):
				   only entries of this unit */
};

/* What the profile says of a function: several entries may share a
   symbol (static functions of several units), and those that match are
   combined.  */
struct use_facts
{
  bool named;			/* some entry has the symbol */
  bool matched;			/* some entry also matches */
  unsigned entries;		/* how many match */
  bool ran;
  uint32_t rank;		/* smallest layout rank, 0 if none */
};

/* Whether entry INDEX describes the function ID identifies.  */
bool mip_index_entry_matches (uint32_t index, const struct identity *id);

/* What the profile says of SYMBOL, recognised by its CFG signature.  */
struct use_facts mip_index_look_up_by_cfg (const char *symbol,
					   uint64_t cfg_signature,
					   bool local);

/* What the profile says of SYMBOL, recognised by its IPA signature.  */
struct use_facts mip_index_look_up_by_ipa (const char *symbol, bool local);

/* Whether the profile shows SYMBOL never run (of IPA signature
   IPA_SIGNATURE, 0 for a function defined in another unit).  */
bool mip_index_never_ran (const char *symbol, uint32_t ipa_signature,
			  bool local);

/* The profile's unit of the first entry that bears SYMBOL (of this
   unit's entries for a static function, LOCAL), or UINT32_MAX when none
   has one (a profile written by hand has no units).  */
uint32_t mip_index_unit_of (const char *symbol, bool local);

#endif /* MIP_PROFILE_INDEX_H */
