/* mip-profile-index.cc - the profile a compile uses
   (-fplugin-arg-mip-use), indexed: a function of the unit finds the
   entries that bear its symbol (a static one only among those of its
   own unit, find_this_unit) and tells them apart by its CFG or IPA
   signature.  mip-use.cc places functions and blocks by what it finds;
   mip-ipa.cc makes the functions that never ran cold.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-plugin.h"
#include "mip-profile.h"
#include "mip-profile-index.h"

/* The profile in use (mip_use_load read it), or NULL.  */
static struct mip_profile *profile;

/* Per function of the profile: its place among those that ran, from 1,
   in the layout -fplugin-arg-mip-use-layout names (mip-layout.h), or
   0.  */
static uint32_t *layout_rank;

/* The profile's primary functions sorted by symbol, for lookups.  */
static uint32_t *by_name;
static uint32_t by_name_count;

/* Per unit of the profile: whether it is this translation unit
   (find_this_unit); NULL when the profile has no units (written by
   hand) and names alone tell functions apart.  */
static bool *unit_is_this;
static bool this_unit_found;

static int
compare_by_name (const void *a, const void *b)
{
  const uint32_t *x = (const uint32_t *) a, *y = (const uint32_t *) b;
  int c = strcmp (mip_profile_function_name (profile, *x),
		  mip_profile_function_name (profile, *y));
  if (c != 0)
    return c;
  return *x < *y ? -1 : *x > *y;
}

void
mip_index_profile (struct mip_profile *used, uint32_t *ranks)
{
  profile = used;
  layout_rank = ranks;
  uint32_t n = profile->header.function_count;
  by_name = XNEWVEC (uint32_t, n ? n : 1);
  by_name_count = 0;
  for (uint32_t i = 0; i < n; i++)
    if (!mip_profile_function_is_alias (profile, i))
      by_name[by_name_count++] = i;
  qsort (by_name, by_name_count, sizeof *by_name, compare_by_name);
}

/* The first entry of by_name whose symbol is SYMBOL, or by_name_count.  */
uint32_t
mip_index_first_named (const char *symbol)
{
  uint32_t lo = 0, hi = by_name_count;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (strcmp (mip_profile_function_name (profile, by_name[mid]), symbol)
	  < 0)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo;
}

/* The entries named SYMBOL, from by_name[*K] on: the next one's index
   into *INDEX, with *K advanced past it; false after the last.  */
bool
mip_index_next_named (const char *symbol, uint32_t *k, uint32_t *index)
{
  if (*k >= by_name_count
      || strcmp (mip_profile_function_name (profile, by_name[*k]), symbol))
    return false;
  *index = by_name[(*k)++];
  return true;
}

/* ---- The unit of a static function -------------------------------- */

/* Which units of the profile are this translation unit.  A static
   function is known only by the entries of its own unit: a function of
   the same name in another unit of the profile's program, or in the unit
   of another program (luac.c's writer against lua's lstrlib.c), is
   another function, and this one is not in the profile.  The profile
   records no source name for a unit (its unit hash covers the functions
   as well), but names of global functions are unique in a program: a
   unit of the profile is this one when a global function defined here
   is in it with the same IPA signature (mip-ipa.cc), or by name alone
   when either signature is unknown.  So a unit the profile never saw has
   no static function in it, nor has one whose global functions all
   changed.  Run when the IPA passes start, every function of the unit
   there with its IPA signature, or else on the first lookup of a static
   function.  */
static void
find_this_unit (void)
{
  if (this_unit_found)
    return;
  this_unit_found = true;
  uint32_t units = profile->header.unit_count;
  if (units == 0 || mip_profile_is_imported (profile))
    return;
  unit_is_this = XCNEWVEC (bool, units);
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      tree decl = node->decl;
      if (!TREE_PUBLIC (decl) || DECL_EXTERNAL (decl) || DECL_COMDAT (decl)
	  || DECL_ONE_ONLY (decl) || DECL_WEAK (decl) || node->alias)
	continue;
      const char *symbol = targetm.strip_name_encoding
	(IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl)));
      uint32_t signature = mip_ipa_signature (symbol);
      uint32_t k = mip_index_first_named (symbol), i;
      while (mip_index_next_named (symbol, &k, &i))
	{
	  const struct mip_profile_function *f = &profile->functions[i];
	  if (f->unit_index < units
	      && (signature == 0 || f->ipa_signature == 0
		  || f->ipa_signature == signature))
	    unit_is_this[f->unit_index] = true;
	}
    }
}

