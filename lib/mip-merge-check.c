/* mip-merge-check.c - may this raw profile, or this profile, be added to
   that profile?  The same target, the same build (build id and GNU build
   id) and, for a raw profile, the units the profile expects at the
   offsets it expects and good records of its allocation sites and value
   sites; for a profile, the same tables, allocation sites and value
   sites.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-profile.h"

#include <inttypes.h>

#include "mip-merge-internal.h"
#include "mip-reader.h"

/* ---- Checking a raw profile against the profile ---------------------- */

static enum mip_error
check_target (const struct mip_profile *profile, const struct mip_raw *raw,
	      const char *name, struct mip_error_context *error)
{
  const struct mip_profile_header *h = &profile->header;

  if (mip_profile_is_imported (profile))
    return mip_error_set (error, MIP_ERROR_BUILD_ID, name,
			  "the profile was imported (mipdata import): it"
			  " describes no binary, so no raw profile can be"
			  " merged into it");
  if (raw->pointer_size != h->pointer_size)
    return mip_error_set (error, MIP_ERROR_TARGET, name,
			  "%u-bit pointers, the profile is for %" PRIu32
			  "-bit pointers", raw->pointer_size * 8,
			  h->pointer_size * 8);
  if (raw->big_endian != (h->target_big_endian != 0))
    return mip_error_set (error, MIP_ERROR_TARGET, name,
			  "%s-endian, the profile is for a %s-endian target",
			  raw->big_endian ? "big" : "little",
			  h->target_big_endian ? "big" : "little");
  if (raw->header.build_id != h->build_id)
    return mip_error_set (error, MIP_ERROR_BUILD_ID, name,
			  "build id %016" PRIx64 ", profile expects %016"
			  PRIx64, raw->header.build_id, h->build_id);
  if (mip_gnu_build_ids_differ (raw->header.gnu_build_id,
				raw->header.gnu_build_id_size,
				h->gnu_build_id, h->gnu_build_id_size))
    {
      char raw_text[MIP_GNU_BUILD_ID_TEXT], profile_text[MIP_GNU_BUILD_ID_TEXT];
      return mip_error_set (error, MIP_ERROR_BUILD_ID, name,
			    "GNU build id %s, profile expects %s",
			    mip_gnu_build_id_hex (raw->header.gnu_build_id,
						  raw->header.gnu_build_id_size,
						  raw_text),
			    mip_gnu_build_id_hex (h->gnu_build_id,
						  h->gnu_build_id_size,
						  profile_text));
    }
  if (raw->header.data_size != h->raw_data_size)
    return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			  "%" PRIu64 " data bytes, the profile expects %"
			  PRIu64, raw->header.data_size, h->raw_data_size);
  if (raw->header.unit_count != h->unit_count)
    return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			  "%" PRIu32 " units, the profile expects %" PRIu32,
			  raw->header.unit_count, h->unit_count);
  return MIP_OK;
}

enum mip_error
mip_profile_check_raw (const struct mip_profile *profile,
		       const struct mip_raw *raw, const char *name,
		       struct mip_error_context *error)
{
  enum mip_error status = check_target (profile, raw, name, error);
  uint32_t i;

  if (status != MIP_OK)
    return status;
  for (i = 0; i < profile->header.unit_count; i++)
    {
      const struct mip_profile_unit *expected = &profile->units[i];
      struct mip_raw_unit unit;

      if (!mip_read_struct (&raw->data, expected->raw_offset,
			    &mip_layout_mip_raw_unit, &unit)
	  || unit.unit_hash != expected->unit_hash
	  || unit.unit_size != expected->raw_size
	  || unit.function_count != expected->function_count)
	return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			      "raw unit %" PRIu32 " at data offset %" PRIu32
			      " is not the one the profile expects (hash %016"
			      PRIx64 ", %" PRIu32 " bytes, %" PRIu32
			      " functions)", i, expected->raw_offset,
			      expected->unit_hash, expected->raw_size,
			      expected->function_count);
    }
  /* The allocation sites' and value sites' records, before anything is
     added.  */
  status = mip_merge_check_heap (profile, raw, name, error);
  if (status != MIP_OK)
    return status;
  return mip_merge_check_values (profile, raw, name, error);
}

/* ---- Checking a profile against the profile -------------------------- */

/* Do the tables of A and B describe the same functions, blocks and
   records?  Counters and callers are not compared.  */
static bool
same_tables (const struct mip_profile *a, const struct mip_profile *b)
{
  const struct mip_profile_header *x = &a->header, *y = &b->header;
  uint32_t i;

  if (x->raw_data_size != y->raw_data_size
      || x->unit_count != y->unit_count
      || x->function_count != y->function_count
      || x->block_count != y->block_count
      || x->infer_count != y->infer_count
      || x->edge_count != y->edge_count
      || x->anchor_address != y->anchor_address)
    return false;
  for (i = 0; i < x->function_count; i++)
    {
      const struct mip_profile_function *f = &a->functions[i];
      const struct mip_profile_function *g = &b->functions[i];
      if (f->address != g->address || f->raw_offset != g->raw_offset
	  || f->kinds != g->kinds || f->flags != g->flags
	  || f->block_begin != g->block_begin
	  || f->block_count != g->block_count
	  || f->caller_slots != g->caller_slots
	  || a->primary[i] != b->primary[i])
	return false;
    }
  return true;
}

