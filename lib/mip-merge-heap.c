/* mip-merge-heap.c - the allocation sites of a profile: the records of
   a run, or the sites of another profile, added to them.

   A profile created from a binary built with the heap option has the
   binary's allocation sites (mip_profile_set_heap_sites), each with the
   fields of its raw record summed over the runs, and the pairs (site
   that allocated, site that freed) that the records' freed_by fields
   name, with the sampled blocks each freed, sorted by their sites.  A
   run's records are read with mip_heap_read_record, as mipdata heap
   reads them, and its pairs merged into the sorted table with
   mip_heap_pairs_merge: sums that saturate and a table kept sorted
   make adding runs and profiles associative and commutative, like the
   rest of the profile.

   Adding is done in two steps: prepare works out everything (the
   records' totals, the new pair table) and is the only one that can
   fail, install changes the profile.  A profile without sites takes
   nothing from a run's records or from another profile's sites.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-profile.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "mip-heap.h"
#include "mip-merge-internal.h"

static long
profile_site_at (const void *profile, uint64_t raw_offset)
{
  return mip_profile_heap_site_at (profile, raw_offset);
}

/* Read the record of every site of PROFILE in RAW into RECORDS (one per
   site; NULL to check only).  */
static enum mip_error
read_records (const struct mip_profile *profile, const struct mip_raw *raw,
	      const char *name, struct mip_heap_record *records,
	      struct mip_error_context *error)
{
  for (uint32_t i = 0; i < profile->header.heap_site_count; i++)
    {
      struct mip_heap_record record;
      enum mip_error status =
	mip_heap_read_record (raw, i, profile->heap_sites[i].raw_offset,
			      profile_site_at, profile, name, &record,
			      error);
      if (status != MIP_OK)
	return status;
      if (records)
	records[i] = record;
    }
  return MIP_OK;
}

enum mip_error
mip_merge_check_heap (const struct mip_profile *profile,
		      const struct mip_raw *raw, const char *name,
		      struct mip_error_context *error)
{
  return read_records (profile, raw, name, NULL, error);
}

void
mip_merge_heap_discard (struct heap_addition *addition)
{
  free (addition->totals);
  free (addition->pairs);
  memset (addition, 0, sizeof *addition);
}

/* Room for the totals of PROFILE's sites.  */
static enum mip_error
start_addition (const struct mip_profile *profile,
		struct heap_addition *addition, const char *name,
		struct mip_error_context *error)
{
  memset (addition, 0, sizeof *addition);
  addition->totals = calloc (profile->header.heap_site_count + 1,
			     sizeof *addition->totals);
  if (!addition->totals)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  addition->active = true;
  return MIP_OK;
}

/* The new pair table: PROFILE's with ADDED (COUNT, sorted) merged in,
   WEIGHT times.  */
static enum mip_error
merge_pairs (const struct mip_profile *profile,
	     const struct mip_profile_heap_pair *added, size_t count,
	     uint32_t weight, struct heap_addition *addition,
	     const char *name, struct mip_error_context *error)
{
  addition->pairs = mip_heap_pairs_merge (profile->heap_pairs,
					  profile->header.heap_pair_count,
					  added, count, weight,
					  &addition->pair_count);
  if (!addition->pairs)
    return mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
  if (addition->pair_count > UINT32_MAX)
    return mip_error_set (error, MIP_ERROR_TOO_LARGE, name,
			  "%zu allocation pairs", addition->pair_count);
  return MIP_OK;
}

enum mip_error
mip_merge_heap_prepare_run (const struct mip_profile *profile,
			    const struct mip_raw *raw, uint32_t weight,
			    struct heap_addition *addition, const char *name,
			    struct mip_error_context *error)
{
  uint32_t n = profile->header.heap_site_count;
  struct mip_heap_record *records = NULL;
  struct mip_profile_heap_pair *pairs = NULL;
  size_t pair_count = 0;
  enum mip_error status;

  memset (addition, 0, sizeof *addition);
  if (n == 0)
    return MIP_OK;
  status = start_addition (profile, addition, name, error);
  if (status == MIP_OK)
    {
      records = calloc ((size_t) n + 1, sizeof *records);
      pairs = calloc (2 * (size_t) n + 1, sizeof *pairs);
      if (!records || !pairs)
	status = mip_error_set (error, MIP_ERROR_NO_MEMORY, name, NULL);
    }
  if (status == MIP_OK)
    status = read_records (profile, raw, name, records, error);
  if (status == MIP_OK)
    {
      for (uint32_t i = 0; i < n; i++)
	{
	  addition->totals[i] = records[i].totals;
	  pair_count += mip_heap_record_pairs (&records[i], i, 1,
					       pairs + pair_count);
	}
      pair_count = mip_heap_pairs_sort (pairs, pair_count);
      status = merge_pairs (profile, pairs, pair_count, weight, addition,
			    name, error);
    }
  free (records);
  free (pairs);
  if (status != MIP_OK)
    mip_merge_heap_discard (addition);
  return status;
}

enum mip_error
mip_merge_heap_prepare_profile (const struct mip_profile *profile,
				const struct mip_profile *other,
				uint32_t weight,
				struct heap_addition *addition,
				const char *name,
				struct mip_error_context *error)
{
  uint32_t n = profile->header.heap_site_count;
  enum mip_error status;

  memset (addition, 0, sizeof *addition);
  if (n == 0)
    return MIP_OK;
  /* mip_profile_check_profile saw the same sites in both.  */
  status = start_addition (profile, addition, name, error);
  for (uint32_t i = 0; status == MIP_OK && i < n; i++)
    mip_heap_totals_of_site (&other->heap_sites[i], &addition->totals[i]);
  if (status == MIP_OK)
    status = merge_pairs (profile, other->heap_pairs,
			  other->header.heap_pair_count, weight, addition,
			  name, error);
  if (status != MIP_OK)
    mip_merge_heap_discard (addition);
  return status;
}

void
mip_merge_heap_install (struct mip_profile *profile,
			struct heap_addition *addition, uint32_t weight)
{
  if (!addition->active)
    return;
  for (uint32_t i = 0; i < profile->header.heap_site_count; i++)
    {
      struct mip_heap_totals totals;
      mip_heap_totals_of_site (&profile->heap_sites[i], &totals);
      mip_heap_totals_add (&totals, &addition->totals[i], weight);
      mip_heap_site_set_totals (&profile->heap_sites[i], &totals);
    }
  free (profile->heap_pairs);
  profile->heap_pairs = addition->pairs;
  profile->header.heap_pair_count = (uint32_t) addition->pair_count;
  addition->pairs = NULL;
  mip_merge_heap_discard (addition);
}