void
mip_index_find_unit (void)
{
  if (profile)
    find_this_unit ();
}

/* Whether entry INDEX may describe a function of this unit: any entry
   for a global function, only those of this unit for a static one.  */
static bool
entry_in_scope (uint32_t index, bool local)
{
  if (!local)
    return true;
  find_this_unit ();
  if (!unit_is_this)
    return true;
  uint32_t unit = profile->functions[index].unit_index;
  return unit < profile->header.unit_count && unit_is_this[unit];
}

/* Whether entry INDEX describes the function ID identifies (and was kept
   by the linker).  */
bool
mip_index_entry_matches (uint32_t index, const struct identity *id)
{
  if (mip_profile_function_is_discarded (profile, index)
      || !entry_in_scope (index, id->local))
    return false;
  const struct mip_profile_function *f = &profile->functions[index];
  if (f->cfg_signature == 0)
    return true;
  switch (id->by)
    {
    case MATCH_CFG:
      return f->cfg_signature == id->signature;
    case MATCH_IPA:
      return f->ipa_signature != 0 && f->ipa_signature == id->signature;
    default:
      return true;
    }
}

static struct use_facts
look_up (const char *symbol, struct identity id)
{
  struct use_facts facts = { false, false, 0, false, 0 };
  uint32_t k = mip_index_first_named (symbol), i;
  while (mip_index_next_named (symbol, &k, &i))
    {
      if (!entry_in_scope (i, id.local))
	continue;
      facts.named = true;
      if (!mip_index_entry_matches (i, &id))
	continue;
      facts.matched = true;
      facts.entries++;
      const struct mip_profile_function *f = &profile->functions[i];
      /* Merging counts a run in covered_runs whatever showed the
	 function ran: coverage byte, count, order or block probe.  */
      if (f->covered_runs > 0)
	facts.ran = true;
      uint32_t rank = layout_rank[i];
      if (rank != 0 && (facts.rank == 0 || rank < facts.rank))
	facts.rank = rank;
    }
  return facts;
}

struct use_facts
mip_index_look_up_by_cfg (const char *symbol, uint64_t cfg_signature,
			  bool local)
{
  struct identity id = { MATCH_CFG, cfg_signature, local };
  return look_up (symbol, id);
}

/* By the IPA signature mip-ipa.cc computed for SYMBOL (for a function
   GCC made during the IPA passes, that of the function it was made
   from), if any.  */
struct use_facts
mip_index_look_up_by_ipa (const char *symbol, bool local)
{
  struct identity id = { MATCH_IPA, mip_ipa_signature (symbol), local };
  if (id.signature == 0)
    {
      struct use_facts none = { false, false, 0, false, 0 };
      return none;
    }
  return look_up (symbol, id);
}

uint32_t
mip_index_unit_of (const char *symbol, bool local)
{
  if (!profile)
    return UINT32_MAX;
  uint32_t k = mip_index_first_named (symbol), i;
  while (mip_index_next_named (symbol, &k, &i))
    if (entry_in_scope (i, local)
	&& profile->functions[i].unit_index < profile->header.unit_count)
      return profile->functions[i].unit_index;
  return UINT32_MAX;
}

bool
mip_index_never_ran (const char *symbol, uint32_t ipa_signature, bool local)
{
  if (!profile || profile->header.runs == 0)
    return false;
  if (ipa_signature != 0)
    {
      struct identity id = { MATCH_IPA, ipa_signature, local };
      struct use_facts facts = look_up (symbol, id);
      return facts.matched && !facts.ran;
    }
  /* Defined in another unit: only a symbol the profile names once (one
     definition in the program), so that a static function of another
     unit cannot stand for it.  */
  struct identity id = { MATCH_NAME, 0, local };
  struct use_facts facts = look_up (symbol, id);
  return facts.entries == 1 && !facts.ran;
}