/* Do A and B have the same allocation sites?  */
static bool
same_heap_sites (const struct mip_profile *a, const struct mip_profile *b)
{
  if (a->header.heap_site_count != b->header.heap_site_count)
    return false;
  for (uint32_t i = 0; i < a->header.heap_site_count; i++)
    {
      const struct mip_profile_heap_site *s = &a->heap_sites[i];
      const struct mip_profile_heap_site *t = &b->heap_sites[i];
      if (s->address != t->address || s->function != t->function
	  || s->callee != t->callee || s->raw_offset != t->raw_offset)
	return false;
    }
  return true;
}

/* A profile with allocation sites takes only profiles with the same:
   the runs of one without them would count in its runs and not in its
   sites.  A profile without sites leaves out those of OTHER.  */
static enum mip_error
check_heap_sites (const struct mip_profile *profile,
		  const char *profile_name, const struct mip_profile *other,
		  const char *name, struct mip_error_context *error)
{
  uint32_t sites = profile->header.heap_site_count;

  if (sites == 0 || same_heap_sites (profile, other))
    return MIP_OK;
  if (other->header.heap_site_count == 0)
    return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			  "it holds no allocation sites, '%s' has %" PRIu32
			  ": its runs would count without theirs (was it"
			  " created from a .mipmap?  Create it from the"
			  " binary)", profile_name, sites);
  return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			"its %" PRIu32 " allocation sites differ from the %"
			PRIu32 " of '%s', made for the same build id %016"
			PRIx64, other->header.heap_site_count, sites,
			profile_name, profile->header.build_id);
}

/* Do A and B have the same value sites?  Values and counts are not
   compared.  */
static bool
same_value_sites (const struct mip_profile *a, const struct mip_profile *b)
{
  if (a->header.value_site_count != b->header.value_site_count)
    return false;
  for (uint32_t i = 0; i < a->header.value_site_count; i++)
    {
      const struct mip_profile_value_site *s = &a->value_sites[i];
      const struct mip_profile_value_site *t = &b->value_sites[i];
      if (s->ipa_function != t->ipa_function || s->site != t->site
	  || s->raw_offset != t->raw_offset || s->operation != t->operation)
	return false;
    }
  return true;
}

/* As check_heap_sites, for the value sites.  */
static enum mip_error
check_value_sites (const struct mip_profile *profile,
		   const char *profile_name, const struct mip_profile *other,
		   const char *name, struct mip_error_context *error)
{
  uint32_t sites = profile->header.value_site_count;

  if (sites == 0 || same_value_sites (profile, other))
    return MIP_OK;
  if (other->header.value_site_count == 0)
    return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			  "it holds no value sites, '%s' has %" PRIu32
			  ": its runs would count without theirs (was it"
			  " created from a .mipmap?  Create it from the"
			  " binary)", profile_name, sites);
  return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			"its %" PRIu32 " value sites differ from the %" PRIu32
			" of '%s', made for the same build id %016" PRIx64,
			other->header.value_site_count, sites, profile_name,
			profile->header.build_id);
}

enum mip_error
mip_profile_check_profile (const struct mip_profile *profile,
			   const char *profile_name,
			   const struct mip_profile *other, const char *name,
			   struct mip_error_context *error)
{
  const struct mip_profile_header *h = &profile->header, *o = &other->header;
  char text[MIP_GNU_BUILD_ID_TEXT], expected[MIP_GNU_BUILD_ID_TEXT];

  if (o->pointer_size != h->pointer_size
      || o->target_big_endian != h->target_big_endian)
    return mip_error_set (error, MIP_ERROR_TARGET, name,
			  "a profile for %" PRIu32 "-bit %s-endian code, '%s'"
			  " is for %" PRIu32 "-bit %s-endian code",
			  o->pointer_size * 8,
			  o->target_big_endian ? "big" : "little",
			  profile_name, h->pointer_size * 8,
			  h->target_big_endian ? "big" : "little");
  if (o->build_id != h->build_id)
    return mip_error_set (error, MIP_ERROR_BUILD_ID, name,
			  "a profile of build id %016" PRIx64 ", '%s' is of"
			  " build id %016" PRIx64, o->build_id, profile_name,
			  h->build_id);
  if (mip_gnu_build_ids_differ (o->gnu_build_id, o->gnu_build_id_size,
				h->gnu_build_id, h->gnu_build_id_size))
    return mip_error_set (error, MIP_ERROR_BUILD_ID, name,
			  "a profile of GNU build id %s, '%s' is of GNU"
			  " build id %s",
			  mip_gnu_build_id_hex (o->gnu_build_id,
						o->gnu_build_id_size, text),
			  profile_name,
			  mip_gnu_build_id_hex (h->gnu_build_id,
						h->gnu_build_id_size,
						expected));
  if (!same_tables (profile, other))
    return mip_error_set (error, MIP_ERROR_CORRUPT, name,
			  "its functions differ from those of '%s', made"
			  " for the same build id %016" PRIx64,
			  profile_name, h->build_id);
  enum mip_error status = check_heap_sites (profile, profile_name, other,
					   name, error);
  if (status != MIP_OK)
    return status;
  return check_value_sites (profile, profile_name, other, name, error);
}
